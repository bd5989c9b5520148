import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/*
 * Health and test programmes as the `medicord` user (MEDI: medicord, covid_nric), on the seeded demo data:
 * a group's results with a filter and page 2, the search, the team view's page 2, a person's compliance, and a
 * supervisor's submission showing up in the lists (docs/decisions/0029-test-programmes.md).
 */

const GROUP = 'Changi Logistics Hub — Night Shift'
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

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

test.use({ user: 'medicord' })

async function openGroup(page: Page) {
  await page.goto('/')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Medicord' }).click()
  await expect(page.getByRole('heading', { name: 'Medicord', level: 1 })).toBeVisible()
  await page.getByRole('link', { name: GROUP }).click()
  await expect(page.getByRole('heading', { name: GROUP, level: 1 })).toBeVisible()
  await expect(page).toHaveURL(/\/medicord\/group\/[0-9a-f-]+$/)
  await settled(page, 'Test results')
}

test.describe('Test programmes, as medicord', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
  })

  test('the overview shows each group with its compliance this period', async ({ page }) => {
    await page.goto('/medicord')
    const groups = page.getByRole('list', { name: 'Groups' })
    await expect(groups.locator(':scope > li')).toHaveCount(3)
    await expect(groups.getByRole('heading', { name: GROUP })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Compliance this period, all groups' })).toContainText(
      'Exempted',
    )
    // The covid programme is the other tab.
    await page.getByRole('link', { name: 'Covid-19 testing' }).click()
    await expect(page.getByRole('heading', { name: 'Covid-19 testing', level: 1 })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Groups' }).locator(':scope > li')).toHaveCount(3)
  })

  test("a group's results: 25 a page, a result filter, and page 2 after page 1", async ({ page }) => {
    await openGroup(page)
    const pager = page.getByRole('navigation', { name: 'Pagination' })
    await expect(page.getByText(/^1–25 of \d[\d,]*$/)).toBeVisible()
    expect(await table(page, 'Test results').locator('tbody tr').count()).toBe(25)

    await page
      .getByRole('group', { name: 'Filters' })
      .getByRole('combobox', { name: /^Result/ })
      .selectOption('Negative')
    await expect(page).toHaveURL(/result=Negative/)
    await settled(page, 'Test results')
    const firstPage = await columnTexts(page, 'Test results', 'Test ID')
    expect(new Set(await columnTexts(page, 'Test results', 'Result'))).toEqual(new Set(['Negative']))
    const total = Number(
      ((await page.getByText(/^1–25 of /).innerText()).split(' of ')[1] ?? '').replace(/,/g, ''),
    )
    expect(total).toBeGreaterThan(50)

    await pager.getByRole('button', { name: 'Page 2', exact: true }).click()
    await expect(page).toHaveURL(/page=2/)
    await expect(page.getByText(`26–50 of ${total.toLocaleString('en')}`)).toBeVisible()
    await settled(page, 'Test results')
    const secondPage = await columnTexts(page, 'Test results', 'Test ID')
    expect(secondPage).toHaveLength(25)
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([])
    expect(new Set(await columnTexts(page, 'Test results', 'Result'))).toEqual(new Set(['Negative']))
  })

  test('searches by lot number, test ID and name', async ({ page }) => {
    await openGroup(page)
    const [lot] = await columnTexts(page, 'Test results', 'Lot number')
    const [testId] = await columnTexts(page, 'Test results', 'Test ID')
    const search = page.getByRole('searchbox', { name: 'Lot number, test ID or name' })

    await page.getByLabel('Search in').selectOption('Lot number')
    await search.fill((lot ?? '').toLowerCase())
    await expect(page).toHaveURL(/q=/)
    await settled(page, 'Test results')
    expect(new Set(await columnTexts(page, 'Test results', 'Lot number'))).toEqual(new Set([lot]))

    await page.getByLabel('Search in').selectOption('Test ID')
    await search.fill(testId ?? '')
    await expect(table(page, 'Test results').locator('tbody tr')).toHaveCount(1)
    expect(await columnTexts(page, 'Test results', 'Test ID')).toEqual([testId])
  })

  test("the team view's page 2 is rows 26–50, not page 1 again", async ({ page }) => {
    await openGroup(page)
    await page.getByRole('tab', { name: 'Team view' }).click()
    await settled(page, 'Team results')
    const first = await columnTexts(page, 'Team results', 'National ID')
    const firstNames = await columnTexts(page, 'Team results', 'Submitted')
    const requests: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/testInstances')) requests.push(decodeURIComponent(r.url()))
    })
    await page
      .getByRole('navigation', { name: 'Pagination' })
      .getByRole('button', { name: 'Page 2', exact: true })
      .click()
    await expect(page.getByText(/^26–50 of /)).toBeVisible()
    await settled(page, 'Team results')
    expect(requests.some((u) => u.includes('$skip=25') && u.includes('as=superuser'))).toBe(true)
    const second = await columnTexts(page, 'Team results', 'National ID')
    const secondTimes = await columnTexts(page, 'Team results', 'Submitted')
    expect(second).toHaveLength(25)
    // Not page 1 again: the rows (name, ID and time together) differ.
    const key = (ids: string[], times: string[]) => ids.map((id, i) => `${id}|${times[i] ?? ''}`)
    expect(key(second, secondTimes).filter((k) => key(first, firstNames).includes(k))).toEqual([])
  })

  test("a person's record shows their compliance by period and their results", async ({ page }) => {
    await openGroup(page)
    const link = table(page, 'Test results').locator('tbody tr').first().getByRole('link')
    const name = await link.innerText()
    await link.click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await expect(page).toHaveURL(/\/medicord\/[0-9a-f-]+$/)
    const periods = page.getByRole('list', { name: 'Compliance by period' })
    await expect(periods.getByRole('listitem')).toHaveCount(8)
    await expect(periods.getByRole('listitem').first()).toContainText('Current')
    await expect(periods.getByRole('listitem').first()).toContainText(
      /Late|Complete|Pending|Error|Compliant|Failed|Partial|Exempted/,
    )
    await settled(page, 'Test history')
    await expect(page.getByRole('main').getByText('Compliance this period:')).toBeVisible()
    await expect(page.getByRole('link', { name: GROUP })).toBeVisible()
  })

  test('a supervisor submits a test; a wrong ID is refused beside its field; the result shows in the lists', async ({
    page,
  }) => {
    await page.goto('/supervisor-submit-test')
    await page.getByLabel('Group', { exact: true }).selectOption({ label: GROUP })
    // Nothing filled in: every required field says so, and nothing is sent.
    await page.getByRole('button', { name: 'Submit test result' }).click()
    await expect(page.getByRole('alert')).toContainText('Check the highlighted fields')
    await expect(page.getByLabel('Test ID')).toHaveAttribute('aria-invalid', 'true')

    const person = page.getByLabel('Person tested')
    await expect(person.locator('option')).not.toHaveCount(1)
    // Someone who is not exempted, so their compliance follows the result.
    const labels = await person.locator('option').allInnerTexts()
    const label = labels.slice(1).find((l) => !l.includes('exempted')) ?? ''
    const name = label.replace(/ \(•••• .*\)$/, '')
    const lastFour = /•••• (\w{4})\)/.exec(label)?.[1] ?? ''
    await person.selectOption({ label })
    await page.getByLabel('Result', { exact: true }).selectOption('Positive')
    await page.getByLabel('Test kit', { exact: true }).fill('Medicord Rapid Panel')
    await page.getByLabel('Test kit lot number').fill('LOT-E2E001')
    await page.getByLabel('Test kit ID').fill('KIT-E2E001')
    const testId = `ART-E2E${String(Date.now() % 100000)}`
    await page.getByLabel('Test ID').fill(testId)
    // A well-formed national ID that is not this person's: the server refuses it, beside the field.
    await page.getByLabel('National ID (NRIC/FIN)').fill(`S0000${lastFour === '000A' ? '001A' : '000A'}`)
    await page.getByRole('button', { name: 'Submit test result' }).click()
    await expect(page.getByText("This does not match the person's national ID")).toBeVisible()

    await page.getByLabel('National ID (NRIC/FIN)').fill(`S1234${lastFour}`)
    await page
      .getByLabel('Photo of the test')
      .setInputFiles({ name: 'test.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByRole('img', { name: 'The uploaded photo of the test' })).toBeVisible()
    await page.getByRole('button', { name: 'Submit test result' }).click()
    const done = page.getByRole('status').filter({ hasText: 'Test result recorded' })
    await expect(done).toBeVisible()
    await expect(done).toContainText(name)
    await expect(done).toContainText(testId)

    await done.getByRole('link', { name: "View the group's results" }).click()
    await page.getByLabel('Search in').selectOption('Test ID')
    await page.getByRole('searchbox', { name: 'Lot number, test ID or name' }).fill(testId)
    await expect(table(page, 'Test results').locator('tbody tr')).toHaveCount(1)
    const row = table(page, 'Test results').locator('tbody tr').first()
    await expect(row).toContainText(name)
    await expect(row).toContainText('Positive')
    await expect(row).toContainText('Mei Ling Wong')

    await row.getByRole('link', { name }).click()
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
    await expect(
      page.getByRole('list', { name: 'Compliance by period' }).getByRole('listitem').first(),
    ).toContainText('Failed')
  })

  test('a group without credentials asks for a photo instead (A §5)', async ({ page }) => {
    await page.goto('/supervisor-submit-test')
    await page.getByLabel('Group', { exact: true }).selectOption({ label: 'Raffles Place Finance Team' })
    await expect(page.getByText('No credentials are set for this group')).toBeVisible()
    await expect(page.getByLabel('Test kit lot number')).toHaveCount(0)
    await expect(page.getByLabel('Test kit ID')).toHaveCount(0)
    const person = page.getByLabel('Person tested')
    await expect(person.locator('option')).not.toHaveCount(1)
    await person.selectOption({ index: 1 })
    await page.getByLabel('Result', { exact: true }).selectOption('Negative')
    await page.getByLabel('Test kit', { exact: true }).fill('BD Veritor Plus')
    await page.getByRole('button', { name: 'Submit test result' }).click()
    await expect(page.getByText('A photo of the test is required', { exact: true })).toBeVisible()
    await page
      .getByLabel('Photo of the test')
      .setInputFiles({ name: 'test.png', mimeType: 'image/png', buffer: PNG })
    await expect(page.getByRole('img', { name: 'The uploaded photo of the test' })).toBeVisible()
    await page.getByRole('button', { name: 'Submit test result' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Test result recorded' })).toBeVisible()
  })
})
