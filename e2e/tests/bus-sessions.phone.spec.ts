import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/** The first card of a list on a phone, once the list has settled. */
async function firstCard(page: Page, list: string) {
  const card = page.getByRole('list', { name: list }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  return card
}

test('the busways history on a phone: cards first, filters folded, a tap opens the session', async ({
  page,
}) => {
  await signIn(page, 'busways')
  await page.goto('/busways-charging-history')
  const card = await firstCard(page, 'Busways charging history')
  await expect(card).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Status' })).toBeHidden()
  await expect(page.getByRole('group', { name: 'Last updated' })).toBeHidden()
  const title = card.getByRole('link')
  await expect(title).toHaveText(/Busways/)
  await expect(card).toContainText(/COMPLETED|ACTIVE|HOGGING|STOPPED|PENDING/)
  await expect(card.getByText('User')).toBeVisible()

  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Status' })).toBeVisible()

  await title.click()
  await expect(page).toHaveURL(/session=/)
  await expect(page.getByTestId('session-drawer').getByTestId('charging-session-detail')).toBeVisible()
})

test('voltnet’s EMSP sessions on a phone: the count above the cards, a tap opens the session’s page', async ({
  page,
}) => {
  await signIn(page, 'voltnet')
  await page.goto('/voltnet/emsp/charging-sessions')
  const card = await firstCard(page, 'Voltnet EMSP charging sessions')
  await expect(card).toBeInViewport()
  await expect(page.getByText(/^[\d,]+ sessions$/)).toBeVisible()
  await expect(page.getByRole('searchbox', { name: 'Charging session ID' })).toBeHidden()
  const location = (await card.getByRole('link').innerText()).trim()
  await card.getByRole('link').click()
  await expect(page).toHaveURL(/\/voltnet\/emsp\/charging-sessions\/[^/?]+$/)
  await expect(page.getByRole('heading', { name: location, level: 1 })).toBeVisible()
})
