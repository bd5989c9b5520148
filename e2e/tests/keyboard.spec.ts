import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectFocusTrapped, expectVisibleFocus, tabTo } from './keyboard-support'

/*
 * Issue 12 §4, as a keyboard-only user: every action of the shared building blocks (shell, DataTable, dialogs,
 * toasts) is reached with Tab and worked with Enter, Space, the arrows and Escape; every element the focus lands on
 * shows it; dialogs keep the focus inside and give it back on closing (docs/decisions/0085-keyboard.md).
 * Axe, run on every route by the route walks, checks none of this.
 */

const devices = (page: Page) => page.getByRole('table', { name: 'EV Devices' })

/** Skips the shell from the top of the page, as the first stop asks: the focus lands on the main content. */
async function skipToContent(page: Page) {
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expectVisibleFocus(page)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main')).toBeFocused()
}

test.describe('as the CPO', () => {
  test.use({ user: 'cpo' })

  test('the shell: skip link first, the top bar, the account menu and the navigation', async ({ page }) => {
    await page.goto('/ev-devices')
    await expect(devices(page)).toHaveAttribute('aria-busy', 'false')

    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused()
    await tabTo(page, page.getByRole('link', { name: 'Operator Portal Home' }))
    const entity = page.getByTestId('entity-item')
    await tabTo(page, entity)
    await expect(entity).toHaveAttribute('href', '/entity-settings')
    await tabTo(page, page.getByRole('combobox', { name: 'Language' }))

    // The account menu: focus alone does not open it; Enter and Space do, onto its first item; Escape gives the
    // focus back to its button.
    const account = page.getByRole('button', { name: /Account menu/ })
    await tabTo(page, account)
    const menu = page.getByRole('menu')
    await expect(menu).toHaveCount(0)
    await page.keyboard.press('Enter')
    const items = menu.getByRole('menuitem')
    await expect(items.first()).toBeFocused()
    await expectVisibleFocus(page)
    await page.keyboard.press('ArrowDown')
    await expect(items.nth(1)).toBeFocused()
    await expectVisibleFocus(page)
    await page.keyboard.press('End')
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeFocused()
    await expectVisibleFocus(page)
    await page.keyboard.press('Escape')
    await expect(menu).toHaveCount(0)
    await expect(account).toBeFocused()
    await page.keyboard.press(' ')
    await expect(items.first()).toBeFocused()

    // The side navigation, after the top bar: Tab goes on through the menu's items and out of it, and the menu closes
    // behind it, so it covers nothing.
    const nav = page.getByRole('navigation', { name: 'Main' })
    await tabTo(page, nav.getByRole('link').first())
    await expect(menu).toHaveCount(0)
    await tabTo(page, nav.getByRole('link', { name: 'Charging Sessions' }))
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/ev-charging-sessions$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Charging Sessions' })).toBeVisible()

    // Back up to the entity item, which opens the entity's settings.
    await tabTo(page, entity, { back: true })
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/entity-settings$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Entity settings' })).toBeVisible()
  })

  test('a list: search, a filter list, the column picker, a sortable header, the pager and a row', async ({
    page,
  }) => {
    await page.goto('/ev-devices')
    await expect(devices(page)).toHaveAttribute('aria-busy', 'false')
    await skipToContent(page)

    const search = page.getByRole('searchbox', { name: 'Search serial, vendor, model or location' })
    await tabTo(page, search)
    await page.keyboard.type('zz-none')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/[?&]search=zz-none/)
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.press('Backspace')
    await page.keyboard.press('Enter')
    await expect(page).not.toHaveURL(/[?&]search=/)

    // A filter list: Enter opens it onto its first option, Space ticks an option, Escape gives the focus back.
    const status = page.getByRole('button', { name: 'OCPP status' })
    await tabTo(page, status)
    await page.keyboard.press('Enter')
    const options = page.getByRole('dialog', { name: 'OCPP status' })
    const first = options.getByRole('checkbox').first()
    await expect(first).toBeFocused()
    await expectVisibleFocus(page)
    await page.keyboard.press(' ')
    await expect(first).toBeChecked()
    await expect(page).toHaveURL(/[?&]ocpp_status=/)
    await page.keyboard.press(' ')
    await expect(first).not.toBeChecked()
    await page.keyboard.press('Escape')
    await expect(options).toHaveCount(0)
    await expect(status).toBeFocused()

    // The column picker: a column goes and comes back with Space.
    const picker = page.getByRole('button', { name: /^Columns/ })
    await tabTo(page, picker)
    await page.keyboard.press('Enter')
    const columns = page.getByRole('dialog', { name: 'Show columns' })
    await expect(columns).toBeVisible()
    const location = columns.getByRole('checkbox', { name: 'Location' })
    await tabTo(page, location)
    await page.keyboard.press(' ')
    await expect(devices(page).getByRole('columnheader', { name: 'Location' })).toHaveCount(0)
    await page.keyboard.press(' ')
    await expect(devices(page).getByRole('columnheader', { name: 'Location' })).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(columns).toHaveCount(0)
    await expect(picker).toBeFocused()

    // A sortable header: Enter orders the list by it, then the other way.
    const serialHeader = devices(page).getByRole('columnheader', { name: /Serial/ })
    await expect(serialHeader).toHaveAttribute('aria-sort', 'none')
    await tabTo(page, serialHeader.getByRole('button'))
    await page.keyboard.press('Enter')
    await expect(serialHeader).toHaveAttribute('aria-sort', 'ascending')
    await page.keyboard.press('Enter')
    await expect(serialHeader).toHaveAttribute('aria-sort', 'descending')
    await expect(devices(page)).toHaveAttribute('aria-busy', 'false')

    // The pager, past the rows: the next page, and the focus stays on its button.
    const next = page.getByRole('navigation', { name: 'Pagination' }).getByRole('button', { name: /Next/ })
    await tabTo(page, next, { max: 60 })
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(devices(page)).toHaveAttribute('aria-busy', 'false')
    await expect(next).toBeFocused()

    // Back to a row: its first cell's link opens the charger.
    const lastRowLink = devices(page).locator('tbody tr').last().getByRole('link')
    await tabTo(page, lastRowLink, { back: true })
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/ev-devices\/[0-9a-f-]{36}$/)
  })

  test('the session drawer keeps the focus and gives it back; a toast’s actions are reachable', async ({
    page,
  }) => {
    await page.goto('/ev-charging-sessions')
    const sessions = page.getByRole('table', { name: 'Charging Sessions' })
    await expect(sessions).toHaveAttribute('aria-busy', 'false')
    await skipToContent(page)

    // An export from its menu, then its toast: F8 moves the focus to the notifications, Tab to their actions.
    const exportButton = page.getByRole('button', { name: 'Export', exact: true })
    await tabTo(page, exportButton)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menuitem').first()).toBeFocused()
    await expectVisibleFocus(page)
    await page.keyboard.press('Enter')
    const ready = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem', { name: 'Export ready' })
    await expect(ready).toBeVisible({ timeout: 15_000 })
    await page.keyboard.press('F8')
    await tabTo(page, ready.getByRole('button', { name: 'Download' }), { max: 3 })
    await tabTo(page, ready.getByRole('button', { name: 'Dismiss' }), { max: 1 })
    await page.keyboard.press('Enter')
    await expect(ready).toHaveCount(0)

    // A row's link opens the drawer; the focus stays inside it and comes back to the link on Escape.
    const link = sessions.locator('tbody tr').first().getByRole('link')
    await tabTo(page, link, { max: 60 })
    await page.keyboard.press('Enter')
    const drawer = page.getByRole('dialog').filter({ has: page.getByTestId('session-drawer') })
    await expect(drawer.getByTestId('charging-session-detail')).toBeVisible()
    await expectFocusTrapped(page, drawer)
    await page.keyboard.press('Escape')
    await expect(drawer).toHaveCount(0)
    await expect(link).toBeFocused()

    // And on its close button.
    await page.keyboard.press('Enter')
    await expect(drawer.getByTestId('charging-session-detail')).toBeVisible()
    await tabTo(page, drawer.getByRole('button', { name: 'Close' }), { max: 5 })
    await page.keyboard.press('Enter')
    await expect(drawer).toHaveCount(0)
    await expect(link).toBeFocused()
  })
})

