import type { APIRequestContext, Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'
import type { TariffDetail } from '@portal/contract'
import { formatMoney, previewSessionCost } from '@portal/contract'
import { DEMO_PASSWORD } from './support'

/*
 * Tariffs for the CPO (/tariff) and Voltnet (/voltnet/tariffs): the list with its filters, a tariff's prices with
 * tax (price × (100 + vat) / 100), and the cost preview agreeing with the contract's previewSessionCost.
 */

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
  if (index < 0) throw new Error(`No column ${header} among ${headers.join(', ')}`)
  return table(page, title)
    .locator(`tbody tr td:nth-child(${String(index + 1)})`)
    .allInnerTexts()
}

/** The tariff as the API returns it, read with the user's own token. */
async function tariffOf(request: APIRequestContext, user: string, uid: string): Promise<TariffDetail> {
  const login = await request.post('/api/main/iam/login', {
    data: { username: user, password: DEMO_PASSWORD },
  })
  const token = ((await login.json()) as { data: { token: string } }).data.token
  const r = await request.get(`/api/charging/pricing/tariffs/${uid}`, {
    headers: { Authorization: `Token ${token}` },
  })
  expect(r.status()).toBe(200)
  return ((await r.json()) as { data: { tariff: TariffDetail } }).data.tariff
}

/** Opens a tariff from the list by its external id; returns its uid (the last segment of the URL). */
async function openTariff(page: Page, title: string, externalId: string, base: string): Promise<string> {
  await rows(page, title).filter({ hasText: externalId }).getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`${base}/[0-9a-f-]+$`))
  await expect(page.getByText(externalId).first()).toBeVisible()
  return new URL(page.url()).pathname.split('/').pop() ?? ''
}

/** Types a sample session into the preview and checks every figure against previewSessionCost. */
async function checkPreview(page: Page, tariff: TariffDetail) {
  const preview = page.getByRole('region', { name: 'Cost preview' })
  // Monday 23 Nov 2026, 08:30 in the tariff's local time (UTC+8): peak hours where a tariff has them.
  await preview.getByLabel('Start (UTC+08:00)').fill('2026-11-23T08:30')
  await preview.getByLabel('Energy delivered (kWh)').fill('31.4')
  await preview.getByLabel('Charging time (minutes)').fill('50')
  await preview.getByLabel('Grace period (minutes)').fill('10')
  await preview.getByLabel('Blackout (minutes)').fill('5')
  await preview.getByLabel('Idling (minutes)').fill('12')
  const expected = previewSessionCost(tariff, {
    start: Date.UTC(2026, 10, 23, 0, 30),
    energy_kwh: 31.4,
    charging_minutes: 50,
    grace_minutes: 10,
    blackout_minutes: 5,
    parking_minutes: 12,
  })
  const money = (minor: number) => formatMoney(minor, tariff.currency)
  const results = preview.getByTestId('cost-preview-results')
  for (const [id, pair] of [
    ['energy', expected.energy],
    ['time', expected.time],
    ['parking_time', expected.parking_time],
    ['flat', expected.flat],
    ['total', expected.total],
  ] as const) {
    const cells = results.getByTestId(`preview-${id}`).locator('td')
    await expect(cells.nth(0)).toHaveText(money(pair.excl_vat))
    await expect(cells.nth(1)).toHaveText(money(pair.incl_vat))
  }
  expect(expected.total.incl_vat).toBeGreaterThan(expected.total.excl_vat)

  // A bad input: a message on the field, no figures; corrected: the figures are back.
  await preview.getByLabel('Energy delivered (kWh)').fill('lots')
  await expect(preview.getByText('Enter a number, such as 12.5')).toBeVisible()
  await expect(results.getByTestId('preview-total')).toHaveCount(0)
  await preview.getByLabel('Energy delivered (kWh)').fill('31.4')
  await expect(results.getByTestId('preview-total').locator('td').nth(1)).toHaveText(
    money(expected.total.incl_vat),
  )
}

