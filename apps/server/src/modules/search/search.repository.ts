import type { SqlBool } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import { containsInsensitive, isPostgres } from '../../lib/sql'
import type { MachineScope } from '../iot/machines/machine.repository'

/*
 * The global search's queries (docs/decisions/0115-global-search.md). Every one is scoped to the caller's entity
 * (and, for machines and what happened at them, to the sets the caller's grant names) and LIMITed:
 * - identifiers by a case-insensitive prefix on an index of (entity_code, lower(column)) (migration 0067), walked in
 *   order, so an exact match (the smallest string with that prefix) comes first and the walk stops at the limit;
 * - identifiers of the million-row tables that already have a B-tree index of their own (transactions' refer nos,
 *   sessions' external id, authorization reference and plate) by exact match on it;
 * - names as their lists search them (`containsInsensitive`: trigram indexes on PostgreSQL where the list has them,
 *   otherwise a scan of one entity's few thousand rows).
 */

/** The lower-cased key of a column, as migration 0067 indexes it: byte order on both engines. */
function lowerKey(db: Db, column: string) {
  return isPostgres(db)
    ? sql<string>`lower(${sql.ref(column)}) collate "C"`
    : sql<string>`lower(${sql.ref(column)})`
}

/** `column` starts with `value`, ignoring case: a range on the lower-cased index, never a LIKE the index cannot serve. */
function startsWith(db: Db, column: string, value: string) {
  const lo = value.toLowerCase()
  const last = lo.charCodeAt(lo.length - 1)
  const hi = lo.slice(0, -1) + String.fromCharCode(last + 1)
  const key = lowerKey(db, column)
  return sql<SqlBool>`${key} >= ${lo} and ${key} < ${hi}`
}

/** A machine id typed as a number (ids are positive and fit an integer column). */
const asId = (value: string): number | null => (/^\d{1,9}$/.test(value) ? Number(value) : null)

function machinesOf(db: Db, entityCode: string, scope: MachineScope) {
  let q = db.selectFrom('machine').where('machine.entity_code', '=', entityCode)
  if (scope !== null)
    q = q.where('machine.id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
        .select('machine_set.machine_id'),
    )
  return q.select(['machine.id', 'machine.serial_number', 'machine.alias', 'machine.location'])
}

export type MachineHit = Awaited<ReturnType<ReturnType<typeof machinesOf>['execute']>>[number]

/** Machines by id (exact), serial number (prefix) and alias (contains), in that order of relevance. */
export async function searchMachines(
  db: Db,
  entityCode: string,
  scope: MachineScope,
  value: string,
  limit: number,
): Promise<MachineHit[][]> {
  const id = asId(value)
  return Promise.all([
    id === null ? [] : machinesOf(db, entityCode, scope).where('machine.id', '=', id).execute(),
    machinesOf(db, entityCode, scope)
      .where(startsWith(db, 'machine.serial_number', value))
      .orderBy(lowerKey(db, 'machine.serial_number'))
      .limit(limit)
      .execute(),
    machinesOf(db, entityCode, scope)
      .where(containsInsensitive(db, 'machine.alias', value))
      .orderBy('machine.id')
      .limit(limit)
      .execute(),
  ])
}

function ordersOf(db: Db, entityCode: string, scope: MachineScope) {
  let q = db.selectFrom('machine_order').where('machine_order.entity_code', '=', entityCode)
  if (scope !== null)
    q = q.where('machine_order.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
        .select('machine_set.machine_id'),
    )
  return q.select([
    'machine_order.uuid',
    'machine_order.order_no',
    'machine_order.out_trade_no',
    'machine_order.username',
    'machine_order.created_at',
  ])
}

export type OrderHit = Awaited<ReturnType<ReturnType<typeof ordersOf>['execute']>>[number]

/** Orders by order no and out trade no (prefix). */
export function searchOrders(
  db: Db,
  entityCode: string,
  scope: MachineScope,
  value: string,
  limit: number,
): Promise<OrderHit[][]> {
  return Promise.all(
    (['machine_order.order_no', 'machine_order.out_trade_no'] as const).map((column) =>
      ordersOf(db, entityCode, scope)
        .where(startsWith(db, column, value))
        .orderBy(lowerKey(db, column))
        .limit(limit)
        .execute(),
    ),
  )
}

/** Payment transactions by entity or payment refer no (exact, on their own indexes). */
export function searchTransactions(
  db: Db,
  entityCode: string,
  scope: MachineScope,
  value: string,
  limit: number,
) {
  return Promise.all(
    (['payment_transaction.entity_refer_no', 'payment_transaction.payment_refer_no'] as const).map(
      (column) => {
        let q = db
          .selectFrom('payment_transaction')
          .where('payment_transaction.entity_code', '=', entityCode)
          .where(column, '=', value)
        if (scope !== null)
          q = q.where('payment_transaction.machine_id', 'in', (eb) =>
            eb
              .selectFrom('machine_set')
              .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
              .select('machine_set.machine_id'),
          )
        return q
          .select([
            'payment_transaction.uuid',
            'payment_transaction.entity_refer_no',
            'payment_transaction.payment_refer_no',
            'payment_transaction.username',
            'payment_transaction.amount',
            'payment_transaction.currency_code',
          ])
          .orderBy('payment_transaction.id', 'desc')
          .limit(limit)
          .execute()
      },
    ),
  )
}

