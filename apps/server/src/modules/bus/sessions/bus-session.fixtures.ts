import type { Db } from '../../../db/database'
import {
  DC_CCS,
  energyCost,
  insertEvDriver,
  insertEvSession,
  insertEvSite,
} from '../../../test-support/ev-fixtures'

/*
 * Test data of the busways and voltnet session suites (not used by the app). The sessions live in January 2020, far
 * from the seeded 90 days before TEST_NOW, so a date range around F0 shows only them whatever the demo seed holds.
 * Start times and last-update times are in different orders on purpose: the v3 list sorts by last update, the v1
 * list by start.
 */

export const F0 = Date.UTC(2020, 0, 10, 2, 0, 0)
export const MIN = 60_000
/** A range holding every fixture session's start and last update. */
export const FIXTURE_FROM = F0 - 1
export const FIXTURE_TO = F0 + 2 * 86_400_000

const STATUSES = ['COMPLETED', 'STOPPED', 'ACTIVE', 'START_FAILURE', 'COMPLETED'] as const
const STOP_REASON: Record<string, string | null> = {
  COMPLETED: 'VEHICLE_BATTERY_LIMIT_REACHED',
  STOPPED: 'REMOTE_STOP',
  ACTIVE: null,
  START_FAILURE: 'CHARGER_FAILURE',
}
const METHODS = ['APP', 'RFID', 'CREDIT_CARD'] as const
const PLATES = ['SBS1234A', 'SJA5678B', 'SKB9012C'] as const

export interface FixtureSession {
  /** Insertion order: the id order of the rows. */
  seq: number
  uid: string
  entity: string
  emsp: string
  status: string
  stopReason: string | null
  method: string
  plate: string
  start: number
  end: number | null
  lastUpdated: number
  externalId: string
  auth: string
  evseExternal: string
  evseId: string
  driverUuid: string | null
  paid: number
}

export const VOLT_DRIVER_UUID = 'bx-driver-volt-0001'

/** A charger of an entity: one location, one EVSE, one DC connector, one tariff. */
const charger = (db: Db, entity: string, n: number) =>
  insertEvSite(db, {
    entity,
    key: `bx-${entity}`,
    at: F0,
    tariff: { external_id: `BXT-${entity}`, name: `${entity} fixture tariff` },
    location: {
      name: `${entity} Fixture Depot`,
      address: `${String(n)} Fixture Road`,
      latitude: 1.28,
      longitude: 103.85,
      contact_number: '+65 6000 0000',
    },
    evse: {
      evse_id: `SG*${entity}*BX${String(n)}*1`,
      external_id: `BXE-${entity}`,
      physical_reference: `B${String(n)}`,
    },
    connector: { ...DC_CCS, max_voltage: 500, max_amperage: 300, max_electric_power: 150_000 },
  })

/**
 * BUS: 25 sessions on its own chargers by its own buses. VOLT: 24 on its chargers, by its own customers and by
 * EMSP's. CPO: 12 on its chargers, by VOLT's, EMSP's and its own customers (VOLT as the EMSP elsewhere).
 */
export async function insertBusFixtures(db: Db): Promise<FixtureSession[]> {
  const driver = await insertEvDriver(db, {
    entity_code: 'VOLT',
    uuid: VOLT_DRIVER_UUID,
    mobile_number: '+6590000001',
    email: 'fixture.driver@example.com',
    subscribed_cpo_entities: '["VOLT"]',
    license_plate: 'SBS1234A',
    created_at: F0,
  })
  const chargers = {
    BUS: await charger(db, 'BUS', 1),
    VOLT: await charger(db, 'VOLT', 2),
    CPO: await charger(db, 'CPO', 3),
  }
  const plan: [keyof typeof chargers, string[], number][] = [
    ['BUS', ['BUS'], 25],
    ['VOLT', ['VOLT', 'EMSP'], 24],
    ['CPO', ['VOLT', 'EMSP', 'CPO'], 12],
  ]
  const out: FixtureSession[] = []
  let i = 0
  for (const [entity, emsps, count] of plan) {
    const c = chargers[entity]
    for (let k = 0; k < count; k++, i++) {
      const status = STATUSES[k % STATUSES.length] ?? 'COMPLETED'
      const start = F0 + i * 10 * MIN
      // Last updates in another order than starts: every fourth session was updated much later.
      const lastUpdated = start + (i % 4) * 45 * MIN + 5 * MIN
      const emsp = emsps[k % emsps.length] ?? entity
      const s: FixtureSession = {
        seq: i,
        uid: `bx-session-${entity}-${String(k)}`,
        entity,
        emsp,
        status,
        stopReason: STOP_REASON[status] ?? null,
        method: METHODS[k % METHODS.length] ?? 'APP',
        plate: PLATES[k % PLATES.length] ?? 'SBS1234A',
        start,
        end: status === 'ACTIVE' ? null : lastUpdated,
        lastUpdated,
        externalId: `BX-${entity}-${String(k)}`,
        auth: `BXAUTH-${entity}-${String(k)}`,
        evseExternal: `BXE-${entity}`,
        evseId: `SG*${entity}*BX${String(entity === 'BUS' ? 1 : entity === 'VOLT' ? 2 : 3)}*1`,
        driverUuid: emsp === 'VOLT' && k % 4 === 0 ? VOLT_DRIVER_UUID : null,
        paid: status === 'COMPLETED' ? 1250 : 0,
      }
      out.push(s)
      const periods = [
        {
          start_date_time: start,
          dimensions: [{ type: 'ENERGY', volume: 22.935 }],
          session_stage: 'CHARGING',
        },
      ]
      if (s.end !== null && s.end > start + 40 * MIN)
        periods.push({
          start_date_time: start + 40 * MIN,
          dimensions: [{ type: 'TIME', volume: 0.1 }],
          session_stage: 'PARKING_GRACE',
        })
      await insertEvSession(db, c, {
        uid: s.uid,
        external_id: s.externalId,
        authorization_reference: s.auth,
        emsp_entity_code: emsp,
        driver_id: s.driverUuid === null ? null : driver,
        user_name: `Driver ${entity} ${String(k)}`,
        status,
        stop_reason: s.stopReason,
        payment_method_code: s.method,
        license_plate: s.plate,
        energy_wh: 22_935,
        ...energyCost(1147, 1250),
        paid_amount: s.paid,
        invoice_reference_id: s.paid > 0 ? `INV-${s.externalId}` : null,
        charging_periods: JSON.stringify(periods),
        start_date_time: start,
        end_date_time: s.end,
        last_updated: lastUpdated,
      })
    }
  }
  return out
}

/** Newest last update first, the later row breaking ties (the v3 list's order). */
export const byLastUpdate = (a: FixtureSession, b: FixtureSession) =>
  b.lastUpdated - a.lastUpdated || b.seq - a.seq
/** Newest start first, the later row breaking ties (the v1 list's order). */
export const byStart = (a: FixtureSession, b: FixtureSession) => b.start - a.start || b.seq - a.seq
