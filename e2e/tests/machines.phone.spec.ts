import { expect, test } from '@playwright/test'
import { logIn, waitForMachines } from './support'

test('on a phone the navigation opens from the menu button and the filters fold away', async ({ page }) => {
  await logIn(page, 'vending')
  await expect(page).toHaveURL(/\/machines$/)
  await waitForMachines(page)
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
  await expect(page.getByRole('button', { name: 'Overall status' })).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('button', { name: 'Overall status' })).toBeVisible()

  await page.getByRole('button', { name: 'Open menu' }).click()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav).toBeVisible()
  await nav.getByRole('link', { name: 'Credits' }).click()
  await expect(page.getByRole('heading', { name: 'Credits', level: 1 })).toBeVisible()
  await expect(nav).toBeHidden()
})
