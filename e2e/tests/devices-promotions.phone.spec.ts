import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ user: 'vending' })

const PHONE_HEIGHT = 844

async function firstCard(page: Page, caption: string): Promise<Locator> {
  const card = page.getByRole('list', { name: caption, exact: true }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  const box = await card.boundingBox()
  expect((box?.y ?? PHONE_HEIGHT) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE_HEIGHT)
  return card
}

test('TCN devices on a phone: filters and sort fold away, a card shows the board and opens it', async ({
  page,
}) => {
  await page.goto('/devices')
  const card = await firstCard(page, 'TCN devices')
  const code = page.getByRole('searchbox', { name: 'Search device code' })
  await expect(code).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(code).toBeVisible()
  await expect(page.getByRole('group', { name: 'Created' })).toBeVisible()

  // Title (device code), subtitle (MID), status (online or not).
  const title = (await card.getByRole('link').first().innerText()).trim()
  expect(title).toMatch(/^TCN-/)
  await expect(card).toContainText(/Online|Offline/)
  await card.getByRole('link').first().click()
  await expect(page).toHaveURL(/\/devices\/tcn\/\d+$/)
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
})

test('promotions on a phone: a card shows the name, type and status, and opens the promotion', async ({
  page,
}) => {
  await page.goto('/promotions')
  const card = await firstCard(page, 'Promotions')
  await expect(page.getByRole('button', { name: 'Type', exact: true })).toBeHidden()
  const name = (await card.getByRole('link').innerText()).trim()
  await expect(card).toContainText(/Count|Credits|Set Count|Discount|Postpaid/)
  await expect(card).toContainText(/Active|Inactive/)
  await card.click()
  await expect(page).toHaveURL(/\/promotions\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
})
