import type { Generated, Insertable, Kysely } from 'kysely'
import type { Database, Db } from '../db/database'
import type {
  EvChargePointTable,
  EvConnectorTable,
  EvDriverTable,
  EvEvseTable,
  EvLocationTable,
  EvSessionTable,
  EvTariffTable,
} from '../modules/charging/ev.table'

/*
 * Test data of the EV charging model (never imported by the app): one insert per table with the defaults a test does
 * not care about, so a suite names only the columns its assertions read. Every default can be overridden.
 */

/** The required columns of a row, the others optional. */
type With<T, K extends keyof T> = Pick<T, K> & Partial<Omit<T, K>>

export type EvTariffFixture = With<Insertable<EvTariffTable>, 'entity_code' | 'uid'>
export type EvLocationFixture = With<Insertable<EvLocationTable>, 'entity_code' | 'uid'>
export type EvChargePointFixture = With<Insertable<EvChargePointTable>, 'entity_code' | 'location_id' | 'uid'>
export type EvEvseFixture = With<Insertable<EvEvseTable>, 'entity_code' | 'location_id' | 'uid'>
export type EvConnectorFixture = With<
  Insertable<EvConnectorTable>,
  'entity_code' | 'location_id' | 'evse_ref' | 'uid'
>
export type EvDriverFixture = With<Insertable<EvDriverTable>, 'entity_code' | 'uuid' | 'mobile_number'>
export type EvSessionFixture = With<Insertable<EvSessionTable>, 'uid' | 'start_date_time'>

const HOUR = 3_600_000

type EvTable =
  'ev_tariff' | 'ev_location' | 'ev_charge_point' | 'ev_evse' | 'ev_connector' | 'ev_driver' | 'ev_session'