test.describe('as the vending owner', () => {
  test.use({ user: 'vending' })

  test('row selection and a confirm dialog: Space selects, the dialog keeps and gives back the focus', async ({
    page,
  }) => {
    await page.goto('/entity-settings')
    await expect(page.getByRole('table', { name: 'Payment options' })).toHaveAttribute('aria-busy', 'false')
    await skipToContent(page)
    await tabTo(page, page.getByRole('link', { name: 'EZ-Link / NETS FlashPay card' }), { max: 60 })
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'EZ-Link / NETS FlashPay card' })).toBeVisible()

    const users = page.getByRole('table', { name: 'Users of this payment option' })
    await expect(users).toHaveAttribute('aria-busy', 'false')
    const select = users.getByRole('checkbox', { name: /^Select Farah Iskandar/ })
    await tabTo(page, select, { max: 60 })
    await page.keyboard.press(' ')
    await expect(select).toBeChecked()
    const selection = page.getByRole('region', { name: 'Selected rows' })
    await expect(selection).toContainText('1 selected')
    await tabTo(page, selection.getByRole('button', { name: 'Enable selected (1)' }), { back: true, max: 10 })
    await tabTo(page, select, { max: 10 })
    await page.keyboard.press(' ')
    await expect(selection).toHaveCount(0)

    // The confirm dialog: focus inside, kept inside, back on its opener after Escape and after Close.
    const remove = users.getByRole('button', { name: /^Remove Farah Iskandar/ })
    await tabTo(page, remove, { max: 10 })
    await page.keyboard.press('Enter')
    const confirm = page.getByRole('dialog', { name: 'Remove this user configuration?' })
    await expect(confirm).toBeVisible()
    await expectFocusTrapped(page, confirm)
    await page.keyboard.press('Escape')
    await expect(confirm).toHaveCount(0)
    await expect(remove).toBeFocused()

    await page.keyboard.press('Enter')
    await tabTo(page, confirm.getByRole('button', { name: 'Close' }), { max: 5 })
    await page.keyboard.press('Enter')
    await expect(confirm).toHaveCount(0)
    await expect(remove).toBeFocused()
    await expectVisibleFocus(page)
  })
})
