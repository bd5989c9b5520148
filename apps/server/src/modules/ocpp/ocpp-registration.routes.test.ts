import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { testCharger } from './test-charger'

/*
 * "Add charger" (issue 14): POST /api/charging/charge-points/devices registers a charger with its EVSEs and
 * connectors and a generated OCPP password, which then opens its socket; its first boot is Accepted.
 */

const connector = {
  standard: 'IEC_62196_T2',
  format: 'SOCKET',
  power_type: 'AC_3_PHASE',
  max_electric_power: 22_000,
  max_voltage: 400,
  max_amperage: 32,
}

describe.each(DIALECTS)('registering a charger on %s', (dialect) => {
  let t: TestApp
  let token: string
  let location: string
  let tariff: string
  let port: number

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
    token = await loginAs(t.app, 'cpo')
    location = (
      await t.app.db
        .selectFrom('ev_location')
        .where('entity_code', '=', 'CPO')
        .select('uid')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).uid
    tariff = (
      await t.app.db
        .selectFrom('ev_tariff')
        .where('entity_code', '=', 'CPO')
        .select('uid')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).uid
  })
  afterAll(() => t.close())

  const register = (body: Record<string, unknown>) =>
    call(t.app, 'POST', '/api/charging/charge-points/devices', { token, body })

  it('creates the charger, its EVSEs and connectors, and a password that opens its socket', async () => {
    const r = await register({
      ocpp_identity: 'NEW-CP-0001',
      location_uid: location,
      ocpp_version: 'ocpp2.0.1',
      vendor: 'Kempower',
      model: 'Satellite',
      evses: [
        { physical_reference: 'A', connectors: [{ ...connector, tariff_uid: tariff }] },
        {
          physical_reference: 'B',
          connectors: [
            connector,
            {
              ...connector,
              standard: 'IEC_62196_T2_COMBO',
              format: 'CABLE',
              power_type: 'DC',
              max_electric_power: 50_000,
            },
          ],
        },
      ],
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const { uid, identity, password } = r.body.data as { uid: string; identity: string; password: string }
    expect(identity).toBe('NEW-CP-0001')
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/)

    const detail = await call(t.app, 'GET', `/api/charging/charge-points/devices/${uid}`, { token })
    const d = detail.body.data.device
    expect(d).toMatchObject({ serial_number: 'NEW-CP-0001', vendor: 'Kempower', model: 'Satellite' })
    expect(d.ocpp).toMatchObject({
      identity: 'NEW-CP-0001',
      version: 'ocpp2.0.1',
      password_set: true,
      commissioned: true,
    })
    expect(d.evses.map((e: { physical_reference: string }) => e.physical_reference)).toEqual(['A', 'B'])
    expect(
      d.evses[1].connectors.map((c: { ocpp_number: number; power_type: string }) => [
        c.ocpp_number,
        c.power_type,
      ]),
    ).toEqual([
      [2, 'AC_3_PHASE'],
      [3, 'DC'],
    ])
    expect(d.evses[0].connectors[0].tariff?.uid).toBe(tariff)
    expect(d.evses[0].evse_id).toMatch(/^[A-Z]{2}\*[A-Z0-9]+\*ENEWCP0001\*1$/)

    const cp = testCharger({ port, identity, password, protocols: ['ocpp2.0.1'] })
    await cp.connect()
    const boot = (await cp.call('BootNotification', {
      reason: 'PowerUp',
      chargingStation: { vendorName: 'Kempower', model: 'Satellite' },
    })) as { status: string }
    expect(boot.status).toBe('Accepted')
    await cp.close({ force: true })
  })

  it.each([
    [{ ocpp_identity: 'NEW-CP-0001' }, 'ocpp_identity', 'another charger already has this OCPP identity'],
    [{ ocpp_identity: 'has space' }, 'ocpp_identity', ''],
    [{ location_uid: 'nowhere' }, 'location_uid', 'no location of this entity'],
    [{ evses: [] }, 'evses', 'an EVSE at least'],
    [{ evses: [{ connectors: [] }] }, 'evses.0.connectors', 'a connector at least'],
    [
      { evses: [{ connectors: [{ ...connector, max_electric_power: 10 }] }] },
      'max_electric_power',
      'at least 1 kW',
    ],
    [{ evses: [{ connectors: [{ ...connector, standard: 'USB' }] }] }, 'standard', ''],
    [
      { evses: [{ connectors: [{ ...connector, tariff_uid: 'no-such-tariff' }] }] },
      'tariff_uid',
      'no tariff of this entity',
    ],
  ])('refuses %j with a 400 naming %s, and writes nothing', async (over, field, message) => {
    const before = await t.app.db
      .selectFrom('ev_charge_point')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    const r = await register({
      ocpp_identity: 'NEW-CP-0002',
      location_uid: location,
      ocpp_version: 'ocpp1.6',
      evses: [{ connectors: [connector] }],
      ...over,
    })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
    expect(r.body.error.message).toContain(message)
    const after = await t.app.db
      .selectFrom('ev_charge_point')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })

  it('is audited without the password', async () => {
    const r = await register({
      ocpp_identity: 'NEW-CP-0003',
      location_uid: location,
      ocpp_version: 'ocpp1.6',
      evses: [{ connectors: [connector] }],
    })
    const audit = await call(
      t.app,
      'GET',
      `/api/main/iam/audit?object_type=ev_charge_point&object_id=${String(r.body.data.uid)}`,
      { token },
    )
    const text = JSON.stringify(audit.body)
    expect(text).toContain('ev_charger_registered')
    expect(text).not.toContain(r.body.data.password as string)
  })

  it('registers a charger ahead of installation: Pending until commissioned on its page, then Accepted at once', async () => {
    const r = await register({
      ocpp_identity: 'NEW-CP-0004',
      location_uid: location,
      ocpp_version: 'ocpp1.6',
      commissioned: false,
      evses: [{ connectors: [connector] }],
    })
    expect(r.status).toBe(200)
    const { uid, password } = r.body.data as { uid: string; password: string }
    const cp = testCharger({ port, identity: 'NEW-CP-0004', password, reconnect: true })
    try {
      await cp.connect()
      const boot = () =>
        cp
          .call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' })
          .then((a) => (a as { status: string }).status)
      expect(await boot()).toBe('Pending')

      const commission = `/api/charging/charge-points/devices/${uid}/commission`
      const volt = await loginAs(t.app, 'voltnet')
      expect((await call(t.app, 'POST', commission, { token: volt })).status).toBe(404)
      const reconnected = new Promise((resolve) => cp.once('open', resolve))
      const done = await call(t.app, 'POST', commission, { token })
      expect(done.status).toBe(200)
      expect(done.body.data).toEqual({ uid, commissioned: true })
      // The server asked the waiting charger to reconnect; its next boot is Accepted.
      await reconnected
      expect(await boot()).toBe('Accepted')

      // Again: nothing changes, nothing more is audited.
      expect((await call(t.app, 'POST', commission, { token })).status).toBe(200)
      const audits = await t.app.db
        .selectFrom('audit_log')
        .where('action', '=', 'ev_charger_commissioned')
        .where('object_id', '=', uid)
        .selectAll()
        .execute()
      expect(audits).toHaveLength(1)
    } finally {
      await cp.close({ force: true })
    }
  })
})
