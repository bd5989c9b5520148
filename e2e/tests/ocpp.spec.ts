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

test.describe('A charging session over OCPP, as the CPO', () => {
  test.use({ user: 'cpo' })

  test('a simulated charger starts a session; the lists and the charger page show it; the operator stops it', async ({
    page,
    baseURL,
  }) => {
    const identity = 'SPK-TEST-01'
    const url = new URL(baseURL ?? '')
    const cp = new RPCClient({
      endpoint: `ws://${url.host}/ocpp`,
      identity,
      password: DEMO_PASSWORD,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
    } as unknown as ConstructorParameters<typeof RPCClient>[0])
    // The charger does what a real one does when told to stop: accepts, then reports the stop.
    const stopRequests: unknown[] = []
    let transactionId = 0
    cp.handle('RemoteStopTransaction', ({ params }) => {
      stopRequests.push(params)
      setTimeout(() => {
        void cp.call('StopTransaction', {
          transactionId,
          meterStop: 2_004_500,
          timestamp: new Date().toISOString(),
          reason: 'Remote',
        })
      }, 100)
      return Promise.resolve({ status: 'Accepted' })
    })
    await cp.connect()
    try {
      await cp.call('BootNotification', { chargePointVendor: 'E2E Vendor', chargePointModel: 'Session AC22' })
      await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' })
      const start = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: 'DEMO-RFID-0001',
        meterStart: 2_000_000,
        timestamp: new Date(Date.now() - 10 * 60_000).toISOString(),
      })) as { transactionId: number; idTagInfo: { status: string } }
      expect(start.idTagInfo.status).toBe('Accepted')
      transactionId = start.transactionId
      await cp.call('MeterValues', {
        connectorId: 1,
        transactionId,
        meterValue: [{ timestamp: new Date().toISOString(), sampledValue: [{ value: '2003200' }] }],
      })

      // The CPO's sessions list: the running session, newest first.
      await page.goto('/ev-charging-sessions')
      const sessions = page.getByRole('table', { name: 'Charging sessions' })
      await expect(sessions).toHaveAttribute('aria-busy', 'false')
      const row = sessions.locator('tbody tr').filter({ hasText: 'SparkGrid Test Bay' }).first()
      await expect(row).toContainText('ACTIVE')

      // The charger page: the session on its connector, stopped from here.
      await openChargerNamed(page, identity)
      const connectors = page.getByRole('table', { name: /^Connectors of EVSE / })
      await expect(connectors).toContainText('3.2 kWh')
      await connectors.getByRole('button', { name: 'Stop' }).click()
      await page
        .getByRole('dialog', { name: 'Stop this session?' })
        .getByRole('button', { name: 'Stop' })
        .click()
      await expect(page.getByText('The charger accepted the stop')).toBeVisible()
      expect(stopRequests).toEqual([{ transactionId }])

      // The charger reported the stop: the session is over, the command is in the history.
      const commands = page.getByRole('table', { name: 'Commands sent to this charger' })
      await expect(commands).toContainText('Remote stop')
      await expect(commands).toContainText('Accepted')
      await expect
        .poll(async () => {
          await page.reload()
          return page.getByRole('table', { name: /^Connectors of EVSE / }).innerText()
        })
        .toContain('Free')
    } finally {
      await cp.close({ force: true })
    }
  })
})

async function openChargerNamed(page: Page, identity: string) {
  await page.goto(`/ev-devices?search=${identity}`)
  const table = page.getByRole('table', { name: 'EV Devices' })
  await expect(table).toHaveAttribute('aria-busy', 'false')
  await table.getByRole('link', { name: identity }).click()
  await expect(page.getByRole('heading', { name: identity, level: 1 })).toBeVisible()
}

