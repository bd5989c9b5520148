import { expect, signIn, test } from './fixtures'

/*
 * Global search (issue 18, docs/decisions/0115-global-search.md): the command palette opens with Ctrl+K and from the
 * top bar's search field, finds a machine by its serial number and opens its page, lists the user's pages by name,
 * and searches only what the user may see.
 */

// The demo seed's second VEND machine (deterministic seed).
const SERIAL = 'TCN-2103-000002'

test('the vending operator finds a machine by serial and goes to a page by name', async ({ page }) => {
  await signIn(page, 'vending')
  await page.goto('/')
  await expect(page.getByTestId('search-launcher')).toBeVisible()

  await page.keyboard.press('Control+k')
  const palette = page.getByRole('dialog', { name: 'Search and go to' })
  await expect(palette).toBeVisible()
  const input = palette.getByRole('combobox')
  await input.fill(SERIAL.toLowerCase())
  const machines = palette.getByRole('group', { name: 'Machines' })
  const first = machines.getByRole('option').first()
  await expect(first).toContainText(SERIAL)
  await expect(first).toHaveAttribute('aria-selected', 'true')
  await input.press('Enter')
  await expect(page).toHaveURL(/\/machines\/\d+$/)
  await expect(palette).toBeHidden()
  await expect(page.getByText(SERIAL).first()).toBeVisible()

  // The top bar's search field opens it too; pages are listed by name.
  await page.getByTestId('search-launcher').click()
  await expect(palette).toBeVisible()
  await input.fill('trans')
  const goTo = palette.getByRole('option', { name: 'Go to Transactions' })
  await expect(goTo).toBeVisible()
  await goTo.click()
  await expect(page).toHaveURL(/\/transactions$/)

  // Nothing found: the empty state names the query.
  await page.keyboard.press('Control+k')
  await input.fill('zzqq-nothing')
  await expect(palette.getByText('No results for “zzqq-nothing”')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(palette).toBeHidden()
})

test('an EMSP user gets no machines', async ({ page }) => {
  await signIn(page, 'emsp')
  await page.goto('/')
  await page.getByTestId('search-launcher').click()
  const palette = page.getByRole('dialog', { name: 'Search and go to' })
  await palette.getByRole('combobox').fill(SERIAL)
  await expect(palette.getByText(`No results for “${SERIAL}”`)).toBeVisible()
  await expect(palette.getByRole('group', { name: 'Machines' })).toHaveCount(0)
})
