import type { Page } from '@playwright/test'
import { RPCClient } from 'ocpp-rpc'
import { expect, test } from './fixtures'
import { DEMO_PASSWORD } from './support'

/*
 * A charger over the real OCPP endpoint (issue 14): ocpp-rpc's client, in the test's process, against the server the
 * browser uses. What it reports shows on the charger page; the password the page sets is the one that then opens
 * the socket.
 */

const IDENTITY = 'SPK-TEST-02'

function charger(baseURL: string, password: string): RPCClient {
  const url = new URL(baseURL)
  // ocpp-rpc's typings demand every option although its constructor fills in the rest.
  return new RPCClient({
    endpoint: `ws://${url.host}/ocpp`,
    identity: IDENTITY,
    password,
    protocols: ['ocpp1.6'],
    strictMode: true,
    reconnect: false,
  } as unknown as ConstructorParameters<typeof RPCClient>[0])
}

async function openCharger(page: Page) {
  await page.goto(`/ev-devices?search=${IDENTITY}`)
  const table = page.getByRole('table', { name: 'EV Devices' })
  await expect(table).toHaveAttribute('aria-busy', 'false')
  await table.getByRole('link', { name: IDENTITY }).click()
  await expect(page.getByRole('heading', { name: IDENTITY, level: 1 })).toBeVisible()
}

test.describe('OCPP, as the CPO', () => {
  test.use({ user: 'cpo' })

  test('a charger boots and reports a fault; the page shows it; a new password replaces the demo one', async ({
    page,
    baseURL,
  }) => {
    const cp = charger(baseURL ?? '', DEMO_PASSWORD)
    await cp.connect()
    const boot = (await cp.call('BootNotification', {
      chargePointVendor: 'E2E Vendor',
      chargePointModel: 'Bench AC22',
      firmwareVersion: '9.9.9',
    })) as { status: string }
    expect(boot.status).toBe('Accepted')
    await cp.call('StatusNotification', { connectorId: 1, errorCode: 'GroundFailure', status: 'Faulted' })
    await cp.close()

    await openCharger(page)
    await expect(page.getByText('E2E Vendor Bench AC22 · SparkGrid Test Bay')).toBeVisible()
    const ocpp = page.getByRole('region', { name: 'OCPP connection' })
    await expect(ocpp).toContainText(`ws://${new URL(baseURL ?? '').host}/ocpp/${IDENTITY}`)
    await expect(ocpp).toContainText('OCPP 1.6-J')
    const connectors = page.getByRole('table', { name: /^Connectors of EVSE / })
    await expect(connectors).toContainText('FAULTED')
    await expect(connectors).toContainText('GroundFailure')

    // The message log holds the conversation: the boot in, its answer out; filtered to what the charger sent.
    const log = page.getByRole('region', { name: 'OCPP message log' })
    const frames = log.getByRole('table', { name: 'OCPP message log' })
    await expect(frames).toContainText('BootNotification')
    await expect(frames).toContainText('CALLRESULT')
    await log.getByLabel('Direction').selectOption('in')
    await expect(page).toHaveURL(/log_direction=in/)
    await expect(frames).not.toContainText('CALLRESULT')
    await expect(frames).toContainText('StatusNotification')

    // Rotate: confirm, read the password shown once, close.
    await ocpp.getByRole('button', { name: 'Rotate password' }).click()
    await page
      .getByRole('dialog', { name: 'Rotate password' })
      .getByRole('button', { name: 'Rotate password' })
      .click()
    const shown = page.getByRole('dialog', { name: 'New OCPP password' })
    const password = (await shown.getByLabel('OCPP password').innerText()).trim()
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/)
    await shown.getByRole('button', { name: 'Done' }).click()
    await expect(shown).toBeHidden()
    await expect(ocpp).toContainText(/Set on /)
    await expect(ocpp).not.toContainText(password)

    // The demo password no longer opens the socket; the new one does.
    await expect(charger(baseURL ?? '', DEMO_PASSWORD).connect()).rejects.toMatchObject({ code: 401 })
    const again = charger(baseURL ?? '', password)
    await again.connect()
    expect(await again.call('Heartbeat', {})).toHaveProperty('currentTime')
    await again.close()
  })
})
