import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** B §3 "Driver": the columns, all on, in order. */
const COLUMNS = ['Users', 'Mobile Number', 'Email', 'Nationality', 'Created On']

const table = (page: Page, name: string) => page.getByRole('table', { name })
const rows = (page: Page, name: string) => table(page, name).locator('tbody tr')

async function settled(page: Page, name: string) {
  await expect(table(page, name)).toHaveAttribute('aria-busy', 'false')
  await expect(rows(page, name).first()).toBeVisible()
}

/** The texts of one column, found by its header. */
async function columnTexts(page: Page, name: string, header: string): Promise<string[]> {
  const headers = (await table(page, name).locator('thead th').allInnerTexts()).map((h) =>
    h.trim().toLowerCase(),
  )
  const index = headers.indexOf(header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header}`)
  return (
    await table(page, name)
      .locator(`tbody tr td:nth-child(${String(index + 1)})`)
      .allInnerTexts()
  ).map((s) => s.trim())
}

/** Orders the list by a column: a click on its header (B §9's sorts are the Users and Created On headers). */
async function sortBy(page: Page, name: string, header: string, direction: 'ascending' | 'descending') {
  const column = table(page, name).getByRole('columnheader', { name: header })
  await column.getByRole('button').click()
  if ((await column.getAttribute('aria-sort')) !== direction) await column.getByRole('button').click()
  await expect(column).toHaveAttribute('aria-sort', direction)
  await settled(page, name)
}

/** The Users cells hold the name and, for some, a "Not registered" badge. */
const namesOf = async (page: Page, name: string) =>
  (await columnTexts(page, name, 'Users')).map((s) => s.replace(/\s*Not registered$/, ''))
const timesOf = async (page: Page, name: string) =>
  (await columnTexts(page, name, 'Created On')).map((d) => Date.parse(d))

/** A local calendar day as a date input takes it. */
const dayOf = (ms: number) => {
  const d = new Date(ms)
  return `${String(d.getFullYear())}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** A Hong Kong mobile number (+852 5xxx xxxx) no seeded driver has, new on every call. */
let seq = 0
const newMobile = () =>
  `5${String((Date.now() % 1_000_000) * 10 + (++seq % 10))
    .slice(-7)
    .padStart(7, '0')}`

test.describe('Drivers, as voltnet', () => {
  test.use({ user: 'voltnet' })

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Drivers' }).click()
    await expect(page).toHaveURL(/\/drivers$/)
    await expect(page.getByRole('heading', { name: 'Drivers', level: 1 })).toBeVisible()
    await settled(page, 'Drivers')
  })

  test('lists the drivers with the columns of B §3, newest first, 20 a page with a next page', async ({
    page,
  }) => {
    const headers = (await table(page, 'Drivers').locator('thead th').allInnerTexts()).map((h) => h.trim())
    expect(headers.map((h) => h.toLowerCase())).toEqual(COLUMNS.map((c) => c.toLowerCase()))
    await expect(rows(page, 'Drivers')).toHaveCount(20)
    const times = await timesOf(page, 'Drivers')
    expect(times).toEqual([...times].sort((a, b) => b - a))
    await expect(page.getByRole('button', { name: /next/i })).toBeEnabled()
    await page.getByRole('button', { name: /next/i }).click()
    await expect(page).toHaveURL(/page=2/)
    await settled(page, 'Drivers')
    // Polled: the address changes a moment before the list starts loading the next page.
    await expect
      .poll(async () => Math.max(...(await timesOf(page, 'Drivers'))))
      .toBeLessThanOrEqual(Math.min(...times))
  })

  test('filters by nationality and name on the server, sorts A to Z, and a row opens the driver', async ({
    page,
  }) => {
    await page.getByLabel('Nationality').selectOption('Thai')
    await expect(page).toHaveURL(/nationality=Thai/)
    await settled(page, 'Drivers')
    await expect
      .poll(async () => new Set(await columnTexts(page, 'Drivers', 'Nationality')))
      .toEqual(new Set(['Thai']))

    await sortBy(page, 'Drivers', 'Users', 'ascending')
    await expect(page).toHaveURL(/sort=name&order=asc/)
    const names = await namesOf(page, 'Drivers')
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })))

    const first = names[0] ?? ''
    const word = first.split(' ')[0] ?? ''
    await page.getByRole('searchbox', { name: 'Name' }).fill(word.toLowerCase())
    await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(word.toLowerCase())}`))
    await settled(page, 'Drivers')
    await expect
      .poll(async () =>
        (await namesOf(page, 'Drivers')).every((n) => n.toLowerCase().includes(word.toLowerCase())),
      )
      .toBe(true)

    await rows(page, 'Drivers').first().getByRole('link').click()
    await expect(page).toHaveURL(/\/drivers\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first)
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Thai')
    await expect(page.getByRole('region', { name: 'Recent charging sessions' })).toBeVisible()
  })

  test('adds one driver: a message per field, then the driver at the top of the list', async ({ page }) => {
    // Three submits and two list loads: more than the default 30 s on a busy machine.
    test.slow()
    await page.getByRole('link', { name: 'Add drivers' }).click()
    await expect(page).toHaveURL(/\/drivers\/add-drivers$/)
    const form = page.getByRole('form', { name: 'Add one driver' })
    await form.getByRole('button', { name: 'Add driver' }).click()
    await expect(form.getByText('Name is required')).toBeVisible()
    await expect(form.getByText('Choose a nationality').last()).toBeVisible()

    const name = `Playwright Driver ${String(Date.now() % 100000)}`
    const mobile = newMobile()
    await form.getByLabel('Name').fill(name)
    await form.getByLabel('Email').fill('not-an-email')
    await form.getByLabel('Country code').selectOption('852')
    await form.getByLabel('Mobile number').fill(`${mobile.slice(0, 4)} ${mobile.slice(4)}`)
    await form.getByLabel('Nationality').selectOption('Singaporean')
    await form.getByLabel('Registered in the app').check()
    await form.getByLabel('Voltnet Roaming (VOLT)').check()
    await form.getByRole('button', { name: 'Add driver' }).click()
    await expect(form.getByText('Not a valid email address')).toBeVisible()

    await form.getByLabel('Email').fill('playwright.driver@example.com')
    await form.getByRole('button', { name: 'Add driver' }).click()
    await expect(page.getByText('Driver added')).toBeVisible()
    await expect(form.getByLabel('Name')).toHaveValue('')

    // The same number again: the server refuses it beside the field.
    await form.getByLabel('Name').fill('Someone Else')
    await form.getByLabel('Email').fill('someone@example.com')
    await form.getByLabel('Country code').selectOption('852')
    await form.getByLabel('Mobile number').fill(mobile)
    await form.getByLabel('Nationality').selectOption('Thai')
    await form.getByRole('button', { name: 'Add driver' }).click()
    await expect(form.getByText(/A driver with this mobile number already exists/)).toBeVisible()

    await page.getByRole('link', { name: '← Drivers' }).click()
    await settled(page, 'Drivers')
    expect((await namesOf(page, 'Drivers'))[0]).toBe(name)
    expect((await columnTexts(page, 'Drivers', 'Mobile Number'))[0]).toBe(
      `+852 ${mobile.slice(0, 4)} ${mobile.slice(4)}`,
    )
  })
})

test.describe('Limo drivers, as limo', () => {
  test.use({ user: 'limo' })

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Limo Drivers' }).click()
    await expect(page).toHaveURL(/\/limo\/drivers$/)
    await settled(page, 'Limo Drivers')
  })

  test('pages by 10 in the portal and sorts four ways (B §9)', async ({ page }) => {
    await expect(rows(page, 'Limo Drivers')).toHaveCount(10)
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/1–10 of \d+/)
    const latest = await timesOf(page, 'Limo Drivers')
    expect(latest).toEqual([...latest].sort((a, b) => b - a))

    await sortBy(page, 'Limo Drivers', 'Created On', 'ascending')
    const earliest = await timesOf(page, 'Limo Drivers')
    expect(earliest).toEqual([...earliest].sort((a, b) => a - b))
    expect(Math.max(...earliest)).toBeLessThanOrEqual(Math.min(...latest))

    const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })
    await sortBy(page, 'Limo Drivers', 'Users', 'ascending')
    const az = await namesOf(page, 'Limo Drivers')
    expect(az).toEqual([...az].sort(byName))

    await sortBy(page, 'Limo Drivers', 'Users', 'descending')
    const za = await namesOf(page, 'Limo Drivers')
    expect(za).toEqual([...za].sort(byName).reverse())
    expect(byName(za[0] ?? '', az[0] ?? '')).toBeGreaterThan(0)

    // Page 2 of Z to A continues where page 1 ended.
    await page.getByRole('button', { name: 'Page 2' }).click()
    await settled(page, 'Limo Drivers')
    const za2 = await namesOf(page, 'Limo Drivers')
    expect(byName(za2[0] ?? '', za[za.length - 1] ?? '')).toBeLessThanOrEqual(0)
  })

  test('the created range includes a driver created on its end day (B §5)', async ({ page }) => {
    const [newest] = await namesOf(page, 'Limo Drivers')
    const [newestAt] = await timesOf(page, 'Limo Drivers')
    const day = dayOf(newestAt ?? 0)
    const dayBefore = dayOf((newestAt ?? 0) - 86_400_000)

    await page.getByLabel('From', { exact: true }).fill(dayBefore)
    await page.getByLabel('To', { exact: true }).fill(day)
    await expect(page).toHaveURL(new RegExp(`to=${day}`))
    await settled(page, 'Limo Drivers')
    expect(await namesOf(page, 'Limo Drivers')).toContain(newest)
    for (const t of await timesOf(page, 'Limo Drivers')) expect([dayBefore, day]).toContain(dayOf(t))

    // Ending the day before leaves that driver out.
    await page.getByLabel('From', { exact: true }).fill(dayOf((newestAt ?? 0) - 30 * 86_400_000))
    await page.getByLabel('To', { exact: true }).fill(dayBefore)
    await expect(table(page, 'Limo Drivers')).toHaveAttribute('aria-busy', 'false')
    await expect(table(page, 'Limo Drivers')).not.toContainText(newest ?? '')
  })

  test('imports a csv file: a preview, then a report with the rejected row and why', async ({ page }) => {
    await page.getByRole('link', { name: 'Add drivers' }).click()
    await expect(page).toHaveURL(/\/limo\/drivers\/add-drivers$/)
    await expect(page.getByRole('heading', { name: 'Add Limo Drivers', level: 1 })).toBeVisible()
    const stamp = String(Date.now() % 100000)
    const [a, b, c] = [newMobile(), newMobile(), newMobile()]
    const csv = [
      'name,dialCode,mobileNumber,email,nationality,isRegistered,licensePlate',
      `Import One ${stamp},852,${a},one@example.com,Singaporean,yes,SLA1234A`,
      `Import Two ${stamp},852,${b},two@example.com,Malaysian,no,`,
      `Import Bad ${stamp},852,${c},not-an-email,Thai,yes,`,
    ].join('\r\n')
    await page
      .getByLabel('CSV file', { exact: true })
      .setInputFiles({ name: 'limo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })

    const preview = page.getByRole('region', { name: 'Preview' })
    await expect(preview).toContainText('limo.csv: 3 rows — 2 ready to add, 1 with problems.')
    await expect(preview.getByRole('table', { name: 'Rows of the file' }).locator('tbody tr')).toHaveCount(3)
    await preview.getByRole('button', { name: 'Import 2 drivers' }).click()

    const report = page.getByRole('region', { name: 'Import report' })
    await expect(report).toContainText('2 added, 1 rejected.')
    const rejected = report.getByRole('row', { name: new RegExp(`Import Bad ${stamp}`) })
    await expect(rejected).toContainText('Rejected')
    await expect(rejected).toContainText('Email: not a valid email address')
    await expect(report.getByRole('row', { name: new RegExp(`Import One ${stamp}`) })).toContainText('Added')
    await expect(report.getByRole('button', { name: 'Download rejected rows' })).toBeVisible()

    await report.getByRole('link', { name: 'View drivers' }).click()
    await expect(page).toHaveURL(/\/limo\/drivers$/)
    await settled(page, 'Limo Drivers')
    const names = await namesOf(page, 'Limo Drivers')
    expect(names).toContain(`Import One ${stamp}`)
    expect(names).toContain(`Import Two ${stamp}`)
    expect(names).not.toContain(`Import Bad ${stamp}`)
  })
})
