import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/** The seeded options of VEND (apps/server/src/seed/entity-settings.ts). */
const SEEDED = ['PayNow QR', 'Cards (Stripe)', 'EZ-Link / NETS FlashPay card']

function paymentTable(page: Page) {
  return page.getByRole('table', { name: 'Payment options' })
}

async function openEntitySettings(page: Page, username: string) {
  await signIn(page, username)
  await page.goto('/entity-settings')
  await expect(page.getByRole('heading', { name: 'Entity settings', level: 1 })).toBeVisible()
}

test('the owner creates a payment option, sees it listed with its secret masked, and deletes it', async ({
  page,
}) => {
  await openEntitySettings(page, 'vending')
  for (const name of SEEDED) await expect(paymentTable(page).getByRole('link', { name })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Integration options' })).toBeVisible()

  await page.getByRole('button', { name: 'New payment option' }).click()
  const dialog = page.getByRole('dialog', { name: 'New payment option' })
  // Sent empty, every required field says what is missing, beside it; nothing is created.
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('Choose a payment method')).toBeVisible()
  await expect(dialog.getByText('Enter a display name')).toBeVisible()
  await expect(dialog.getByText('Choose a payment flow type')).toBeVisible()

  const name = `Kiosk QR ${String(Date.now() % 100000)}`
  await dialog.getByLabel('Payment method').selectOption({ label: 'NETS QR' })
  // NETS QR has one gateway: it is chosen at once, with its settings.
  await expect(dialog.getByLabel('Gateway')).toHaveValue('nets')
  await dialog.getByLabel('Display name').fill(name)
  await dialog.getByLabel('Payment flow').selectOption({ label: 'Dynamic' })
  await dialog.getByLabel('Merchant ID').fill('11137000999')
  await dialog.getByLabel('Terminal ID').fill('QR000042')
  // The gateway's required secret is checked before anything is sent.
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('Required by NETS')).toBeVisible()
  await dialog.getByLabel('Secret key').fill('nets-e2e-secret-0000c0de')
  await dialog.getByRole('button', { name: 'Create' }).click()

  await expect(dialog).toBeHidden()
  await expect(page.getByText('Payment option created')).toBeVisible()
  const row = paymentTable(page).getByRole('row').filter({ hasText: name })
  await expect(row).toContainText('NETS QR')
  await expect(row).toContainText('SGD')
  await expect(row).toContainText('Dynamic')

  await row.getByRole('link', { name }).click()
  await expect(page).toHaveURL(/\/entity-settings\/payment-options\/\d+$/)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  const secret = page.getByLabel('Secret key')
  await expect(secret).toHaveValue('')
  await expect(secret).toHaveAttribute('placeholder', '••••c0de')
  await expect(page.getByText('nets-e2e-secret')).toHaveCount(0)

  await page.getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete this payment option?' })
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/entity-settings$/)
  await expect(page.getByText('Payment option deleted')).toBeVisible()
  await expect(paymentTable(page).getByRole('link', { name })).toHaveCount(0)
})

test('finance (payment configuration viewer) sees the options read-only', async ({ page }) => {
  await openEntitySettings(page, 'finance')
  await expect(paymentTable(page).getByRole('link', { name: 'Cards (Stripe)' })).toBeVisible()
  await expect(page.getByText('View only')).toBeVisible()
  await expect(page.getByRole('button', { name: 'New payment option' })).toHaveCount(0)
  // No integration-options policy: that part is not offered.
  await expect(page.getByRole('tab', { name: 'Integration options' })).toHaveCount(0)

  await paymentTable(page).getByRole('link', { name: 'Cards (Stripe)' }).click()
  await expect(page.getByRole('heading', { name: 'Cards (Stripe)', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Display name')).toBeDisabled()
  await expect(page.getByLabel('Payment method')).toBeDisabled()
  await expect(page.getByLabel('API key')).toBeDisabled()
  await expect(page.getByLabel('API key')).toHaveValue('••••3f9a')
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0)
})

test('viewer (no payment or integration policy) sees the no-access state', async ({ page }) => {
  await openEntitySettings(page, 'viewer')
  await expect(page.getByText('You do not have access to entity settings')).toBeVisible()
  await expect(page.getByRole('table', { name: 'Payment options' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'New payment option' })).toHaveCount(0)
})

test('a user let in only through child entities manages their profiles from entity settings', async ({
  page,
}) => {
  await signIn(page, 'clinics')
  await page.goto('/')
  // A §5: no payment policy in her clinic, but child entities: the entity item opens entity settings.
  await page.getByTestId('entity-item').click()
  await expect(page.getByRole('heading', { name: 'Entity settings', level: 1 })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Payment options' })).toHaveCount(0)
  const table = page.getByRole('table', { name: 'Child entities' })
  const current = table.getByRole('row').filter({ hasText: 'CB-TPY' })
  await expect(current).toContainText('Current entity')
  const jurong = table.getByRole('row').filter({ hasText: 'CB-JE' })
  await expect(jurong).toContainText('Managed from the parent')

  await jurong.getByRole('link', { name: 'CareBridge Jurong East' }).click()
  await expect(page).toHaveURL(/[?&]entity=CB-JE/)
  const profile = page.getByRole('dialog', { name: 'CareBridge Jurong East · CB-JE' })
  // Industries and roles are a platform administrator's: shown, not offered.
  await expect(profile.getByRole('checkbox')).toHaveCount(0)
  await profile.getByLabel('Time zone').fill('')
  await profile.getByRole('button', { name: 'Save changes' }).click()
  await expect(profile.getByLabel('Time zone')).toHaveAttribute('aria-invalid', 'true')
  await profile.getByLabel('Time zone').fill('Asia/Singapore')
  await profile.getByLabel('Preferred identifier').fill('nric')
  await profile.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.getByRole('region', { name: 'Notifications' }).getByText('Entity saved')).toBeVisible()
})
