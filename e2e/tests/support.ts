import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'

export const DEMO_PASSWORD = 'demo1234'

/** Signs in through the login page, as a person would. */
export async function logIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Username').fill(username)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
}

export function machineRows(page: Page) {
  return page.getByRole('table', { name: 'Machines' }).locator('tbody tr')
}

/** Waits for the Machines table to show a settled page (no skeleton, no refetch in flight). */
export async function waitForMachines(page: Page) {
  await expect(page.getByRole('table', { name: 'Machines' })).toHaveAttribute('aria-busy', 'false')
}

/** The texts of one column of the Machines table, found by its header (so column choices do not break tests). */
export async function columnTexts(page: Page, header: string): Promise<string[]> {
  const table = page.getByRole('table', { name: 'Machines' })
  const headers = await table.locator('thead th').allInnerTexts()
  const index = headers.findIndex((h) => h.trim().toLowerCase() === header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header} among ${headers.join(', ')}`)
  return table.locator(`tbody tr td:nth-child(${String(index + 1)})`).allInnerTexts()
}
