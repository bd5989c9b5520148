import { expect, test } from './fixtures'

test.use({ user: 'admin' })

test('IAM on a phone: cards first, filters folded, a card opens its detail', async ({ page }) => {
  await page.goto('/iam?tab=policies')
  const cards = page.getByRole('list', { name: 'Policies' })
  const first = cards.getByRole('listitem').first()
  // The first card is on the first screen: the search and the type filter are folded away.
  await expect(first).toBeInViewport()
  await expect(page.getByRole('searchbox', { name: 'Search policies' })).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('searchbox', { name: 'Search policies' })).toBeVisible()

  // A card leads with the policy's name, its type at its side; a tap opens the policy.
  const name = (await first.getByRole('link').innerText()).trim()
  await expect(first.getByText(/^(Preset|Custom)$/)).toBeVisible()
  await first.getByRole('link').click()
  await expect(page).toHaveURL(/\/iam\/policies\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

test('entities on a phone: a card names the entity and its code, and opens its profile', async ({ page }) => {
  await page.goto('/iam?tab=entities&parent=HEALTH')
  const cards = page.getByRole('list', { name: 'Entities' })
  const first = cards.getByRole('listitem').filter({ hasText: 'CB-JE' })
  await expect(first).toBeInViewport()
  await expect(first.getByRole('link', { name: 'CareBridge Jurong East' })).toBeVisible()
  await expect(first.getByText('CB-JE', { exact: true })).toBeVisible()
  await first.getByRole('link').click()
  const dialog = page.getByRole('dialog', { name: 'CareBridge Jurong East · CB-JE' })
  await expect(dialog.getByLabel('Name')).toHaveValue('CareBridge Jurong East')
})
