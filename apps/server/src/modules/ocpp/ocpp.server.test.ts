import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RPCClient } from 'ocpp-rpc'
import type { Db } from '../../db/database'
import type { TestApp } from '../../test-support'
import { createTestApp, DIALECTS } from '../../test-support'
import { hashOcppPassword } from './ocpp-password'
import { enrolmentLookup } from './ocpp-enrolment.service'
import { numberedConnectors } from './ocpp.repository'
import { testCharger } from './test-charger'

/*
 * The OCPP central system over its real endpoint: a listening server, ocpp-rpc's client as the charger. Test names
 * carry the OCPP compliance test cases they follow (OCTT: 1.6 TC_xxx_CS, 2.0.1 TC_X_nn_CSMS).
 */

const PASSWORD = 'Correct-Horse-Battery-1'

interface Fixture {
  identity: string
  id: number
  connectors: number
}

const taken = new Set<number>()

/** Gives a seeded charger a new identity and password; `connectors` picks one with that many (or more). */
async function register(db: Db, identity: string, connectors: number, commissioned = 1): Promise<Fixture> {
  const rows = await db
    .selectFrom('ev_charge_point as cp')
    .innerJoin('ev_evse as e', 'e.charge_point_id', 'cp.id')
    .innerJoin('ev_connector as c', 'c.evse_ref', 'e.id')
    .groupBy('cp.id')
    .select((eb) => ['cp.id', eb.fn.countAll<number | string>().as('n')])
    .orderBy('cp.id')
    .execute()
  const pick = rows.find(
    (r) => !taken.has(r.id) && (connectors === 1 ? Number(r.n) === 1 : Number(r.n) >= connectors),
  )
  if (!pick) throw new Error(`no seeded charger with ${String(connectors)} connector(s)`)
  taken.add(pick.id)
  await db
    .updateTable('ev_charge_point')
    .set({ ocpp_identity: identity, ocpp_password_hash: hashOcppPassword(PASSWORD), commissioned })
    .where('id', '=', pick.id)
    .execute()
  return { identity, id: pick.id, connectors: Number(pick.n) }
}

