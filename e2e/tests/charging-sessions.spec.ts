import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/** B §3 "Columns on by default", in order, exactly as written. */
const DEFAULT_COLUMNS = [
  'Charging Session ID',
  'CPO Entity Name',
  'EMSP Entity Name',
  'EVSE ID',
  'Location Name',
  'Charger Type',
  'Max Power (kW)',
  'Location Address',
  'Connector Physical Reference',
  'Charging Status',
  'Stop Reason',
  'Protocol',
  'Payment Method',
  'Tariff ($/kWh)',
  'Total Energy (kWh)',
  'Total Energy Cost',
  'Total Idle Cost',
  'Total Hogging Cost',
  'Total Flat Cost',
  'Total Cost (incl. tax)',
  'Total Cost (excl. tax)',
  'Currency',
  'Start Time',
  'End Time',
  'Charging Duration',
  'Vehicle License Plate',
  'Invoice Reference ID',
]

const table = (page: Page) => page.getByRole('table', { name: 'Charging sessions' })
const rows = (page: Page) => table(page).locator('tbody tr')

async function openList(page: Page, user: string, path = '/ev-charging-sessions') {
  await signIn(page, user)
  await page.goto(path)
  await expect(page.getByRole('heading', { name: 'Charging sessions', level: 1 })).toBeVisible()
  await expect(table(page)).toHaveAttribute('aria-busy', 'false')
  await expect(rows(page).first()).toBeVisible()
}

/** The texts of one column, found by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = (await table(page).locator('thead th').allInnerTexts()).map((h) => h.trim().toLowerCase())
  const index = headers.indexOf(header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header}`)
  return table(page)
    .locator(`tbody tr td:nth-child(${String(index + 1)})`)
    .allInnerTexts()
}

test.describe('Charging sessions, as the CPO', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
  })

  test('lists the sessions with the default columns of B §3, 20 a page with a next page', async ({
    page,
  }) => {
    await openList(page, 'cpo')
    const headers = (await table(page).locator('thead th').allInnerTexts()).map((h) => h.trim().toLowerCase())
    expect(headers).toEqual(DEFAULT_COLUMNS.map((c) => c.toLowerCase()))
    await expect(rows(page)).toHaveCount(20)
    const names = await columnTexts(page, 'CPO Entity Name')
    expect(new Set(names)).toEqual(new Set(['SparkGrid Charging']))
    // Page 2 exists: the list asked for one row more than it shows.
    await expect(page.getByRole('button', { name: /next/i })).toBeEnabled()
  })

  test('Reset of the columns shows every column except the CPO entity code and the CDR token', async ({
    page,
  }) => {
    await openList(page, 'cpo')
    await page.getByRole('button', { name: /^Columns/ }).click()
    await page.getByRole('button', { name: 'Reset to default' }).click()
    await page.keyboard.press('Escape')
    const headers = (await table(page).locator('thead th').allInnerTexts()).map((h) => h.trim().toLowerCase())
    expect(headers).toContain('emsp entity code')
    expect(headers).not.toContain('cpo entity code')
    expect(headers).not.toContain('cdr token')
    expect(headers).toHaveLength(DEFAULT_COLUMNS.length + 1)
  })

  test('filters by status', async ({ page }) => {
    await openList(page, 'cpo')
    await page.getByRole('button', { name: 'Status' }).click()
    await page.getByRole('checkbox', { name: 'STOPPED' }).check()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/status=STOPPED/)
    await expect(table(page)).toHaveAttribute('aria-busy', 'false')
    await expect
      .poll(async () => new Set(await columnTexts(page, 'Charging Status')))
      .toEqual(new Set(['STOPPED']))
  })

  test('opens a session: the stage timeline, costs, and a refund that is recorded', async ({ page }) => {
    // Straight to the filtered list: opening the whole list first would cost a page load for nothing.
    await openList(page, 'cpo', '/ev-charging-sessions?status=COMPLETED')
    const drawer = page.getByTestId('session-drawer')
    // The first completed session that still has something to refund.
    let opened = false
    for (let i = 0; i < 5 && !opened; i++) {
      await rows(page).nth(i).locator('td').nth(1).click()
      await expect(page).toHaveURL(/session=/)
      await expect(drawer.getByTestId('charging-session-detail')).toBeVisible()
      if (await drawer.getByRole('button', { name: 'Refund' }).isEnabled()) opened = true
      else await page.goBack()
    }
    expect(opened).toBe(true)

    const timeline = drawer.getByTestId('stage-timeline')
    await expect(timeline).toBeVisible()
    await expect(timeline.locator('[data-stage="CHARGING"]')).toBeVisible()
    await expect(drawer.getByRole('region', { name: 'Costs by type' })).toContainText('Total Energy Cost')

    await drawer.getByRole('button', { name: 'Refund' }).click()
    // The amount is in the session's own currency: the CPO charges in SGD and in MYR, and which session comes first
    // depends on the clock and on the refunds other tests made (a refund moves its session to the top).
    const label = (await drawer.getByText(/^Amount \([A-Z]{3}\)$/).innerText()).trim()
    const currency = label.slice('Amount ('.length, -1)
    expect(['SGD', 'MYR']).toContain(currency)
    await drawer.getByLabel(label).fill('0.01')
    const reason = `E2E goodwill ${String(Date.now())}`
    await drawer.getByLabel('Reason').fill(reason)
    await drawer.getByRole('button', { name: 'Refund' }).click()
    const toasts = page.getByRole('region', { name: 'Notifications' })
    await expect(toasts.getByRole('listitem', { name: 'Refund recorded' })).toBeVisible()
    const refunds = drawer.getByTestId('session-refunds')
    await expect(refunds).toContainText(reason)
    await expect(refunds).toContainText(`${currency} 0.01`)

    // The URL opens the same session (shareable), and Back closes the panel.
    const url = page.url()
    await page.goBack()
    await expect(drawer).toHaveCount(0)
    await page.goto(url)
    await expect(page.getByTestId('session-refunds')).toContainText(reason)
  })
})

test.describe('Charging sessions, as the EMSP', () => {
  test('lists its customers’ sessions; a session offers no refund', async ({ page }) => {
    await openList(page, 'emsp')
    const names = await columnTexts(page, 'EMSP Entity Name')
    expect(new Set(names)).toEqual(new Set(['RoamCharge Mobility']))
    await rows(page).first().locator('td').nth(1).click()
    const drawer = page.getByTestId('session-drawer')
    await expect(drawer.getByTestId('stage-timeline')).toBeVisible()
    await expect(drawer.getByRole('button', { name: 'Refund' })).toHaveCount(0)
  })
})
