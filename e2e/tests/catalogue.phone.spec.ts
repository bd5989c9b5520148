import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ user: 'vending' })

const PHONE_HEIGHT = 844

/** The list's cards (a phone shows rows as cards, decision 0069); the first is on the first screen. */
async function firstCard(page: Page, caption: string): Promise<Locator> {
  const cards = page.getByRole('list', { name: caption, exact: true }).getByRole('listitem')
  const card = cards.first()
  await expect(card).toBeVisible()
  const box = await card.boundingBox()
  expect((box?.y ?? PHONE_HEIGHT) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE_HEIGHT)
  return card
}

test('inventory on a phone: the filters fold away, a card shows the SKU and opens it', async ({ page }) => {
  await page.goto('/inventory')
  const card = await firstCard(page, 'Inventory')
  const search = page.getByRole('searchbox', { name: 'Search code, name or barcode' })
  await expect(search).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(search).toBeVisible()

  // Title (name), subtitle (SKU code) and status (active or not).
  const name = (await card.getByRole('link').innerText()).trim()
  expect(name).not.toBe('')
  await expect(card).toContainText(/Active|Inactive/)
  await expect(card.getByText(/^[A-Z0-9][A-Z0-9._-]+$/).first()).toBeVisible()
  await card.click()
  await expect(page).toHaveURL(/\/inventory\/skus\/\d+$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
})

test('machine templates on a phone: a card led by the template name opens it', async ({ page }) => {
  await page.goto('/templates/machines')
  const template = await firstCard(page, 'Machine Templates')
  const name = (await template.getByRole('link').innerText()).trim()
  expect(name).not.toMatch(/^[0-9a-f-]{36}$/)
  await template.click()
  await expect(page).toHaveURL(/\/templates\/machines\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
})

test('the export history on a phone: a job as a card with what was exported and its status', async ({
  page,
}) => {
  // A fresh database has no export yet: start one (the list's export follows its filters).
  await page.goto('/machines?active=1')
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  await page.getByRole('menuitem', { name: /CSV/ }).click()
  const ready = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('listitem', { name: 'Export ready' })
  await expect(ready).toBeVisible({ timeout: 15_000 })

  await page.goto('/machines/export-history')
  const job = await firstCard(page, 'Machine Export History')
  await expect(job).toContainText('Machines')
  await expect(job).toContainText(/Pending|Ready|Failed/)
  await expect(page.getByRole('button', { name: 'Status', exact: true })).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Status', exact: true })).toBeVisible()
})
