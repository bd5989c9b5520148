import { expect, test } from './fixtures'

test.use({ user: 'voltnet' })

/**
 * The charge locations on a phone: cards first with the filters folded, the map fits, a tap opens a location, and
 * nothing is wider than the screen.
 */
test('charge locations on a phone: cards, folded filters, the map and a location, nothing wider than the screen', async ({
  page,
}) => {
  await page.addInitScript(() => window.localStorage.clear())
  await page.goto('/voltnet/charge-locations')
  const card = page.getByRole('list', { name: 'Charge locations' }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  await expect(card).toBeInViewport()
  // The card leads with the location's name, its address under it, and what an operator scans: power and EVSEs.
  await expect(card.getByText('Max power')).toBeVisible()
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth)
  expect(await pageWidth()).toBeLessThanOrEqual(390)

  // Every filter, the searches and the power range too, folds behind "Filters".
  await expect(page.getByRole('searchbox', { name: 'Name' })).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('searchbox', { name: 'Name' })).toBeVisible()
  await expect(page.getByLabel('Country')).toHaveValue('SG')

  await page.getByRole('button', { name: 'Show map' }).click()
  const map = page.getByRole('region', { name: 'Map of the filtered charge locations' })
  await expect(map.locator('.leaflet-marker-icon').first()).toBeVisible()
  const box = await map.boundingBox()
  expect(box?.width ?? 999).toBeLessThanOrEqual(390)
  expect(await pageWidth()).toBeLessThanOrEqual(390)

  const name = (await card.getByRole('link').innerText()).trim()
  await card.getByRole('link').click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByRole('region', { name: 'EVSEs' })).toBeVisible()
  expect(await pageWidth()).toBeLessThanOrEqual(390)
})
