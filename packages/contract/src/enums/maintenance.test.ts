import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import { ChallengeType, challengeTypes, PersonType, personTypes } from './maintenance'

describe('challenge types (A §9: 0 none, 1 select, 2 customer presented, -1 and -2 bypassed variants)', () => {
  it('lists 0, 1, 2, -1, -2', () => {
    expect(challengeTypes.values).toEqual([0, 1, 2, -1, -2])
    expect(challengeTypes.values).toEqual(Object.values(ChallengeType))
  })

  it.each([
    [0, 'None'],
    [1, 'Select'],
    [2, 'Customer Presented'],
    [-1, 'Select (Bypassed)'],
    [-2, 'Customer Presented (Bypassed)'],
    [3, 'Unknown (3)'],
  ])('%i is %s', (value, label) => {
    expect(labelOf(challengeTypes, value)).toBe(label)
  })

  it('pairs each bypassed variant with its challenge', () => {
    expect(ChallengeType.SelectBypassed).toBe(-ChallengeType.Select)
    expect(ChallengeType.CustomerPresentedBypassed).toBe(-ChallengeType.CustomerPresented)
  })
})

describe('person types: Restocker, Technician, both', () => {
  it.each([
    ['restocker', 'Restocker'],
    ['technician', 'Technician'],
    ['both', 'Both'],
    ['manager', 'Unknown (manager)'],
  ])('%s is %s', (value, label) => {
    expect(labelOf(personTypes, value)).toBe(label)
  })

  it('has three values', () => {
    expect(personTypes.values).toEqual(Object.values(PersonType))
    expect(personTypes.values).toHaveLength(3)
  })
})
