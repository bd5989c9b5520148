import type { Page, Request } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

const DEFAULT_ITEM_COLUMNS = [
  'Username',
  'Serial Number',
  'Alias',
  'Location',
  'Item',
  'Funds',
  'Status',
  'Payment Method',
  'Date',
]
const TRANSACTION_COLUMNS = [
  'UUID',
  'Order UUID',
  'Username',
  'Amount',
  'Txn Type',
  'Status',
  'Payment Method',
  'Payment Type',
  'Date',
  'Entity Refer/Out Trade No.',
  'Payment Refer No.',
]

const table = (page: Page, name: string) => page.getByRole('table', { name })
const settled = (page: Page, name: string) =>
  expect(table(page, name)).toHaveAttribute('aria-busy', 'false', { timeout: 15_000 })

async function headers(page: Page, name: string): Promise<string[]> {
  return (await table(page, name).locator('thead th').allTextContents())
    .map((h) => h.trim())
    .filter((h) => h !== '')
}

async function column(page: Page, name: string, header: string): Promise<string[]> {
  const index = (await table(page, name).locator('thead th').allTextContents()).findIndex(
    (h) => h.trim() === header,
  )
  if (index < 0) throw new Error(`No column ${header}`)
  return table(page, name)
    .locator(`tbody tr td:nth-child(${String(index + 1)})`)
    .allInnerTexts()
}

const bodyOf = (r: Request) => r.postDataJSON() as Record<string, unknown>
const isItems = (r: Request) => r.url().endsWith('/iot/orders/items-filter') && r.method() === 'POST'

/** B §9: seven days before the start of today to 23:59:59 today, in whole seconds. */
function defaultRange() {
  const now = new Date()
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 7).getTime() / 1000
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 23, 59, 59).getTime() / 1000
  return { start, end }
}

