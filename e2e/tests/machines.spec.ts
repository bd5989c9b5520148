import { expect, test } from './fixtures'
import { columnTexts, machineRows, waitForMachines } from './support'

test.describe('Machines, as the vending operator', () => {
  test.use({ user: 'vending' })

  test.beforeEach(async ({ page }) => {
    await page.goto('/')
    await expect(page).toHaveURL(/\/machines$/)
    await waitForMachines(page)
  })

  test('lands on /machines with 20 rows and the total', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Machines', level: 1 })).toBeVisible()
    await expect(machineRows(page)).toHaveCount(20)
    await expect(page.getByText('1–20 of 2,000')).toBeVisible()
  })

  test('filters by overall status, and the filter lives in the URL', async ({ page }) => {
    await page.getByRole('button', { name: 'Overall status' }).click()
    await page.getByRole('dialog', { name: 'Overall status' }).getByLabel('Error').check()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/overall_status=4/)
    await waitForMachines(page)
    const statuses = await columnTexts(page, 'Overall Status')
    expect(statuses.length).toBeGreaterThan(0)
    for (const text of statuses) expect(text).toBe('Error')
    const summary = await page.getByText(/^1–\d+ of [\d,]+$/).innerText()
    const total = Number(summary.split(' of ')[1]?.replace(/,/g, ''))
    expect(total).toBeGreaterThan(0)
    expect(total).toBeLessThan(2000)

    // Toggling the selected option again removes it (B §4).
    await page.getByRole('button', { name: /Overall status/ }).click()
    await page.getByRole('dialog', { name: 'Overall status' }).getByLabel('Error').uncheck()
    await page.keyboard.press('Escape')
    await expect(page).not.toHaveURL(/overall_status/)
    await expect(page.getByText('1–20 of 2,000')).toBeVisible()
  })

  test('goes to page 2 and keeps it across a reload', async ({ page }) => {
    const firstPageIds = await columnTexts(page, 'Machine ID')
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText('21–40 of 2,000')).toBeVisible()
    // The pager shows page 2 at once; the first page's rows stay until the second page's arrive.
    await waitForMachines(page)
    const secondPageIds = await columnTexts(page, 'Machine ID')
    expect(secondPageIds).toHaveLength(20)
    expect(secondPageIds.some((id) => firstPageIds.includes(id))).toBe(false)

    await page.reload()
    await expect(page.getByText('21–40 of 2,000')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page')
  })

  test('a filter change sends the list back to page 1', async ({ page }) => {
    await page.getByRole('button', { name: 'Page 2' }).click()
    await expect(page).toHaveURL(/page=2/)
    await page.getByLabel('Show').selectOption({ label: 'Active' })
    await expect(page).not.toHaveURL(/page=2/)
    await expect(page).toHaveURL(/active=1/)
  })

  test('the any-error flag clears the reader, machine and payment status filters', async ({ page }) => {
    await page.getByRole('button', { name: 'Reader manager' }).click()
    await page.getByRole('dialog', { name: 'Reader manager' }).getByLabel('Ready').check()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/reader_manager_status=1/)
    await page.getByLabel('Any error').check()
    await expect(page).toHaveURL(/any_error=1/)
    await expect(page).not.toHaveURL(/reader_manager_status/)
  })

  test('the error shortcut shows machines whose overall or reader status is Error', async ({ page }) => {
    await page.getByRole('button', { name: 'Machines in error' }).click()
    await expect(page).toHaveURL(/overall_status=4/)
    await expect(page).toHaveURL(/reader_manager_status=4/)
    await waitForMachines(page)
    await expect(machineRows(page).first()).toBeVisible()
  })

  test('searches by location', async ({ page }) => {
    await page.getByLabel('Search in').selectOption({ label: 'Location' })
    await page.getByRole('searchbox', { name: 'Search machines' }).fill('NUS')
    await expect(page).toHaveURL(/q=NUS/)
    await waitForMachines(page)
    const locations = await columnTexts(page, 'Location')
    expect(locations.length).toBeGreaterThan(0)
    for (const l of locations) expect(l).toContain('NUS')
  })

  test('changes columns, and the choice survives a reload', async ({ page }) => {
    const table = page.getByRole('table', { name: 'Machines' })
    await expect(table.getByRole('columnheader', { name: 'Model Number' })).toHaveCount(0)
    await page.getByRole('button', { name: /Columns/ }).click()
    await page.getByRole('dialog', { name: 'Show columns' }).getByLabel('Model Number').check()
    await page.getByRole('dialog', { name: 'Show columns' }).getByLabel('Postal Code').uncheck()
    await page.keyboard.press('Escape')
    await expect(table.getByRole('columnheader', { name: 'Model Number' })).toBeVisible()
    await expect(table.getByRole('columnheader', { name: 'Postal Code' })).toHaveCount(0)

    await page.reload()
    await waitForMachines(page)
    await expect(table.getByRole('columnheader', { name: 'Model Number' })).toBeVisible()
    await expect(table.getByRole('columnheader', { name: 'Postal Code' })).toHaveCount(0)

    await page.getByRole('button', { name: /Columns/ }).click()
    await page.getByRole('button', { name: 'Reset to default' }).click()
    await expect(table.getByRole('columnheader', { name: 'Postal Code' })).toBeVisible()
  })

  test('opens a machine with its items, settings and service statuses', async ({ page }) => {
    const first = machineRows(page).first().getByRole('link')
    const alias = await first.innerText()
    await first.click()
    await expect(page).toHaveURL(/\/machines\/\d+$/)
    await expect(page.getByRole('heading', { name: alias, level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Service statuses' })).toContainText('Reader 1')
    await expect(page.getByRole('region', { name: 'General settings' })).toContainText(
      'Customer Presented Timeout',
    )
    // A §9: the opening hours include Public Holiday.
    await expect(page.getByRole('region', { name: 'General settings' })).toContainText('Public Holiday')
    await expect(
      page
        .getByRole('region', { name: /Items \(\d+ slots\)/ })
        .locator('tbody tr')
        .first(),
    ).toBeVisible()
    await page.getByRole('link', { name: '← Machines' }).click()
    await expect(page).toHaveURL(/\/machines$/)
  })

  test('shows "not found" for a machine of another entity or none', async ({ page }) => {
    await page.goto('/machines/999999')
    await expect(page.getByRole('heading', { name: 'Machine not found', level: 1 })).toBeVisible()
  })
})
