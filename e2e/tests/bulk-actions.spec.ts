import { expect, test } from './fixtures'
import { machineRows, waitForMachines } from './support'

/*
 * Bulk actions (issue 18, decision 0117): rows selected in a list, an action from the selection bar, its params in a
 * dialog, then the per-row report; and "all matching the filter" on the alerts list.
 */

test.describe('Bulk actions, as the vending operator', () => {
  test.use({ user: 'vending' })

  test('two machines selected are added to a set, and the report says 2 succeeded', async ({ page }) => {
    await page.goto('/machines')
    await waitForMachines(page)
    const rows = machineRows(page)
    await rows.nth(0).getByRole('checkbox').check()
    await rows.nth(1).getByRole('checkbox').check()
    const bar = page.getByRole('region', { name: 'Selected rows' })
    await expect(bar).toContainText('2 selected')
    await bar.getByRole('button', { name: 'Add to set' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add to set' })
    const picker = dialog.getByLabel('Set')
    await expect(picker.locator('option')).not.toHaveCount(1)
    await picker.selectOption({ index: 1 })
    await dialog.getByRole('button', { name: 'Apply to 2 rows' }).click()
    await expect(dialog.getByRole('status')).toHaveText('2 succeeded, 0 failed')
    await dialog.getByRole('button', { name: 'Close' }).first().click()
    // The selection clears after success.
    await expect(bar).toBeHidden()
  })

  test('all alerts matching the filter are acknowledged', async ({ page }) => {
    await page.goto('/alerts')
    const table = page.getByRole('table', { name: 'Alerts' })
    await expect(table).toHaveAttribute('aria-busy', 'false')
    await table.getByRole('checkbox', { name: 'Select every row on this page' }).check()
    const bar = page.getByRole('region', { name: 'Selected rows' })
    const all = bar.getByRole('button', { name: /^Select all \d+ matching the filter$/ })
    if (await all.isVisible()) await all.click()
    await bar.getByRole('button', { name: 'Acknowledge' }).click()
    const dialog = page.getByRole('dialog', { name: 'Acknowledge' })
    await dialog.getByRole('button', { name: /^Apply to/ }).click()
    await expect(dialog.getByRole('status')).toHaveText(/\d+ succeeded, 0 failed/, { timeout: 30_000 })
  })
})
