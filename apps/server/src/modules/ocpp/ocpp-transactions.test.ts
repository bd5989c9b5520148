import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { ChargingPeriod, TariffElement } from '@portal/contract'
import { priceSession } from '@portal/contract'
import type { RPCClient } from 'ocpp-rpc'
import type { TestApp } from '../../test-support'
import { createTestApp, DIALECTS } from '../../test-support'
import { TEST_BAY_CHARGERS } from '../../seed/ev-network'
import { DEMO_TOKENS } from '../../seed/ev-tokens'
import { utc8Day } from '../charging/sessions/session.service'
import { carbonDb } from '../carbon/carbon.table'
import { hashOcppPassword } from './ocpp-password'
import { testCharger } from './test-charger'

/*
 * Charging sessions over OCPP on the real endpoint (issue 14): the SparkGrid Test Bay's chargers as the seed makes
 * them (one EVSE, one Type 2 connector, the CPO's standard AC tariff), the EMSP's demo tokens. Test names carry the
 * OCPP 1.6 compliance cases (OCTT TC_xxx_CS) and 2.0.1 use cases (E02, E03, E12…) they follow, and the misbehaviours
 * the issue lists.
 */

const PASSWORD = 'Correct-Horse-Battery-1'
const MIN = 60_000
const iso = (ms: number) => new Date(ms).toISOString()

interface StartAnswer {
  transactionId: number
  idTagInfo: { status: string }
}

