import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/** B §3's carbon-credit record columns, in order, as the list heads them. */
const RECORD_COLUMNS = [
  'ID',
  'CPO Entity Code',
  'FO Entity Code',
  'kWh',
  'Date Time',
  'Emissions Reduced (kg CO2e)',
  'Total Earnings',
  'CPO Earnings',
  'FO Earnings',
  'Scenario',
  'CDR',
  'VC URL',
]

const records = (page: Page) => page.getByRole('table', { name: 'Carbon-credit records' })

/** The texts of one column of a table, found by its header. */
async function columnTexts(page: Page, table: string, header: string): Promise<string[]> {
  const t = page.getByRole('table', { name: table })
  const headers = (await t.locator('thead th').allInnerTexts()).map((h) => h.trim().toLowerCase())
  const index = headers.indexOf(header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header} among ${headers.join(', ')}`)
  return t.locator(`tbody tr td:nth-child(${String(index + 1)})`).allInnerTexts()
}

async function signInFresh(page: Page, user: string) {
  await page.addInitScript(() => window.localStorage.clear())
  await signIn(page, user)
}

async function openCarbonData(page: Page, user: string) {
  await signInFresh(page, user)
  await page.goto('/ev-carbon-data')
  await expect(page.getByRole('heading', { name: 'EV Carbon Data', level: 1 })).toBeVisible()
  await expect(records(page)).toHaveAttribute('aria-busy', 'false')
  await expect(records(page).locator('tbody tr').first()).toBeVisible()
}

test.describe('EV carbon data, as the fleet owner', () => {
  test('shows the dashboard above its records, with the B §3 columns, 20 a page', async ({ page }) => {
    await openCarbonData(page, 'fleet')
    const headers = (await records(page).locator('thead th').allInnerTexts()).map((h) =>
      h.trim().toLowerCase(),
    )
    expect(headers).toEqual(RECORD_COLUMNS.map((c) => c.toLowerCase()))
    await expect(records(page).locator('tbody tr')).toHaveCount(20)
    expect(new Set(await columnTexts(page, 'Carbon-credit records', 'FO Entity Code'))).toEqual(
      new Set(['FLEET']),
    )
    // The dashboard: the figures, the time chart, the scenarios, its CPOs and the locations.
    await expect(page.getByText('Your rebates').first()).toBeVisible()
    for (const name of [
      'Your rebates and energy over time',
      'Scenario share',
      'Top five CPOs',
      'Top five locations',
    ]) {
      await expect(page.getByRole('region', { name })).toBeVisible()
    }
    await expect(page.getByRole('region', { name: 'Top five fleet owners' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: /next/i })).toBeEnabled()
  })

  test('filters the records and the dashboard by CPO partner', async ({ page }) => {
    await openCarbonData(page, 'fleet')
    const count = page.getByText(/records? in this range/)
    const before = await count.innerText()
    await page.getByRole('combobox', { name: /^CPO/ }).selectOption({ label: 'Voltnet Roaming' })
    await expect(page).toHaveURL(/cpo=VOLT/)
    await expect(records(page)).toHaveAttribute('aria-busy', 'false')
    await expect
      .poll(async () => new Set(await columnTexts(page, 'Carbon-credit records', 'CPO Entity Code')))
      .toEqual(new Set(['VOLT']))
    await expect(count).not.toHaveText(before)
    // The dashboard follows: its only CPO is now Voltnet.
    const cpos = page.getByRole('region', { name: 'Top five CPOs' })
    await cpos.getByRole('button', { name: 'Show as table' }).click()
    await expect(cpos.getByRole('table').locator('tbody tr')).toHaveCount(1)
    await expect(cpos.getByRole('table')).toContainText('Voltnet Roaming')
  })

  test('gives every chart its figures as a table, for screen readers and on request', async ({ page }) => {
    await openCarbonData(page, 'fleet')
    const scenarios = page.getByRole('region', { name: 'Scenario share' })
    // Hidden from sight while the chart shows, but in the page for assistive technology.
    const srTable = scenarios.getByRole('table', { name: 'Scenario share' })
    await expect(srTable).toHaveCount(1)
    await expect(srTable.locator('xpath=..')).toHaveClass(/sr-only/)
    await scenarios.getByRole('button', { name: 'Show as table' }).click()
    await expect(scenarios.getByRole('button', { name: 'Show as table' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    const table = scenarios.getByRole('table', { name: 'Scenario share' })
    await expect(table).toBeVisible()
    const shares = await table.locator('tbody tr td:nth-child(2)').allInnerTexts()
    expect(shares.length).toBeGreaterThan(0)
    const sum = shares.reduce((s, v) => s + Number(v.replace('%', '')), 0)
    expect(Math.round(sum * 10)).toBe(1000)
  })

  test('lists its payouts and invoices (50 a page)', async ({ page }) => {
    await signInFresh(page, 'fleet')
    await page.goto('/payout-history')
    await expect(page.getByRole('heading', { name: 'Payout History', level: 1 })).toBeVisible()
    const payouts = page.getByRole('table', { name: 'Payouts' })
    await expect(payouts).toHaveAttribute('aria-busy', 'false')
    const headers = (await payouts.locator('thead th').allInnerTexts()).map((h) => h.trim())
    expect(headers.map((h) => h.toLowerCase())).toEqual([
      'date',
      'description',
      'payment bank',
      'total',
      'status',
    ])
    const statuses = new Set(await columnTexts(page, 'Payouts', 'Status'))
    expect([...statuses].every((s) => s === 'Paid' || s === 'Pending')).toBe(true)
    expect(statuses.has('Paid')).toBe(true)
    await expect(payouts.locator('tbody tr').first()).toContainText('Carbon credit earnings')

    await page.getByRole('tab', { name: 'Invoices' }).click()
    const invoices = page.getByRole('table', { name: 'Invoices' })
    await expect(invoices).toHaveAttribute('aria-busy', 'false')
    const invoiceHeaders = (await invoices.locator('thead th').allInnerTexts()).map((h) =>
      h.trim().toLowerCase(),
    )
    expect(invoiceHeaders).toEqual(['invoice', 'date', 'year payable', 'total'])
    expect(new Set(await columnTexts(page, 'Invoices', 'Invoice')).size).toBeGreaterThan(0)
    for (const number of await columnTexts(page, 'Invoices', 'Invoice'))
      expect(number).toMatch(/^CRX-SBI-\d{6}-FO-FLEET$/)
  })

  test('lists its CPO partners with the split', async ({ page }) => {
    await signInFresh(page, 'fleet')
    await page.goto('/cpo-partners')
    const table = page.getByRole('table', { name: 'CPO Partners' })
    await expect(table).toHaveAttribute('aria-busy', 'false')
    await expect(table.locator('tbody tr')).toHaveCount(2)
    await expect(table).toContainText('SparkGrid Charging')
    await expect(table).toContainText('Voltnet Roaming')
    expect(new Set(await columnTexts(page, 'CPO Partners', 'CPO share'))).toEqual(new Set(['40%']))
    await page.getByLabel('Search by name or code').fill('volt')
    await expect(table.locator('tbody tr')).toHaveCount(1)
  })
})

test.describe('EV carbon data, as the CPO', () => {
  test('sees its own side: records where it is the CPO, its fleet owners ranked, its own payouts', async ({
    page,
  }) => {
    await openCarbonData(page, 'cpo')
    expect(new Set(await columnTexts(page, 'Carbon-credit records', 'CPO Entity Code'))).toEqual(
      new Set(['CPO']),
    )
    await expect(page.getByRole('region', { name: 'Top five fleet owners' })).toBeVisible()
    await page
      .getByRole('combobox', { name: /^Fleet owner/ })
      .selectOption({ label: 'Metro Cab Co-operative' })
    await expect
      .poll(async () => new Set(await columnTexts(page, 'Carbon-credit records', 'FO Entity Code')))
      .toEqual(new Set(['METRO']))

    await page.goto('/payout-history')
    const payouts = page.getByRole('table', { name: 'Payouts' })
    await expect(payouts).toHaveAttribute('aria-busy', 'false')
    await expect(payouts.locator('thead th')).toHaveCount(5)
    await expect(payouts.locator('tbody tr').first()).toContainText('DBS Bank')
  })
})

test.describe('CRX, the carbon exchange', () => {
  test('lands on /crx: its programme and partners, each leading to its details', async ({ page }) => {
    await signInFresh(page, 'crx')
    await page.goto('/')
    await expect(page).toHaveURL(/\/crx$/)
    await expect(
      page.getByRole('heading', { name: 'Fleet Electrification Carbon Programme', level: 1 }),
    ).toBeVisible()
    const fleets = page.getByRole('table', { name: 'Fleet owners' })
    await expect(fleets).toHaveAttribute('aria-busy', 'false')
    await expect(fleets.locator('tbody tr')).toHaveCount(4)
    await expect(page.getByRole('table', { name: 'CPO partners' }).locator('tbody tr')).toHaveCount(2)

    await fleets.getByRole('link', { name: /Lion City Fleet Owners/ }).click()
    await expect(page).toHaveURL(/\/crx\/fo-details\/FLEET$/)
    await expect(page.getByRole('heading', { name: 'Lion City Fleet Owners', level: 1 })).toBeVisible()
    const vehicles = page.getByRole('table', { name: 'Enrolled vehicles' })
    await expect(vehicles).toHaveAttribute('aria-busy', 'false')
    await expect(vehicles.locator('tbody tr').first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'CPO partners' })).toContainText('SparkGrid Charging')

    await page
      .getByRole('region', { name: 'CPO partners' })
      .getByRole('link', { name: 'SparkGrid Charging' })
      .click()
    await expect(page).toHaveURL(/\/crx\/cpo-details\/CPO$/)
    await expect(page.getByRole('region', { name: 'Fleet owner partners' }).locator('tbody tr')).toHaveCount(
      4,
    )
    await expect(page.getByRole('region', { name: 'Top five locations' })).toBeVisible()
  })

  test('sees every partner’s records and payouts; a stranger’s details are not found', async ({ page }) => {
    await openCarbonData(page, 'crx')
    await expect(page.getByRole('region', { name: 'Top five fleet owners' })).toBeVisible()
    // Every partner's records, over all of them: the first page alone may be one CPO's, as the dates fall.
    const cpos = page.getByRole('region', { name: 'Top five CPOs' })
    await cpos.getByRole('button', { name: 'Show as table' }).click()
    await expect.poll(() => cpos.getByRole('table').locator('tbody tr').count()).toBeGreaterThan(1)

    await page.goto('/cpo-payout-history')
    await expect(page.getByRole('heading', { name: 'CPO Payout History', level: 1 })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Payouts' })).toHaveAttribute('aria-busy', 'false')
    const payees = await columnTexts(page, 'Payouts', 'Payee')
    expect(payees.length).toBeGreaterThan(0)
    expect(payees.every((p) => p.includes('CPO'))).toBe(true)

    await page.goto('/crx/fo-details/VEND')
    await expect(page.getByRole('heading', { name: 'Partner not found', level: 1 })).toBeVisible()
  })

  test('creates an emissions category, then edits it; a clash is named on its field', async ({ page }) => {
    await signInFresh(page, 'crx')
    await page.goto('/crx/emissions-category')
    const table = page.getByRole('table', { name: 'Emissions Categories' })
    await expect(table).toHaveAttribute('aria-busy', 'false')
    await expect(table).toContainText('Car (petrol)')
    // A vehicle type and fuel with no category yet (each may have one).
    const taken = new Set(
      (await table.locator('tbody tr').allInnerTexts()).map((row) => {
        const cells = row.split('\t').map((c) => c.trim())
        return `${cells[1] ?? ''}|${cells[2] ?? ''}`
      }),
    )
    const free = [
      ['Truck', 'Petrol'],
      ['LGV', 'Petrol'],
      ['Bus', 'Petrol'],
      ['Motorbike', 'Diesel'],
      ['Truck', 'Diesel and Petrol'],
    ].find(([type, fuel]) => !taken.has(`${type ?? ''}|${fuel ?? ''}`))
    if (!free) throw new Error('no free vehicle type and fuel left')
    const [type = '', fuel = ''] = free
    const name = `E2E ${type} (${fuel.toLowerCase()}) ${String(Date.now() % 100000)}`

    await page.getByRole('link', { name: 'New category' }).click()
    await expect(page).toHaveURL(/\/crx\/emissions-category\/new$/)
    // Nothing filled in: every field says what it needs, and nothing is sent.
    await page.getByRole('button', { name: 'Create category' }).click()
    await expect(page.getByText('Enter a name')).toBeVisible()
    await expect(page.getByText('Choose a vehicle type').last()).toBeVisible()

    // The same name as another category: the server refuses it on the name.
    await page.getByLabel('Name').fill('car (PETROL)')
    await page.getByLabel('Vehicle type').selectOption({ label: type })
    await page.getByLabel('Fuel replaced').selectOption({ label: fuel })
    await page.getByLabel('Emission factor (kg CO2e/kWh)').fill('0.55')
    await expect(page.getByText(/A 30 kWh charge avoids 16\.5 kg CO2e/)).toBeVisible()
    await page.getByRole('button', { name: 'Create category' }).click()
    await expect(page.getByText('Another emissions category already has this name')).toBeVisible()

    await page.getByLabel('Name').fill(name)
    await page.getByRole('button', { name: 'Create category' }).click()
    const toasts = page.getByRole('region', { name: 'Notifications' })
    await expect(toasts.getByRole('listitem', { name: 'Emissions category created' })).toBeVisible()
    await expect(page).toHaveURL(/\/crx\/emissions-category$/)
    const row = table.locator('tbody tr', { hasText: name })
    await expect(row).toContainText('0.550')

    await row.getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { name: 'Edit emissions category', level: 1 })).toBeVisible()
    await expect(page.getByLabel('Emission factor (kg CO2e/kWh)')).toHaveValue('0.550')
    await page.getByLabel('Emission factor (kg CO2e/kWh)').fill('0.5555')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Use at most 3 decimals')).toBeVisible()
    await page.getByLabel('Emission factor (kg CO2e/kWh)').fill('0.565')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(toasts.getByRole('listitem', { name: 'Emissions category saved' })).toBeVisible()
    await expect(table.locator('tbody tr', { hasText: name })).toContainText('0.565')
  })
})

test('an organisation without carbon credits is told so on the carbon screens', async ({ page }) => {
  await signInFresh(page, 'vending')
  await page.goto('/ev-carbon-data')
  await expect(page.getByRole('heading', { name: 'Carbon credits are not enabled' })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Carbon-credit records' })).toHaveCount(0)
})
