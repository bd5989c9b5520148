import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RPCClient } from 'ocpp-rpc'
import { MAX_PENDING_CHARGERS } from '@portal/contract'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { hashOcppPassword } from './ocpp-password'
import { testCharger } from './test-charger'

/*
 * Chargers that are not in the database yet (issue 14, docs/decisions/0107-ocpp-enrolment.md): with
 * PORTAL_OCPP_ACCEPT_UNKNOWN on, an unknown identity presenting its entity's enrolment password connects, its
 * BootNotification gets Pending (OCTT TC_B_02_CSMS, "Cold boot, Pending"; 1.6 TC_001_CS's Pending variant), and it
 * waits until an operator commissions it with "Add charger" or dismisses it. The setting off is covered in
 * ocpp.server.test.ts (an unknown identity is refused whatever it presents).
 */

const connector = {
  standard: 'IEC_62196_T2',
  format: 'SOCKET',
  power_type: 'AC_3_PHASE',
  max_electric_power: 22_000,
  max_voltage: 400,
  max_amperage: 32,
}

interface Enrolment {
  accept_unknown: boolean
  password_set: boolean
  pending: {
    identity: string
    vendor: string
    model: string
    serial_number: string
    boot_at: number | null
  }[]
}

const closed = (client: RPCClient) =>
  new Promise<{ code: number }>((resolve) => client.once('close', (e: { code: number }) => resolve(e)))

