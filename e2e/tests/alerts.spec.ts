import type { APIRequestContext } from '@playwright/test'
import { RPCClient } from 'ocpp-rpc'
import { expect, test } from './fixtures'
import { DEMO_PASSWORD } from './support'

/*
 * Alerts (issue 16): a simulated charger goes offline; with the page open, the alert is raised (thresholds count
 * seconds in test mode) and the notification centre shows it without a reload; the charger comes back and the alert
 * resolves by itself.
 */

// Test Bay's third charger: the OCPP tests drive the first two.
const IDENTITY = 'SPK-TEST-03'

function charger(baseURL: string): RPCClient {
  const url = new URL(baseURL)
  // ocpp-rpc's typings demand every option although its constructor fills in the rest.
  return new RPCClient({
    endpoint: `ws://${url.host}/ocpp`,
    identity: IDENTITY,
    password: DEMO_PASSWORD,
    protocols: ['ocpp1.6'],
    strictMode: true,
    reconnect: false,
  } as unknown as ConstructorParameters<typeof RPCClient>[0])
}

async function cpoToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const login = await request.post(`${baseURL}/api/main/iam/login`, {
    data: { username: 'cpo', password: DEMO_PASSWORD },
  })
  return ((await login.json()) as { data: { token: string } }).data.token
}

test.describe('Alerts, as the CPO', () => {
  test.use({ user: 'cpo' })

  test('a charger that goes offline raises an alert the notification centre shows live; back online, it resolves', async ({
    page,
    request,
    baseURL,
  }) => {
    const origin = baseURL ?? ''
    const headers = { authorization: `Token ${await cpoToken(request, origin)}` }
    // Offline for more than 3 "minutes": 3 s here.
    const rule = await request.put(`${origin}/api/main/alerts/rules/charger_offline`, {
      headers,
      data: { enabled: true, threshold: 3 },
    })
    expect(rule.ok()).toBe(true)

    const cp = charger(origin)
    await cp.connect()
    await cp.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'Alert AC22' })

    await page.goto('/ev-devices')
    await expect(page.getByTestId('live-indicator')).toHaveAttribute('data-status', 'live')
    const bell = page.getByTestId('alert-bell')
    await expect(bell).toBeVisible()

    // The charger drops off; nothing is reloaded from here on.
    await cp.close({ force: true })
    await bell.click()
    const centre = page.getByRole('dialog', { name: /alerts/i })
    const item = centre.getByRole('link', { name: new RegExp(IDENTITY) })
    await expect(item).toBeVisible({ timeout: 30_000 })
    await expect(item).toContainText('Charger offline')
    await expect(page.getByTestId('alert-count')).toBeVisible()

    // Back online: the alert resolves and leaves the notification centre.
    const back = charger(origin)
    await back.connect()
    await back.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'Alert AC22' })
    await expect(item).toBeHidden({ timeout: 30_000 })
    await back.close()

    // The alerts list keeps it, resolved, with who resolved it: the server.
    const list = await request.post(`${origin}/api/main/alerts/filter`, {
      headers,
      data: { kind: ['charger_offline'], search: IDENTITY, status: ['resolved'], limit: 5, offset: 0 },
    })
    const { alerts } = ((await list.json()) as { data: { alerts: { resolved_by: string | null }[] } }).data
    expect(alerts.length).toBeGreaterThan(0)
    expect(alerts[0]?.resolved_by).toBeNull()
  })
})
