import { defineCatalogue, type ValueOf } from '../catalogue'

export const UserStatus = { Active: 1, PendingActivation: 2, PendingReset: 3, Inactive: 4 } as const
export type UserStatus = ValueOf<typeof UserStatus>

export const userStatuses = defineCatalogue('user status', [
  [UserStatus.Active, 'Active'],
  [UserStatus.PendingActivation, 'Pending Activation'],
  [UserStatus.PendingReset, 'Pending Reset'],
  [UserStatus.Inactive, 'Inactive'],
])

/** A §4: Active and Pending Reset users can access the portal; Pending Activation and Inactive cannot. */
export function canUserLogIn(status: unknown): boolean {
  return status === UserStatus.Active || status === UserStatus.PendingReset
}

/** How a user is related to an entity (the `permission` of the user's entity list, A §3). */
export const EntityRelation = { Owned: 0, Admin: 1, Authorised: 2 } as const
export type EntityRelation = ValueOf<typeof EntityRelation>

export const entityRelations = defineCatalogue('entity relation', [
  [EntityRelation.Owned, 'Owner'],
  [EntityRelation.Admin, 'Admin'],
  [EntityRelation.Authorised, 'Authorised'],
])

/** `mfa_primary_mode`; anything other than none means the password alone does not complete the login. */
export const MfaMode = { none: 'none', authenticator: 'authenticator', sms: 'sms' } as const
export type MfaMode = ValueOf<typeof MfaMode>

export const mfaModes = defineCatalogue('MFA mode', [
  [MfaMode.none, 'None'],
  [MfaMode.authenticator, 'Authenticator'],
  [MfaMode.sms, 'SMS'],
])

export const PredefinedPolicyType = { unknown: 'unknown', preset: 'preset', custom: 'custom' } as const
export type PredefinedPolicyType = ValueOf<typeof PredefinedPolicyType>

export const predefinedPolicyTypes = defineCatalogue('predefined policy type', [
  [PredefinedPolicyType.unknown, 'Unknown'],
  [PredefinedPolicyType.preset, 'Preset'],
  [PredefinedPolicyType.custom, 'Custom'],
])
