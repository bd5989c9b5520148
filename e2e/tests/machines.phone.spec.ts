import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ user: 'vending' })

/** On a phone the machines are cards (no table): the first one, once the list has settled. */
const firstMachine = (page: Page) =>
  page.getByRole('list', { name: 'Machines' }).getByRole('listitem').first()

test('on a phone the navigation opens from the menu button and the filters fold away', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/machines$/)
  await expect(firstMachine(page)).toBeInViewport()
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Overall status' })).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Overall status' })).toBeVisible()

  await page.getByRole('button', { name: 'Open menu' }).click()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav).toBeVisible()
  await nav.getByRole('link', { name: 'Credits' }).click()
  await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible()
  await expect(nav).toBeHidden()
})

test('a machine card leads with its alias, location and status, and a tap opens the machine', async ({
  page,
}) => {
  await page.goto('/machines')
  const card = firstMachine(page)
  await expect(card).toBeInViewport()
  const alias = (await card.getByRole('link').innerText()).trim()
  expect(alias).not.toMatch(/^\d+$/)
  await expect(card).toContainText(/Ready|Warning|Busy|Error|Updating|Offline|Uninitialized|Inactive/)
  await expect(card.getByText('Serial Number')).toBeVisible()
  await card.getByRole('link').click()
  await expect(page).toHaveURL(/\/machines\/\d+$/)
  await expect(page.getByRole('heading', { name: alias, level: 1 })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
