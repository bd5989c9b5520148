import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

async function firstCard(page: Page, list: string) {
  const card = page.getByRole('list', { name: list }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  await expect(card).toBeInViewport()
  return card
}

test('EV users on a phone: cards led by the name with the registration, a tap opens the user', async ({
  page,
}) => {
  await signIn(page, 'emsp')
  await page.goto('/users')
  const card = await firstCard(page, 'Users')
  await expect(page.getByRole('group', { name: 'Created on' })).toBeHidden()
  await expect(card).toContainText(/Registered|Not registered/)
  const name = (await card.getByRole('link').innerText()).trim()
  await card.getByRole('link').click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
})

test('EV devices on a phone: cards led by the serial with the OCPP status, a tap opens the charger', async ({
  page,
}) => {
  await signIn(page, 'cpo')
  await page.goto('/ev-devices')
  const card = await firstCard(page, 'EV Devices')
  await expect(page.getByRole('button', { name: 'OCPP status' })).toBeHidden()
  await expect(card.getByText('Model')).toBeVisible()
  const serial = (await card.getByRole('link').innerText()).trim()
  await card.getByRole('link').click()
  await expect(page.getByRole('heading', { name: serial, level: 1 })).toBeVisible()
})
