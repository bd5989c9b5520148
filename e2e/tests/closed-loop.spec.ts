import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

function table(page: Page, name: 'Persons' | 'Employees') {
  return page.getByRole('table', { name })
}

async function settled(page: Page, name: 'Persons' | 'Employees') {
  await expect(table(page, name)).toHaveAttribute('aria-busy', 'false')
}

test('vending sees both tabs, both employee variants, and searches persons', async ({ page }) => {
  await signIn(page, 'vending')
  await page.goto('/')
  await expect(page).toHaveURL(/\/machines$/)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Closed Loop' }).click()
  await expect(page).toHaveURL(/\/closed-loop$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Closed Loop' })).toBeVisible()

  // Persons: 20 a page.
  await settled(page, 'Persons')
  const persons = table(page, 'Persons').locator('tbody tr')
  await expect(persons).toHaveCount(20)

  // Search by hospital code narrows the list to that hospital.
  await page.getByLabel('Search people').fill('TTSH')
  await expect(page).toHaveURL(/q=TTSH/)
  await settled(page, 'Persons')
  // The search looks in every people field (name, username, email, hospital code, ...), in any case. Polled: the
  // address changes a moment before the list starts loading, so a settled table may still hold the old rows.
  await expect
    .poll(async () => (await persons.allInnerTexts()).every((text) => text.toLowerCase().includes('ttsh')))
    .toBe(true)
  const count = await persons.count()
  expect(count).toBeGreaterThan(0)
  expect(count).toBeLessThanOrEqual(20)

  // Employees: the item-balance variant first, then the quota variant with its refresh frequency.
  await page.getByRole('tab', { name: 'Employees' }).click()
  await expect(page).toHaveURL(/tab=employees/)
  await settled(page, 'Employees')
  await expect(table(page, 'Employees').locator('tbody tr')).toHaveCount(20)
  // The owner may export (all on promo employees/*): the Export button is there.
  await expect(page.getByRole('button', { name: 'Export redemptions' })).toBeVisible()
  await expect(table(page, 'Employees').getByRole('columnheader', { name: 'Item Balance' })).toBeVisible()
  await expect(table(page, 'Employees').getByRole('columnheader', { name: 'Refresh Frequency' })).toHaveCount(
    0,
  )
  await page.getByRole('radio', { name: 'Quota' }).click()
  await expect(page).toHaveURL(/variant=2/)
  await settled(page, 'Employees')
  await expect(
    table(page, 'Employees').getByRole('columnheader', { name: 'Refresh Frequency' }),
  ).toBeVisible()
  // Polled, as the search above: the header follows the variant at once, while a settled table may still hold the
  // item-balance rows until the quota rows arrive (a busy machine showed them once).
  await expect
    .poll(async () => {
      const rows = await table(page, 'Employees').locator('tbody tr').allInnerTexts()
      return rows.length === 20 && rows.every((row) => /Daily|Weekly|Fortnightly|Monthly/.test(row))
    })
    .toBe(true)
})

test('a person opens with their employee records and latest redemptions', async ({ page }) => {
  await signIn(page, 'vending')
  await page.goto('/closed-loop')
  await settled(page, 'Persons')
  const first = table(page, 'Persons').locator('tbody tr').first()
  const name = (await first.locator('td').first().innerText()).trim()
  await first.locator('td').first().click()
  await expect(page).toHaveURL(/\/closed-loop\/[\w-]+$/)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible()
  await expect(page.getByRole('region', { name: /employee record/ })).toBeVisible()
  await expect(page.getByRole('region', { name: /Latest redemptions/ })).toBeVisible()

  await page.goto('/closed-loop/no-such-person')
  await expect(page.getByRole('heading', { level: 1, name: 'Person not found' })).toBeVisible()
})

test('a read-only member sees the lists without the Export button', async ({ page }) => {
  await signIn(page, 'viewer')
  await page.goto('/closed-loop?tab=employees')
  await settled(page, 'Employees')
  await expect(table(page, 'Employees').locator('tbody tr')).toHaveCount(20)
  await expect(page.getByRole('button', { name: 'Export redemptions' })).toHaveCount(0)
})

test('the Closed Loop link is hidden from a member without the promo policy', async ({ page }) => {
  // restocker holds the Restocker role (iot only). Not newstaff: the sessions spec needs its first login intact.
  await signIn(page, 'restocker')
  await page.goto('/')
  await expect(page).toHaveURL(/\/machines$/)
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Machines' })).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Closed Loop' })).toHaveCount(0)
  await page.goto('/closed-loop')
  await expect(page.getByText("You don't have access to this list")).toBeVisible()
})