/**
 * Charging sessions of the entity on either side (CPO or EMSP) by uid, external id, authorization reference or
 * plate, each exact on its own index; the plate as stored (upper case) too.
 */
export function searchSessions(db: Db, entityCode: string, value: string, limit: number) {
  const plate = value.toUpperCase().replace(/\s+/g, '')
  const by = [
    ['ev_session.uid', value],
    ['ev_session.external_id', value],
    ['ev_session.authorization_reference', value],
    ['ev_session.license_plate', plate],
  ] as const
  return Promise.all(
    by.map(([column, v]) =>
      db
        .selectFrom('ev_session')
        .where(column, '=', v)
        .where((eb) =>
          eb.or([
            eb('ev_session.entity_code', '=', entityCode),
            eb('ev_session.emsp_entity_code', '=', entityCode),
          ]),
        )
        .select([
          'ev_session.id',
          'ev_session.uid',
          'ev_session.external_id',
          'ev_session.license_plate',
          'ev_session.user_name',
          'ev_session.start_date_time',
        ])
        .orderBy('ev_session.id', 'desc')
        .limit(limit)
        .execute(),
    ),
  )
}

/** Charge locations by uid (exact) and name (contains, as the list searches). */
export function searchLocations(db: Db, entityCode: string, value: string, limit: number) {
  const base = () =>
    db
      .selectFrom('ev_location')
      .where('ev_location.entity_code', '=', entityCode)
      .select(['ev_location.uid', 'ev_location.name', 'ev_location.address', 'ev_location.city'])
  return Promise.all([
    base().where('ev_location.uid', '=', value).execute(),
    base()
      .where(containsInsensitive(db, 'ev_location.name', value))
      .orderBy(lowerKey(db, 'ev_location.name'))
      .orderBy('ev_location.id')
      .limit(limit)
      .execute(),
  ])
}

/** Chargers by OCPP identity and serial number (prefix). */
export function searchChargers(db: Db, entityCode: string, value: string, limit: number) {
  return Promise.all(
    (['cp.ocpp_identity', 'cp.serial_number'] as const).map((column) =>
      db
        .selectFrom('ev_charge_point as cp')
        .innerJoin('ev_location as l', 'l.id', 'cp.location_id')
        .where('cp.entity_code', '=', entityCode)
        .where(startsWith(db, column, value))
        .select(['cp.uid', 'cp.serial_number', 'cp.ocpp_identity', 'l.name as location_name'])
        .orderBy(lowerKey(db, column))
        .limit(limit)
        .execute(),
    ),
  )
}

/** Drivers by uuid (exact) and name (contains, as the list searches). */
export function searchDrivers(db: Db, entityCode: string, value: string, limit: number) {
  const base = () =>
    db
      .selectFrom('ev_driver')
      .where('ev_driver.entity_code', '=', entityCode)
      .select(['ev_driver.uuid', 'ev_driver.name', 'ev_driver.mobile_number', 'ev_driver.license_plate'])
  return Promise.all([
    base().where('ev_driver.uuid', '=', value).execute(),
    base()
      .where(containsInsensitive(db, 'ev_driver.name', value))
      .orderBy(lowerKey(db, 'ev_driver.name'))
      .orderBy('ev_driver.id')
      .limit(limit)
      .execute(),
  ])
}

/** Digital health cases by case no (prefix) and patient name (contains). */
export function searchCases(db: Db, entityCode: string, value: string, limit: number) {
  const base = () =>
    db
      .selectFrom('health_case')
      .where('health_case.entity_code', '=', entityCode)
      .select([
        'health_case.case_uuid',
        'health_case.case_no',
        'health_case.patient_name',
        'health_case.status',
      ])
      .orderBy('health_case.last_edited_at', 'desc')
      .orderBy('health_case.id', 'desc')
      .limit(limit)
  return Promise.all([
    base()
      .where(startsWith(db, 'health_case.case_no', value))
      .execute(),
    base()
      .where(containsInsensitive(db, 'health_case.patient_name', value))
      .execute(),
  ])
}

/** Campaigns by campaign id (exact) and name or campaign id (contains, as the list searches). */
export function searchCampaigns(db: Db, entityCode: string, value: string, limit: number) {
  const base = () =>
    db
      .selectFrom('campaign')
      .where('campaign.entity_code', '=', entityCode)
      .select(['campaign.campaign_id', 'campaign.name', 'campaign.description'])
  return Promise.all([
    base().where('campaign.campaign_id', '=', value).execute(),
    base()
      .where((eb) =>
        eb.or([
          containsInsensitive(db, 'campaign.name', value),
          containsInsensitive(db, 'campaign.campaign_id', value),
        ]),
      )
      .orderBy('campaign.start_date', 'desc')
      .orderBy('campaign.id', 'desc')
      .limit(limit)
      .execute(),
  ])
}
