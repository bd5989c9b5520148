import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'

/** The three networks of the demo and where each user finds its locations (A §2 navigation). */
const NETWORKS = [
  { user: 'cpo', path: '/charge-locations' },
  { user: 'voltnet', path: '/voltnet/charge-locations' },
  { user: 'busways', path: '/busways-charge-locations' },
] as const

const table = (page: Page) => page.getByRole('table', { name: 'Charge locations' })
const rows = (page: Page) => table(page).locator('tbody tr')

async function settled(page: Page) {
  await expect(table(page)).toHaveAttribute('aria-busy', 'false')
}

/** The cell texts of one column, found by its header (textContent: status names are there for screen readers). */
async function columnTexts(page: Page, header: string): Promise<string[]> {
  const headers = (await table(page).locator('thead th').allInnerTexts()).map((h) => h.trim().toLowerCase())
  const index = headers.indexOf(header.toLowerCase())
  if (index < 0) throw new Error(`No column ${header} among ${headers.join(', ')}`)
  return table(page)
    .locator(`tbody tr td:nth-child(${String(index + 1)})`)
    .allTextContents()
}

/** The total the page header states ("55 locations match the filters"). */
async function statedTotal(page: Page): Promise<number> {
  const text = await page.getByText(/\d[\d,]* locations? match(es)? the filters/).innerText()
  return Number((/^[\d,]+/.exec(text)?.[0] ?? '').replaceAll(',', ''))
}

/** Console errors of the page, kept apart: failed resource loads (map tiles offline) and everything else. */
function watchConsole(page: Page) {
  const failedLoads: string[] = []
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    if (m.text().startsWith('Failed to load resource')) failedLoads.push(m.text())
    else errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return { failedLoads, errors }
}

for (const { user, path } of NETWORKS) {
  test.describe(`Charge locations, as ${user}`, () => {
    test.use({ user })

    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => window.localStorage.clear())
      await page.goto(path)
      await expect(page.getByRole('heading', { name: 'Charge locations', level: 1 })).toBeVisible()
      await settled(page)
      await expect(rows(page).first()).toBeVisible()
    })

    test('lists the network in Singapore, 20 a page, with the total from the count', async ({ page }) => {
      await expect(page.getByLabel('Country')).toHaveValue('SG')
      await expect(page.getByLabel('Power type')).toHaveValue('ALL')
      const total = await statedTotal(page)
      expect(total).toBeGreaterThan(0)
      await expect(rows(page)).toHaveCount(Math.min(20, total))
      await expect(page.getByRole('navigation', { name: /pagination/i })).toContainText(
        `of ${total.toLocaleString('en-US')}`,
      )
      // Singapore only, every row with its EVSEs by status.
      expect(new Set((await columnTexts(page, 'City')).map((c) => c.slice(-2)))).toEqual(new Set(['SG']))
      for (const evses of await columnTexts(page, 'EVSEs')) expect(evses).toMatch(/^\d+/)
    })

    test('filters by name; Reset returns to country SG, power type ALL and page 1', async ({ page }) => {
      const first = (await columnTexts(page, 'Location'))[0] ?? ''
      const word = first.split(' ').find((w) => w.length >= 5) ?? first
      await page.getByRole('searchbox', { name: 'Location name' }).fill(word.toLowerCase())
      await expect(page).toHaveURL(new RegExp(`name=${encodeURIComponent(word.toLowerCase())}`))
      await settled(page)
      const names = await columnTexts(page, 'Location')
      expect(names.length).toBeGreaterThan(0)
      for (const name of names) expect(name.toLowerCase()).toContain(word.toLowerCase())

      await page.getByRole('searchbox', { name: 'Location name' }).fill('')
      await expect(page).not.toHaveURL(/name=/)
      await page.getByLabel('Country').selectOption('ALL')
      await page.getByLabel('Power type').selectOption('DC')
      await expect(page).toHaveURL(/country=ALL/)
      await expect(page).toHaveURL(/power_type=DC/)
      await settled(page)
      const next = page.getByRole('button', { name: /next/i })
      if (await next.isEnabled()) {
        await next.click()
        await expect(page).toHaveURL(/page=2/)
      }

      await page.getByRole('button', { name: 'Reset filters' }).first().click()
      await expect(page).not.toHaveURL(/country=|power_type=|page=/)
      await expect(page.getByLabel('Country')).toHaveValue('SG')
      await expect(page.getByLabel('Power type')).toHaveValue('ALL')
      await settled(page)
      await expect(page.getByRole('button', { name: /previous/i })).toBeDisabled()
    })

    test('opens a location with its EVSEs, then an EVSE with its charger and connectors', async ({
      page,
    }) => {
      const name = (await columnTexts(page, 'Location'))[0] ?? ''
      await rows(page).first().getByRole('link').click()
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
      await expect(page).toHaveURL(new RegExp(`${path}/[^/]+$`))
      const evses = page.getByRole('region', { name: 'EVSEs' })
      await expect(evses.getByRole('heading', { name: /\d+ EVSEs?/ })).toBeVisible()
      await expect(evses.getByRole('table')).toContainText(/kW/)
      await expect(page.getByRole('region', { name: `Map of ${name}` })).toBeVisible()

      const evseLink = evses.getByRole('link').first()
      const evseId = (await evseLink.innerText()).trim()
      expect(evseId).toMatch(/^(SG|MY)\*[A-Z]{3}\*E\d{6}\*\d$/)
      await evseLink.click()
      await expect(page).toHaveURL(new RegExp(`${path}/[^/]+/[^/]+$`))
      await expect(page.getByRole('heading', { name: evseId, level: 1 })).toBeVisible()
      for (const region of ['EVSE', 'Charge point', 'Capabilities', 'Connectors'])
        await expect(page.getByRole('region', { name: region })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Connectors' }).getByRole('table')).toContainText('kW')

      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name }).click()
      await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
      await page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: 'Charge locations' })
        .click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
    })

    test('shows the filtered locations as pins on a map, with no tiles reachable', async ({ page }) => {
      const logs = watchConsole(page)
      const total = await statedTotal(page)
      await page.getByRole('button', { name: 'Show map' }).click()
      await expect(page).toHaveURL(/map=1/)
      const map = page.getByRole('region', { name: 'Map of the filtered charge locations' })
      await expect(map).toBeVisible()
      // One pin per location of the filtered result (well under the map's cap).
      await expect(map.locator('.leaflet-marker-icon')).toHaveCount(total)
      // The tile server the tests configure refuses (playwright.config.ts): the probe settles at once, and the map
      // draws coastlines instead of tiles.
      await expect(map).toHaveAttribute('data-tiles', 'unavailable', { timeout: 10_000 })
      await expect(map.getByText('Map tiles could not be loaded')).toBeVisible()
      expect(await map.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(0)
      await expect(map.locator('.leaflet-tile')).toHaveCount(0)

      const pin = map.locator('.leaflet-marker-icon').first()
      const pinName = (await pin.getAttribute('title')) ?? ''
      // Opened from the keyboard (Leaflet opens a marker's popup on Enter): a pointer click aimed while the map still
      // settles its fitted view can land beside the pin (seen in CI under load), and the popup never opens.
      await pin.press('Enter')
      // The link navigates within the app: a full reload would lose this mark (Leaflet stops the click's
      // propagation before React's listener, location-map.tsx PopupLink).
      await page.evaluate(() => document.documentElement.setAttribute('data-same-page', 'yes'))
      // Activated from the keyboard, as the popup's link is focused: Leaflet pans the map to fit a popup as it opens,
      // and a pointer click aimed while it moves can land on the map beside the link (seen in CI), which only closes
      // the popup. The link's own handler is the same for both.
      const open = map.getByRole('link', { name: 'Open location' })
      await expect(open).toBeVisible()
      await open.press('Enter')
      await expect(page.getByRole('heading', { name: pinName, level: 1 })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('data-same-page', 'yes')
      expect(logs.errors).toEqual([])
      // At most the one tile probe of each page load failed: no storm of failing tile requests.
      expect(logs.failedLoads.length).toBeLessThanOrEqual(2)
    })
  })
}

