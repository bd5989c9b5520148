import { expect, test } from './fixtures'
import { expectFocusTrapped, expectVisibleFocus, tabTo } from './keyboard-support'

/*
 * Issue 12 §4 on a phone, with a keyboard (a tablet's, or switch access): the navigation drawer keeps the focus and
 * gives it back, the Filters button unfolds the filters, and a card's link opens its row
 * (docs/decisions/0085-keyboard.md).
 */

test.use({ user: 'cpo' })

test('the navigation drawer, the Filters button and a card, from the keyboard', async ({ page }) => {
  await page.goto('/ev-devices')
  const cards = page.getByRole('list', { name: 'EV Devices' })
  await expect(cards.getByRole('listitem').first()).toBeVisible()

  await page.keyboard.press('Tab')
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
  const menuButton = page.getByRole('button', { name: 'Open menu' })
  await tabTo(page, menuButton)
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog', { name: 'Navigation' })
  // The language switcher, hidden from the phone's top bar, is the drawer's first control.
  await expect(drawer.getByRole('combobox', { name: 'Language' })).toBeFocused()
  await expectVisibleFocus(page)
  await expectFocusTrapped(page, drawer)
  await page.keyboard.press('Escape')
  await expect(drawer).toHaveCount(0)
  await expect(menuButton).toBeFocused()

  const filters = page.getByRole('button', { name: 'Filters', exact: true })
  await tabTo(page, filters)
  await page.keyboard.press('Enter')
  await expect(filters).toHaveAttribute('aria-expanded', 'true')
  await tabTo(page, page.getByRole('searchbox', { name: 'Search serial, vendor, model or location' }), {
    max: 2,
  })

  const link = cards.getByRole('listitem').first().getByRole('link')
  await tabTo(page, link)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/ev-devices\/[0-9a-f-]{36}$/)
})
