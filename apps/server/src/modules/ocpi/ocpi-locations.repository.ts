import type { Expression, ExpressionBuilder, SqlBool } from 'kysely'
import type { Database, Db } from '../../db/database'

/*
 * What the Locations sender reads (decision 0113): the CPO entity's locations, a page at a time, with their EVSEs and
 * connectors. A location's last_updated is the latest of itself, its EVSEs and its connectors, so the date filters
 * look at all three.
 */

export interface LocationWindow {
  from?: number | undefined
  to?: number | undefined
}

function windowed(db: Db, entityCode: string, window: LocationWindow) {
  // The entity's own locations: a partner's it holds as an eMSP are not ours to send.
  let query = db
    .selectFrom('ev_location as l')
    .where('l.entity_code', '=', entityCode)
    .where('l.ocpi_partner_id', 'is', null)
  const changedSince =
    (at: number) =>
    (eb: ExpressionBuilder<Database & { l: Database['ev_location'] }, 'l'>): Expression<SqlBool> =>
      eb.or([
        eb('l.updated_at', '>=', at),
        eb.exists(
          eb
            .selectFrom('ev_evse as e')
            .select('e.id')
            .whereRef('e.location_id', '=', 'l.id')
            .where('e.updated_at', '>=', at),
        ),
        eb.exists(
          eb
            .selectFrom('ev_connector as c')
            .select('c.id')
            .whereRef('c.location_id', '=', 'l.id')
            .where('c.updated_at', '>=', at),
        ),
      ])
  if (window.from !== undefined) query = query.where(changedSince(window.from))
  if (window.to !== undefined) {
    const to = window.to
    query = query.where((eb) => eb.not(changedSince(to)(eb)))
  }
  return query
}

export async function countLocations(db: Db, entityCode: string, window: LocationWindow): Promise<number> {
  const row = await windowed(db, entityCode, window)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

const LOCATION_COLUMNS = [
  'l.id',
  'l.uid',
  'l.external_id',
  'l.ocpi_partner_id',
  'l.name',
  'l.address',
  'l.city',
  'l.postal_code',
  'l.state',
  'l.country',
  'l.latitude',
  'l.longitude',
  'l.directions',
  'l.parking_restrictions',
  'l.publish',
  'l.time_zone',
  'l.updated_at',
] as const

export function locationPage(
  db: Db,
  entityCode: string,
  window: LocationWindow,
  limit: number,
  offset: number,
) {
  return windowed(db, entityCode, window)
    .select(LOCATION_COLUMNS)
    .orderBy('l.id')
    .limit(limit)
    .offset(offset)
    .execute()
}

export function locationByUid(db: Db, entityCode: string, uid: string) {
  return db
    .selectFrom('ev_location as l')
    .where('l.entity_code', '=', entityCode)
    .where('l.ocpi_partner_id', 'is', null)
    .where('l.uid', '=', uid)
    .select(LOCATION_COLUMNS)
    .executeTakeFirst()
}
export type LocationRow = NonNullable<Awaited<ReturnType<typeof locationByUid>>>

export function evsesOf(db: Db, locationIds: readonly number[]) {
  return db
    .selectFrom('ev_evse as e')
    .where('e.location_id', 'in', locationIds.length > 0 ? [...locationIds] : [-1])
    .select([
      'e.id',
      'e.location_id',
      'e.uid',
      'e.external_id',
      'e.evse_id',
      'e.status',
      'e.physical_reference',
      'e.directions',
      'e.capabilities',
      'e.parking_restrictions',
      'e.floor_level',
      'e.updated_at',
    ])
    .orderBy('e.id')
    .execute()
}
export type EvseRow = Awaited<ReturnType<typeof evsesOf>>[number]

export function connectorsOf(db: Db, locationIds: readonly number[]) {
  return db
    .selectFrom('ev_connector as c')
    .leftJoin('ev_tariff as t', 't.id', 'c.tariff_id')
    .where('c.location_id', 'in', locationIds.length > 0 ? [...locationIds] : [-1])
    .select([
      'c.evse_ref',
      'c.connector_id',
      'c.standard',
      'c.format',
      'c.power_type',
      'c.max_voltage',
      'c.max_amperage',
      'c.max_electric_power',
      'c.updated_at',
      't.uid as tariff_uid',
    ])
    .orderBy('c.id')
    .execute()
}
export type ConnectorRow = Awaited<ReturnType<typeof connectorsOf>>[number]

export function locationById(db: Db, entityCode: string, id: number) {
  return db
    .selectFrom('ev_location as l')
    .where('l.entity_code', '=', entityCode)
    .where('l.ocpi_partner_id', 'is', null)
    .where('l.id', '=', id)
    .select(LOCATION_COLUMNS)
    .executeTakeFirst()
}
