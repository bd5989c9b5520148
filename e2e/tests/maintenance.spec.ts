import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

async function open(page: Page, username: string, path: string) {
  await signIn(page, username)
  await page.goto(path)
}

async function settled(page: Page, table: string) {
  await expect(page.getByRole('table', { name: table })).toHaveAttribute('aria-busy', 'false')
}

async function headers(page: Page, table: string) {
  return (await page.getByRole('table', { name: table }).locator('thead th').allInnerTexts()).map((h) =>
    h.trim().toLowerCase(),
  )
}

async function columnTexts(page: Page, table: string, header: string) {
  const index = (await headers(page, table)).indexOf(header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header}`)
  return page
    .getByRole('table', { name: table })
    .locator(`tbody tr td:nth-child(${String(index + 1)})`)
    .allInnerTexts()
}

const total = async (page: Page) => {
  const summary = await page.getByText(/^1–\d+ of [\d,]+$/).innerText()
  return Number(summary.split(' of ')[1]?.replace(/,/g, ''))
}

test.describe('Maintenance, as the vending operator', () => {
  test.beforeEach(async ({ page }) => {
    await open(page, 'vending', '/maintenance')
    await settled(page, 'Maintenance')
  })

  test('shows 25 sessions with the default columns of B §3', async ({ page }) => {
    await expect(page.getByRole('heading', { name: 'Maintenance', level: 1 })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Maintenance' }).locator('tbody tr')).toHaveCount(25)
    expect(await headers(page, 'Maintenance')).toEqual(
      [
        'Maintained By',
        'User Role',
        'Challenge Type',
        'Challenge Bypass Reason',
        'Machine Alias',
        'Machine Location',
        'Maintained At',
        'Additional Notes',
        'Total Added Stock',
      ].map((h) => h.toLowerCase()),
    )
  })

  test('the challenge-bypass filter narrows the list, and Both sends no filter', async ({ page }) => {
    const all = await total(page)
    const bypass = page.getByRole('combobox', { name: 'Challenge bypassed' })
    const sentYes = page.waitForRequest((r) => r.url().endsWith('/iot/mt-summaries/filter'))
    await bypass.selectOption({ label: 'Yes' })
    expect((await sentYes).postDataJSON()).toMatchObject({ is_challenge_bypass: true })
    await expect(page).toHaveURL(/bypass=yes/)
    await settled(page, 'Maintenance')
    // Polled: the address changes a moment before the list starts loading, so a settled table may still hold the
    // old rows (a clean-clone CI on a slow machine caught the Credits tab below that way).
    await expect.poll(() => total(page)).toBeLessThan(all)
    const yes = await total(page)
    expect(yes).toBeGreaterThan(0)
    await expect
      .poll(async () =>
        (await columnTexts(page, 'Maintenance', 'Challenge Type')).every((t) => t.includes('Bypassed')),
      )
      .toBe(true)

    await bypass.selectOption({ label: 'No' })
    await settled(page, 'Maintenance')
    await expect(page.getByText(`of ${(all - yes).toLocaleString('en-US')}`)).toBeVisible()

    await bypass.selectOption({ label: 'Both' })
    await expect(page).not.toHaveURL(/bypass=/)
    await expect(page.getByText(`of ${all.toLocaleString('en-US')}`)).toBeVisible()
    // The list is cached, so reload to see what "Both" sends: no is_challenge_bypass at all (B §4).
    const sent = page.waitForRequest((r) => r.url().endsWith('/iot/mt-summaries/filter'))
    await page.reload()
    expect((await sent).postDataJSON()).not.toHaveProperty('is_challenge_bypass')
  })

  test('a tab shows its own sessions', async ({ page }) => {
    const all = await total(page)
    await page.getByRole('tab', { name: 'Technician visits' }).click()
    await expect(page).toHaveURL(/tab=technician/)
    await expect(page.getByRole('tab', { name: 'Technician visits' })).toHaveAttribute(
      'aria-selected',
      'true',
    )
    await settled(page, 'Maintenance')
    await expect.poll(() => total(page)).toBeLessThan(all)
    await expect
      .poll(async () =>
        (await columnTexts(page, 'Maintenance', 'User Role')).every((role) =>
          ['Technician', 'Both'].includes(role),
        ),
      )
      .toBe(true)
  })

  test('opens a session with its stock per slot and a link to the machine', async ({ page }) => {
    const table = page.getByRole('table', { name: 'Maintenance' })
    const restock = table.locator('tbody tr').filter({ hasText: 'Restocker' }).first()
    await restock.getByRole('link').click()
    await expect(page).toHaveURL(/\/maintenance\/\d+$/)
    await expect(page.getByRole('heading', { name: /^Maintenance MT-\d+$/ })).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'Stock added per slot' }).locator('tbody tr').first(),
    ).toBeVisible()
    await page.getByRole('region', { name: 'Machine' }).getByRole('link').click()
    await expect(page).toHaveURL(/\/machines\/\d+$/)
  })
})

test.describe('Credits, as the vending operator', () => {
  test('shows 50 logs with every column, a mode tab, and a sort', async ({ page }) => {
    await open(page, 'vending', '/credits')
    await settled(page, 'Credits')
    await expect(page.getByRole('table', { name: 'Credits' }).locator('tbody tr')).toHaveCount(50)
    expect(await headers(page, 'Credits')).toEqual(
      [
        'Credit Log ID',
        'Machine ID',
        'Machine Username',
        'Serial Number',
        'Machine Alias',
        'Location',
        'Postal Code',
        'Amount',
        'Mode',
        'Payment Method',
        'Client Time',
        'Payment Type',
      ].map((h) => h.toLowerCase()),
    )
    await page.getByRole('tab', { name: 'Cash refunds' }).click()
    await expect(page).toHaveURL(/tab=cash_refund/)
    await settled(page, 'Credits')
    // Polled: the address changes a moment before the list starts loading, so a settled table may still hold the
    // consumed credits (seen once in a clean-clone CI).
    await expect
      .poll(async () => {
        const modes = await columnTexts(page, 'Credits', 'Mode')
        return modes.length > 0 && modes.every((mode) => mode === 'Cash Refund')
      })
      .toBe(true)

    // The header sorts (the call's sort_by/order_by): a first click ascending, a second descending.
    const credits = page.getByRole('table', { name: 'Credits' })
    const amountHeader = credits.getByRole('columnheader', { name: 'Amount' })
    await amountHeader.getByRole('button').click()
    await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending')
    const sorted = page.waitForRequest(
      (r) =>
        r.url().endsWith('/iot/orders/creditlogs/filter') &&
        r.postData()?.includes('"order_by":"desc"') === true,
    )
    await amountHeader.getByRole('button').click()
    expect((await sorted).postDataJSON()).toMatchObject({ sort_by: 'amount', order_by: 'desc', modes: [3] })
    await expect(page).toHaveURL(/sort=amount&order=desc/)
    await expect(amountHeader).toHaveAttribute('aria-sort', 'descending')
    await settled(page, 'Credits')
    await expect
      .poll(async () => {
        const amounts = (await columnTexts(page, 'Credits', 'Amount')).map((a) =>
          Number(a.replace(/[^\d.]/g, '')),
        )
        return amounts.every((amount, i) => i === 0 || (amounts[i - 1] ?? 0) >= amount)
      })
      .toBe(true)
  })
})

test('a member without the maintenance policy sees no-access on Maintenance', async ({ page }) => {
  await open(page, 'payments', '/maintenance')
  await expect(page.getByText("You don't have access to this list")).toBeVisible()
})

test('a member without the credits policy sees no-access on Credits', async ({ page }) => {
  await open(page, 'restocker', '/credits')
  await expect(page.getByText("You don't have access to this list")).toBeVisible()
})
