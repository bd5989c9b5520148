import { describe, expect, it } from 'vitest'
import type { AccessLevel } from './settings-access'
import { accessLevel, canDelete, canEdit, canView } from './settings-access'

const actions = (...codes: string[]) => codes.map((action_code) => ({ action_code, set_code: '*' }))

describe('entity settings access level', () => {
  it.each([
    [actions('read'), 1],
    [actions('edit'), 2],
    [actions('read', 'all'), 3],
    [actions('*'), 3],
  ] as const)('%j gives level %d', (answer, level) => {
    expect(accessLevel(answer, false)).toBe(level)
  })

  it('lets a platform administrator answered with no action in at level 3, and nobody else', () => {
    expect(accessLevel([], true)).toBe(3)
    expect(accessLevel([], false)).toBe(0)
  })

  it('is unknown while the check runs, and 0 when it failed', () => {
    expect(accessLevel(undefined, true)).toBeNull()
    expect(accessLevel('error', true)).toBe(0)
  })

  it('maps levels to what the screens offer (A §6)', () => {
    expect(
      [0, 1, 2, 3].map((l) => [
        canView(l as AccessLevel),
        canEdit(l as AccessLevel),
        canDelete(l as AccessLevel),
      ]),
    ).toEqual([
      [false, false, false],
      [true, false, false],
      [true, true, false],
      [true, true, true],
    ])
    expect(canView(null)).toBe(false)
  })
})
