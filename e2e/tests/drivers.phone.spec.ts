import { expect, test } from './fixtures'

test.use({ user: 'voltnet' })

test('drivers on a phone: cards led by the name, filters folded, the orders in one select; a tap opens the driver', async ({
  page,
}) => {
  await page.goto('/drivers')
  const list = page.getByRole('list', { name: 'Drivers' })
  const card = list.getByRole('listitem').first()
  await expect(card).toBeVisible()
  await expect(card).toBeInViewport()
  await expect(page.getByRole('searchbox', { name: 'Name' })).toBeHidden()
  await expect(page.getByRole('group', { name: 'Created between' })).toBeHidden()
  await expect(card.getByText('Created On')).toBeVisible()

  // No headers to click on a phone: B §9's four sorts are one select beside the Filters button.
  await page.getByLabel('Sort').selectOption({ label: 'Users ↑' })
  await expect(page).toHaveURL(/sort=name&order=asc/)
  await expect(page.locator('[aria-busy]').filter({ has: list })).toHaveAttribute('aria-busy', 'false')
  // A name may carry a "Not registered" badge.
  const names = (await list.getByRole('listitem').getByRole('link').allInnerTexts()).map((n) =>
    n.replace(/\s*Not registered$/, '').trim(),
  )
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))

  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('searchbox', { name: 'Name' })).toBeVisible()

  const first = names[0] ?? ''
  await list.getByRole('listitem').first().getByRole('link').click()
  await expect(page).toHaveURL(/\/drivers\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first)
})
