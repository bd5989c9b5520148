import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

test.use({ user: 'vending' })

async function open(page: Page, path: string) {
  await page.goto(path)
}

async function settled(page: Page, table: string) {
  await expect(page.getByRole('table', { name: table })).toHaveAttribute('aria-busy', 'false')
}

const unique = (prefix: string) =>
  `${prefix}${String(Date.now() % 1_000_000)}${String(Math.floor(Math.random() * 100))}`

/** Creates a template with one slot through the form; ends on its page. */
async function createTemplate(page: Page, name: string) {
  await page.goto('/templates/machines/create')
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('Resource code').fill('TCN-CSC-10C')
  await page.getByLabel('Slot 1 Name').fill('Coca-Cola 320ml')
  await page.getByLabel('Slot 1 Price').fill('1.80')
  await page.getByLabel('Slot 1 Stock').fill('6')
  await page.getByLabel('Slot 1 Capacity').fill('8')
  await page.getByRole('button', { name: 'Create template' }).click()
  await expect(page).toHaveURL(/\/templates\/machines\/[0-9a-f-]{36}$/, { timeout: 15_000 })
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
}

test('inventory lists the SKUs 25 a page with the count', async ({ page }) => {
  await open(page, '/inventory')
  await expect(page.getByRole('heading', { name: 'Inventory', level: 1 })).toBeVisible()
  await settled(page, 'Inventory')
  await expect(page.getByRole('table', { name: 'Inventory' }).locator('tbody tr')).toHaveCount(25)
  await expect(page.getByText(/^[\d,]+ SKUs$/)).toBeVisible()
  await page.getByRole('searchbox').first().fill('pokka')
  await expect(page.getByRole('table', { name: 'Inventory' }).locator('tbody tr').first()).toContainText(
    /pokka/i,
  )
})

test('machine templates load', async ({ page }) => {
  await open(page, '/templates/machines')
  await expect(page.getByRole('heading', { name: 'Machine Templates', level: 1 })).toBeVisible()
  await settled(page, 'Machine Templates')
  await expect(
    page.getByRole('table', { name: 'Machine Templates' }).locator('tbody tr').first(),
  ).toBeVisible()
  await expect(page.getByText(/^\d+ templates?$/)).toBeVisible()
})

test('an SKU is created with every field checked, then edited', async ({ page }) => {
  await open(page, '/inventory/skus/create')
  await page.getByRole('button', { name: 'Create SKU' }).click()
  await expect(page.getByText('Enter a name')).toBeVisible()
  await expect(page.getByText('Choose a category', { exact: true }).last()).toBeVisible()
  await expect(page.getByText(/Enter a price such as 1.80/)).toBeVisible()

  const code = unique('E2E-')
  await page.getByLabel('SKU code').fill(code)
  await page.getByLabel('Name').fill('E2E Kopi 240ml')
  await page.getByLabel('Category').selectOption('coffee_tea')
  await page.getByLabel('Barcode').fill('12')
  await page.getByLabel(/Default price/).fill('2.10')
  await page.getByRole('button', { name: 'Create SKU' }).click()
  await expect(page.getByText('Use 8, 12, 13 or 14 digits')).toBeVisible()
  await page.getByLabel('Barcode').fill('8881234567897')
  await page.getByRole('button', { name: 'Create SKU' }).click()

  await expect(page).toHaveURL(/\/inventory\/skus\/\d+$/)
  await expect(page.getByRole('heading', { name: 'E2E Kopi 240ml', level: 1 })).toBeVisible()
  await expect(page.getByText('SGD 2.10')).toBeVisible()

  await page.getByRole('link', { name: 'Edit', exact: true }).click()
  await expect(page).toHaveURL(/\/inventory\/skus\/\d+\/edit$/)
  await page.getByLabel('Name').fill('E2E Kopi-O 240ml')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('heading', { name: 'E2E Kopi-O 240ml', level: 1 })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'E2E Kopi-O 240ml', level: 1 })).toBeVisible()
})

test('a template is created and shown as JSON', async ({ page }) => {
  const name = unique('E2E layout ')
  await createTemplate(page, name)
  await expect(page.getByRole('table', { name: 'Items' })).toContainText('SGD 1.80')
  await page.getByRole('button', { name: 'JSON mode' }).click()
  const json = page.getByTestId('template-json')
  await expect(json).toContainText(`"name": "${name}"`)
  await expect(json).toContainText('"price": 180')
  await page.getByRole('button', { name: 'Table mode' }).click()
  await expect(json).toBeHidden()
})

test('a template is deleted after confirming', async ({ page }) => {
  const name = unique('E2E doomed ')
  await createTemplate(page, name)
  await page.getByRole('button', { name: 'Delete' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this template?' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: 'Delete' }).click()
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page).toHaveURL(/\/templates\/machines$/, { timeout: 15_000 })
  await settled(page, 'Machine Templates')
  await expect(page.getByRole('table', { name: 'Machine Templates' })).not.toContainText(name)
})

test('a machine setting and an item stock are saved and survive a reload', async ({ page }) => {
  await open(page, '/machines')
  await settled(page, 'Machines')
  await page
    .getByRole('table', { name: 'Machines' })
    .locator('tbody tr')
    .first()
    .getByRole('link')
    .first()
    .click()
  await expect(page).toHaveURL(/\/machines\/\d+$/)

  await page.getByRole('button', { name: 'Edit settings' }).click()
  const timeout = page.getByLabel('Customer Presented Timeout')
  await timeout.fill('-1')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(timeout).toHaveAttribute('aria-invalid', 'true')
  await timeout.fill('47')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('button', { name: 'Edit settings' })).toBeVisible()

  await page.getByRole('button', { name: 'Edit items' }).click()
  const capacity = Number(await page.getByLabel('Slot 1 Capacity').inputValue())
  const stock = page.getByLabel('Slot 1 Stock')
  const wanted = Number(await stock.inputValue()) === 1 ? 0 : 1
  await stock.fill(String(capacity + 1))
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Stock cannot exceed capacity')).toBeVisible()
  await stock.fill(String(wanted))
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('button', { name: 'Edit items' })).toBeVisible()

  await page.reload()
  const settings = page.getByRole('region', { name: 'General settings' })
  await expect(settings.getByText('47 seconds')).toBeVisible()
  const firstSlot = page
    .getByRole('region', { name: /^Items/ })
    .locator('tbody tr')
    .first()
  await expect(firstSlot).toContainText(`${String(wanted)}/${String(capacity)}`)
})
