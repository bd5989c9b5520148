import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ user: 'vending' })

async function firstCard(page: Page, list: string) {
  const card = page.getByRole('list', { name: list }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  return card
}

test('maintenance on a phone: cards first, filters folded, a tap opens the session', async ({ page }) => {
  await page.goto('/maintenance')
  const card = await firstCard(page, 'Maintenance')
  await expect(card).toBeInViewport()
  await expect(page.getByRole('combobox', { name: 'Challenge bypassed' })).toBeHidden()
  await expect(page.getByRole('group', { name: 'Session start' })).toBeHidden()
  // Title: the machine; subtitle: who maintained it; status: the challenge.
  await expect(card.getByRole('link')).toHaveText(/\S/)
  await expect(card).toContainText(/Select|Customer Presented|None|Bypassed/)
  await expect(card.getByText('Maintained At')).toBeVisible()

  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(page.getByRole('combobox', { name: 'Challenge bypassed' })).toBeVisible()
  await expect(page.getByRole('group', { name: 'Session start' })).toBeVisible()

  const machine = (await card.getByRole('link').innerText()).trim()
  await card.getByRole('link').click()
  await expect(page).toHaveURL(/\/maintenance\/\d+$/)
  await expect(page.getByRole('region', { name: 'Machine' })).toContainText(machine)
})

test('credits on a phone: cards led by the amount, sorted from the Sort select', async ({ page }) => {
  await page.goto('/credits')
  const card = await firstCard(page, 'Credits')
  await expect(card).toBeInViewport()
  await expect(card).toContainText(/Addition|Consumed|Cash Refund|Timeout/)
  const sent = page.waitForRequest(
    (r) =>
      r.url().endsWith('/iot/orders/creditlogs/filter') &&
      r.postData()?.includes('"sort_by":"amount"') === true,
  )
  await page.getByLabel('Sort', { exact: true }).selectOption({ label: 'Amount ↓' })
  expect((await sent).postDataJSON()).toMatchObject({ sort_by: 'amount', order_by: 'desc' })
  await expect(page).toHaveURL(/sort=amount&order=desc/)
})
