import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/** B §3 "Columns on by default", Dashboard variant (with User), in order, exactly as written. */
const DEFAULT_COLUMNS = [
  'Charging Session ID',
  'User',
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

const BUSWAYS = 'Busways charging history'
const VOLT_CPO = 'Voltnet CPO charging sessions'
const VOLT_EMSP = 'Voltnet EMSP charging sessions'

const table = (page: Page, name: string) => page.getByRole('table', { name })
const rows = (page: Page, name: string) => table(page, name).locator('tbody tr')

async function openList(page: Page, user: string, path: string, title: string) {
  await signIn(page, user)
  await page.goto(path)
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(table(page, title)).toHaveAttribute('aria-busy', 'false')
  await expect(rows(page, title).first()).toBeVisible()
}

/** The texts of one column, found by its header. */
async function columnTexts(page: Page, title: string, header: string): Promise<string[]> {
  const headers = (await table(page, title).locator('thead th').allInnerTexts()).map((h) =>
    h.trim().toLowerCase(),
  )
  const index = headers.indexOf(header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header}`)
  return table(page, title)
    .locator(`tbody tr td:nth-child(${String(index + 1)})`)
    .allInnerTexts()
}

test.describe('Busways charging history', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
  })

  test('lists the bus network’s sessions with B §3’s dashboard columns, 20 a page with a next page', async ({
    page,
  }) => {
    await openList(page, 'busways', '/busways-charging-history', BUSWAYS)
    const headers = (await table(page, BUSWAYS).locator('thead th').allInnerTexts()).map((h) =>
      h.trim().toLowerCase(),
    )
    expect(headers).toEqual(DEFAULT_COLUMNS.map((c) => c.toLowerCase()))
    await expect(rows(page, BUSWAYS)).toHaveCount(20)
    expect(new Set(await columnTexts(page, BUSWAYS, 'CPO Entity Name'))).toEqual(new Set(['Busways Transit']))
    // Page 2 exists: the list asked for one row more than it shows.
    const next = page.getByRole('button', { name: /next/i })
    await expect(next).toBeEnabled()
    const first = await columnTexts(page, BUSWAYS, 'Charging Session ID')
    await next.click()
    await expect(page).toHaveURL(/page=2/)
    await expect(table(page, BUSWAYS)).toHaveAttribute('aria-busy', 'false')
    await expect
      .poll(async () => (await columnTexts(page, BUSWAYS, 'Charging Session ID'))[0])
      .not.toBe(first[0])
  })

  test('Reset of the columns shows every column except the CPO entity code and the CDR token', async ({
    page,
  }) => {
    await openList(page, 'busways', '/busways-charging-history', BUSWAYS)
    await page.getByRole('button', { name: /^Columns/ }).click()
    await page.getByRole('button', { name: 'Reset to default' }).click()
    await page.keyboard.press('Escape')
    const headers = (await table(page, BUSWAYS).locator('thead th').allInnerTexts()).map((h) =>
      h.trim().toLowerCase(),
    )
    expect(headers).toContain('emsp entity code')
    expect(headers).not.toContain('cpo entity code')
    expect(headers).not.toContain('cdr token')
    expect(headers).toHaveLength(DEFAULT_COLUMNS.length + 1)
  })

  test('filters by status, in the URL', async ({ page }) => {
    await openList(page, 'busways', '/busways-charging-history', BUSWAYS)
    await page.getByRole('button', { name: 'Status' }).click()
    await page.getByRole('checkbox', { name: 'COMPLETED' }).check()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/status=COMPLETED/)
    await expect(table(page, BUSWAYS)).toHaveAttribute('aria-busy', 'false')
    await expect
      .poll(async () => new Set(await columnTexts(page, BUSWAYS, 'Charging Status')))
      .toEqual(new Set(['COMPLETED']))
    // The filtered list survives a reload.
    await page.reload()
    await expect(table(page, BUSWAYS)).toHaveAttribute('aria-busy', 'false')
    await expect
      .poll(async () => new Set(await columnTexts(page, BUSWAYS, 'Charging Status')))
      .toEqual(new Set(['COMPLETED']))
  })

  test('opens a session: the stage timeline, costs with and without tax, the periods; Back closes it', async ({
    page,
  }) => {
    await openList(page, 'busways', '/busways-charging-history', BUSWAYS)
    await page.goto('/busways-charging-history?status=COMPLETED')
    await expect(table(page, BUSWAYS)).toHaveAttribute('aria-busy', 'false')
    const id = (await columnTexts(page, BUSWAYS, 'Charging Session ID'))[0] ?? ''
    await rows(page, BUSWAYS).first().locator('td').nth(2).click()
    await expect(page).toHaveURL(new RegExp(`session=${id}`))
    const drawer = page.getByTestId('session-drawer')
    await expect(drawer.getByTestId('charging-session-detail')).toBeVisible()
    const timeline = drawer.getByTestId('stage-timeline')
    await expect(timeline.locator('[data-stage="CHARGING"]')).toBeVisible()
    const costs = drawer.getByRole('region', { name: 'Costs by type' })
    await expect(costs).toContainText('Total Energy Cost')
    await expect(costs).toContainText('Excl. tax')
    await expect(drawer.getByRole('region', { name: /Charging periods/ })).toBeVisible()
    await expect(drawer).toContainText(id)
    // Bus sessions offer no refund.
    await expect(drawer.getByRole('button', { name: 'Refund' })).toHaveCount(0)
    await page.goBack()
    await expect(drawer).toHaveCount(0)
    await expect(page).not.toHaveURL(/session=/)
  })

  test('exports the filtered history as a csv with readable columns', async ({ page }) => {
    // Straight to the filtered list: opening the whole list first would cost a page load for nothing.
    await openList(page, 'busways', '/busways-charging-history?status=STOPPED', BUSWAYS)
    const shown = await columnTexts(page, BUSWAYS, 'Charging Session ID')
    await page.getByRole('button', { name: 'Export', exact: true }).click()
    await page.getByRole('menuitem', { name: /CSV/ }).click()
    const ready = page
      .getByRole('region', { name: 'Notifications' })
      .getByRole('listitem', { name: 'Export ready' })
    await expect(ready).toBeVisible({ timeout: 20_000 })
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ready.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(/^bus-sessions-\d{8}-\d{4}\.csv$/)
    const lines = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    expect(lines[0]).toMatch(/^Charging Session ID,User,CPO Entity Name,EMSP Entity Name,EVSE ID,/)
    expect(lines[0]).toContain('Start Time')
    // The file has the list's rows in the list's order (the first page of them at least).
    expect(lines.slice(1, 1 + shown.length).map((l) => l.split(',')[0])).toEqual(shown)
    expect(lines.slice(1).every((l) => l.includes(',STOPPED,'))).toBe(true)
  })
})

test.describe('Voltnet charging sessions', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
  })

  test('the CPO list: sessions on voltnet’s chargers, the count, a partner filter, the detail with a refund', async ({
    page,
  }) => {
    await openList(page, 'voltnet', '/voltnet/cpo/charging-sessions', VOLT_CPO)
    await expect(page.getByText(/^[\d,]+ sessions$/)).toBeVisible()
    await expect(rows(page, VOLT_CPO)).toHaveCount(20)
    expect(new Set(await columnTexts(page, VOLT_CPO, 'CPO Entity Name'))).toEqual(
      new Set(['Voltnet Roaming']),
    )

    await page.getByLabel('EMSP').selectOption({ label: 'RoamCharge Mobility' })
    await expect(page).toHaveURL(/partner=EMSP/)
    await expect(table(page, VOLT_CPO)).toHaveAttribute('aria-busy', 'false')
    await expect
      .poll(async () => new Set(await columnTexts(page, VOLT_CPO, 'EMSP Entity Name')))
      .toEqual(new Set(['RoamCharge Mobility']))

    await page.getByLabel('Status').selectOption('COMPLETED')
    await expect(table(page, VOLT_CPO)).toHaveAttribute('aria-busy', 'false')
    await expect
      .poll(async () => new Set(await columnTexts(page, VOLT_CPO, 'Charging Status')))
      .toEqual(new Set(['COMPLETED']))
    await rows(page, VOLT_CPO).first().locator('td').nth(2).click()
    await expect(page).toHaveURL(/session=/)
    const drawer = page.getByTestId('session-drawer')
    await expect(drawer.getByTestId('stage-timeline')).toBeVisible()
    // Voltnet is the CPO of these sessions: the refund panel is offered.
    await expect(drawer.getByRole('region', { name: 'Refund' })).toBeVisible()
  })

  test('the EMSP list: voltnet’s customers’ sessions; a row opens /voltnet/emsp/charging-sessions/{id}', async ({
    page,
  }) => {
    await openList(page, 'voltnet', '/voltnet/emsp/charging-sessions', VOLT_EMSP)
    expect(new Set(await columnTexts(page, VOLT_EMSP, 'EMSP Entity Name'))).toEqual(
      new Set(['Voltnet Roaming']),
    )
    await page.getByLabel('CPO').selectOption({ label: 'SparkGrid Charging' })
    await expect(page).toHaveURL(/partner=CPO/)
    await expect(table(page, VOLT_EMSP)).toHaveAttribute('aria-busy', 'false')
    await expect
      .poll(async () => new Set(await columnTexts(page, VOLT_EMSP, 'CPO Entity Name')))
      .toEqual(new Set(['SparkGrid Charging']))

    const id = (await columnTexts(page, VOLT_EMSP, 'Charging Session ID'))[0] ?? ''
    await rows(page, VOLT_EMSP).first().locator('td').nth(2).click()
    await expect(page).toHaveURL(new RegExp(`/voltnet/emsp/charging-sessions/${id}$`))
    await expect(page.getByTestId('charging-session-detail')).toBeVisible()
    await expect(page.getByTestId('stage-timeline')).toBeVisible()
    await expect(page.getByText(id)).toBeVisible()
    // SparkGrid is the CPO: voltnet, the EMSP, cannot refund.
    await expect(page.getByRole('region', { name: 'Refund' })).toHaveCount(0)

    // The detail opens from its own URL too, and leads back to the list.
    await page.reload()
    await expect(page.getByTestId('charging-session-detail')).toBeVisible()
    await page.getByRole('link', { name: /Voltnet EMSP charging sessions/ }).click()
    await expect(page).toHaveURL(/\/voltnet\/emsp\/charging-sessions$/)
  })

  test('a session that is not voltnet’s reads as not found', async ({ page }) => {
    await signIn(page, 'voltnet')
    await page.goto('/voltnet/emsp/charging-sessions/no-such-session')
    await expect(page.getByRole('heading', { name: 'Session not found', level: 1 })).toBeVisible()
  })
})
