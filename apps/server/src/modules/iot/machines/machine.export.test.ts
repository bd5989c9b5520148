import { describe, expect, it } from 'vitest'
import { iso } from './machine.export'

describe('iso (export times)', () => {
  it.each([
    0,
    1,
    999,
    Date.UTC(2026, 10, 23, 4, 0, 0),
    Date.UTC(2026, 10, 23, 23, 59, 59, 999),
    Date.UTC(2026, 10, 24, 0, 0, 0, 5),
    Date.UTC(2026, 1, 28, 12, 30, 7, 45),
    Date.UTC(2028, 1, 29, 9, 5, 3, 120),
    Date.UTC(1999, 11, 31, 23, 59, 59, 999),
    -1,
  ])('writes %d as Date.toISOString does', (ms) => {
    expect(iso(ms)).toBe(new Date(ms).toISOString())
    // Twice: the second call reuses the cached day.
    expect(iso(ms)).toBe(new Date(ms).toISOString())
  })

  it('leaves a missing time empty', () => {
    expect(iso(null)).toBeNull()
  })
})
