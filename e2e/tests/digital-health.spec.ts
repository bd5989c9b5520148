import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const table = (page: Page) => page.getByRole('table', { name: 'Case history' })
const rows = (page: Page) => table(page).locator('tbody tr')

/** The intake's fields that take text or a choice, by label (exact: the clinic's name is also "Clinic"). */
async function fillIntake(page: Page, patient: string) {
  await page
    .getByLabel('Case template', { exact: true })
    .selectOption({ label: 'Fever and respiratory screening' })
  await page.getByLabel('Clinic', { exact: true }).selectOption({ label: 'CareBridge Jurong East' })
  await page.getByLabel('Urgency', { exact: true }).selectOption({ label: 'Within 48 hours' })
  await page.getByLabel('Patient name').fill(patient)
  await page.getByLabel('Sex', { exact: true }).selectOption({ label: 'Male' })
  await page.getByLabel('ID number').fill('T0212345I')
  await page.getByLabel('Date of birth').fill('1975-09-30')
  await page.getByLabel('Dial code').selectOption({ label: 'Malaysia (+60)' })
  await page.getByLabel('Mobile number').fill('12 345 6789')
  await page.getByLabel('Temperature (°C)').fill('38.6')
  await page.getByLabel('Days of fever (days)').fill('2')
  await page.getByRole('group', { name: 'Cough or sore throat' }).getByText('Yes').click()
  await page.getByRole('group', { name: 'Travelled overseas in the last 14 days' }).getByText('No').click()
  await page.getByLabel('Notes', { exact: true }).fill('Fever since Saturday; no rash.')
}

