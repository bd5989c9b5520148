import type { Db } from '../../../db/database'

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
async function charger(db: Db, entity: string, n: number) {
  const at = { created_at: F0, updated_at: F0 }
  const tariff = await db
    .insertInto('ev_tariff')
    .values({
      entity_code: entity,
      uid: `bx-tariff-${entity}`,
      external_id: `BXT-${entity}`,
      name: `${entity} fixture tariff`,
      currency: 'SGD',
      type: 'REGULAR',
      elements: JSON.stringify([
        { price_components: [{ type: 'ENERGY', price: 0.5, vat: 9, step_size: 1 }] },
      ]),
      min_price_excl_vat: null,
      max_price_excl_vat: null,
      start_date_time: null,
      end_date_time: null,
      ...at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const location = await db
    .insertInto('ev_location')
    .values({
      entity_code: entity,
      uid: `bx-loc-${entity}`,
      external_id: `BXL-${entity}`,
      name: `${entity} Fixture Depot`,
      address: `${String(n)} Fixture Road`,
      city: 'Singapore',
      postal_code: '018989',
      state: '',
      country: 'SG',
      latitude: 1.28,
      longitude: 103.85,
      directions: '',
      contact_number: '+65 6000 0000',
      parking_restrictions: '[]',
      publish: 1,
      time_zone: 'Asia/Singapore',
      ...at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const evse = await db
    .insertInto('ev_evse')
    .values({
      entity_code: entity,
      location_id: location.id,
      uid: `bx-evse-${entity}`,
      evse_id: `SG*${entity}*BX${String(n)}*1`,
      charge_point_id: null,
      external_id: `BXE-${entity}`,
      status: 'AVAILABLE',
      physical_reference: `B${String(n)}`,
      directions: '',
      instructions: '',
      protocol: 'OCPI',
      capabilities: '[]',
      parking_restrictions: '[]',
      floor_level: '1',
      ...at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const connector = await db
    .insertInto('ev_connector')
    .values({
      entity_code: entity,
      location_id: location.id,
      evse_ref: evse.id,
      uid: `bx-conn-${entity}`,
      connector_id: '1',
      standard: 'IEC_62196_T2_COMBO',
      format: 'CABLE',
      power_type: 'DC',
      max_voltage: 500,
      max_amperage: 300,
      max_electric_power: 150_000,
      tariff_id: tariff.id,
      ...at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { tariff: tariff.id, location: location.id, evse: evse.id, connector: connector.id }
}

/**
 * BUS: 25 sessions on its own chargers by its own buses. VOLT: 24 on its chargers, by its own customers and by
 * EMSP's. CPO: 12 on its chargers, by VOLT's, EMSP's and its own customers (VOLT as the EMSP elsewhere).
 */
export async function insertBusFixtures(db: Db): Promise<FixtureSession[]> {
  const driver = await db
    .insertInto('ev_driver')
    .values({
      entity_code: 'VOLT',
      uuid: VOLT_DRIVER_UUID,
      name: 'Fixture Driver',
      mobile_number: '+6590000001',
      email: 'fixture.driver@example.com',
      nationality: 'Singaporean',
      is_registered: 1,
      subscribed_cpo_entities: '["VOLT"]',
      license_plate: 'SBS1234A',
      created_at: F0,
      updated_at: F0,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
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
      await db
        .insertInto('ev_session')
        .values({
          uid: s.uid,
          external_id: s.externalId,
          authorization_reference: s.auth,
          entity_code: entity,
          emsp_entity_code: emsp,
          location_id: c.location,
          evse_ref: c.evse,
          connector_ref: c.connector,
          tariff_id: c.tariff,
          driver_id: s.driverUuid === null ? null : driver.id,
          user_name: `Driver ${entity} ${String(k)}`,
          operator_name: `${entity} Operator`,
          status,
          stop_reason: s.stopReason,
          protocol: 'OCPI',
          connectivity: 'ONLINE',
          payment_method_code: s.method,
          license_plate: s.plate,
          currency: 'SGD',
          energy_wh: 22_935,
          price_per_kwh_excl_vat: 5000,
          price_per_kwh_incl_vat: 5450,
          cost_energy_excl_vat: 1147,
          cost_energy_incl_vat: 1250,
          cost_time_excl_vat: 0,
          cost_time_incl_vat: 0,
          cost_parking_excl_vat: 0,
          cost_parking_incl_vat: 0,
          cost_flat_excl_vat: 0,
          cost_flat_incl_vat: 0,
          total_excl_vat: 1147,
          total_incl_vat: 1250,
          paid_amount: s.paid,
          refunded_amount: 0,
          invoice_reference_id: s.paid > 0 ? `INV-${s.externalId}` : null,
          charging_periods: JSON.stringify(periods),
          start_date_time: start,
          end_date_time: s.end,
          last_updated: lastUpdated,
        })
        .execute()
    }
  }
  return out
}

/** Newest last update first, the later row breaking ties (the v3 list's order). */
export const byLastUpdate = (a: FixtureSession, b: FixtureSession) =>
  b.lastUpdated - a.lastUpdated || b.seq - a.seq
/** Newest start first, the later row breaking ties (the v1 list's order). */
export const byStart = (a: FixtureSession, b: FixtureSession) => b.start - a.start || b.seq - a.seq
