import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures'
import { waitForMachines } from './support'

const MACHINE_COLUMNS =
  'username,serial_number,alias,machine_id,location,postal_code,overall_status,model_number,last_activity_time,' +
  'last_maintenance_time,vmc_type,vmc_port,sets,payment_selections,is_active,capacity,stock'

test.describe('Exports, as the vending operator', () => {
  test.use({ user: 'vending' })

  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/machines$/)
    await waitForMachines(page)
  })

  test('exports the filtered machines as csv, toasts when ready, downloads it and lists it', async ({
    page,
  }) => {
    // Only active machines: the export follows the list's current filters.
    await page.goto('/machines?active=1')
    await waitForMachines(page)
    const shown = await page.getByText(/^1–\d+ of [\d,]+$/).innerText()
    const total = Number(shown.split(' of ')[1]?.replace(/,/g, ''))

    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByRole('menuitem', { name: /CSV/ }).click()

    const toasts = page.getByRole('region', { name: 'Notifications' })
    const ready = toasts.getByRole('listitem', { name: 'Export ready' })
    await expect(ready).toBeVisible({ timeout: 15_000 })
    await expect(ready).toContainText(`Machines (CSV): ${total.toLocaleString('en')} rows`)

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ready.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^machines-\d{8}-\d{4}\.csv$/)
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '')
    const lines = text.split('\r\n').filter((l) => l !== '')
    expect(lines[0]).toBe(MACHINE_COLUMNS)
    expect(lines).toHaveLength(total + 1)
    // A data row: the machine's id in the fourth column, active.
    const first = lines[1] ?? ''
    expect(first).toMatch(/^[^,]*,[^,]*,.*,Yes,\d+,\d+$/)

    await page.getByRole('link', { name: 'Export history' }).click()
    await expect(page).toHaveURL(/\/machines\/export-history$/)
    await expect(page.getByRole('heading', { name: 'Machine Export History', level: 1 })).toBeVisible()
    // The xlsx test may run at the same time as the same user: find this job by its filter and format.
    const row = page
      .getByRole('table', { name: 'Machine Export History' })
      .locator('tbody tr')
      .filter({ hasText: 'Active filter: 1' })
      .filter({ hasText: 'CSV' })
      .first()
    await expect(row).toContainText('Machines')
    await expect(row).toContainText('Vera Tan')
    await expect(row).toContainText('Active filter: 1')
    await expect(row).toContainText('CSV')
    await expect(row).toContainText('Ready')
    await expect(row).toContainText(total.toLocaleString('en'))

    const [again] = await Promise.all([
      page.waitForEvent('download'),
      row.getByRole('button', { name: /Download/ }).click(),
    ])
    expect(again.suggestedFilename()).toBe(download.suggestedFilename())
  })

  test('exports xlsx too', async ({ page }) => {
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByRole('menuitem', { name: /Excel/ }).click()
    const ready = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem', { name: 'Export ready' })
    await expect(ready).toContainText('Machines (XLSX): 2,000 rows', { timeout: 15_000 })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ready.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/)
    const bytes = await readFile(await download.path())
    // A zip (xlsx) file starts with PK.
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK')
  })
})
