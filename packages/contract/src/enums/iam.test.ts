import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import {
  canUserLogIn,
  EntityRelation,
  entityRelations,
  MfaMode,
  mfaModes,
  predefinedPolicyTypes,
  UserStatus,
  userStatuses,
} from './iam'

describe('user status (A §4)', () => {
  it.each([
    // value, label, can access
    [1, 'Active', true],
    [2, 'Pending Activation', false],
    [3, 'Pending Reset', true],
    [4, 'Inactive', false],
  ])('%i is %s; can log in: %s', (value, label, canLogIn) => {
    expect(labelOf(userStatuses, value)).toBe(label)
    expect(canUserLogIn(value)).toBe(canLogIn)
  })

  it.each([0, 5, '1', null, undefined])('%j cannot log in and is unknown', (value) => {
    expect(canUserLogIn(value)).toBe(false)
    expect(labelOf(userStatuses, value)).toBe(`Unknown (${String(value)})`)
  })

  it('has four values', () => {
    expect(userStatuses.values).toEqual(Object.values(UserStatus))
  })
})

describe('entity relation (A §3, §6: owned 0, admin 1, authorised 2)', () => {
  it.each([
    [0, 'Owner'],
    [1, 'Admin'],
    [2, 'Authorised'],
    [3, 'Unknown (3)'],
  ])('%i is %s', (value, label) => {
    expect(labelOf(entityRelations, value)).toBe(label)
  })

  it('has three values', () => {
    expect(entityRelations.values).toEqual(Object.values(EntityRelation))
  })
})

describe('MFA modes and predefined policy types', () => {
  it('lists none, authenticator, sms', () => {
    expect(mfaModes.values).toEqual(['none', 'authenticator', 'sms'])
    expect(mfaModes.values).toEqual(Object.values(MfaMode))
    expect(labelOf(mfaModes, 'sms')).toBe('SMS')
  })

  it('lists unknown, preset, custom', () => {
    expect(predefinedPolicyTypes.values).toEqual(['unknown', 'preset', 'custom'])
    expect(labelOf(predefinedPolicyTypes, 'preset')).toBe('Preset')
  })
})
