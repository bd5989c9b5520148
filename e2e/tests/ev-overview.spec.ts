import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/*
 * The CPO and EMSP homes, EV devices and EMSP users (docs/decisions/0026-ev-home-users-devices.md), for the demo
 * users cpo, emsp and fleet, on the seeded demo data.
 */

/** The number a figure card shows (its value line), e.g. 154 from "Sessions 154". */
async function figure(page: Page, row: string, label: string): Promise<number> {
  const card = page.getByRole('region', { name: row }).getByText(label, { exact: true }).locator('..')
  const value = await card.locator('span').nth(2).innerText()
  return Number(value.replace(/[^\d.]/g, ''))
}

test.describe('EV overview, as the CPO', () => {
  test.use({ user: 'cpo' })

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
    await page.goto('/')
    await expect(page).toHaveURL(/\/cpo$/)
  })

  test('lands on the network overview with its figures, and a figure opens the list behind it', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { name: 'Charging network overview', level: 1 })).toBeVisible()
    await expect(page.getByText('SparkGrid Charging · charge point operator')).toBeVisible()
    const today = page.getByRole('region', { name: 'Today' })
    const month = page.getByRole('region', { name: 'This month' })
    await expect(today.getByText('Revenue', { exact: true })).toBeVisible()
    await expect(month.getByText('Refunds issued', { exact: true })).toBeVisible()
    // The month holds at least today's sessions; the demo network charges every day.
    const todaySessions = await figure(page, 'Today', 'Sessions')
    const monthSessions = await figure(page, 'This month', 'Sessions')
    expect(todaySessions).toBeGreaterThan(0)
    expect(monthSessions).toBeGreaterThanOrEqual(todaySessions)

    const network = page.getByRole('region', { name: 'Network' })
    await expect(network.getByText('EVSEs by status')).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'Top locations this month' }).locator('tbody tr'),
    ).toHaveCount(5)
    await expect(page.getByRole('figure', { name: /Sessions per day over the last 30 days/ })).toBeAttached()

    // An EVSE status opens the charge locations with that status, in every country.
    await network.getByRole('link', { name: /^AVAILABLE/ }).click()
    await expect(page).toHaveURL(/\/charge-locations\?evse_status=AVAILABLE&country=ALL/)
    await page.goBack()

    // "Plugged in now" opens the sessions list on the running sessions of this CPO.
    await today.getByRole('link', { name: /Plugged in now/ }).click()
    await expect(page).toHaveURL(/\/ev-charging-sessions\?status=ACTIVE&status=HOGGING&cpo=CPO/)
    const sessions = page.getByRole('table', { name: 'Charging sessions' })
    await expect(sessions).toHaveAttribute('aria-busy', 'false')
    await expect(sessions.locator('tbody tr').first()).toBeVisible()
    const headers = (await sessions.locator('thead th').allInnerTexts()).map((h) => h.trim().toLowerCase())
    const statusColumn = headers.indexOf('charging status') + 1
    const statuses = await sessions.locator(`tbody tr td:nth-child(${String(statusColumn)})`).allInnerTexts()
    expect(statuses.length).toBeGreaterThan(0)
    for (const status of statuses) expect(['ACTIVE', 'HOGGING']).toContain(status.trim())
  })

  test('the offline chargers figure opens the devices list filtered to them', async ({ page }) => {
    const network = page.getByRole('region', { name: 'Network' })
    const offline = network.getByRole('link', { name: /^Offline/ })
    const count = Number((await offline.innerText()).replace(/\D/g, ''))
    await offline.click()
    await expect(page).toHaveURL(/\/ev-devices\?connectivity=OFFLINE/)
    const table = page.getByRole('table', { name: 'EV Devices' })
    await expect(table).toHaveAttribute('aria-busy', 'false')
    await expect(page.getByText(new RegExp(`^${String(count)} chargers?$`))).toBeVisible()
    if (count > 0) await expect(table.locator('tbody tr').first()).toContainText('Offline')
  })

  test('EV devices: the list filters, and a charger opens with its EVSEs and sessions', async ({ page }) => {
    await page.goto('/ev-devices')
    await expect(page.getByRole('heading', { name: 'EV Devices', level: 1 })).toBeVisible()
    const table = page.getByRole('table', { name: 'EV Devices' })
    await expect(table).toHaveAttribute('aria-busy', 'false')
    await expect(table.locator('tbody tr')).toHaveCount(20)
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText(/1–20 of \d+/)

    // Filter on the OCPP status: every row shows it.
    await page.getByRole('button', { name: 'OCPP status' }).click()
    await page.getByRole('checkbox', { name: 'AVAILABLE', exact: true }).check()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/ocpp_status=AVAILABLE/)
    await expect(table).toHaveAttribute('aria-busy', 'false')
    // The third cell: after the row selection (bulk actions) and the identity.
    const statuses = await table.locator('tbody tr td:nth-child(3)').allInnerTexts()
    expect(statuses.length).toBeGreaterThan(0)
    expect(new Set(statuses.map((s) => s.trim()))).toEqual(new Set(['AVAILABLE']))

    // Open the first charger.
    const first = table.locator('tbody tr').first().getByRole('link')
    const serial = (await first.innerText()).trim()
    await first.click()
    await expect(page).toHaveURL(/\/ev-devices\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { name: serial, level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Charger' })).toContainText('Firmware')
    await expect(page.getByRole('region', { name: 'Location' })).toBeVisible()
    await expect(page.getByRole('table', { name: /^Connectors of EVSE / }).first()).toBeVisible()
    const recent = page.getByRole('table', { name: 'Recent sessions' })
    await expect(recent.locator('tbody tr').first()).toBeVisible()

    // A session opens on the sessions list with its detail panel.
    await recent.locator('tbody tr').first().getByRole('link').click()
    await expect(page).toHaveURL(/\/ev-charging-sessions\?session=/)
    await expect(page.getByTestId('charging-session-detail')).toBeVisible()
  })
})

