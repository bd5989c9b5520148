import { expect, test } from '@playwright/test'
import { logIn } from './support'

/** The charge locations on a phone: the list scrolls inside its card, the map fits, a location opens. */
test('charge locations on a phone: list, map and a location, nothing wider than the screen', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.clear())
  await logIn(page, 'voltnet')
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/voltnet/charge-locations')
  const table = page.getByRole('table', { name: 'Charge locations' })
  await expect(table).toHaveAttribute('aria-busy', 'false')
  await expect(table.locator('tbody tr').first()).toBeVisible()
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth)
  expect(await pageWidth()).toBeLessThanOrEqual(390)

  // The filters other than the searches fold behind "Filters".
  await page.getByRole('button', { name: 'Filters' }).click()
  await expect(page.getByLabel('Country')).toHaveValue('SG')

  await page.getByRole('button', { name: 'Show map' }).click()
  const map = page.getByRole('region', { name: 'Map of the filtered charge locations' })
  await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible()
  const box = await map.boundingBox()
  expect(box?.width ?? 999).toBeLessThanOrEqual(390)
  expect(await pageWidth()).toBeLessThanOrEqual(390)

  const name = (await table.locator('tbody tr').first().getByRole('link').innerText()).trim()
  await table.locator('tbody tr').first().getByRole('link').click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'EVSEs' })).toBeVisible()
  expect(await pageWidth()).toBeLessThanOrEqual(390)
})