test.describe('digital health, as the clinic (health)', () => {
  test.use({ user: 'health' })

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
    await page.goto('/')
    // A §4: digital_health_automation lands on /digital-health.
    await expect(page).toHaveURL(/\/digital-health$/)
  })

  test('the navigation offers Add a case and Case history', async ({ page }) => {
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Add a case' })).toHaveAttribute('href', '/digital-health')
    await expect(nav.getByRole('link', { name: 'Case history' })).toHaveAttribute(
      'href',
      '/digital-health/cases',
    )
  })

  test('adds a case: field messages first, then the confirmation; finds it in Case history and opens it', async ({
    page,
  }) => {
    await expect(page.getByRole('heading', { name: 'Add a case', level: 1 })).toBeVisible()
    const posts: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/cases/cases')) posts.push(r.url())
    })

    // Sent empty (and with a wrong check letter): every field says what is wrong, and nothing is sent.
    await page.getByLabel('ID number').fill('T0212345A')
    await page.getByRole('button', { name: 'Add case' }).click()
    await expect(page.getByRole('alert')).toContainText('9 fields need your attention')
    await expect(page.getByLabel('Case template', { exact: true })).toBeFocused()
    await expect(page.getByText('Choose a case template', { exact: true })).toBeVisible()
    await expect(page.getByText('Choose the clinic')).toBeVisible()
    await expect(page.getByText("Enter the patient's name")).toBeVisible()
    await expect(page.getByText('This NRIC/FIN is not valid: its check letter does not match')).toBeVisible()
    await expect(page.getByText('Enter the date of birth')).toBeVisible()
    await expect(page.getByText('Enter the mobile number')).toBeVisible()
    await expect(page.getByText("Record the patient's consent to continue")).toBeVisible()
    expect(posts).toEqual([])

    // The template's own questions have their own messages.
    await page
      .getByLabel('Case template', { exact: true })
      .selectOption({ label: 'Fever and respiratory screening' })
    await page.getByLabel('Temperature (°C)').fill('45')
    await page.getByRole('button', { name: 'Add case' }).click()
    await expect(page.getByText('Enter a number from 34 to 43')).toBeVisible()
    await expect(page.getByRole('group', { name: 'Cough or sore throat' })).toContainText('Answer yes or no')

    const patient = `E2E Patient ${String(Date.now() % 100000)}`
    await fillIntake(page, patient)
    await page.getByLabel('The patient consents').check()
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/cases/cases'))
    await page.getByRole('button', { name: 'Add case' }).click()
    // The verification-form client sends Bearer (A §7).
    expect((await sent).headers().authorization).toMatch(/^Bearer \S+$/)

    const confirmation = page.getByRole('status').filter({ hasText: 'added' })
    await expect(confirmation).toContainText(/Case HEALTH-\d{6} added/)
    await expect(confirmation).toContainText(`${patient} at CareBridge Jurong East`)
    const caseNo = /HEALTH-\d{6}/.exec((await confirmation.getByRole('heading').innerText()) ?? '')?.[0] ?? ''
    expect(caseNo).not.toBe('')

    // Case history (another test may edit a case meanwhile, so the new one need not be on top): the search finds it.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Case history' }).click()
    await expect(table(page)).toHaveAttribute('aria-busy', 'false')
    await expect(table(page).locator('thead th')).toHaveText([
      'Case No.',
      'Created By',
      'Updated By',
      'Last Edited',
      'Case Template',
    ])
    await page.getByPlaceholder('Case number').fill(caseNo)
    await expect(page).toHaveURL(new RegExp(`caseNo=${caseNo}`))
    await expect(rows(page)).toHaveCount(1)
    await expect(rows(page).first()).toContainText('Hui Min Chua')
    await expect(rows(page).first()).toContainText('Fever and respiratory screening')

    await rows(page).first().getByRole('link', { name: caseNo }).click()
    await expect(page).toHaveURL(/\/digital-health\/[0-9a-f-]{36}\/info$/)
    await expect(page.getByRole('heading', { name: caseNo, level: 1 })).toBeVisible()
    await expect(page.getByText('T****345I')).toBeVisible()
    await expect(page.getByText('+60 123456789')).toBeVisible()
    await expect(page.getByText('38.6 °C')).toBeVisible()
    const history = page.getByRole('list', { name: 'Changes to this case, newest first' })
    await expect(history.locator(':scope > li')).toHaveCount(1)
    await expect(history).toContainText('Hui Min Chua took in the case')
  })

  test('updates a case: each change adds to its history', async ({ page }) => {
    await page.goto('/digital-health/cases?status=open&sort=caseNo&order=asc')
    await expect(table(page)).toHaveAttribute('aria-busy', 'false')
    const first = rows(page).first()
    const caseNo = (await first.locator('td').first().innerText()).trim()
    await first.getByRole('link').click()
    await expect(page.getByRole('heading', { name: caseNo, level: 1 })).toBeVisible()
    const history = page.getByRole('list', { name: 'Changes to this case, newest first' })
    const before = await history.locator(':scope > li').count()

    await page.getByRole('button', { name: 'Update case' }).click()
    await page.getByLabel('Status', { exact: true }).selectOption({ label: 'In review' })
    await page.getByLabel('Reason for the change').fill('Reviewed by the doctor on duty')
    await page.getByRole('button', { name: 'Save changes' }).click()

    await expect(page.getByRole('button', { name: 'Update case' })).toBeVisible()
    await expect(history.locator(':scope > li')).toHaveCount(before + 1)
    const newest = history.locator(':scope > li').first()
    await expect(newest).toContainText('Hui Min Chua changed 1 field')
    await expect(newest).toContainText('Status: Open')
    await expect(newest).toContainText('In review')
    await expect(newest).toContainText('Reviewed by the doctor on duty')
    await expect(page.getByText('In review').first()).toBeVisible()
  })

  test('an unknown case shows Case not found with the way back', async ({ page }) => {
    await page.goto('/digital-health/00000000-0000-4000-a000-000000000000/info')
    // A deep link restores the session (a refresh-token exchange) before the case is asked for: two calls in a row
    // on a loaded CI machine, so the answer gets the time of a page load, not of one expectation.
    await expect(page.getByRole('heading', { name: 'Case not found', level: 1 })).toBeVisible({
      timeout: 15_000,
    })
    await page.getByRole('link', { name: '← Case history' }).click()
    await expect(page).toHaveURL(/\/digital-health\/cases$/)
  })

  test('a failed token refresh on a digital health page goes to the digital health login (A §4)', async ({
    page,
    request,
  }) => {
    await page.goto('/digital-health/cases')
    await expect(table(page)).toHaveAttribute('aria-busy', 'false')
    // The next call meets an expired access token, and the refresh it triggers is refused.
    await page.route('**/api/main/iam/refresh-token', (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'Refresh token revoked' } }),
      }),
    )
    const expired = await request.post('/api/main/dev/expire-access-tokens', { data: { username: 'health' } })
    expect(expired.ok()).toBe(true)
    // The Next click makes a call; a background call (the live stream reconnecting, the bell's summary) may meet the
    // expired token first and go to the login before the click lands. Either way the page must end on the login.
    void page
      .getByRole('button', { name: 'Next' })
      .click({ timeout: 10_000 })
      .catch(() => undefined)
    await expect(page).toHaveURL(/\/digital-health\/login$/)
  })
})
