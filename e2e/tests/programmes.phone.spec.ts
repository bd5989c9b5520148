import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures'

/*
 * The programme families on a phone (390×844; docs/decisions/0080-programme-lists.md): each list's filters fold
 * behind the Filters button, its rows are cards led by what an operator calls the row (never a UUID), with the
 * status beside, and a tap on a card opens the row's page.
 */

const PHONE_HEIGHT = 844
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-/

/** The list's cards; the first is on the first screen when `onFirstScreen`. */
async function firstCard(page: Page, caption: string, onFirstScreen = true): Promise<Locator> {
  const card = page.getByRole('list', { name: caption, exact: true }).getByRole('listitem').first()
  await expect(card).toBeVisible()
  if (onFirstScreen) {
    const box = await card.boundingBox()
    expect((box?.y ?? PHONE_HEIGHT) + (box?.height ?? 0)).toBeLessThanOrEqual(PHONE_HEIGHT)
  }
  return card
}

/** The control is folded away, and shows once the Filters button is tapped. */
async function foldedBehindFilters(page: Page, control: Locator) {
  await expect(control).toBeHidden()
  await page.getByRole('button', { name: 'Filters', exact: true }).click()
  await expect(control).toBeVisible()
}

async function titleOf(card: Locator): Promise<string> {
  const title = (await card.getByRole('link').first().innerText()).trim()
  expect(title).not.toBe('')
  expect(title).not.toMatch(UUID)
  return title
}

test.describe('as health', () => {
  test.use({ user: 'health' })

  test('case history: a card is the case number, the patient and the status; a tap opens the case', async ({
    page,
  }) => {
    await page.goto('/digital-health/cases')
    const card = await firstCard(page, 'Case history')
    const caseNo = await titleOf(card)
    expect(caseNo).toMatch(/^HEALTH-\d{6}$/)
    await expect(card).toContainText(/Open|In review|Referred|Closed/)
    // The date ranges fold with the rest of the filters.
    await foldedBehindFilters(page, page.getByRole('group', { name: 'Taken in' }))
    await expect(page.getByRole('searchbox', { name: 'Case number' })).toBeVisible()
    await card.click()
    await expect(page).toHaveURL(/\/digital-health\/[0-9a-f-]{36}\/info$/)
    await expect(page.getByRole('heading', { name: caseNo, level: 1 })).toBeVisible()
  })
})

test.describe('as campaigns', () => {
  test.use({ user: 'campaigns' })

  test('campaigns: a card is the name, its id and its phase; a tap opens the campaign', async ({ page }) => {
    await page.goto('/typeform-campaigns')
    const card = await firstCard(page, 'Typeform Campaigns')
    const name = await titleOf(card)
    await expect(card).toContainText(/Pre-launch|Launched|Post-launch/)
    await foldedBehindFilters(page, page.getByRole('searchbox', { name: 'Search campaigns' }))
    await card.click()
    await expect(page).toHaveURL(/\/typeform-campaigns\/[^/]+\/info$/)
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  })
})

test.describe('as srs', () => {
  test.use({ user: 'srs' })

  test('SRS buddy: a card is the person with their compliance, sorted from one select; a tap opens it', async ({
    page,
  }) => {
    await page.goto('/srs-buddy')
    const card = await firstCard(page, 'SRS Buddy')
    const title = await titleOf(card)
    await expect(card).toContainText(/Compliant|Pending|Late|Failed|Error|Exempted/)
    await foldedBehindFilters(page, page.getByRole('searchbox', { name: 'Name, mobile or reference' }))
    await card.click()
    await expect(page).toHaveURL(/\/srs-buddy\/[0-9a-f-]+$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText(title.split('\n')[0] ?? '')
    await page.goBack()
    // No headers to tap on a phone: the orders the call takes are one select.
    await page.getByRole('combobox', { name: 'Sort' }).selectOption({ label: 'Person ↑' })
    await expect(page).toHaveURL(/sort=name&order=asc/)
  })
})

test.describe('as crx', () => {
  test.use({ user: 'crx' })

  test('emissions categories: a card is the category and its vehicle type; a tap opens its form', async ({
    page,
  }) => {
    await page.goto('/crx/emissions-category')
    const card = await firstCard(page, 'Emissions Categories')
    await titleOf(card)
    await foldedBehindFilters(page, page.getByRole('searchbox', { name: 'Search by name' }))
    await card.click()
    await expect(page).toHaveURL(/\/crx\/emissions-category\/\d+$/)
    await expect(page.getByRole('heading', { name: 'Edit emissions category', level: 1 })).toBeVisible()
  })
})

test.describe('as fleet', () => {
  test.use({ user: 'fleet' })

  test('payout history: a card is the payout with its status; the status filter folds away', async ({
    page,
  }) => {
    await page.goto('/payout-history')
    const card = await firstCard(page, 'Payouts')
    await expect(card).toContainText('Carbon credit earnings')
    await expect(card).toContainText(/Paid|Pending/)
    await foldedBehindFilters(page, page.getByRole('button', { name: 'Status', exact: true }))
  })
})

test.describe('as medicord', () => {
  test.use({ user: 'medicord' })

  test("a group's results: a card is the person, the kit and the result; a tap opens the person", async ({
    page,
  }) => {
    await page.goto('/medicord')
    await page.getByRole('list', { name: 'Groups' }).getByRole('heading').first().getByRole('link').click()
    await expect(page).toHaveURL(/\/medicord\/group\/[0-9a-f-]+$/)
    const card = await firstCard(page, 'Test results', false)
    const name = await titleOf(card)
    await expect(card).toContainText(
      /Negative|Positive|Unknown|Uninitialised|Indeterminate|Collected|Error|Inconclusive/,
    )
    await foldedBehindFilters(page, page.getByRole('combobox', { name: /^Result/ }))
    await card.getByRole('link').first().click()
    await expect(page).toHaveURL(/\/medicord\/[0-9a-f-]+$/)
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  })
})
