import { expect, test } from './fixtures'
import { SIGNED_OUT_ADDRESSES, WALKS } from './walk-plan'
import { describeFindings, walkRoutes, walkVisitor } from './walk-support'

/**
 * The route walk at phone size (390×844, the phone project): the same walks as route-walk.spec.ts, for axe. Calls
 * are the desktop walk's business; a phone lays the same screens out differently, so what it must pass is axe.
 */
for (const walk of WALKS) {
  const name = walk.name ?? walk.user
  test.describe(name, () => {
    test.use({ user: walk.user })

    test(`${name} on a phone: every route passes axe`, async ({ page }) => {
      test.setTimeout(180_000)
      const { findings } = await walkRoutes(page, walk)
      expect(describeFindings(findings), 'serious or critical axe violations').toEqual([])
    })
  })
}

test('signed out on a phone: the login and password pages pass axe', async ({ page }) => {
  const findings = await walkVisitor(page, SIGNED_OUT_ADDRESSES)
  expect(describeFindings(findings)).toEqual([])
})