describe.each(DIALECTS)('OCPP central system on %s', (dialect) => {
  let t: TestApp
  let port: number
  let single: Fixture
  let multi: Fixture
  let pending: Fixture
  const open: RPCClient[] = []
  const connect = async (
    identity: string,
    protocols = ['ocpp1.6'],
    password: string | undefined = PASSWORD,
  ) => {
    const client = testCharger({ port, identity, protocols, ...(password !== undefined ? { password } : {}) })
    open.push(client)
    await client.connect()
    return client
  }
  const charger = (id: number) =>
    t.app.db.selectFrom('ev_charge_point').where('id', '=', id).selectAll().executeTakeFirstOrThrow()

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
    taken.clear()
    single = await register(t.app.db, 'TEST-CP-SINGLE', 1)
    multi = await register(t.app.db, 'TEST-CP-MULTI', 2)
    pending = await register(t.app.db, 'TEST-CP-NEW', 1, 0)
  })
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close({ force: true })))
  })
  afterAll(() => t.close())

  describe('the upgrade (security profile 1)', () => {
    it.each([
      ['a wrong password', 'TEST-CP-SINGLE', 'not-the-password-at-all', 401],
      ['no password', 'TEST-CP-SINGLE', undefined, 401],
      ['an unknown identity', 'NOBODY-HERE', PASSWORD, 401],
      ['an identity with characters OCPP does not allow', 'bad%20identity', PASSWORD, 401],
    ])('refuses %s: 401 at the upgrade, and no socket', async (_label, identity, password, status) => {
      const client = testCharger({ port, identity, ...(password !== undefined ? { password } : {}) })
      await expect(client.connect()).rejects.toMatchObject({ code: status })
      expect(t.app.ocpp.connection(identity)).toBeUndefined()
    })

    it("refuses an unknown identity that presents its entity's enrolment password: PORTAL_OCPP_ACCEPT_UNKNOWN is off by default", async () => {
      const enrolment = 'Enrolment-Password-24ch'
      await t.app.db
        .insertInto('ocpp_enrolment')
        .values({
          entity_code: 'CPO',
          password_lookup: enrolmentLookup(enrolment),
          set_at: 0,
          set_by: 'test',
        })
        .execute()
      await expect(connect('NOT-YET-KNOWN', ['ocpp1.6'], enrolment)).rejects.toMatchObject({ code: 401 })
      expect(await t.app.db.selectFrom('ocpp_pending_charger').selectAll().execute()).toEqual([])
    })

    it('refuses a client offering no OCPP subprotocol', async () => {
      const client = testCharger({
        port,
        identity: single.identity,
        password: PASSWORD,
        protocols: ['ocpp1.5'],
        strict: false,
      })
      await expect(client.connect()).rejects.toMatchObject({ code: 400 })
    })

    it('answers 404 to an upgrade on any other path', async () => {
      const res = await fetch(`http://127.0.0.1:${String(port)}/api/main/whatever`, {
        headers: {
          connection: 'Upgrade',
          upgrade: 'websocket',
          'sec-websocket-version': '13',
          'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        },
      }).catch((err: unknown) => err)
      // fetch cannot upgrade; what matters is that the server answered and did not hang or crash
      expect(res).toBeDefined()
      const health = await fetch(`http://127.0.0.1:${String(port)}/healthz`)
      expect(health.status).toBe(200)
    })

    it('negotiates 2.0.1 when the charger offers both, and 1.6 when it offers only that', async () => {
      const both = await connect(single.identity, ['ocpp1.6', 'ocpp2.0.1'])
      expect(both.protocol).toBe('ocpp2.0.1')
      await both.close()
      const old = await connect(single.identity, ['ocpp1.6'])
      expect(old.protocol).toBe('ocpp1.6')
    })
  })

  describe('1.6-J', () => {
    it('TC_001_CS Cold Boot Charge Point: boot accepted, statuses of connector 0 and 1, heartbeat', async () => {
      const cp = await connect(single.identity)
      const boot = (await cp.call('BootNotification', {
        chargePointVendor: 'Alfen',
        chargePointModel: 'Eve Single Pro',
        chargePointSerialNumber: 'ACE0012345',
        firmwareVersion: '6.4.1',
      })) as { status: string; interval: number; currentTime: string }
      expect(boot.status).toBe('Accepted')
      expect(boot.interval).toBe(300)
      expect(Math.abs(Date.parse(boot.currentTime) - Date.now())).toBeLessThan(10_000)
      let row = await charger(single.id)
      expect(row).toMatchObject({
        vendor: 'Alfen',
        model: 'Eve Single Pro',
        serial_number: 'ACE0012345',
        firmware_version: '6.4.1',
        ocpp_version: 'ocpp1.6',
      })
      expect(row.boot_at).not.toBeNull()

      expect(
        await cp.call('StatusNotification', { connectorId: 0, errorCode: 'NoError', status: 'Available' }),
      ).toEqual({})
      expect(
        await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Available' }),
      ).toEqual({})
      const [connector] = await numberedConnectors(t.app.db, single.id)
      expect(connector?.status).toBe('AVAILABLE')
      const evse = await t.app.db
        .selectFrom('ev_evse')
        .where('id', '=', connector?.evseId ?? -1)
        .select('status')
        .executeTakeFirstOrThrow()
      expect(evse.status).toBe('AVAILABLE')

      const before = (await charger(single.id)).last_heartbeat_at ?? 0
      await new Promise((r) => setTimeout(r, 5))
      const hb = (await cp.call('Heartbeat', {})) as { currentTime: string }
      expect(Date.parse(hb.currentTime)).toBeGreaterThan(0)
      row = await charger(single.id)
      expect(row.last_heartbeat_at ?? 0).toBeGreaterThan(before)
    })

    it('TC_002_CS Cold Boot Charge Point - Pending: a charger not commissioned yet waits', async () => {
      const cp = await connect(pending.identity)
      const boot = (await cp.call('BootNotification', {
        chargePointVendor: 'Wallbox',
        chargePointModel: 'Commander 2',
      })) as { status: string; interval: number }
      expect(boot).toMatchObject({ status: 'Pending', interval: 300 })
      expect((await charger(pending.id)).ocpp_version).toBe('ocpp1.6')
    })

    it('maps every status, keeps the error code, and derives the EVSE status', async () => {
      const cp = await connect(single.identity)
      const [connector] = await numberedConnectors(t.app.db, single.id)
      const evseStatus = async () =>
        (
          await t.app.db
            .selectFrom('ev_evse')
            .where('id', '=', connector?.evseId ?? -1)
            .select('status')
            .executeTakeFirstOrThrow()
        ).status
      // A timeline of its own, a minute ago: forget the reports earlier tests made.
      await t.app.db
        .updateTable('ev_connector')
        .set({ status_at: null })
        .where('id', '=', connector?.id ?? -1)
        .execute()
      let clock = Date.now() - 60_000
      for (const [ocpp, mine, evse] of [
        ['Preparing', 'PREPARING', 'CHARGING'],
        ['Charging', 'CHARGING', 'CHARGING'],
        ['SuspendedEV', 'SUSPENDEDEV', 'CHARGING'],
        ['Finishing', 'FINISHING', 'CHARGING'],
        ['Reserved', 'RESERVED', 'RESERVED'],
        ['Unavailable', 'UNAVAILABLE', 'OUTOFORDER'],
        ['Available', 'AVAILABLE', 'AVAILABLE'],
      ] as const) {
        clock += 1000
        await cp.call('StatusNotification', {
          connectorId: 1,
          errorCode: 'NoError',
          status: ocpp,
          timestamp: new Date(clock).toISOString(),
        })
        const [now] = await numberedConnectors(t.app.db, single.id)
        expect([ocpp, now?.status]).toEqual([ocpp, mine])
        expect([ocpp, await evseStatus()]).toEqual([ocpp, evse])
        // a single-connector charger shows its connector's status
        expect((await charger(single.id)).ocpp_status).toBe(mine)
      }
      clock += 1000
      await cp.call('StatusNotification', {
        connectorId: 1,
        errorCode: 'GroundFailure',
        status: 'Faulted',
        timestamp: new Date(clock).toISOString(),
      })
      const row = await t.app.db
        .selectFrom('ev_connector')
        .where('id', '=', connector?.id ?? -1)
        .select(['status', 'error_code', 'status_at'])
        .executeTakeFirstOrThrow()
      expect(row).toEqual({ status: 'FAULTED', error_code: 'GroundFailure', status_at: clock })
      expect(await evseStatus()).toBe('OUTOFORDER')
    })

    it('keeps the later truth when a report queued offline arrives after a newer one', async () => {
      const cp = await connect(single.identity)
      const now = Date.now()
      await cp.call('StatusNotification', {
        connectorId: 1,
        errorCode: 'NoError',
        status: 'Charging',
        timestamp: new Date(now).toISOString(),
      })
      await cp.call('StatusNotification', {
        connectorId: 1,
        errorCode: 'NoError',
        status: 'Available',
        timestamp: new Date(now - 30_000).toISOString(),
      })
      const [connector] = await numberedConnectors(t.app.db, single.id)
      expect(connector?.status).toBe('CHARGING')
    })

    it('does not believe a clock far in the future: the report counts as of now', async () => {
      const cp = await connect(single.identity)
      await cp.call('StatusNotification', {
        connectorId: 1,
        errorCode: 'NoError',
        status: 'Available',
        timestamp: new Date(Date.now() + 86_400_000).toISOString(),
      })
      const [connector] = await numberedConnectors(t.app.db, single.id)
      expect(connector?.status).toBe('AVAILABLE')
      expect(connector?.statusAt ?? 0).toBeLessThanOrEqual(Date.now())
      // and a normal report a minute later still applies
      await cp.call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: 'Preparing' })
      expect((await numberedConnectors(t.app.db, single.id))[0]?.status).toBe('PREPARING')
    })

    it('numbers connectors over the whole charger, and refuses one it does not have', async () => {
      const cp = await connect(multi.identity)
      const connectors = await numberedConnectors(t.app.db, multi.id)
      const last = connectors.at(-1)
      await cp.call('StatusNotification', {
        connectorId: connectors.length,
        errorCode: 'NoError',
        status: 'Charging',
      })
      const after = await numberedConnectors(t.app.db, multi.id)
      expect(after.at(-1)?.status).toBe('CHARGING')
      expect(after.at(-1)?.id).toBe(last?.id)
      await expect(
        cp.call('StatusNotification', {
          connectorId: connectors.length + 1,
          errorCode: 'NoError',
          status: 'Charging',
        }),
      ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' })
    })
  })

  describe('2.0.1', () => {
    it('TC_B_01_CSMS Cold Boot Charging Station - Accepted: boot, connector statuses, heartbeat', async () => {
      const cs = await connect(multi.identity, ['ocpp2.0.1'])
      const boot = (await cs.call('BootNotification', {
        reason: 'PowerUp',
        chargingStation: {
          vendorName: 'ABB',
          model: 'Terra 184',
          serialNumber: 'ABB-T184-0001',
          firmwareVersion: '1.8.3',
        },
      })) as { status: string; interval: number }
      expect(boot).toMatchObject({ status: 'Accepted', interval: 300 })
      expect(await charger(multi.id)).toMatchObject({
        vendor: 'ABB',
        model: 'Terra 184',
        serial_number: 'ABB-T184-0001',
        firmware_version: '1.8.3',
        ocpp_version: 'ocpp2.0.1',
      })
      const connectors = await numberedConnectors(t.app.db, multi.id)
      for (const c of connectors)
        await cs.call('StatusNotification', {
          timestamp: new Date().toISOString(),
          connectorStatus: 'Available',
          evseId: c.evseNumber,
          connectorId: c.connectorNumber,
        })
      expect((await numberedConnectors(t.app.db, multi.id)).map((c) => c.status)).toEqual(
        connectors.map(() => 'AVAILABLE'),
      )
      const first = connectors[0]
      await cs.call('StatusNotification', {
        timestamp: new Date(Date.now() + 1000).toISOString(),
        connectorStatus: 'Occupied',
        evseId: first?.evseNumber ?? 1,
        connectorId: first?.connectorNumber ?? 1,
      })
      const evse = await t.app.db
        .selectFrom('ev_evse')
        .where('id', '=', first?.evseId ?? -1)
        .select('status')
        .executeTakeFirstOrThrow()
      expect(evse.status).toBe('CHARGING')
      expect(await cs.call('Heartbeat', {})).toHaveProperty('currentTime')
    })

    it('TC_B_02_CSMS Cold Boot Charging Station - Pending', async () => {
      const cs = await connect(pending.identity, ['ocpp2.0.1'])
      const boot = (await cs.call('BootNotification', {
        reason: 'PowerUp',
        chargingStation: { vendorName: 'ABB', model: 'Terra AC' },
      })) as { status: string }
      expect(boot.status).toBe('Pending')
    })

    it('refuses an EVSE the charging station does not have', async () => {
      const cs = await connect(single.identity, ['ocpp2.0.1'])
      await expect(
        cs.call('StatusNotification', {
          timestamp: new Date().toISOString(),
          connectorStatus: 'Available',
          evseId: 9,
          connectorId: 1,
        }),
      ).rejects.toMatchObject({ rpcErrorCode: 'PropertyConstraintViolation' })
    })
  })

  describe('Authorize (1.6 and 2.0.1)', () => {
    /** A seeded charger of an entity, with the test's password. */
    const chargerOf = async (entity: string) => {
      const row = await t.app.db
        .selectFrom('ev_charge_point')
        .where('entity_code', '=', entity)
        .where('ocpp_identity', 'is not', null)
        .where('id', 'not in', [...taken])
        .select(['id', 'ocpp_identity'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow()
      taken.add(row.id)
      await t.app.db
        .updateTable('ev_charge_point')
        .set({ ocpp_password_hash: hashOcppPassword(PASSWORD) })
        .where('id', '=', row.id)
        .execute()
      return row.ocpp_identity ?? ''
    }

    it.each([
      ['DEMO-RFID-0001', 'Accepted'],
      ['DEMO-RFID-BLOCKED', 'Blocked'],
      ['NOBODY-KNOWS-ME', 'Invalid'],
    ])('1.6: idTag %s on a SparkGrid charger → %s', async (idTag, status) => {
      const cp = await connect('SPK-TEST-01', ['ocpp1.6'], 'demo1234')
      expect(await cp.call('Authorize', { idTag })).toEqual({ idTagInfo: { status } })
    })

    it.each([
      ['DEMO-RFID-0001', 'Accepted'],
      ['DEMO-RFID-BLOCKED', 'Blocked'],
      ['NOBODY-KNOWS-ME', 'Invalid'],
    ])('2.0.1: idToken %s on a SparkGrid charger → %s', async (idToken, status) => {
      const cs = await connect('SPK-TEST-01', ['ocpp2.0.1'], 'demo1234')
      expect(await cs.call('Authorize', { idToken: { idToken, type: 'ISO14443' } })).toEqual({
        idTokenInfo: { status },
      })
    })

    it('refuses the RoamCharge card on a network its driver has no agreement with (Busways)', async () => {
      const cp = await connect(await chargerOf('BUS'))
      expect(await cp.call('Authorize', { idTag: 'DEMO-RFID-0001' })).toEqual({
        idTagInfo: { status: 'Invalid' },
      })
    })

    it('refuses an idTag longer than 1.6 allows, by schema (the server checks, whatever the client does)', async () => {
      const cp = testCharger({ port, identity: 'SPK-TEST-01', password: 'demo1234', strict: false })
      open.push(cp)
      await cp.connect()
      await expect(cp.call('Authorize', { idTag: 'X'.repeat(21) })).rejects.toMatchObject({
        rpcErrorCode: 'FormationViolation',
      })
    })
  })

  describe('hostile and broken chargers', () => {
    it.each([
      // ocpp-rpc answers 1.6 with 2.0.1's spelling of this code (1.6 wrote "Occurence"); both are accepted here.
      [
        'a required field missing',
        { connectorId: 1, status: 'Available' },
        ['OccurrenceConstraintViolation', 'OccurenceConstraintViolation'],
      ],
      [
        'a field of the wrong type',
        { connectorId: 'one', errorCode: 'NoError', status: 'Available' },
        ['TypeConstraintViolation'],
      ],
      // ocpp-rpc maps a value outside an enumeration to FormatViolation, which 1.6 calls FormationViolation.
      [
        'a value outside the enumeration',
        { connectorId: 1, errorCode: 'NoError', status: 'Exploded' },
        ['FormationViolation'],
      ],
    ])(
      'answers a call with %s by the OCPP error for it, and keeps serving the charger',
      async (_label, params, codes) => {
        const cp = await connect(single.identity)
        const raw = await new Promise<string>((resolve) => {
          const listener = ({ message, outbound }: { message: string; outbound: boolean }) => {
            if (outbound) return
            cp.off('message', listener)
            resolve(message)
          }
          cp.on('message', listener)
          cp.sendRaw(JSON.stringify([2, 'bad-1', 'StatusNotification', params]))
        })
        const [type, id, code] = JSON.parse(raw) as [number, string, string]
        expect([type, id]).toEqual([4, 'bad-1'])
        expect(codes).toContain(code)
        expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime')
      },
    )

    it('answers NotImplemented to an action it does not handle yet', async () => {
      const cp = await connect(single.identity)
      await expect(cp.call('DataTransfer', { vendorId: 'acme' })).rejects.toMatchObject({
        rpcErrorCode: 'NotImplemented',
      })
    })

    it('answers a frame that is not OCPP-J at all, and the other chargers never notice', async () => {
      const cp = await connect(single.identity)
      const other = await connect(multi.identity)
      cp.sendRaw('this is not json')
      cp.sendRaw('[2]')
      expect(await other.call('Heartbeat', {})).toHaveProperty('currentTime')
      expect(await cp.call('Heartbeat', {})).toHaveProperty('currentTime')
    })

    it('replaces a charger’s connection with its newer one', async () => {
      const first = await connect(single.identity)
      const closed = new Promise<{ code: number }>((resolve) => first.once('close', resolve))
      const second = await connect(single.identity)
      expect((await closed).code).toBe(1000)
      expect(t.app.ocpp.connection(single.identity)).toBeDefined()
      expect(await second.call('Heartbeat', {})).toHaveProperty('currentTime')
      expect(t.app.ocpp.connected()).toBe(1)
    })
  })

  describe('the message log', () => {
    it('keeps every frame in and out, with the action, the payload and the answer’s latency', async () => {
      const cp = await connect(single.identity)
      await cp.call('Heartbeat', {})
      await t.app.ocpp.messages.flush()
      const rows = await t.app.db
        .selectFrom('ocpp_message')
        .where('charge_point_id', '=', single.id)
        .orderBy('id', 'desc')
        .limit(2)
        .selectAll()
        .execute()
      const [answer, call] = rows
      expect(call).toMatchObject({ direction: 'in', kind: 'CALL', action: 'Heartbeat', latency_ms: null })
      expect(answer).toMatchObject({
        direction: 'out',
        kind: 'CALLRESULT',
        action: 'Heartbeat',
        message_id: call?.message_id,
      })
      expect(answer?.latency_ms).toBeGreaterThanOrEqual(0)
      expect(JSON.parse(answer?.payload ?? '[]')[2]).toHaveProperty('currentTime')
      expect(answer?.entity_code).toBe((await charger(single.id)).entity_code)
    })

    it('logs what was not OCPP-J as INVALID, cut to a bounded size', async () => {
      const cp = await connect(single.identity)
      cp.sendRaw('x'.repeat(200_000))
      await cp.call('Heartbeat', {})
      await t.app.ocpp.messages.flush()
      const bad = await t.app.db
        .selectFrom('ocpp_message')
        .where('charge_point_id', '=', single.id)
        .where('kind', '=', 'INVALID')
        .orderBy('id', 'desc')
        .select((eb) => eb.fn('length', ['payload']).as('n'))
        .executeTakeFirstOrThrow()
      expect(Number(bad.n)).toBe(64 * 1024)
    })
  })
})