describe.each(DIALECTS)('OCPP transactions on %s', (dialect) => {
  let t: TestApp
  let port: number
  const open: RPCClient[] = []
  const connect = async (identity: string, protocols = ['ocpp1.6']) => {
    const client = testCharger({ port, identity, protocols, password: PASSWORD })
    open.push(client)
    await client.connect()
    return client
  }
  const [CP16, CP201, CP_SPARE] = TEST_BAY_CHARGERS
  const session = (id: number) =>
    t.app.db.selectFrom('ev_session').where('id', '=', id).selectAll().executeTakeFirstOrThrow()
  const sessionByKey = (key: string) =>
    t.app.db.selectFrom('ev_session').where('ocpp_key', '=', key).selectAll().executeTakeFirstOrThrow()
  const daily = async (entity: string, side: 'CPO' | 'EMSP', day: number) => {
    const rows = await t.app.db
      .selectFrom('ev_session_daily')
      .where('entity_code', '=', entity)
      .where('side', '=', side)
      .where('day', '=', day)
      .select(['sessions', 'energy_wh', 'revenue_incl_vat'])
      .execute()
    return rows.reduce(
      (sum, r) => ({
        sessions: sum.sessions + r.sessions,
        energy: sum.energy + r.energy_wh,
        revenue: sum.revenue + r.revenue_incl_vat,
      }),
      { sessions: 0, energy: 0, revenue: 0 },
    )
  }
  const token = (uid: string) =>
    t.app.db
      .selectFrom('ev_token as k')
      .leftJoin('ev_driver as d', 'd.id', 'k.driver_id')
      .where('k.uid', '=', uid)
      .select(['k.entity_code', 'k.driver_id', 'd.license_plate', 'd.name'])
      .executeTakeFirstOrThrow()
  /** What the contract's engine says the session costs: the server must agree to the cent. */
  const expectedPrice = async (row: Awaited<ReturnType<typeof session>>) => {
    const tariff = await t.app.db
      .selectFrom('ev_tariff')
      .where('id', '=', row.tariff_id ?? -1)
      .select(['elements', 'currency'])
      .executeTakeFirstOrThrow()
    return priceSession(
      { elements: JSON.parse(tariff.elements) as TariffElement[], currency: tariff.currency },
      JSON.parse(row.charging_periods) as ChargingPeriod[],
      row.end_date_time ?? Date.now(),
    )
  }
  const register = (wh: number, timestamp: number, context = 'Sample.Periodic') => ({
    timestamp: iso(timestamp),
    sampledValue: [{ value: String(wh), context, measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
  })

  const register201 = (wh: number, timestamp: number, context = 'Sample.Periodic') => ({
    timestamp: iso(timestamp),
    sampledValue: [
      { value: wh, context, measurand: 'Energy.Active.Import.Register', unitOfMeasure: { unit: 'Wh' } },
    ],
  })

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
    await t.app.db
      .updateTable('ev_charge_point')
      .set({ ocpp_password_hash: hashOcppPassword(PASSWORD), commissioned: 1 })
      .where('ocpp_identity', 'in', [...TEST_BAY_CHARGERS])
      .execute()
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close({ force: true })))
  })
  afterAll(() => t.close())

  describe('1.6-J', () => {
    it('TC_004_1_CS Regular charging session, identification first: ACTIVE, metered, completed, priced, rolled up', async () => {
      const cp = await connect(CP16)
      const owner = await token(DEMO_TOKENS.valid)
      const t0 = Date.now() - 40 * MIN
      const day = utc8Day(t0)
      const cpoBefore = await daily('CPO', 'CPO', day)
      const emspBefore = await daily(owner.entity_code, 'EMSP', day)

      expect(await cp.call('Authorize', { idTag: DEMO_TOKENS.valid })).toEqual({
        idTagInfo: { status: 'Accepted' },
      })
      const start = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 1_000_000,
        timestamp: iso(t0),
      })) as StartAnswer
      expect(start.idTagInfo.status).toBe('Accepted')
      let row = await session(start.transactionId)
      expect(row).toMatchObject({
        status: 'ACTIVE',
        entity_code: 'CPO',
        emsp_entity_code: owner.entity_code,
        driver_id: owner.driver_id,
        license_plate: owner.license_plate,
        external_id: String(start.transactionId),
        authorization_reference: DEMO_TOKENS.valid,
        payment_method_code: 'RFID',
        start_date_time: t0,
        end_date_time: null,
        energy_wh: 0,
      })

      // kWh and Wh alike; the same reading sent twice counts once.
      await cp.call('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [
          {
            timestamp: iso(t0 + 10 * MIN),
            sampledValue: [
              { value: '1003.5', unit: 'kWh' },
              { value: '21000', measurand: 'Power.Active.Import', unit: 'W' },
            ],
          },
        ],
      })
      const twice = {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [register(1_007_000, t0 + 20 * MIN)],
      }
      await cp.call('MeterValues', twice)
      await cp.call('MeterValues', twice)
      row = await session(start.transactionId)
      expect(row.energy_wh).toBe(7000)
      expect(row.total_incl_vat).toBeGreaterThan(0)

      const stop = await cp.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 1_011_000,
        timestamp: iso(t0 + 30 * MIN),
        idTag: DEMO_TOKENS.valid,
        reason: 'EVDisconnected',
      })
      expect(stop).toEqual({ idTagInfo: { status: 'Accepted' } })
      row = await session(start.transactionId)
      expect(row).toMatchObject({
        status: 'COMPLETED',
        stop_reason: 'VEHICLE_MANUAL_STOP',
        end_date_time: t0 + 30 * MIN,
        energy_wh: 11_000,
      })
      const periods = JSON.parse(row.charging_periods) as ChargingPeriod[]
      expect(periods.length).toBeGreaterThanOrEqual(2)
      expect(periods[0]?.dimensions).toContainEqual({ type: 'MAX_POWER', volume: 21 })
      const price = await expectedPrice(row)
      expect(row.total_incl_vat).toBe(price.total.incl_vat)
      expect(row.cost_energy_excl_vat).toBe(price.energy.excl_vat)
      expect(row.paid_amount).toBe(row.total_incl_vat)

      // A stop sent again (our answer was lost) changes nothing, and the rollups count the session once.
      await cp.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 1_011_000,
        timestamp: iso(t0 + 30 * MIN),
      })
      expect(await daily('CPO', 'CPO', day)).toEqual({
        sessions: cpoBefore.sessions + 1,
        energy: cpoBefore.energy + 11_000,
        revenue: cpoBefore.revenue + row.total_incl_vat,
      })
      expect((await daily(owner.entity_code, 'EMSP', day)).sessions).toBe(emspBefore.sessions + 1)
      const readings = await t.app.db
        .selectFrom('ev_meter_reading')
        .where('session_id', '=', row.id)
        .select('at')
        .execute()
      expect(readings).toEqual([])
    })

    it('TC_003_CS Regular charging session, plug-in first: the sessions list and the charger page show it', async () => {
      const cp = await connect(CP16)
      await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' })
      await cp.call('Authorize', { idTag: DEMO_TOKENS.valid })
      const start = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 0,
        timestamp: iso(Date.now()),
      })) as StartAnswer
      await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Charging' })
      const row = await session(start.transactionId)
      expect(row.status).toBe('ACTIVE')
      expect(row.connectivity).toBe('ONLINE')
      await cp.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 500,
        timestamp: iso(Date.now()),
      })
      expect((await session(start.transactionId)).energy_wh).toBe(500)
    })

    it('a StartTransaction sent twice opens one session and answers the same transactionId', async () => {
      const cp = await connect(CP16)
      const params = {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 42,
        timestamp: iso(Date.now() - MIN),
      }
      const [a, b] = (await Promise.all([
        cp.call('StartTransaction', params),
        cp.call('StartTransaction', params),
      ])) as [StartAnswer, StartAnswer]
      expect(a.transactionId).toBe(b.transactionId)
      const n = await t.app.db
        .selectFrom('ev_session')
        .where('ocpp_key', 'like', 'start:1:%:42:%')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(n.n)).toBe(1)
      await cp.call('StopTransaction', {
        transactionId: a.transactionId,
        meterStop: 42,
        timestamp: iso(Date.now()),
      })
    })

    it.each([
      ['TC_023_CS blocked', DEMO_TOKENS.blocked, 'Blocked'],
      ['unknown', 'NOBODY-KNOWS-ME', 'Invalid'],
    ])(
      'a %s token is refused at the start: the session is a START_FAILURE',
      async (_label, idTag, status) => {
        const cp = await connect(CP16)
        const start = (await cp.call('StartTransaction', {
          connectorId: 1,
          idTag,
          meterStart: 7,
          timestamp: iso(Date.now()),
        })) as StartAnswer
        expect(start.idTagInfo.status).toBe(status)
        const row = await session(start.transactionId)
        expect(row).toMatchObject({ status: 'START_FAILURE', stop_reason: 'CHARGER_REJECTED' })
        // A known token's EMSP sees the refusal on its side; an unknown one has no EMSP but the CPO.
        const known = await t.app.db
          .selectFrom('ev_token')
          .where('uid', '=', idTag)
          .select('entity_code')
          .executeTakeFirst()
        expect(row.emsp_entity_code).toBe(known?.entity_code ?? 'CPO')
        expect(row.end_date_time).toBe(row.start_date_time)
        // The charger stops at once (DeAuthorized): nothing more is recorded.
        await cp.call('StopTransaction', {
          transactionId: start.transactionId,
          meterStop: 7,
          timestamp: iso(Date.now()),
          reason: 'DeAuthorized',
        })
        expect((await session(start.transactionId)).status).toBe('START_FAILURE')
      },
    )

    it('a StopTransaction for a transaction never seen is answered, and nothing is written', async () => {
      const cp = await connect(CP16)
      const before = await t.app.db
        .selectFrom('ev_session')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      expect(
        await cp.call('StopTransaction', {
          transactionId: 987_654_321,
          meterStop: 10,
          timestamp: iso(Date.now()),
        }),
      ).toEqual({})
      const after = await t.app.db
        .selectFrom('ev_session')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(after.n)).toBe(Number(before.n))
      // Another charger's transaction is not this charger's to stop.
      const other = await connect(CP_SPARE ?? 'SPK-TEST-03')
      const start = (await other.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 0,
        timestamp: iso(Date.now()),
      })) as StartAnswer
      await cp.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 10,
        timestamp: iso(Date.now()),
      })
      expect((await session(start.transactionId)).status).toBe('ACTIVE')
      await other.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 10,
        timestamp: iso(Date.now()),
      })
    })

    it('TC_039_CS Offline transaction: start, readings and stop queued while offline keep their times', async () => {
      const cp = await connect(CP16)
      const t0 = Date.now() - 3 * 3_600_000
      const start = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 5000,
        timestamp: iso(t0),
      })) as StartAnswer
      await cp.call('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [register(9000, t0 + 15 * MIN)],
      })
      await cp.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 13_000,
        timestamp: iso(t0 + 40 * MIN),
        transactionData: [register(11_000, t0 + 30 * MIN)],
      })
      const row = await session(start.transactionId)
      expect(row).toMatchObject({
        connectivity: 'OFFLINE',
        start_date_time: t0,
        end_date_time: t0 + 40 * MIN,
        energy_wh: 8000,
        status: 'COMPLETED',
      })
    })

    it('timestamps from a clock far ahead or never set read as the time they arrived', async () => {
      const cp = await connect(CP16)
      const before = Date.now()
      const ahead = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 1,
        timestamp: iso(before + 3_600_000),
      })) as StartAnswer
      const unset = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 2,
        timestamp: '1970-01-01T00:00:00.000Z',
      })) as StartAnswer
      for (const id of [ahead.transactionId, unset.transactionId]) {
        const row = await session(id)
        expect(row.start_date_time).toBeGreaterThanOrEqual(before)
        expect(row.start_date_time).toBeLessThanOrEqual(Date.now())
        await cp.call('StopTransaction', { transactionId: id, meterStop: 10, timestamp: iso(Date.now()) })
      }
      // A stop dated before its start ends the session at its start.
      const skewed = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 3,
        timestamp: iso(Date.now()),
      })) as StartAnswer
      await cp.call('StopTransaction', {
        transactionId: skewed.transactionId,
        meterStop: 30,
        timestamp: iso(Date.now() - 3_600_000),
      })
      const row = await session(skewed.transactionId)
      expect(row.end_date_time).toBe(row.start_date_time)
      expect(row.energy_wh).toBe(27)
    })

    it('a charger that reboots mid-session carries on the same transaction: nothing lost, nothing twice', async () => {
      let cp = await connect(CP16)
      const t0 = Date.now() - 30 * MIN
      const start = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 100_000,
        timestamp: iso(t0),
      })) as StartAnswer
      await cp.call('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [register(102_000, t0 + 5 * MIN)],
      })
      await cp.close({ force: true })
      cp = await connect(CP16)
      await cp.call('BootNotification', { chargePointVendor: 'Alfen', chargePointModel: 'Eve' })
      // After the reboot the queue is sent again, from before the reboot onwards.
      await cp.call('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [register(102_000, t0 + 5 * MIN)],
      })
      await cp.call('MeterValues', {
        connectorId: 1,
        transactionId: start.transactionId,
        meterValue: [register(104_500, t0 + 15 * MIN)],
      })
      await cp.call('StopTransaction', {
        transactionId: start.transactionId,
        meterStop: 106_000,
        timestamp: iso(t0 + 25 * MIN),
        reason: 'Reboot',
      })
      const row = await session(start.transactionId)
      expect(row).toMatchObject({ energy_wh: 6000, status: 'COMPLETED', stop_reason: 'CHARGER_FAILURE' })
    })

    it('a new start on a connector closes a session whose stop never came; its stop, arriving late, still counts', async () => {
      const cp = await connect(CP16)
      const t0 = Date.now() - 50 * MIN
      const lost = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 300,
        timestamp: iso(t0),
      })) as StartAnswer
      const next = (await cp.call('StartTransaction', {
        connectorId: 1,
        idTag: DEMO_TOKENS.valid,
        meterStart: 900,
        timestamp: iso(t0 + 20 * MIN),
      })) as StartAnswer
      expect(await session(lost.transactionId)).toMatchObject({
        status: 'STOP_FAILURE',
        stop_reason: 'CHARGER_FAILURE',
      })
      expect((await session(next.transactionId)).status).toBe('ACTIVE')
      await cp.call('StopTransaction', {
        transactionId: lost.transactionId,
        meterStop: 900,
        timestamp: iso(t0 + 19 * MIN),
      })
      expect(await session(lost.transactionId)).toMatchObject({ status: 'COMPLETED', energy_wh: 600 })
      await cp.call('StopTransaction', {
        transactionId: next.transactionId,
        meterStop: 1000,
        timestamp: iso(Date.now()),
      })
    })

    it('refuses a start on a connector the charger does not have', async () => {
      const cp = await connect(CP16)
      await expect(
        cp.call('StartTransaction', {
          connectorId: 4,
          idTag: DEMO_TOKENS.valid,
          meterStart: 0,
          timestamp: iso(Date.now()),
        }),
      ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' })
    })
  })

  describe('2.0.1', () => {
    const event = (over: Record<string, unknown>) => ({
      timestamp: iso(Date.now()),
      triggerReason: 'Authorized',
      seqNo: 0,
      ...over,
    })

    it('E02 Start transaction, cable plug-in first: the token names the driver later; Ended completes it', async () => {
      const cp = await connect(CP201, ['ocpp2.0.1'])
      const owner = await token(DEMO_TOKENS.valid)
      const t0 = Date.now() - 20 * MIN
      const transactionId = `e02-${String(Date.now())}`
      const info = { transactionId }
      expect(
        await cp.call(
          'TransactionEvent',
          event({
            eventType: 'Started',
            timestamp: iso(t0),
            triggerReason: 'CablePluggedIn',
            transactionInfo: { ...info, chargingState: 'EVConnected' },
            evse: { id: 1, connectorId: 1 },
            meterValue: [register201(20_000, t0, 'Transaction.Begin')],
          }),
        ),
      ).toEqual({})
      let row = await sessionByKey(`tx:${transactionId}`)
      expect(row).toMatchObject({
        status: 'ACTIVE',
        external_id: transactionId,
        emsp_entity_code: 'CPO',
        meter_start_wh: 20_000,
      })

      const authorized = await cp.call(
        'TransactionEvent',
        event({
          eventType: 'Updated',
          seqNo: 1,
          timestamp: iso(t0 + MIN),
          transactionInfo: { ...info, chargingState: 'Charging' },
          idToken: { idToken: DEMO_TOKENS.valid, type: 'ISO14443' },
        }),
      )
      expect(authorized).toEqual({ idTokenInfo: { status: 'Accepted' } })
      row = await sessionByKey(`tx:${transactionId}`)
      expect(row).toMatchObject({ emsp_entity_code: owner.entity_code, driver_id: owner.driver_id })

      await cp.call(
        'TransactionEvent',
        event({
          eventType: 'Updated',
          seqNo: 2,
          triggerReason: 'MeterValuePeriodic',
          timestamp: iso(t0 + 10 * MIN),
          transactionInfo: info,
          meterValue: [
            {
              timestamp: iso(t0 + 10 * MIN),
              sampledValue: [{ value: 23.5, unitOfMeasure: { unit: 'kWh' } }],
            },
          ],
        }),
      )
      expect((await sessionByKey(`tx:${transactionId}`)).energy_wh).toBe(3500)
      await cp.call(
        'TransactionEvent',
        event({
          eventType: 'Ended',
          seqNo: 3,
          triggerReason: 'EVCommunicationLost',
          timestamp: iso(t0 + 15 * MIN),
          transactionInfo: { ...info, stoppedReason: 'EVDisconnected' },
          meterValue: [register201(25_000, t0 + 15 * MIN, 'Transaction.End')],
        }),
      )
      row = await sessionByKey(`tx:${transactionId}`)
      expect(row).toMatchObject({ status: 'COMPLETED', stop_reason: 'VEHICLE_MANUAL_STOP', energy_wh: 5000 })
      expect(row.total_incl_vat).toBe((await expectedPrice(row)).total.incl_vat)
    })

    it('E03 Start transaction, IdToken first: Started carries the token and is answered for it', async () => {
      const cp = await connect(CP201, ['ocpp2.0.1'])
      const transactionId = `e03-${String(Date.now())}`
      const started = await cp.call(
        'TransactionEvent',
        event({
          eventType: 'Started',
          transactionInfo: { transactionId },
          idToken: { idToken: DEMO_TOKENS.blocked, type: 'ISO14443' },
          evse: { id: 1, connectorId: 1 },
        }),
      )
      expect(started).toEqual({ idTokenInfo: { status: 'Blocked' } })
      expect((await sessionByKey(`tx:${transactionId}`)).status).toBe('START_FAILURE')
    })

    it('E12 an offline transaction whose Started was lost: Updated and Ended open and complete it', async () => {
      const cp = await connect(CP201, ['ocpp2.0.1'])
      const transactionId = `e12-${String(Date.now())}`
      const t0 = Date.now() - 60 * MIN
      const ended = {
        eventType: 'Ended',
        seqNo: 5,
        offline: true,
        timestamp: iso(t0 + 30 * MIN),
        triggerReason: 'StopAuthorized',
        transactionInfo: { transactionId, stoppedReason: 'Local' },
        idToken: { idToken: DEMO_TOKENS.valid, type: 'ISO14443' },
        evse: { id: 1, connectorId: 1 },
        meterValue: [register201(4_000, t0 + 30 * MIN, 'Transaction.End')],
      }
      await cp.call(
        'TransactionEvent',
        event({
          eventType: 'Updated',
          seqNo: 4,
          offline: true,
          timestamp: iso(t0),
          transactionInfo: { transactionId },
          evse: { id: 1, connectorId: 1 },
          meterValue: [register201(1_000, t0)],
        }),
      )
      expect(await cp.call('TransactionEvent', event(ended))).toEqual({ idTokenInfo: { status: 'Accepted' } })
      await cp.call('TransactionEvent', event(ended))
      const row = await sessionByKey(`tx:${transactionId}`)
      expect(row).toMatchObject({
        status: 'COMPLETED',
        connectivity: 'OFFLINE',
        energy_wh: 3_000,
        start_date_time: t0,
      })
    })

    it('a transaction event naming an EVSE the charger does not have gets PropertyConstraintViolation', async () => {
      const cp = await connect(CP201, ['ocpp2.0.1'])
      await expect(
        cp.call(
          'TransactionEvent',
          event({
            eventType: 'Started',
            transactionInfo: { transactionId: 'nowhere' },
            evse: { id: 9, connectorId: 1 },
          }),
        ),
      ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' })
    })
  })

  it('a completed session of an enrolled vehicle earns its carbon record', async () => {
    const owner = await token(DEMO_TOKENS.valid)
    const plate = owner.license_plate
    expect(plate).not.toBeNull()
    if (plate === null) return
    const carbon = carbonDb(t.app.db)
    const enrolled = await carbon
      .selectFrom('carbon_vehicle')
      .where('license_plate', '=', plate)
      .select('id')
      .executeTakeFirst()
    if (!enrolled)
      await carbon
        .insertInto('carbon_vehicle')
        .values({
          crx_entity_code: 'CRX',
          fo_entity_code: 'METRO',
          license_plate: plate,
          vehicle_type: 'car',
          fuel: 'petrol',
          enrolled_at: 0,
          created_at: 0,
        })
        .execute()
    const cp = await connect(CP16)
    const start = (await cp.call('StartTransaction', {
      connectorId: 1,
      idTag: DEMO_TOKENS.valid,
      meterStart: 0,
      timestamp: iso(Date.now() - 30 * MIN),
    })) as StartAnswer
    await cp.call('StopTransaction', {
      transactionId: start.transactionId,
      meterStop: 9_000,
      timestamp: iso(Date.now()),
    })
    const record = await carbon
      .selectFrom('carbon_record')
      .where('session_id', '=', start.transactionId)
      .select(['energy_wh'])
      .executeTakeFirst()
    expect(record).toEqual({ energy_wh: 9_000 })
  })
})