/** Inserts a row and returns its id. */
async function insertRow<T extends EvTable>(db: Db, table: T, row: Insertable<Database[T]>): Promise<number> {
  // Kysely cannot resolve `returning('id')` on a table left generic; every EvTable has a numeric id.
  const byId = db as unknown as Kysely<Record<string, { id: Generated<number> }>>
  const { id } = await byId
    .insertInto(table as string)
    .values(row as Insertable<{ id: Generated<number> }>)
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

/** created_at of the row (default 0), and updated_at the same unless the row says otherwise. */
const stamps = (row: { created_at?: number; updated_at?: number }) => {
  const created = row.created_at ?? 0
  return { created_at: created, updated_at: row.updated_at ?? created }
}

/** One energy price of 0.50 a kWh with 9 % VAT: the tariff elements most suites need. */
export const ENERGY_ONLY_ELEMENTS = JSON.stringify([
  { price_components: [{ type: 'ENERGY', price: 0.5, vat: 9, step_size: 1 }] },
])

/** A 22 kW three-phase Type 2 socket (the connector default). */
export const AC_22KW = {
  standard: 'IEC_62196_T2',
  format: 'SOCKET',
  power_type: 'AC_3_PHASE',
  max_voltage: 400,
  max_amperage: 32,
  max_electric_power: 22_000,
} as const

/** A DC CCS cable; the voltage, amperage and power are the caller's. */
export const DC_CCS = { standard: 'IEC_62196_T2_COMBO', format: 'CABLE', power_type: 'DC' } as const

/** The energy cost of a session, which is then its whole cost (minor units). */
export function energyCost(excl: number, incl: number) {
  return {
    cost_energy_excl_vat: excl,
    cost_energy_incl_vat: incl,
    total_excl_vat: excl,
    total_incl_vat: incl,
  }
}

export function insertEvTariff(db: Db, row: EvTariffFixture): Promise<number> {
  return insertRow(db, 'ev_tariff', {
    external_id: row.uid,
    name: row.uid,
    currency: 'SGD',
    type: 'REGULAR',
    elements: ENERGY_ONLY_ELEMENTS,
    min_price_excl_vat: null,
    max_price_excl_vat: null,
    start_date_time: null,
    end_date_time: null,
    ...row,
    ...stamps(row),
  })
}

export function insertEvLocation(db: Db, row: EvLocationFixture): Promise<number> {
  return insertRow(db, 'ev_location', {
    external_id: row.uid,
    name: 'Fixture Carpark',
    address: '1 Fixture Road',
    city: 'Singapore',
    postal_code: '018989',
    state: '',
    country: 'SG',
    latitude: 1.3,
    longitude: 103.8,
    directions: '',
    contact_number: '',
    parking_restrictions: '[]',
    publish: 1,
    time_zone: 'Asia/Singapore',
    ...row,
    ...stamps(row),
  })
}

export function insertEvChargePoint(db: Db, row: EvChargePointFixture): Promise<number> {
  return insertRow(db, 'ev_charge_point', {
    serial_number: row.uid,
    vendor: 'ABB',
    model: 'Terra 54',
    firmware_version: '1.0.0',
    protocol: 'OCPI',
    ocpp_status: 'AVAILABLE',
    last_heartbeat_at: null,
    ...row,
    ...stamps(row),
  })
}

export function insertEvEvse(db: Db, row: EvEvseFixture): Promise<number> {
  return insertRow(db, 'ev_evse', {
    evse_id: `SG*FX*${row.uid}*1`,
    charge_point_id: null,
    external_id: row.uid,
    status: 'AVAILABLE',
    physical_reference: '1',
    directions: '',
    instructions: '',
    protocol: 'OCPI',
    capabilities: '[]',
    parking_restrictions: '[]',
    floor_level: '1',
    ...row,
    ...stamps(row),
  })
}

export function insertEvConnector(db: Db, row: EvConnectorFixture): Promise<number> {
  return insertRow(db, 'ev_connector', {
    connector_id: '1',
    ...AC_22KW,
    tariff_id: null,
    ...row,
    ...stamps(row),
  })
}

export function insertEvDriver(db: Db, row: EvDriverFixture): Promise<number> {
  return insertRow(db, 'ev_driver', {
    name: 'Fixture Driver',
    email: `${row.uuid}@fixture.test`,
    nationality: 'Singaporean',
    is_registered: 1,
    subscribed_cpo_entities: '[]',
    license_plate: null,
    ...row,
    ...stamps(row),
  })
}

/** A charger of an entity: one location, one EVSE, one connector, and its tariff if it has one. */
export interface EvSite {
  entity: string
  location: number
  evse: number
  connector: number
  tariff: number | null
}

export interface EvSiteOptions {
  entity: string
  /** The rows' uids are `${key}-location`, `${key}-evse`, `${key}-connector` and `${key}-tariff`. */
  key: string
  /** created_at and updated_at of every row (default 0). */
  at?: number
  /** Give the connector a tariff: these columns over the tariff defaults. Without it the connector has none. */
  tariff?: Partial<Insertable<EvTariffTable>>
  location?: Partial<Insertable<EvLocationTable>>
  evse?: Partial<Insertable<EvEvseTable>>
  connector?: Partial<Insertable<EvConnectorTable>>
}

export async function insertEvSite(db: Db, o: EvSiteOptions): Promise<EvSite> {
  const at = { created_at: o.at ?? 0, updated_at: o.at ?? 0 }
  const entity_code = o.entity
  const tariff = o.tariff
    ? await insertEvTariff(db, { entity_code, uid: `${o.key}-tariff`, ...at, ...o.tariff })
    : null
  const location = await insertEvLocation(db, {
    entity_code,
    uid: `${o.key}-location`,
    ...at,
    ...o.location,
  })
  const evse = await insertEvEvse(db, {
    entity_code,
    location_id: location,
    uid: `${o.key}-evse`,
    ...at,
    ...o.evse,
  })
  const connector = await insertEvConnector(db, {
    entity_code,
    location_id: location,
    evse_ref: evse,
    uid: `${o.key}-connector`,
    tariff_id: tariff,
    ...at,
    ...o.connector,
  })
  return { entity: o.entity, location, evse, connector, tariff }
}

/**
 * A session on a site, by the site's own customer unless `emsp_entity_code` says otherwise: a completed, unpaid,
 * free hour from `start_date_time` unless the row says otherwise. Returns its id.
 */
export function insertEvSession(db: Db, site: EvSite, row: EvSessionFixture): Promise<number> {
  const entity = row.entity_code ?? site.entity
  const end = row.end_date_time === undefined ? row.start_date_time + HOUR : row.end_date_time
  return insertRow(db, 'ev_session', {
    external_id: row.uid,
    authorization_reference: row.uid,
    entity_code: entity,
    emsp_entity_code: entity,
    location_id: site.location,
    evse_ref: site.evse,
    connector_ref: site.connector,
    tariff_id: site.tariff,
    driver_id: null,
    user_name: 'Fixture Driver',
    operator_name: `${entity} Operator`,
    status: 'COMPLETED',
    stop_reason: 'VEHICLE_BATTERY_LIMIT_REACHED',
    protocol: 'OCPI',
    connectivity: 'ONLINE',
    payment_method_code: 'APP',
    license_plate: 'SGX1234A',
    currency: 'SGD',
    energy_wh: 0,
    price_per_kwh_excl_vat: 5000,
    price_per_kwh_incl_vat: 5450,
    ...energyCost(0, 0),
    cost_time_excl_vat: 0,
    cost_time_incl_vat: 0,
    cost_parking_excl_vat: 0,
    cost_parking_incl_vat: 0,
    cost_flat_excl_vat: 0,
    cost_flat_incl_vat: 0,
    paid_amount: 0,
    refunded_amount: 0,
    invoice_reference_id: null,
    charging_periods: '[]',
    end_date_time: end,
    last_updated: end ?? row.start_date_time,
    ...row,
  })
}