test.describe('Adding a charger, as the CPO', () => {
  test.use({ user: 'cpo' })

  test('registers a charger with two EVSEs; the password shown once opens its socket', async ({
    page,
    baseURL,
  }) => {
    const identity = `E2E-NEW-${String(Date.now() % 100000)}`
    await page.goto('/ev-devices')
    await page.getByRole('button', { name: 'Add charger' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add charger' })
    await dialog.getByLabel('OCPP identity').fill(identity)
    await dialog.getByLabel('Location').selectOption({ index: 1 })
    await dialog.getByLabel('OCPP version').selectOption('ocpp2.0.1')
    await dialog.getByRole('button', { name: '+ Add an EVSE' }).click()
    const second = dialog.getByRole('group', { name: 'EVSE 2, connector 1' })
    await second.getByLabel('Power type').selectOption('DC')
    await second.getByLabel('Max power (kW)').fill('60')
    await dialog.getByRole('button', { name: 'Add charger' }).click()

    const shown = page.getByRole('dialog', { name: 'New OCPP password' })
    const password = (await shown.getByLabel('OCPP password').innerText()).trim()
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/)
    await shown.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByRole('heading', { name: identity, level: 1 })).toBeVisible()
    await expect(page.getByRole('table', { name: /^Connectors of EVSE / })).toHaveCount(2)
    await expect(page.getByRole('region', { name: 'OCPP connection' })).toContainText('OCPP 2.0.1')

    const url = new URL(baseURL ?? '')
    const cp = new RPCClient({
      endpoint: `ws://${url.host}/ocpp`,
      identity,
      password,
      protocols: ['ocpp2.0.1'],
      strictMode: true,
      reconnect: false,
    } as unknown as ConstructorParameters<typeof RPCClient>[0])
    await cp.connect()
    const boot = (await cp.call('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { vendorName: 'E2E', model: 'New' },
    })) as { status: string }
    expect(boot.status).toBe('Accepted')
    await cp.close({ force: true })
  })

  test('registers a charger ahead of installation; its page commissions it', async ({ page }) => {
    const identity = `E2E-LATER-${String(Date.now() % 100000)}`
    await page.goto('/ev-devices')
    await page.getByRole('button', { name: 'Add charger' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add charger' })
    await dialog.getByLabel('OCPP identity').fill(identity)
    await dialog.getByLabel('Location').selectOption({ index: 1 })
    await dialog.getByLabel('Commissioned').uncheck()
    await dialog.getByRole('button', { name: 'Add charger' }).click()
    await page
      .getByRole('dialog', { name: 'New OCPP password' })
      .getByRole('button', { name: 'Done' })
      .click()
    await expect(page.getByRole('heading', { name: identity, level: 1 })).toBeVisible()

    const ocpp = page.getByRole('region', { name: 'OCPP connection' })
    await expect(ocpp).toContainText('No: boots get Pending')
    await ocpp.getByRole('button', { name: 'Commission' }).click()
    await expect(page.getByText('Commissioned: its boots are accepted from now on')).toBeVisible()
    await expect(ocpp.getByRole('button', { name: 'Commission' })).toHaveCount(0)
    await expect(ocpp).not.toContainText('No: boots get Pending')
  })

  test('names the field the server refuses', async ({ page }) => {
    await page.goto('/ev-devices')
    await page.getByRole('button', { name: 'Add charger' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add charger' })
    await dialog.getByLabel('OCPP identity').fill('SPK-TEST-01')
    await dialog.getByLabel('Location').selectOption({ index: 1 })
    await dialog.getByRole('button', { name: 'Add charger' }).click()
    await expect(dialog.getByRole('alert')).toContainText('ocpp_identity')
    await expect(dialog).toBeVisible()
  })
})

test.describe('Enrolling an unknown charger, as Voltnet', () => {
  test.use({ user: 'voltnet' })

  test('sets the enrolment password; a charger with it waits Pending; commissioning it makes it Accepted', async ({
    page,
    baseURL,
  }) => {
    await page.goto('/ev-devices')
    const panel = page.getByRole('region', { name: 'Chargers waiting to be commissioned' })
    await expect(panel).toBeVisible()
    await panel.getByRole('button', { name: /^(Set|Rotate) enrolment password$/ }).click()
    await page
      .getByRole('dialog', { name: /^(Set|Rotate) enrolment password$/ })
      .getByRole('button', { name: /^(Set|Rotate) enrolment password$/ })
      .click()
    const shown = page.getByRole('dialog', { name: 'New enrolment password' })
    const password = (await shown.getByLabel('OCPP password').innerText()).trim()
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/)
    await expect(shown).toContainText(`ws://${new URL(baseURL ?? '').host}/ocpp/{identity}`)
    await shown.getByRole('button', { name: 'Done' }).click()

    // A charger nobody registered connects with it: its boot is answered Pending.
    const identity = `E2E-ENROL-${String(Date.now() % 100000)}`
    const cp = new RPCClient({
      endpoint: `ws://${new URL(baseURL ?? '').host}/ocpp`,
      identity,
      password,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: true,
      backoff: { initialDelay: 200, maxDelay: 1000 },
    } as unknown as ConstructorParameters<typeof RPCClient>[0])
    const boot = async () => {
      try {
        const answer = (await cp.call('BootNotification', {
          chargePointVendor: 'E2E Vendor',
          chargePointModel: 'Wallbox',
          chargePointSerialNumber: 'E2E-SN-1',
        })) as { status: string }
        return answer.status
      } catch {
        return 'not connected'
      }
    }
    try {
      await cp.connect()
      expect(await boot()).toBe('Pending')

      await page.reload()
      const waiting = page.getByRole('group', { name: 'Chargers waiting to be commissioned' })
      const row = waiting.getByRole('row').filter({ hasText: identity })
      await expect(row).toContainText('E2E Vendor · Wallbox')
      await expect(row).toContainText('E2E-SN-1')
      await row.getByRole('button', { name: `Commission ${identity}` }).click()

      const dialog = page.getByRole('dialog', { name: `Commission ${identity}` })
      await expect(dialog.getByLabel('OCPP identity')).toHaveValue(identity)
      await expect(dialog.getByLabel('OCPP identity')).toHaveAttribute('readonly', '')
      await expect(dialog.getByLabel('Vendor')).toHaveValue('E2E Vendor')
      await dialog.getByLabel('Location').selectOption({ index: 1 })
      await dialog.getByRole('button', { name: 'Commission' }).click()
      // The charger's page: named by the serial number it booted with, its identity in the OCPP card.
      await expect(page.getByRole('heading', { name: 'E2E-SN-1', level: 1 })).toBeVisible()
      await expect(page.getByRole('region', { name: 'OCPP connection' })).toContainText(identity)

      // The server closed its waiting connection; it reconnects with the same password, now a charger: Accepted.
      await expect.poll(boot, { timeout: 15_000 }).toBe('Accepted')
    } finally {
      await cp.close({ force: true })
    }
  })
})
