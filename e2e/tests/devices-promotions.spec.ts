import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

async function open(page: Page, username: string, path: string) {
  await signIn(page, username)
  await page.goto(path)
}

const table = (page: Page, name: string) => page.getByRole('table', { name })
const rows = (page: Page, name: string) => table(page, name).locator('tbody tr')

async function settled(page: Page, name: string) {
  await expect(table(page, name)).toHaveAttribute('aria-busy', 'false')
}

async function columnTexts(page: Page, name: string, header: string) {
  const headers = (await table(page, name).locator('thead th').allInnerTexts()).map((h) =>
    h.trim().toLowerCase(),
  )
  const index = headers.indexOf(header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header} among ${headers.join(', ')}`)
  return table(page, name)
    .locator(`tbody tr td:nth-child(${String(index + 1)})`)
    .allInnerTexts()
}

const total = async (page: Page) => {
  const summary = await page.getByText(/^1–\d+ of [\d,]+$/).innerText()
  return Number(summary.split(' of ')[1]?.replace(/,/g, ''))
}

test.describe('Devices, as the vending operator', () => {
  test('both tabs load: 50 TCN devices, then 25 dashboard devices', async ({ page }) => {
    await open(page, 'vending', '/devices')
    await expect(page.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible()
    await settled(page, 'TCN devices')
    await expect(rows(page, 'TCN devices')).toHaveCount(50)
    await page.getByRole('tab', { name: 'Dashboard devices' }).click()
    await expect(page).toHaveURL(/tab=dashboard/)
    await settled(page, 'Dashboard devices')
    await expect(rows(page, 'Dashboard devices')).toHaveCount(25)
  })

  test('filters narrow the lists: never-logged-in TCN boards, Web View screens', async ({ page }) => {
    await open(page, 'vending', '/devices')
    await settled(page, 'TCN devices')
    const all = await total(page)
    await page.getByRole('combobox', { name: 'Last login', exact: true }).selectOption({ label: 'Never' })
    await expect(page).toHaveURL(/last_login=never/)
    await settled(page, 'TCN devices')
    await expect.poll(() => total(page)).toBeLessThan(all)
    for (const text of await columnTexts(page, 'TCN devices', 'Last Login')) expect(text.trim()).toBe('—')

    await page.getByRole('tab', { name: 'Dashboard devices' }).click()
    await settled(page, 'Dashboard devices')
    await page.getByRole('combobox', { name: 'Screen type', exact: true }).selectOption({ label: 'Web View' })
    await expect(page).toHaveURL(/screen=3/)
    await settled(page, 'Dashboard devices')
    const types = await columnTexts(page, 'Dashboard devices', 'Screen Type')
    expect(types.length).toBeGreaterThan(0)
    for (const text of types) expect(text.trim()).toBe('Web View')
  })

  test('the TCN list sorts by its headers and searches by device code', async ({ page }) => {
    await open(page, 'vending', '/devices')
    await settled(page, 'TCN devices')
    const mid = table(page, 'TCN devices').getByRole('columnheader', { name: 'MID' })
    await mid.getByRole('button').click()
    await expect(page).toHaveURL(/sort=mid&order=asc/)
    await expect(mid).toHaveAttribute('aria-sort', 'ascending')
    await settled(page, 'TCN devices')
    // Polled: the address and the header change a moment before the list starts loading, so a settled table may
    // still hold the rows of before.
    await expect
      .poll(async () => {
        const mids = (await columnTexts(page, 'TCN devices', 'MID')).map((m) => m.trim())
        return mids.join('|') === [...mids].sort().join('|')
      })
      .toBe(true)
    await mid.getByRole('button').click()
    await expect(mid).toHaveAttribute('aria-sort', 'descending')

    await page.getByRole('searchbox', { name: 'Search device code' }).fill('tcn-0001')
    await expect(page).toHaveURL(/code=tcn-0001/)
    await settled(page, 'TCN devices')
    await expect
      .poll(async () => {
        const codes = await columnTexts(page, 'TCN devices', 'Device Code')
        return codes.length > 0 && codes.every((code) => /^TCN-0001/.test(code.trim()))
      })
      .toBe(true)
  })

  test('a device shows its commands, and a confirmed command joins them as Pending', async ({ page }) => {
    await open(page, 'vending', '/devices?tab=dashboard')
    await settled(page, 'Dashboard devices')
    const code = (await columnTexts(page, 'Dashboard devices', 'Device Code'))[0]?.trim() ?? ''
    // The first cell: the machine cell is a link of its own.
    await rows(page, 'Dashboard devices').first().locator('td').first().click()
    await expect(page).toHaveURL(/\/devices\/\d+$/)
    await expect(page.getByText(code, { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: /^Commands \(\d+\)$/ })).toBeVisible()

    await page.getByLabel('Command to send').selectOption({ label: 'Sync planogram' })
    await page.getByRole('button', { name: 'Send command' }).click()
    const dialog = page.getByRole('dialog', { name: 'Send this command?' })
    await expect(dialog).toContainText(`Sync planogram will be sent to ${code}`)
    await dialog.getByRole('button', { name: 'Send', exact: true }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Command sent', { exact: true })).toBeVisible()
    const first = page.getByRole('table', { name: 'Commands' }).locator('tbody tr').first()
    await expect(first).toContainText('Sync planogram')
    await expect(first).toContainText('Pending')
    await expect(first).toContainText('Vera Tan')
  })

  test('opens a TCN device from the list', async ({ page }) => {
    await open(page, 'vending', '/devices')
    await settled(page, 'TCN devices')
    const mid = (await columnTexts(page, 'TCN devices', 'MID'))[0]?.trim() ?? ''
    await rows(page, 'TCN devices').first().locator('td').first().click()
    await expect(page).toHaveURL(/\/devices\/tcn\/\d+$/)
    await expect(page.getByText(`TCN board · MID ${mid}`)).toBeVisible()
  })

  test('a member without the devices policy sees the no-access state', async ({ page }) => {
    await open(page, 'restocker', '/devices')
    await expect(page.getByText("You don't have access to this list")).toBeVisible()
  })
})

test.describe('Promotions, as the vending operator', () => {
  test('creates a Count promotion after fixing a validation error, then a Discount one', async ({ page }) => {
    test.setTimeout(60_000)
    const stamp = String(Date.now() % 100000)
    await open(page, 'vending', '/promotions')
    await settled(page, 'Promotions')
    await expect(rows(page, 'Promotions')).toHaveCount(20)

    await page.getByRole('link', { name: 'Create promotion' }).click()
    await expect(page).toHaveURL(/\/promotions\/create$/)
    await page.getByLabel('Name', { exact: true }).fill(`Night shift pass ${stamp}`)
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Count' })
    await expect(page.getByLabel('Money balance')).toHaveCount(0)
    await page.getByLabel('Item balance', { exact: true }).fill('8')
    await page.getByLabel('Original item balance').fill('5')
    await page.getByRole('button', { name: 'Create promotion' }).click()
    await expect(page.getByText('Must be at least the item balance')).toBeVisible()
    await expect(page).toHaveURL(/\/promotions\/create$/)
    await page.getByLabel('Original item balance').fill('10')
    await page.getByRole('button', { name: 'Create promotion' }).click()
    await expect(page).toHaveURL(/\/promotions$/)
    await settled(page, 'Promotions')
    await expect(rows(page, 'Promotions').first()).toContainText(`Night shift pass ${stamp}`)
    await expect(rows(page, 'Promotions').first()).toContainText('8 of 10 items')

    await page.getByRole('link', { name: 'Create promotion' }).click()
    await page.getByLabel('Name', { exact: true }).fill(`Lunch deal ${stamp}`)
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Discount' })
    await expect(page.getByLabel('Item balance', { exact: true })).toHaveCount(0)
    await page.getByLabel('Discount type').selectOption({ label: 'Percentage' })
    await page.getByLabel('Discount (%)').fill('15')
    await page.getByRole('button', { name: 'Create promotion' }).click()
    await expect(page).toHaveURL(/\/promotions$/)
    await settled(page, 'Promotions')
    await expect(rows(page, 'Promotions').first()).toContainText(`Lunch deal ${stamp}`)
    await expect(rows(page, 'Promotions').first()).toContainText('15% off')

    await page.getByRole('button', { name: 'Type', exact: true }).click()
    await page.getByRole('dialog', { name: 'Type' }).getByLabel('Discount', { exact: true }).check()
    await settled(page, 'Promotions')
    await expect(page).toHaveURL(/type=4/)
    // Polled: a settled table may still hold the unfiltered rows for a moment after the address changes.
    await expect
      .poll(async () =>
        (await columnTexts(page, 'Promotions', 'Type')).every((text) => text.trim() === 'Discount'),
      )
      .toBe(true)
  })
})
