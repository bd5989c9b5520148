import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { industriesOverlap, NAV_LINKS } from '@portal/contract'

// The demo entities' industries (DESIGN.md); a platform administrator passes every link policy.
const CPO_INDUSTRIES = ['cpo', 'carbon_credits_cpo', 'ev-kiosk']
const linksFor = (industries: string[]) =>
  NAV_LINKS.filter((l) => industriesOverlap(l.industries, industries)).map((l) => l.path)
const CPO_PATHS = linksFor(CPO_INDUSTRIES)
const VENDING_PATHS = linksFor(['vending'])

async function navHrefs(page: Page, expected: string[]) {
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link')).toHaveCount(expected.length)
  return nav.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
}

function teamRow(page: Page, code: string) {
  return page.getByRole('list', { name: 'My teams' }).locator(`li[data-code="${code}"]`)
}

test('admin switches to CPO from My teams: navigation, top bar and landing page follow; then back to VEND', async ({
  page,
}) => {
  await signIn(page, 'admin')
  await page.goto('/')
  await expect(page).toHaveURL(/\/machines$/)
  expect(await navHrefs(page, VENDING_PATHS)).toEqual(VENDING_PATHS)

  // The user menu leads to My teams, with the shortcut since admin can act in more than one entity.
  await page.getByRole('button', { name: /Account menu/ }).hover()
  await expect(page.getByRole('menuitem', { name: 'Switch organisation' })).toHaveAttribute(
    'href',
    '/my-teams',
  )
  await page.getByRole('menuitem', { name: 'My teams' }).click()
  await expect(page).toHaveURL(/\/my-teams$/)
  await expect(page.getByRole('heading', { name: 'My teams', level: 1 })).toBeVisible()

  const vend = teamRow(page, 'VEND')
  await expect(vend).toHaveAttribute('aria-current', 'true')
  await expect(vend.getByText('Current')).toBeVisible()
  // admin is a platform administrator, not a member of CPO: no relation to show.
  await expect(teamRow(page, 'CPO').getByText('Not a member')).toBeAttached()

  await page.getByRole('searchbox', { name: 'Search by name or code' }).fill('spark')
  await expect(page.getByRole('list', { name: 'My teams' }).locator('li[data-code]')).toHaveCount(1)
  await teamRow(page, 'CPO').getByRole('button', { name: 'Switch to SparkGrid Charging' }).click()

  await expect(page).toHaveURL(/\/cpo$/)
  const entityItem = page.getByTestId('entity-item')
  await expect(entityItem).toContainText('SparkGrid Charging')
  await expect(entityItem).toContainText('CPO')
  expect(await navHrefs(page, CPO_PATHS)).toEqual(CPO_PATHS)

  // The server acts in CPO too: a reload keeps it.
  await page.goto('/my-teams')
  await expect(teamRow(page, 'CPO')).toHaveAttribute('aria-current', 'true')
  await expect(page.getByTestId('entity-item')).toContainText('SparkGrid Charging')

  await teamRow(page, 'VEND')
    .getByRole('button', { name: /^Switch to Kopi/ })
    .click()
  await expect(page).toHaveURL(/\/machines$/)
  await expect(page.getByTestId('entity-item')).toContainText('Kopi & Snacks Vending Pte Ltd')
  expect(await navHrefs(page, VENDING_PATHS)).toEqual(VENDING_PATHS)
})

for (const { username, why } of [
  { username: 'admin', why: 'a platform administrator' },
  { username: 'finance', why: 'granted the payment-configs policy (Finance role)' },
]) {
  test(`the entity item opens entity settings for ${username}, ${why}`, async ({ page }) => {
    await signIn(page, username)
    await page.goto('/')
    await expect(page).toHaveURL(/\/machines$/)
    const item = page.getByTestId('entity-item')
    await expect(item).toHaveAttribute('href', '/entity-settings')
    await item.click()
    await expect(page).toHaveURL(/\/entity-settings$/)
  })
}

test('the entity item is not a link for a user with neither the policy nor a child entity', async ({
  page,
}) => {
  await signIn(page, 'viewer')
  await page.goto('/')
  await expect(page).toHaveURL(/\/machines$/)
  const item = page.getByTestId('entity-item')
  await expect(item).toHaveAttribute('data-access', 'denied')
  await expect(item).toContainText('Kopi & Snacks Vending Pte Ltd')
  expect(await item.evaluate((el) => el.tagName)).toBe('DIV')
  await expect(item).not.toHaveAttribute('href', /.*/)
  await expect(page.getByRole('link', { name: /Kopi & Snacks/ })).toHaveCount(0)
  await item.click()
  await expect(page).toHaveURL(/\/machines$/)
})
