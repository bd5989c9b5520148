import type { Page } from '@playwright/test'
import { expect, signIn, test } from './fixtures'

/*
 * SRS buddy (user `srs`), medical terms and conditions (user `medicord`) and the components gallery (any signed-in
 * user), on the seeded demo data (docs/decisions/0030-srs-buddy-medical-terms-components.md).
 */

function table(page: Page, name: string) {
  return page.getByRole('table', { name })
}

async function settled(page: Page, name: string) {
  await expect(table(page, name)).toHaveAttribute('aria-busy', 'false')
  await expect(table(page, name).locator('tbody tr').first()).toBeVisible()
}

async function columnTexts(page: Page, name: string, header: string): Promise<string[]> {
  const t = table(page, name)
  const headers = (await t.locator('thead th').allInnerTexts()).map((h) => h.trim().toLowerCase())
  const index = headers.indexOf(header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header} among ${headers.join(', ')}`)
  return t.locator(`tbody tr td:nth-child(${String(index + 1)})`).allInnerTexts()
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.clear())
})

test.describe('SRS buddy, as srs', () => {
  test('lists the pairs, filters them, and opens a record', async ({ page }) => {
    await signIn(page, 'srs')
    await page.goto('/')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'SRS Buddy' }).click()
    await expect(page.getByRole('heading', { name: 'SRS Buddy', level: 1 })).toBeVisible()
    await expect(page.getByText(/^\d+ pairs$/)).toBeVisible()
    await settled(page, 'SRS Buddy')
    await expect(table(page, 'SRS Buddy').locator('tbody tr')).toHaveCount(25)

    // The quick filter for records without a buddy: every row says so, and the filter is in the address.
    await page.getByRole('button', { name: 'Needs a buddy' }).click()
    await expect(page).toHaveURL(/status=unpaired/)
    await settled(page, 'SRS Buddy')
    const statuses = await columnTexts(page, 'SRS Buddy', 'Status')
    expect(statuses.length).toBeGreaterThan(0)
    for (const s of statuses) expect(s).toBe('Needs a buddy')

    // Search by a person's name from the list.
    const name = (await columnTexts(page, 'SRS Buddy', 'Person'))[0]?.split('\n')[0] ?? ''
    await page.getByRole('searchbox', { name: 'Name, mobile or reference' }).fill(name)
    await expect(page).toHaveURL(/q=/)
    await settled(page, 'SRS Buddy')
    // Polled: the address changes a moment before the list starts loading, so a settled table may still hold the
    // unfiltered rows.
    await expect
      .poll(async () =>
        (await columnTexts(page, 'SRS Buddy', 'Person')).every((person) => person.includes(name)),
      )
      .toBe(true)

    await table(page, 'SRS Buddy').locator('tbody tr').first().click()
    await expect(page).toHaveURL(/\/srs-buddy\/[0-9a-f-]+$/)
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Pair' })).toContainText('No buddy assigned')
    await expect(page.getByRole('region', { name: 'History' })).toContainText('left')
  })

  test('assigns a buddy to a record that needs one, then deactivates it', async ({ page }) => {
    await signIn(page, 'srs')
    await page.goto('/srs-buddy?status=unpaired')
    await settled(page, 'SRS Buddy')
    // The last of the page: the test beside this one (in parallel) opens the first.
    await table(page, 'SRS Buddy').locator('tbody tr').last().click()
    await expect(page).toHaveURL(/\/srs-buddy\/[0-9a-f-]+$/)

    await page.getByRole('button', { name: 'Assign a buddy' }).click()
    const dialog = page.getByRole('dialog', { name: 'Assign a buddy' })
    // Sent empty: each field says what it needs, nothing changes.
    await dialog.getByRole('button', { name: 'Assign buddy' }).click()
    await expect(dialog.getByText('Enter the buddy’s full name')).toBeVisible()
    await dialog.getByLabel('Buddy’s full name').fill('Nadia Rahman')
    await dialog.getByLabel('Mobile number').fill(`7${String(Date.now()).slice(-7)}`)
    await dialog.getByLabel('National ID (last 4)').fill('321z')
    await dialog.getByLabel('Reason').fill('New buddy from the site roster')
    await dialog.getByRole('button', { name: 'Assign buddy' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Buddy assigned')
    await expect(page.getByRole('region', { name: 'Pair' })).toContainText('Nadia Rahman')
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Buddy assigned: Nadia Rahman')
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Samuel Teo')
    await expect(page.getByRole('button', { name: 'Reassign buddy' })).toBeEnabled()

    await page.getByRole('button', { name: 'Deactivate' }).click()
    const confirm = page.getByRole('dialog', { name: 'Deactivate this record?' })
    await confirm.getByLabel('Reason').fill('Work permit ended')
    await confirm.getByRole('button', { name: 'Deactivate' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByRole('region', { name: 'History' })).toContainText('Work permit ended')
    await expect(page.getByRole('button', { name: 'Reactivate' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Reassign buddy' })).toBeDisabled()
  })
})

test.describe('Medical terms and conditions, as medicord', () => {
  test('shows the version in force first, edits a new draft and publishes it', async ({ page }, info) => {
    await signIn(page, 'medicord')
    await page.goto('/medical-tnc')
    await expect(page.getByRole('heading', { name: 'Medical Terms and Conditions', level: 1 })).toBeVisible()
    const selected = page.getByRole('region', { name: 'Selected version' })
    await expect(selected).toContainText('Published')
    // The text as people read it (the seeded version, or one an earlier try of this test published).
    await expect(selected.getByRole('heading', { level: 3 }).first()).toBeVisible()
    await settled(page, 'Versions')
    expect((await columnTexts(page, 'Versions', 'Status'))[0]).toBe('Published')

    // A new version starts from the one shown; the editor checks each field before sending.
    await page.getByRole('button', { name: 'New version' }).click()
    const editor = page.getByRole('dialog', { name: 'New version of the terms' })
    await expect(editor.getByLabel('Terms')).toHaveValue(/\S/)
    await editor.getByRole('button', { name: 'Create draft' }).click()
    await expect(editor.getByText('Choose the date the terms take effect')).toBeVisible()
    const title = `Screening terms ${String(Date.now())}`
    await editor.getByLabel('Title').fill(title)
    // Each try publishes a later version, so a retry is not refused for taking effect too early.
    await editor
      .getByLabel('Effective date')
      .fill(`${String(2031 + info.retry + info.repeatEachIndex)}-03-01`)
    await editor.getByRole('button', { name: 'Create draft' }).click()
    await expect(editor).toBeHidden()
    await expect(selected).toContainText('Draft')
    await expect(selected.getByRole('heading', { name: title })).toBeVisible()

    // Edit the draft: the preview shows the text as it will read.
    await selected.getByRole('button', { name: 'Edit' }).click()
    const edit = page.getByRole('dialog', { name: /^Edit draft version \d+$/ })
    await edit.getByLabel('Terms').fill('# Consent 2031\n\nYou agree to a **weekly** test.')
    await edit.getByRole('tab', { name: 'Preview' }).click()
    await expect(edit.getByRole('heading', { name: 'Consent 2031' })).toBeVisible()
    await edit.getByRole('button', { name: 'Save draft' }).click()
    await expect(edit).toBeHidden()
    await expect(selected.getByRole('heading', { name: 'Consent 2031' })).toBeVisible()

    // Publish, confirmed: it becomes the version in force and the one before is retired.
    await selected.getByRole('button', { name: 'Publish' }).click()
    const confirm = page.getByRole('dialog', { name: /^Publish version \d+\?$/ })
    await expect(confirm).toContainText('will be retired')
    await confirm.getByRole('button', { name: 'Publish' }).click()
    await expect(confirm).toBeHidden()
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Terms published')
    await expect(selected).toContainText('Published')
    await expect(selected.getByRole('button', { name: 'Edit' })).toHaveCount(0)
    await settled(page, 'Versions')
    const statuses = await columnTexts(page, 'Versions', 'Status')
    expect(statuses.filter((s) => s === 'Published')).toHaveLength(1)
    expect((await columnTexts(page, 'Versions', 'Title'))[0]).toBe(title)
    await expect(page.getByText(/^Version \d+ in force since/)).toBeVisible()
  })
})

test.describe('Components gallery, as any signed-in user', () => {
  test('shows every button variant, a modal that closes on Escape and a toast that Dismiss removes', async ({
    page,
  }) => {
    await signIn(page, 'vending')
    await page.goto('/components')
    await expect(page.getByRole('heading', { name: 'Components', level: 1 })).toBeVisible()
    const variants = page.getByRole('table', { name: 'Button variants' })
    await expect(variants.locator('tbody tr')).toHaveCount(14)
    for (const variant of ['primary', 'warningBasic', 'disabled', 'classic'])
      await expect(page.getByTestId(`button-${variant}`)).toBeVisible()

    await page.getByRole('button', { name: 'Open lg' }).click()
    const dialog = page.getByRole('dialog', { name: 'Modal, size lg' })
    await expect(dialog).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page.getByText('Last closed: lg')).toBeVisible()

    await page.getByRole('button', { name: 'Show success' }).click()
    const toasts = page.getByRole('region', { name: 'Notifications' })
    await expect(toasts).toContainText('Saved')
    await toasts.getByRole('button', { name: 'Dismiss' }).click()
    await expect(toasts.getByRole('listitem')).toHaveCount(0)
  })
})
