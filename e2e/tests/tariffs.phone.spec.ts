import { expect, test } from './fixtures'

test.use({ user: 'cpo' })

test('tariffs on a phone: cards led by the name, validity at the right, the range folded; a tap opens the tariff', async ({
  page,
}) => {
  await page.goto('/tariff')
  const card = page.getByRole('list', { name: 'Tariffs' }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  await expect(card).toBeInViewport()
  await expect(page.getByRole('searchbox', { name: 'External ID' })).toBeHidden()
  await expect(page.getByRole('group', { name: 'Last updated' })).toBeHidden()
  await expect(card).toContainText(/Active|Scheduled|Expired/)
  // The subtitle is the tariff's external id (CPO-AC-…), under its name.
  await expect(card).toContainText(/CPO-/)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)

  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('group', { name: 'Last updated' })).toBeVisible()

  const name = (await card.getByRole('link').innerText()).trim()
  await card.getByRole('link').click()
  await expect(page).toHaveURL(/\/tariff\/[^/]+$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
})