describe.each(DIALECTS)('enrolling unknown chargers on %s', (dialect) => {
  let t: TestApp
  let port: number
  let cpo: string
  let volt: string
  let location: string
  let enrolment = ''
  const open: RPCClient[] = []
  const connect = async (identity: string, password: string, protocols = ['ocpp1.6']) => {
    const client = testCharger({ port, identity, password, protocols })
    open.push(client)
    await client.connect()
    return client
  }
  const overview = async (token: string) => {
    const r = await call<{ data: Enrolment }>(t.app, 'GET', '/api/charging/charge-points/enrolment', {
      token,
    })
    expect(r.status).toBe(200)
    return r.body.data
  }
  const rotate = async (token: string) => {
    const r = await call<{ data: { password: string } }>(
      t.app,
      'POST',
      '/api/charging/charge-points/enrolment/password',
      { token },
    )
    expect(r.status).toBe(200)
    return r.body.data.password
  }
  const commission = (identity: string, token = cpo) =>
    call(t.app, 'POST', '/api/charging/charge-points/devices', {
      token,
      body: {
        ocpp_identity: identity,
        location_uid: location,
        ocpp_version: 'ocpp1.6',
        vendor: 'Alfen',
        model: 'Eve Single',
        evses: [{ connectors: [connector] }],
      },
    })

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005, config: { ocppAcceptUnknown: true } })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
    cpo = await loginAs(t.app, 'cpo')
    volt = await loginAs(t.app, 'voltnet')
    location = (
      await t.app.db
        .selectFrom('ev_location')
        .where('entity_code', '=', 'CPO')
        .select('uid')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).uid
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close({ force: true })))
  })
  afterAll(() => t.close())

  it('refuses an unknown identity while the entity has no enrolment password', async () => {
    expect(await overview(cpo)).toMatchObject({ accept_unknown: true, password_set: false, pending: [] })
    await expect(connect('UNKNOWN-0001', 'Some-Password-Of-24-Chars')).rejects.toMatchObject({ code: 401 })
  })

  it('sets the enrolment password, shown once and audited without the secret', async () => {
    enrolment = await rotate(cpo)
    expect(enrolment).toMatch(/^[A-Za-z0-9]{24}$/)
    expect(await overview(cpo)).toMatchObject({ password_set: true })
    const stored = await t.app.db
      .selectFrom('ocpp_enrolment')
      .where('entity_code', '=', 'CPO')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(JSON.stringify(stored)).not.toContain(enrolment)
    const audits = await t.app.db
      .selectFrom('audit_log')
      .where('action', '=', 'ocpp_enrolment_password_set')
      .selectAll()
      .execute()
    expect(audits).toHaveLength(1)
    expect(JSON.stringify(audits)).not.toContain(enrolment)
  })

  it('TC_B_02_CSMS: an unknown charger with the enrolment password boots Pending, and may do nothing else', async () => {
    await expect(connect('UNKNOWN-0001', 'Not-The-Enrolment-Password')).rejects.toMatchObject({ code: 401 })
    const client = await connect('UNKNOWN-0001', enrolment)
    const boot = await client.call('BootNotification', {
      chargePointVendor: 'Alfen',
      chargePointModel: 'Eve Single',
      chargePointSerialNumber: 'ACE0001',
      firmwareVersion: '6.1.0',
    })
    expect(boot).toMatchObject({ status: 'Pending', interval: expect.any(Number) as number })
    expect(await client.call('Heartbeat', {})).toHaveProperty('currentTime')
    await expect(
      client.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' }),
    ).rejects.toMatchObject({ rpcErrorCode: 'SecurityError' })
    await expect(client.call('Authorize', { idTag: 'DEMO-RFID-0001' })).rejects.toMatchObject({
      rpcErrorCode: 'SecurityError',
    })

    const { pending } = await overview(cpo)
    expect(pending).toEqual([
      expect.objectContaining({
        identity: 'UNKNOWN-0001',
        vendor: 'Alfen',
        model: 'Eve Single',
        serial_number: 'ACE0001',
        ocpp_version: 'ocpp1.6',
        boot_at: expect.any(Number) as number,
      }),
    ])
    // Another entity sees none of it, and cannot dismiss it.
    expect((await overview(volt)).pending).toEqual([])
    expect(
      (
        await call(t.app, 'DELETE', '/api/charging/charge-points/enrolment/pending/UNKNOWN-0001', {
          token: volt,
        })
      ).status,
    ).toBe(404)
    // Nor can its enrolment password take an identity waiting for CPO.
    const voltPassword = await rotate(volt)
    await expect(connect('UNKNOWN-0001', voltPassword)).rejects.toMatchObject({ code: 401 })
  })

  it('commissioning it with "Add charger" closes its connection; it comes back with the same password, Accepted', async () => {
    const client = await connect('UNKNOWN-0001', enrolment)
    const gone = closed(client)
    const r = await commission('UNKNOWN-0001')
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({ identity: 'UNKNOWN-0001', password: null })
    expect((await gone).code).toBe(1012)

    const again = await connect('UNKNOWN-0001', enrolment)
    const boot = await again.call('BootNotification', {
      chargePointVendor: 'Alfen',
      chargePointModel: 'Eve Single',
    })
    expect(boot).toMatchObject({ status: 'Accepted' })
    expect((await overview(cpo)).pending).toEqual([])
    const charger = await t.app.db
      .selectFrom('ev_charge_point')
      .where('ocpp_identity', '=', 'UNKNOWN-0001')
      .selectAll()
      .executeTakeFirstOrThrow()
    expect(charger).toMatchObject({
      entity_code: 'CPO',
      commissioned: 1,
      vendor: 'Alfen',
      firmware_version: '6.1.0',
    })
    const audit = await t.app.db
      .selectFrom('audit_log')
      .where('action', '=', 'ev_charger_commissioned')
      .where('object_id', '=', charger.uid)
      .selectAll()
      .execute()
    expect(audit).toHaveLength(1)
  })

  it('dismissing a waiting charger closes it and refuses it from then on; "Add charger" still registers it', async () => {
    const client = await connect('UNKNOWN-0002', enrolment, ['ocpp2.0.1'])
    expect(
      await client.call('BootNotification', {
        reason: 'PowerUp',
        chargingStation: { vendorName: 'Kempower', model: 'Satellite' },
      }),
    ).toMatchObject({ status: 'Pending' })
    const gone = closed(client)
    const url = '/api/charging/charge-points/enrolment/pending/UNKNOWN-0002'
    expect((await call(t.app, 'DELETE', url, { token: cpo })).status).toBe(200)
    expect((await gone).code).toBe(1008)
    await expect(connect('UNKNOWN-0002', enrolment, ['ocpp2.0.1'])).rejects.toMatchObject({ code: 401 })
    expect((await call(t.app, 'DELETE', url, { token: cpo })).status).toBe(404)
    expect((await overview(cpo)).pending).toEqual([])

    const r = await commission('UNKNOWN-0002')
    expect(r.status).toBe(200)
    const password = (r.body.data as { password: string }).password
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/)
    await expect(connect('UNKNOWN-0002', enrolment)).rejects.toMatchObject({ code: 401 })
    const own = await connect('UNKNOWN-0002', password)
    expect(
      await own.call('BootNotification', { chargePointVendor: 'Kempower', chargePointModel: 'Satellite' }),
    ).toMatchObject({ status: 'Accepted' })
  })

  it('a rotated enrolment password lets no one in with the old one, and a known identity never enrols', async () => {
    const old = enrolment
    enrolment = await rotate(cpo)
    await expect(connect('UNKNOWN-0003', old)).rejects.toMatchObject({ code: 401 })
    const fresh = await connect('UNKNOWN-0003', enrolment)
    expect(fresh.protocol).toBe('ocpp1.6')
    // A registered charger's identity with the (new) enrolment password: refused, not turned into a waiting one.
    await expect(connect('UNKNOWN-0001', enrolment)).rejects.toMatchObject({ code: 401 })
    await expect(connect('UNKNOWN-0002', enrolment)).rejects.toMatchObject({ code: 401 })
    // The one commissioned from its enrolment keeps the old password as its own.
    expect((await connect('UNKNOWN-0001', old)).protocol).toBe('ocpp1.6')
    expect((await overview(cpo)).pending.map((p) => p.identity)).toEqual(['UNKNOWN-0003'])
  })

  it(`holds at most ${String(MAX_PENDING_CHARGERS)} waiting chargers per entity`, async () => {
    const now = Date.now()
    const rows = Array.from({ length: MAX_PENDING_CHARGERS }, (_, i) => ({
      entity_code: 'CPO',
      identity: `FLOOD-${String(i)}`,
      ocpp_version: 'ocpp1.6',
      password_hash: hashOcppPassword(enrolment),
      first_seen_at: now,
      last_seen_at: now,
      boot_at: null,
      dismissed_at: null,
    }))
    await t.app.db.insertInto('ocpp_pending_charger').values(rows).execute()
    await expect(connect('ONE-TOO-MANY', enrolment)).rejects.toMatchObject({ code: 401 })
    // One already waiting still reconnects.
    expect((await connect('FLOOD-7', enrolment)).protocol).toBe('ocpp1.6')
  })
})