test.describe('Machine orders and transactions, as the vending operator', () => {
  test.use({ user: 'vending' })

  test('machine sales open on the last seven days with the default columns and 50 rows', async ({ page }) => {
    const request = page.waitForRequest(isItems)
    await page.goto('/machine-orders')
    const body = bodyOf(await request)
    expect(body).toMatchObject({ limit: 50, offset: 0, ...defaultRange() })
    await settled(page, 'Machine Sales')
    expect(await headers(page, 'Machine Sales')).toEqual(DEFAULT_ITEM_COLUMNS)
    await expect(table(page, 'Machine Sales').locator('tbody tr')).toHaveCount(50)
    await expect(page.getByText(/^[\d,]+ items$/)).toBeVisible()
  })

  test('the Failed shortcut opens with status 4 and the given times in seconds', async ({ page }) => {
    const { start, end } = defaultRange()
    const request = page.waitForRequest(isItems)
    await page.goto(`/machine-orders?status=4&start=${String(start)}&end=${String(end)}`)
    expect(bodyOf(await request)).toMatchObject({ status_list: [4], start, end })
    await settled(page, 'Machine Sales')
    const statuses = await column(page, 'Machine Sales', 'Status')
    expect(statuses.length).toBeGreaterThan(0)
    for (const s of statuses) expect(s).toBe('Failed')
  })

  test('a machine page links to its failed sales of today', async ({ page }) => {
    await page.goto('/machines/1')
    const link = page.getByRole('link', { name: 'Failed sales today' })
    await expect(link).toBeVisible()
    await link.click()
    await expect(page).toHaveURL(/\/machine-orders\?status=4&start=\d+&end=\d+&machine=1/)
    await settled(page, 'Machine Sales')
  })

  test('filters, changes columns and pages the order items', async ({ page }) => {
    await page.goto('/machine-orders')
    await settled(page, 'Machine Sales')
    // A filter: payment method status Success only.
    const filtered = page.waitForRequest(
      (r) => isItems(r) && JSON.stringify(bodyOf(r)).includes('"status_list":[3]'),
    )
    await page.getByRole('button', { name: 'Statuses' }).click()
    await page.getByRole('dialog', { name: 'Statuses' }).getByLabel('Success').check()
    await page.keyboard.press('Escape')
    await filtered
    await expect(page).toHaveURL(/status=3/)
    await settled(page, 'Machine Sales')
    for (const s of await column(page, 'Machine Sales', 'Status')) expect(s).toBe('Success')

    // A column change: Order No. on, Location off.
    await page.getByRole('button', { name: /Columns/ }).click()
    await page.getByRole('dialog', { name: 'Show columns' }).getByLabel('Order No.').check()
    await page.getByRole('dialog', { name: 'Show columns' }).getByLabel('Location').uncheck()
    await page.keyboard.press('Escape')
    const shown = await headers(page, 'Machine Sales')
    expect(shown).toContain('Order No.')
    expect(shown).not.toContain('Location')

    // A page change: offset 50, other rows, the count not asked again.
    const firstPage = await column(page, 'Machine Sales', 'Order No.')
    let counted = 0
    page.on('request', (r) => {
      if (r.url().endsWith('/iot/orders/items/count')) counted++
    })
    const next = page.waitForRequest((r) => isItems(r) && bodyOf(r).offset === 50)
    await page.getByRole('button', { name: 'Next' }).click()
    await next
    await expect(page).toHaveURL(/page=2/)
    await settled(page, 'Machine Sales')
    const secondPage = await column(page, 'Machine Sales', 'Order No.')
    expect(secondPage.length).toBeGreaterThan(0)
    expect(secondPage.join()).not.toEqual(firstPage.join())
    expect(counted).toBe(0)
  })

  test('an order shows its items, stages and payments', async ({ page }) => {
    await page.goto('/machine-orders?status=4')
    await settled(page, 'Machine Sales')
    await table(page, 'Machine Sales').locator('tbody tr').first().locator('a').first().click()
    await expect(page).toHaveURL(/\/machine-orders\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { name: /^Order MO\d+$/ })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Stages' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Payments' })).toBeVisible()
    await expect(page.getByText(/\d\. (Payment|Dispense)/).first()).toBeVisible()
  })

  test('transactions open on the last seven days with every column', async ({ page }) => {
    const request = page.waitForRequest((r) => r.url().endsWith('/payment/transaction/filter'))
    await page.goto('/transactions')
    expect(bodyOf(await request)).toMatchObject({ limit: 50, offset: 0, ...defaultRange() })
    await settled(page, 'Transactions')
    expect(await headers(page, 'Transactions')).toEqual(TRANSACTION_COLUMNS)
    await expect(table(page, 'Transactions').locator('tbody tr')).toHaveCount(50)
    await page.getByRole('button', { name: 'Statuses' }).click()
    await page.getByRole('dialog', { name: 'Statuses' }).getByLabel('Refunded', { exact: true }).check()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/status=7/)
    await settled(page, 'Transactions')
    for (const s of await column(page, 'Transactions', 'Status')) expect(s).toBe('Refunded')
  })
})

test('POS machine sales list the CPO kiosks orders', async ({ page }) => {
  await signIn(page, 'cpo')
  await page.goto('/pos-machine-orders')
  await settled(page, 'POS Machine Sales')
  const aliases = await column(page, 'POS Machine Sales', 'Alias')
  expect(aliases.length).toBeGreaterThan(0)
  for (const a of aliases) expect(a).toMatch(/^SparkGrid POS Kiosk \d$/)
  await table(page, 'POS Machine Sales').locator('tbody tr').first().locator('a').first().click()
  await expect(page).toHaveURL(/\/pos-machine-orders\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Stages' })).toBeVisible()
})

test('a user without the orders and transactions policies sees no access', async ({ page }) => {
  await signIn(page, 'restocker')
  await page.goto('/machine-orders')
  await expect(page.getByText("You don't have access to this list")).toBeVisible()
  // B §8: on machine order items a 403 also shows the error toast, with the server's message.
  const toast = page.getByRole('region', { name: 'Notifications' }).getByRole('listitem')
  await expect(toast).toContainText('Error')
  await expect(toast).toContainText(/Failed to fetch Machine Order Items due to: \S/)
  await toast.getByRole('button', { name: 'Dismiss' }).click()
  await expect(toast).toBeHidden()
  await page.goto('/transactions')
  await expect(page.getByText("You don't have access to this list")).toBeVisible()
})
