import { expect, signIn, test } from './fixtures'

test('payment options on a phone: cards first, filters folded, a card opens the option', async ({ page }) => {
  await signIn(page, 'vending')
  await page.goto('/entity-settings')
  const first = page.getByRole('list', { name: 'Payment options' }).getByRole('listitem').first()
  await expect(first).toBeInViewport()
  await expect(page.getByLabel('Payment method')).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByLabel('Payment method')).toBeVisible()

  const name = (await first.getByRole('link').innerText()).trim()
  await expect(first.getByText(/^(On|Off)$/)).toBeVisible()
  await first.getByRole('link').click()
  await expect(page).toHaveURL(/\/entity-settings\/payment-options\/\d+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
})

test('a user let in through child entities sees them as cards, and one opens its profile', async ({
  page,
}) => {
  await signIn(page, 'clinics')
  await page.goto('/entity-settings')
  await expect(page.getByRole('tab', { name: 'Child entities' })).toHaveAttribute('aria-selected', 'true')
  const cards = page.getByRole('list', { name: 'Child entities' })
  const jurong = cards.getByRole('listitem').filter({ hasText: 'CB-JE' })
  await expect(jurong).toBeInViewport()
  await expect(jurong.getByText('Managed from the parent')).toBeVisible()
  await jurong.getByRole('link', { name: 'CareBridge Jurong East' }).click()
  await expect(page.getByRole('dialog', { name: /CareBridge Jurong East/ }).getByLabel('Name')).toBeVisible()
})
