import { catalogueOfStrings, type ValueOf } from '../catalogue'

/** Compliance of a test programme participant: the values are the labels. */
export const Compliance = {
  Late: 'Late',
  Complete: 'Complete',
  Pending: 'Pending',
  Error: 'Error',
  Compliant: 'Compliant',
  Failed: 'Failed',
  Partial: 'Partial',
  Exempted: 'Exempted',
} as const
export type Compliance = ValueOf<typeof Compliance>

export const compliances = catalogueOfStrings('compliance', Object.values(Compliance))

/** Test result values (B §3): the values are the labels. */
export const TestResult = {
  Unknown: 'Unknown',
  Positive: 'Positive',
  Negative: 'Negative',
  Uninitialised: 'Uninitialised',
  Indeterminate: 'Indeterminate',
  Collected: 'Collected',
  Error: 'Error',
  Inconclusive: 'Inconclusive',
} as const
export type TestResult = ValueOf<typeof TestResult>

export const testResults = catalogueOfStrings('test result', Object.values(TestResult))

/** Typeform campaign phases: the values are the labels. */
export const CampaignPhase = {
  All: 'All',
  'Pre-launch': 'Pre-launch',
  Launched: 'Launched',
  'Post-launch': 'Post-launch',
} as const
export type CampaignPhase = ValueOf<typeof CampaignPhase>

export const campaignPhases = catalogueOfStrings('campaign phase', Object.values(CampaignPhase))
