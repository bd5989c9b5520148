import { ROUTES, SPEC_CALLS, specCallKey } from '@portal/contract'
import { expect, test } from './fixtures'
import { NEEDS_INPUT, NOT_YET_MADE, ROUTES_NOT_WALKED, SIGNED_OUT_ADDRESSES, WALKS } from './walk-plan'
import { describeFindings, routeOf, walkRoutes, walkVisitor } from './walk-support'

/**
 * The route walk at desktop size (issue 12, sections 1 and 4): each industry's demo user walks its routes inside
 * the app, opening the first row of each list, while every request is recorded and axe checks each page. The phone
 * walk (route-walk.phone.spec.ts) repeats it at 390×844 for axe.
 */

const READ_KEYS = SPEC_CALLS.filter((c) => c.kind === 'read').map(specCallKey)
const EXCLUDED = new Set([...Object.keys(NOT_YET_MADE), ...Object.keys(NEEDS_INPUT)])

test.describe('the plan', () => {
  test('accounts for every read call of the spec once: made by a walk, not yet made, or needing input', () => {
    const expected = new Set(WALKS.flatMap((w) => w.calls))
    const unaccounted = READ_KEYS.filter((k) => !expected.has(k) && !EXCLUDED.has(k))
    expect(unaccounted, 'read calls in no list').toEqual([])
    const both = READ_KEYS.filter((k) => expected.has(k) && EXCLUDED.has(k))
    expect(both, 'read calls both expected and excused').toEqual([])
    const listed = [...expected, ...EXCLUDED]
    expect(
      listed.filter((k) => !READ_KEYS.includes(k)),
      'keys that are no read call of the spec',
    ).toEqual([])
    const overlap = Object.keys(NOT_YET_MADE).filter((k) => k in NEEDS_INPUT)
    expect(overlap, 'calls both not yet made and needing input').toEqual([])
  })

  test('reaches every route of the spec, or says why not', () => {
    const reached = new Set<string | undefined>([
      ...SIGNED_OUT_ADDRESSES.map((a) => routeOf(new URL(a, 'http://x').pathname)),
      ...WALKS.flatMap((w) =>
        w.steps.map((s) =>
          'go' in s ? routeOf(new URL(s.go, 'http://x').pathname) : 'open' in s ? s.open : undefined,
        ),
      ),
    ])
    const missing = ROUTES.map((r) => r.path).filter((p) => !reached.has(p) && !(p in ROUTES_NOT_WALKED))
    expect(missing).toEqual([])
    expect(
      Object.keys(ROUTES_NOT_WALKED).filter((p) => reached.has(p)),
      'walked yet listed as not',
    ).toEqual([])
  })
})

for (const walk of WALKS) {
  const name = walk.name ?? walk.user
  test.describe(name, () => {
    test.use({ user: walk.user })

    test(`${name}: every route makes its calls and passes axe`, async ({ page }) => {
      test.setTimeout(180_000)
      const { log, findings } = await walkRoutes(page, walk)
      // What the walk saw, for whoever updates the plan's lists.
      test.info().annotations.push({ type: 'spec calls made', description: [...log.made].sort().join(', ') })

      const notMade = walk.calls.filter((k) => !log.made.has(k))
      expect(notMade, `spec calls the ${name} walk's screens did not make`).toEqual([])
      const stale = [...log.made].filter((k) => EXCLUDED.has(k))
      expect(stale, 'calls made though listed in NOT_YET_MADE or NEEDS_INPUT: move them to a walk').toEqual(
        [],
      )
      expect(describeFindings(findings), 'serious or critical axe violations').toEqual([])
    })
  })
}

test('signed out: the login and password pages pass axe', async ({ page }) => {
  const findings = await walkVisitor(page, SIGNED_OUT_ADDRESSES)
  expect(describeFindings(findings)).toEqual([])
})
