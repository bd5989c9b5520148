import { describe, expect, it } from 'vitest'
import { itLabels } from '../test-support'
import { campaignPhases, compliances, testResults } from './health'

describe('health and campaign catalogues: the values are the spec labels, in order', () => {
  it('compliance: Late, Complete, Pending, Error, Compliant, Failed, Partial, Exempted', () => {
    const values = ['Late', 'Complete', 'Pending', 'Error', 'Compliant', 'Failed', 'Partial', 'Exempted']
    expect(compliances.values).toEqual(values)
    expect(compliances.entries.map((e) => e.label)).toEqual(values)
  })

  it('test result: Unknown, Positive, Negative, Uninitialised, Indeterminate, Collected, Error, Inconclusive', () => {
    const values = [
      'Unknown',
      'Positive',
      'Negative',
      'Uninitialised',
      'Indeterminate',
      'Collected',
      'Error',
      'Inconclusive',
    ]
    expect(testResults.values).toEqual(values)
    expect(testResults.entries.map((e) => e.label)).toEqual(values)
  })

  it('campaign phase: All, Pre-launch, Launched, Post-launch', () => {
    expect(campaignPhases.values).toEqual(['All', 'Pre-launch', 'Launched', 'Post-launch'])
  })
})

itLabels(compliances, [
  ['Exempted', 'Exempted'],
  ['late', 'Unknown (late)'],
])
itLabels(testResults, [
  ['Inconclusive', 'Inconclusive'],
  ['Uninitialized', 'Unknown (Uninitialized)'],
])
itLabels(campaignPhases, [['Pre-launch', 'Pre-launch']])
