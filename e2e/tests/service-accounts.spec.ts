import { expect, test } from './fixtures'

/*
 * Integrator keys (issue 18): an entity admin makes a service account with a policy, gives it a key (shown once),
 * an integration calls the API with it, the key list shows when and from where it was last used, and revoking it
 * refuses the next call.
 */

test.describe('Service accounts, as the vending owner', () => {
  test.use({ user: 'vending' })

  test('a key made for a service account lists machines until it is revoked', async ({ page }) => {
    const name = `Warehouse ERP ${String(Date.now() % 100000)}`
    await page.goto('/iam?tab=service-accounts')
    await expect(page.getByRole('tab', { name: 'Service accounts', selected: true })).toBeVisible()
    await page.getByRole('link', { name: 'New service account' }).click()

    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
    await page.getByRole('combobox', { name: 'Policy of access 1' }).fill('Vending read only')
    await page.getByRole('option', { name: 'Vending read only' }).click()
    await page.getByRole('button', { name: 'Create service account' }).click()
    await expect(page).toHaveURL(/\/iam\/service-accounts\/[\w-]+$/)
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
    await expect(page.getByText('No keys yet.')).toBeVisible()

    await page.getByRole('button', { name: 'Create key' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create an API key' })
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('Production')
    await dialog.getByRole('button', { name: 'Create key' }).click()
    const shown = page.getByRole('dialog', { name: 'Copy the key now' })
    const key = (await shown.getByLabel('API key').textContent()) ?? ''
    expect(key).toMatch(/^pk_[a-z0-9]{8}_[\w-]{43}$/)
    await shown.getByRole('button', { name: 'Done' }).click()
    await expect(shown).toBeHidden()
    // Shown once: the key list names it by its prefix only.
    const row = page.getByRole('table', { name: 'API keys' }).locator('tbody tr')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Production')
    await expect(row).toContainText('Never used')
    await expect(page.getByText(key)).toHaveCount(0)

    const listMachines = () =>
      page.request.post('/api/main/iot/machines/filter', {
        headers: { authorization: `Token ${key}` },
        data: { limit: 5, offset: 0 },
      })
    const machines = await listMachines()
    expect(machines.status()).toBe(200)
    const body = (await machines.json()) as { data: { count: number } }
    expect(body.data.count).toBeGreaterThan(0)

    // The last use is written beside the request: a fresh look at the list shows it.
    await expect(async () => {
      await page.reload()
      await expect(row).toContainText(/ from (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/, { timeout: 1000 })
    }).toPass()

    await row.getByRole('button', { name: 'Revoke' }).click()
    const confirm = page.getByRole('dialog', { name: 'Revoke Production?' })
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await expect(confirm).toBeHidden()
    await expect(row).toContainText('Revoked')
    expect((await listMachines()).status()).toBe(401)
  })
})
