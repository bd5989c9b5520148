import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ user: 'cpo' })

/** The first card of a list on a phone, once the list has settled. */
async function firstCard(page: Page, list: string) {
  const card = page.getByRole('list', { name: list }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  return card
}

test('charging sessions on a phone: cards first, the searches and the range folded, a tap opens the session', async ({
  page,
}) => {
  await page.goto('/ev-charging-sessions')
  const card = await firstCard(page, 'Charging sessions')
  // The rows start on the first screen: the four searches and the range wait behind "Filters".
  await expect(card).toBeInViewport()
  await expect(page.getByRole('searchbox', { name: 'License plates' })).toBeHidden()
  await expect(page.getByRole('group', { name: 'Last updated' })).toBeHidden()
  // The card leads with the location, never with the session's UUID; its status at the right.
  const title = card.getByRole('link')
  await expect(title).not.toHaveText(/[0-9a-f]{8}-[0-9a-f]{4}-/)
  await expect(card).toContainText(/COMPLETED|ACTIVE|HOGGING|STOPPED|PENDING/)
  await expect(card.getByText('EVSE ID')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('searchbox', { name: 'License plates' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Last updated' })).toBeVisible()

  const location = (await title.innerText()).trim()
  await title.click()
  await expect(page).toHaveURL(/session=/)
  const drawer = page.getByTestId('session-drawer')
  await expect(drawer.getByRole('heading', { name: location })).toBeVisible()
  await expect(drawer.getByTestId('stage-timeline')).toBeVisible()
})