test.describe('Charge locations, as the CPO', () => {
  test.use({ user: 'cpo' })

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.clear())
  })

  test('filters by EVSE status: every location shown has an EVSE of that status', async ({ page }) => {
    await page.goto('/charge-locations')
    await settled(page)
    const all = await statedTotal(page)
    await page.getByRole('button', { name: 'EVSE status' }).click()
    await page.getByRole('checkbox', { name: 'CHARGING' }).check()
    await page.keyboard.press('Escape')
    await expect(page).toHaveURL(/evse_status=CHARGING/)
    await settled(page)
    await expect.poll(() => statedTotal(page)).toBeLessThan(all)
    const evses = await columnTexts(page, 'EVSEs')
    expect(evses.length).toBeGreaterThan(0)
    for (const cell of evses) expect(cell).toContain('CHARGING')
  })

  test('filters by power type and max power, kept in the URL', async ({ page }) => {
    await page.goto('/charge-locations?power_type=DC&power_from=100')
    await settled(page)
    await expect(page.getByLabel('Power type')).toHaveValue('DC')
    await expect(page.getByLabel('Max power (kW) from')).toHaveValue('100')
    const powers = await columnTexts(page, 'Max power')
    expect(powers.length).toBeGreaterThan(0)
    for (const p of powers) expect(Number(p.replace(/[^\d.]/g, ''))).toBeGreaterThanOrEqual(100)
    for (const types of await columnTexts(page, 'Power types')) expect(types).toContain('DC')
    // A reversed range is not sent: the message says so and the list stays as it was.
    await page.getByLabel('Max power (kW) to').fill('50')
    await expect(page.getByRole('alert')).toContainText('lower power is above the upper one')
  })

  test('lists Malaysia with country MY, and a location of another entity is not found', async ({ page }) => {
    await page.goto('/charge-locations?country=MY')
    await settled(page)
    expect(new Set((await columnTexts(page, 'City')).map((c) => c.slice(-2)))).toEqual(new Set(['MY']))
    await page.goto('/charge-locations/not-a-location-of-cpo')
    await expect(page.getByRole('heading', { name: 'Charge location not found', level: 1 })).toBeVisible()
  })

  test('requests the connector export of the filtered list', async ({ page }) => {
    await page.goto('/charge-locations?country=MY')
    await settled(page)
    await page.getByRole('button', { name: 'Export connectors' }).click()
    await page.getByRole('menuitem', { name: /csv/i }).click()
    await expect(page.getByText('Export ready')).toBeVisible({ timeout: 20_000 })
  })
})
