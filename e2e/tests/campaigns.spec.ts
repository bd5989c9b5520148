import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

const table = (page: Page) => page.getByRole('table', { name: 'Typeform Campaigns' })
const rows = (page: Page) => table(page).locator('tbody tr')

async function settled(page: Page) {
  await expect(table(page)).toHaveAttribute('aria-busy', 'false')
}

/** The texts of one column, found by its header. */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = (await table(page).locator('thead th').allInnerTexts()).map((h) => h.trim().toLowerCase())
  const index = headers.indexOf(header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header}`)
  return table(page)
    .locator(`tbody tr td:nth-child(${String(index + 1)})`)
    .allInnerTexts()
}

test.describe('typeform campaigns, as the campaign agency (campaigns)', () => {
  test.use({ user: 'campaigns' })

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
    await page.goto('/')
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Typeform Campaigns' })
      .click()
    await expect(page.getByRole('heading', { name: 'Typeform Campaigns', level: 1 })).toBeVisible()
    await settled(page)
  })

  test('lists the campaigns 5 a page, with their phase and stages', async ({ page }) => {
    await expect(rows(page)).toHaveCount(5)
    await expect(page.getByText('1–5 of 40')).toBeVisible()
    const forms = page.waitForRequest((r) => r.url().endsWith('/api/forms/forms/campaign/filter'))
    await page.getByRole('button', { name: 'Next' }).click()
    const body = (await forms).postDataJSON() as Record<string, unknown>
    expect(body).toEqual({ entityCode: 'CAMP', offset: 5, limit: 5 })
    expect((await forms).headers().authorization).toMatch(/^Token \S+$/)
    await expect(page.getByText('6–10 of 40')).toBeVisible()
    for (const phase of await columnTexts(page, 'Phase'))
      expect(['Pre-launch', 'Launched', 'Post-launch']).toContain(phase)
  })

  test('filters by phase with the tabs (All sends no statusCode)', async ({ page }) => {
    for (const [tab, statusCode] of [
      ['Launched', 2],
      ['Pre-launch', 1],
      ['Post-launch', 3],
    ] as const) {
      const sent = page.waitForRequest((r) => r.url().endsWith('/forms/campaign/filter'))
      await page.getByRole('tab', { name: tab }).click()
      expect(((await sent).postDataJSON() as { statusCode?: number }).statusCode).toBe(statusCode)
      await expect(page).toHaveURL(new RegExp(`phase=${tab}`))
      await settled(page)
      await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true')
      const phases = await columnTexts(page, 'Phase')
      expect(phases.length).toBeGreaterThan(0)
      expect(new Set(phases)).toEqual(new Set([tab]))
    }
    await page.getByRole('tab', { name: 'All' }).click()
    await expect(page).not.toHaveURL(/phase=/)
    await expect(page.getByText('1–5 of 40')).toBeVisible()
  })

  test('searches by name and by campaign_id', async ({ page }) => {
    await page.getByLabel('Search in').selectOption({ label: 'Name' })
    await page.getByPlaceholder('Search campaigns').fill('kettle')
    await expect(page).toHaveURL(/q=kettle/)
    await settled(page)
    const names = await columnTexts(page, 'Name')
    expect(names.length).toBeGreaterThan(0)
    for (const name of names) expect(name.toLowerCase()).toContain('kettle')

    // A campaign_id taken from the list, typed in part and in lower case.
    await page.getByRole('button', { name: 'Reset filters' }).click()
    await settled(page)
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByText('6–10 of 40')).toBeVisible()
    await settled(page)
    const id = (await columnTexts(page, 'Campaign ID'))[2] ?? ''
    expect(id).toMatch(/^CMP-[A-Z0-9]{6}$/)
    await page.getByLabel('Search in').selectOption({ label: 'Campaign ID' })
    const sent = page.waitForRequest(
      (r) =>
        r.url().endsWith('/forms/campaign/filter') && JSON.stringify(r.postDataJSON()).includes('searchKey'),
    )
    await page.getByPlaceholder('Search campaigns').fill(id.slice(1).toLowerCase())
    expect((await sent).postDataJSON()).toMatchObject({
      searchKey: 'campaign_id',
      searchValue: id.slice(1).toLowerCase(),
      offset: 0,
    })
    await settled(page)
    expect(await columnTexts(page, 'Campaign ID')).toEqual([id])
  })

  test('opens a campaign: its stages with their progression, and recent responses', async ({ page }) => {
    await page.getByRole('tab', { name: 'Post-launch' }).click()
    await settled(page)
    const id = (await columnTexts(page, 'Campaign ID'))[0] ?? ''
    const name = (await columnTexts(page, 'Name'))[0] ?? ''
    await rows(page).first().getByRole('link', { name: id }).click()
    await expect(page).toHaveURL(new RegExp(`/typeform-campaigns/${id}/info$`))
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    const stages = page.getByRole('list', { name: 'Stages' })
    await expect(stages.getByRole('listitem').first()).toContainText('Completed')
    await expect(stages.getByText(/^(Sync|Async)$/).first()).toBeVisible()
    await expect(stages.getByText(/^(Auto|Manual)$/).first()).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'Recent responses' }).locator('tbody tr').first(),
    ).toBeVisible()
    await page.getByRole('link', { name: '← Typeform Campaigns' }).click()
    await expect(page).toHaveURL(/\/typeform-campaigns(\?.*)?$/)
  })

  test('starts the next manual stage of a running campaign', async ({ page }) => {
    await page.getByPlaceholder('Search campaigns').fill('Customer Satisfaction')
    await settled(page)
    // "Customer Satisfaction" itself, not its regional editions.
    const row = rows(page).filter({
      has: page.getByRole('cell', { name: 'Customer Satisfaction', exact: true }),
    })
    await expect(row).toHaveCount(1)
    await row.getByRole('link').click()
    await expect(page.getByRole('heading', { name: 'Customer Satisfaction', level: 1 })).toBeVisible()
    const start = page.getByRole('button', { name: /^Start stage \d$/ })
    await expect(start).toBeVisible()
    const no = Number((await start.innerText()).replace(/\D/g, ''))
    await start.click()
    const stage = page
      .getByRole('list', { name: 'Stages' })
      .getByRole('listitem')
      .nth(no - 1)
    await expect(stage).toContainText('Active')
    await expect(
      page
        .getByRole('list', { name: 'Stages' })
        .getByRole('listitem')
        .nth(no - 2),
    ).toContainText('Completed')
    await expect(page.getByRole('button', { name: `Start stage ${String(no)}` })).toHaveCount(0)
  })

  test('an unknown campaign shows Campaign not found', async ({ page }) => {
    await page.goto('/typeform-campaigns/CMP-NOPE00/info')
    await expect(page.getByRole('heading', { name: 'Campaign not found', level: 1 })).toBeVisible()
  })
})
