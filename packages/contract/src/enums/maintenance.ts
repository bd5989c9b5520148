import { defineCatalogue, type ValueOf } from '../catalogue'

/** Maintenance challenge type: the negative values are the bypassed variants of select and customer presented. */
export const ChallengeType = {
  None: 0,
  Select: 1,
  CustomerPresented: 2,
  SelectBypassed: -1,
  CustomerPresentedBypassed: -2,
} as const
export type ChallengeType = ValueOf<typeof ChallengeType>

export const challengeTypes = defineCatalogue('challenge type', [
  [ChallengeType.None, 'None'],
  [ChallengeType.Select, 'Select'],
  [ChallengeType.CustomerPresented, 'Customer Presented'],
  [ChallengeType.SelectBypassed, 'Select (Bypassed)'],
  [ChallengeType.CustomerPresentedBypassed, 'Customer Presented (Bypassed)'],
])

/** Who maintains a machine (`person_type`). The spec gives the names; the codes are ours. */
export const PersonType = { restocker: 'restocker', technician: 'technician', both: 'both' } as const
export type PersonType = ValueOf<typeof PersonType>

export const personTypes = defineCatalogue('person type', [
  [PersonType.restocker, 'Restocker'],
  [PersonType.technician, 'Technician'],
  [PersonType.both, 'Both'],
])
