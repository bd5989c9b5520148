import { describe, expect, it } from 'vitest'
import { creditLogFilterRequest } from './credit-logs'
import { isBypassedChallenge, mtSummaryFilterRequest } from './maintenance'

describe('isBypassedChallenge', () => {
  it.each([
    [0, false],
    [1, false],
    [2, false],
    [-1, true],
    [-2, true],
  ])('challenge type %i bypassed: %s', (type, expected) => {
    expect(isBypassedChallenge(type)).toBe(expected)
  })
})

describe('maintenance filter request', () => {
  it.each([
    [{ limit: 25, offset: 0 }, true],
    [{ limit: 25, offset: 0, is_challenge_bypass: false }, true],
    [{ limit: 25, offset: 0, person_type_list: ['restocker', 'both'] }, true],
    [{ limit: 25, offset: 0, person_type_list: ['Restocker'] }, false],
    [{ limit: 25, offset: 0, is_challenge_bypass: 'both' }, false],
    [{ limit: 25, offset: 0, start_time_lower: 1.5 }, false],
    [{ limit: 25, offset: 0, unknown: 1 }, false],
  ])('%j valid: %s', (body, ok) => {
    expect(mtSummaryFilterRequest.safeParse(body).success).toBe(ok)
  })
})

describe('credit log filter request', () => {
  it('defaults to the newest client time first', () => {
    expect(creditLogFilterRequest.parse({ limit: 50, offset: 0 })).toMatchObject({
      sort_by: 'client_time',
      order_by: 'desc',
    })
  })

  it.each([
    [{ modes: [1, 2, 3, 4] }, true],
    [{ modes: [5] }, false],
    [{ payment_types: ['normal', 'preauth', 'capture'] }, true],
    [{ payment_types: ['cash'] }, false],
    [{ payment_methods: [97, 98] }, true],
    [{ payment_methods: [999] }, false],
    [{ sort_by: 'postal_code', order_by: 'asc' }, true],
    [{ sort_by: 'created_at' }, false],
    [{ amount_lower: -100 }, true],
  ])('%j valid: %s', (extra, ok) => {
    expect(creditLogFilterRequest.safeParse({ limit: 50, offset: 0, ...extra }).success).toBe(ok)
  })
})
