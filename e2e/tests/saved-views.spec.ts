import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import { waitForMachines } from './support'

/*
 * Saved views (issue 18, docs/decisions/0116-saved-views.md), as the vending operator uses them on the machines list:
 * filter, hide a column, move one, set the page size, save a shared view, make it the default (a clean URL then
 * opens it), export what it shows; another member of the organisation finds the shared view.
 */

/** The machines list's headers (English) and their export column names. */
const EXPORT_OF: Record<string, string> = {
  Username: 'username',
  'Serial Number': 'serial_number',
  Alias: 'alias',
  'Machine ID': 'machine_id',
  Location: 'location',
  'Postal Code': 'postal_code',
  'Overall Status': 'overall_status',
  'Model Number': 'model_number',
  'Last Activity': 'last_activity_time',
  'Last Maintenance': 'last_maintenance_time',
  'VMC Type': 'vmc_type',
  'VMC Port': 'vmc_port',
  Sets: 'sets',
  'Payment Methods': 'payment_selections',
  Active: 'is_active',
  Capacity: 'capacity',
  Stock: 'stock',
}

async function headers(page: Page): Promise<string[]> {
  const texts = await page.getByRole('table', { name: 'Machines' }).locator('thead th').allTextContents()
  // The row-selection column has no text.
  return texts.map((h) => h.trim()).filter((h) => h !== '')
}

test.describe('Saved views, as the vending operator', () => {
  test.use({ user: 'vending' })

  test('saves a shared view, opens it by default, exports its columns; a colleague finds it', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two users, an export written and downloaded: more than one page's work.
    test.setTimeout(90_000)
    const name = `Active machines ${String(Date.now() % 100000)}`
    await page.goto('/machines')
    await waitForMachines(page)
    const table = page.getByRole('table', { name: 'Machines' })

    // Filter, hide a column, move one, and choose the page size.
    await page.getByLabel('Show').selectOption({ label: 'Active' })
    await expect(page).toHaveURL(/active=1/)
    await page.getByRole('button', { name: /Columns/ }).click()
    const picker = page.getByRole('dialog', { name: 'Show columns' })
    await picker.getByLabel('Postal Code').uncheck()
    await picker
      .getByRole('listitem')
      .filter({ has: page.getByRole('checkbox', { name: 'Stock' }) })
      .getByRole('button', { name: 'Move up' })
      .click()
    await page.keyboard.press('Escape')
    await expect(table.getByRole('columnheader', { name: 'Postal Code' })).toHaveCount(0)
    const shown = await headers(page)
    expect(shown.at(-2)).toBe('Stock')
    await page.getByLabel('Rows per page').selectOption('50')
    await expect(page).toHaveURL(/page_size=50/)
    await waitForMachines(page)

    // Save it, shared with the organisation.
    await page.getByRole('button', { name: /^Views/ }).click()
    await page.getByRole('button', { name: 'Save view…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Save view' })
    await dialog.getByLabel('Name').fill(name)
    await dialog.getByRole('switch', { name: 'Share with the organisation' }).click()
    await dialog.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(dialog).toHaveCount(0)
    await expect(page).toHaveURL(/view=\d+/)
    const viewId = new URL(page.url()).searchParams.get('view')

    await page.getByRole('button', { name: /^Views/ }).click()
    await page.getByRole('button', { name: 'Set as my default' }).click()
    await expect(page.getByText(`“${name}” now opens this list`)).toBeVisible()

    // Columns back to the screen's defaults, then a clean URL: the default view puts everything back.
    await page.getByRole('button', { name: /Columns/ }).click()
    await page.getByRole('button', { name: 'Reset to default' }).click()
    await page.keyboard.press('Escape')
    await expect(table.getByRole('columnheader', { name: 'Postal Code' })).toBeVisible()
    await page.goto('/machines')
    await expect(page).toHaveURL(new RegExp(`view=${viewId ?? ''}`))
    await expect(page).toHaveURL(/active=1/)
    await expect(page).toHaveURL(/page_size=50/)
    await waitForMachines(page)
    await expect(table.getByRole('columnheader', { name: 'Postal Code' })).toHaveCount(0)
    expect(await headers(page)).toEqual(shown)
    await expect(page.getByLabel('Rows per page')).toHaveValue('50')

    // The export writes the view's columns, in its order.
    const expected = shown.map((h) => EXPORT_OF[h])
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/main/exports')),
      (async () => {
        await page.getByRole('button', { name: 'Export', exact: true }).click()
        await page.getByRole('menuitem', { name: /CSV/ }).click()
      })(),
    ])
    expect((request.postDataJSON() as { columns?: string[] }).columns).toEqual(expected)
    const ready = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem', { name: 'Export ready' })
    await expect(ready).toBeVisible({ timeout: 15_000 })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ready.getByRole('button', { name: 'Download' }).click(),
    ])
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '')
    expect(text.split('\r\n')[0]).toBe(expected.join(','))

    // A colleague of the same organisation (read-only on machines) finds the shared view and opens it.
    const other = await browser.newContext(baseURL ? { baseURL } : {})
    try {
      await signIn(other, 'viewer')
      const colleague = await other.newPage()
      await colleague.goto('/machines')
      await waitForMachines(colleague)
      // Not their default: their list opens as it always did.
      await expect(colleague).not.toHaveURL(/view=/)
      await colleague.getByRole('button', { name: /^Views/ }).click()
      const menu = colleague.getByRole('dialog', { name: 'Views' })
      await expect(menu.getByText('Shared with the organisation')).toBeVisible()
      await menu.getByRole('button', { name: new RegExp(name) }).click()
      await expect(colleague).toHaveURL(/active=1/)
      await expect(colleague).toHaveURL(/page_size=50/)
      await waitForMachines(colleague)
      await expect(
        colleague.getByRole('table', { name: 'Machines' }).getByRole('columnheader', { name: 'Postal Code' }),
      ).toHaveCount(0)
    } finally {
      await other.close()
    }

    // Delete it (with the default on it), so other tests open a plain list.
    await page.getByRole('button', { name: /^Views/ }).click()
    await page.getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('dialog', { name: 'Delete view' })
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(confirm).toHaveCount(0)
    await expect(page).not.toHaveURL(/view=/)
    await page.getByRole('button', { name: /Columns/ }).click()
    await page.getByRole('button', { name: 'Reset to default' }).click()
  })
})