test.describe('Tariffs, as the CPO', () => {
  const TITLE = 'Tariffs'
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
    await openList(page, 'cpo', '/tariff', TITLE)
  })

  test("lists the entity's tariffs, newest update first, on one page", async ({ page }) => {
    const headers = (await table(page, TITLE).locator('thead th').allInnerTexts()).map((h) =>
      h.trim().toLowerCase(),
    )
    expect(headers).toEqual([
      'name',
      'external id',
      'validity',
      'currency',
      'kwh excl. tax',
      'kwh incl. tax',
      'hogging fee',
      'last updated',
    ])
    const ids = await columnTexts(page, TITLE, 'External ID')
    expect(ids.length).toBeGreaterThanOrEqual(6)
    expect(ids.length).toBeLessThan(25)
    expect(ids.every((id) => id.startsWith('CPO-'))).toBe(true)
    expect(new Set(await columnTexts(page, TITLE, 'Currency'))).toEqual(new Set(['SGD', 'MYR']))
    // The badge (its date is in the cell for screen readers and on hover).
    const validity = (await columnTexts(page, TITLE, 'Validity')).map((v) => v.trim().split(/\s/)[0])
    expect(new Set(validity)).toEqual(new Set(['Active', 'Scheduled', 'Expired']))
    // A short page: no probe, no next page (B §4).
    await expect(page.getByRole('button', { name: /next/i })).toBeDisabled()
  })

  test('filters by external id and by the last-update range', async ({ page }) => {
    await page.getByLabel('External ID').fill('-dc-')
    await expect(page).toHaveURL(/external_id=-dc-/)
    await expect(table(page, TITLE)).toHaveAttribute('aria-busy', 'false')
    await expect
      .poll(async () => (await columnTexts(page, TITLE, 'External ID')).every((id) => id.includes('-DC-')))
      .toBe(true)
    expect((await columnTexts(page, TITLE, 'External ID')).length).toBeGreaterThan(0)

    // Updated from far in the future: nothing; clearing the dates brings them back.
    await page.getByLabel('From', { exact: true }).fill('2099-01-01T00:00')
    await expect(page).toHaveURL(/from=\d{13}/)
    await expect(page.getByText('No tariffs')).toBeVisible()
    await page.getByRole('button', { name: 'Clear dates' }).click()
    await expect(rows(page, TITLE).first()).toBeVisible()
    await expect(page).not.toHaveURL(/from=/)
  })

  test('opens a tariff: prices with 9 % GST, restrictions and steps in words', async ({ page }) => {
    await openTariff(page, TITLE, 'CPO-AC-STANDARD-SG', '/tariff')
    await expect(page.getByRole('heading', { name: 'AC Standard (SG)', level: 1 })).toBeVisible()
    const energy = page.getByTestId('component-ENERGY').first()
    // 0.55 × (100 + 9) / 100 = 0.5995.
    await expect(energy.getByTestId('price-excl')).toHaveText('0.55/kWh')
    await expect(energy.getByTestId('vat')).toHaveText('9 %')
    await expect(energy.getByTestId('price-incl')).toHaveText('0.5995/kWh')
    await expect(energy).toContainText('Per Wh')
    const hogging = page.getByTestId('component-PARKING_TIME')
    // 12.00 an hour (0.20 a minute), 13.08 with GST, per started minute.
    await expect(hogging.getByTestId('price-excl')).toContainText('12.00/h')
    await expect(hogging.getByTestId('price-excl')).toContainText('0.20/min')
    await expect(hogging.getByTestId('price-incl')).toContainText('13.08/h')
    await expect(hogging).toContainText('Per started minute')

    await page.getByRole('link', { name: '← Tariffs' }).click()
    await openTariff(page, TITLE, 'CPO-AC-PEAK-OFFPEAK-SG', '/tariff')
    await expect(page.getByTestId('element-when')).toHaveText([
      'Weekdays 07:00–23:00',
      'Weekends 07:00–23:00',
      'At all other times',
    ])
  })

  test('the cost preview totals what previewSessionCost does for the inputs typed', async ({
    page,
    request,
  }) => {
    const uid = await openTariff(page, TITLE, 'CPO-DC-FAST-SG', '/tariff')
    await checkPreview(page, await tariffOf(request, 'cpo', uid))
  })

  test("another entity's tariff is not found", async ({ page, request }) => {
    const login = await request.post('/api/main/iam/login', {
      data: { username: 'voltnet', password: DEMO_PASSWORD },
    })
    const token = ((await login.json()) as { data: { token: string } }).data.token
    const list = await request.get('/api/charging/pricing/tariffs?limit=1', {
      headers: { Authorization: `Token ${token}` },
    })
    const [volt] = ((await list.json()) as { data: { tariffs: { uid: string }[] } }).data.tariffs
    await page.goto(`/tariff/${volt?.uid ?? 'none'}`)
    await expect(page.getByRole('heading', { name: 'Tariff not found', level: 1 })).toBeVisible()
  })
})

test.describe('Tariffs, as Voltnet', () => {
  const TITLE = 'Voltnet tariffs'
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
    await openList(page, 'voltnet', '/voltnet/tariffs', TITLE)
  })

  test('lists Voltnet tariffs in SGD and MYR and filters them', async ({ page }) => {
    const ids = await columnTexts(page, TITLE, 'External ID')
    expect(ids.every((id) => id.startsWith('VOLT-'))).toBe(true)
    await page.getByLabel('External ID').fill('-MY')
    await expect(page).toHaveURL(/external_id=-MY/)
    await expect
      .poll(async () => new Set(await columnTexts(page, TITLE, 'Currency')))
      .toEqual(new Set(['MYR']))
  })

  test('opens a Malaysian tariff: 8 % service tax, and the preview agrees with the contract', async ({
    page,
    request,
  }) => {
    const uid = await openTariff(page, TITLE, 'VOLT-AC-SIMPLE-MY', '/voltnet/tariffs')
    const energy = page.getByTestId('component-ENERGY')
    // 0.95 × (100 + 8) / 100 = 1.026.
    await expect(energy.getByTestId('price-excl')).toHaveText('0.95/kWh')
    await expect(energy.getByTestId('vat')).toHaveText('8 %')
    await expect(energy.getByTestId('price-incl')).toHaveText('1.026/kWh')
    await expect(page.getByRole('link', { name: '← Voltnet tariffs' })).toHaveAttribute(
      'href',
      '/voltnet/tariffs',
    )
    await checkPreview(page, await tariffOf(request, 'voltnet', uid))
  })
})
