import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ user: 'vending' })

/** The first card of a list on a phone, once the list has settled. */
async function firstCard(page: Page, list: string) {
  const card = page.getByRole('list', { name: list }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  return card
}

test('machine sales on a phone: cards first, filters and dates folded, a tap opens the order', async ({
  page,
}) => {
  await page.goto('/machine-orders')
  const card = await firstCard(page, 'Machine Sales')
  // The rows start on the first screen: the filters and the date range wait behind "Filters".
  await expect(card).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Statuses' })).toBeHidden()
  await expect(page.getByRole('group', { name: 'Date range' })).toBeHidden()
  // The card leads with what was sold and the machine, its status at the right, and never with a UUID.
  const title = card.getByRole('link')
  await expect(title).not.toHaveText(/[0-9a-f]{8}-[0-9a-f]{4}-/)
  await expect(card).toContainText(/Success|Failed|Pending|Refunded|Timeout|Refund/)
  await expect(card.getByText('Funds')).toBeVisible()

  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Statuses' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Date range' })).toBeVisible()

  await title.click()
  await expect(page).toHaveURL(/\/machine-orders\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: /^Order MO\d+$/ })).toBeVisible()
})

test('transactions on a phone: cards led by the amount, with date and status', async ({ page }) => {
  await page.goto('/transactions')
  const card = await firstCard(page, 'Transactions')
  await expect(card).toBeInViewport()
  await expect(page.getByLabel('UUID', { exact: true })).toBeHidden()
  // The amount leads the card (a transaction has no name of its own).
  await expect(card.locator('p').first()).toHaveText(/\d\.\d{2}$/)
  await expect(card).toContainText(/Success|Failed|Pending|Refunded|Initiated/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