test.describe('EV overview, as the EMSP', () => {
  test.use({ user: 'emsp' })

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
    await page.goto('/')
    await expect(page).toHaveURL(/\/emsp$/)
  })

  test("lands on its customers' overview with app users and CPO partners", async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Customer charging overview', level: 1 })).toBeVisible()
    expect(await figure(page, 'This month', 'Customer sessions')).toBeGreaterThan(0)
    const users = page.getByRole('region', { name: 'App users' })
    await expect(users.getByText('All app users')).toBeVisible()
    const partners = page.getByRole('table', { name: 'Top CPO partners this month' })
    await expect(partners).toContainText('SparkGrid Charging')

    // The registered users figure opens the users list filtered to them.
    await users.getByRole('link', { name: /^Registered/ }).click()
    await expect(page).toHaveURL(/\/users\?registered=true/)
    const table = page.getByRole('table', { name: 'Users' })
    await expect(table).toHaveAttribute('aria-busy', 'false')
    const registered = await table.locator('tbody tr td:nth-child(6)').allInnerTexts()
    expect(new Set(registered.map((s) => s.trim()))).toEqual(new Set(['Registered']))
  })

  test('Users: search, then a user with sessions opens with totals and recent sessions', async ({ page }) => {
    await page.goto('/users')
    await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible()
    const table = page.getByRole('table', { name: 'Users' })
    await expect(table).toHaveAttribute('aria-busy', 'false')
    await expect(table.locator('tbody tr')).toHaveCount(20)

    // Search by a user's email: that user alone.
    const email = (await table.locator('tbody tr').nth(3).locator('td').nth(2).innerText()).trim()
    await page.getByLabel('Search name, mobile, email or plate').fill(email)
    await expect(page).toHaveURL(/search=/)
    await expect(table.locator('tbody tr')).toHaveCount(1)
    await expect(table.locator('tbody tr')).toContainText(email)
    await page.getByLabel('Search name, mobile, email or plate').fill('')
    await expect(table.locator('tbody tr')).toHaveCount(20)

    // The first user who charged this month.
    const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.trim().toLowerCase())
    const monthColumn = headers.indexOf('sessions this month') + 1
    const counts = await table.locator(`tbody tr td:nth-child(${String(monthColumn)})`).allInnerTexts()
    const index = counts.findIndex((c) => Number(c) > 0)
    expect(index).toBeGreaterThanOrEqual(0)
    const link = table.locator('tbody tr').nth(index).getByRole('link')
    const name = (await link.innerText()).trim()
    await link.click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText('Mobile Number')
    expect(await figure(page, 'This month (Singapore time)', 'Sessions')).toBe(Number(counts[index]))
    const recent = page.getByRole('table', { name: 'Recent sessions' })
    await expect(recent.locator('tbody tr').first()).toBeVisible()
    await recent.locator('tbody tr').first().getByRole('link').click()
    await expect(page).toHaveURL(/\/ev-charging-sessions\?session=/)
    await expect(page.getByTestId('charging-session-detail')).toBeVisible()
  })
})

test('a fleet owner landing on /emsp sees an honest empty state and its own screens', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.clear())
  await signIn(page, 'fleet')
  await page.goto('/')
  await expect(page).toHaveURL(/\/emsp$/)
  await expect(page.getByRole('heading', { name: 'No charging customers yet' })).toBeVisible()
  const elsewhere = page.getByRole('navigation', { name: "Your organisation's screens" })
  await elsewhere.getByRole('link', { name: 'EV Carbon Data' }).click()
  await expect(page).toHaveURL(/\/ev-carbon-data/)
})
