import type { ChargingPeriod, EvSessionExportFilters } from '@portal/contract'
import type { InferResult, Insertable, SelectQueryBuilder } from 'kysely'
import type { Database, Db } from '../../../db/database'
import { parseJson } from '../../../lib/json'
import type { PaymentTransactionTable } from '../../payment/transactions/transaction.table'
import type { EvSessionDailyTable, EvSessionRefundTable } from '../ev.table'

/*
 * Reads of the CPO/EMSP charging session list (docs/decisions/0023-charging-sessions.md). A caller sees the sessions
 * of its entity on either side: as the CPO (entity_code) or as the EMSP (emsp_entity_code). "entity_code = E OR
 * emsp_entity_code = E" cannot use either index, so the list reads each side on its own index (migration 0012:
 * (entity_code | emsp_entity_code, last_updated desc, id desc)) with the limit applied in each, and merges the two
 * short id lists here. A row on both sides (the CPO's own customers) comes back from both and is kept once.
 */

/** The list's filters as the repository applies them (query keys normalised by the service). */
export interface SessionFilter {
  lastUpdatedFrom?: number | undefined
  lastUpdatedTo?: number | undefined
  cpoEntityCode?: string | undefined
  emspEntityCode?: string | undefined
  evseExternalId?: string | undefined
  externalId?: string | undefined
  authorizationReference?: string | undefined
  licensePlates?: string[] | undefined
  statuses?: string[] | undefined
  /** Internal: the ids evseExternalId names, resolved once per call. */
  evseRefs?: number[] | undefined
}

/** The sort key of a session; the list runs newest last update first, id breaking ties. */
export interface SessionKey {
  id: number
  last_updated: number
}

type SessionQuery = SelectQueryBuilder<Database, 'ev_session', object>

const newestFirst = (a: SessionKey, b: SessionKey) => b.last_updated - a.last_updated || b.id - a.id

function applyFilters(q: SessionQuery, f: SessionFilter): SessionQuery {
  let out = q
  if (f.lastUpdatedFrom !== undefined) out = out.where('ev_session.last_updated', '>=', f.lastUpdatedFrom)
  if (f.lastUpdatedTo !== undefined) out = out.where('ev_session.last_updated', '<=', f.lastUpdatedTo)
  if (f.cpoEntityCode !== undefined) out = out.where('ev_session.entity_code', '=', f.cpoEntityCode)
  if (f.emspEntityCode !== undefined) out = out.where('ev_session.emsp_entity_code', '=', f.emspEntityCode)
  if (f.externalId !== undefined) out = out.where('ev_session.external_id', '=', f.externalId)
  if (f.authorizationReference !== undefined)
    out = out.where('ev_session.authorization_reference', '=', f.authorizationReference)
  if (f.licensePlates?.length) out = out.where('ev_session.license_plate', 'in', f.licensePlates)
  if (f.statuses?.length === 1) out = out.where('ev_session.status', '=', f.statuses[0] ?? '')
  else if (f.statuses?.length) out = out.where('ev_session.status', 'in', f.statuses)
  // The EVSE filter arrives resolved to ids (pageSessionKeys): literal ids let the planner see how selective the
  // (evse_ref, last_updated) index is, where a subquery made it scan a whole side's date range instead.
  if (f.evseRefs !== undefined)
    out = out.where('ev_session.evse_ref', 'in', f.evseRefs.length ? f.evseRefs : [-1])
  return out
}

/** One side's newest `take` session keys, on that side's (code, last_updated desc, id desc) index. */
async function sideKeysOf(
  db: Db,
  side: 'entity_code' | 'emsp_entity_code',
  entityCode: string,
  filter: SessionFilter,
  take: number,
  after: SessionKey | null,
): Promise<SessionKey[]> {
  let q = applyFilters(db.selectFrom('ev_session').where(`ev_session.${side}`, '=', entityCode), filter)
  if (after !== null) {
    // Keyset continuation for exports: rows strictly after the last one of the previous batch.
    q = q.where((eb) =>
      eb.or([
        eb('ev_session.last_updated', '<', after.last_updated),
        eb.and([eb('ev_session.last_updated', '=', after.last_updated), eb('ev_session.id', '<', after.id)]),
      ]),
    )
  }
  return q
    .select(['ev_session.id', 'ev_session.last_updated'])
    .orderBy('ev_session.last_updated', 'desc')
    .orderBy('ev_session.id', 'desc')
    .limit(take)
    .execute()
}

/**
 * One side's keys. A status filter is read one status at a time on the (code, status, last_updated desc) index of
 * migration 0016 and merged: statuses are skewed (most sessions are COMPLETED), so a planner going by average
 * selectivity would otherwise scan the whole date range for a rare status such as ACTIVE.
 */
async function sideKeys(
  db: Db,
  side: 'entity_code' | 'emsp_entity_code',
  entityCode: string,
  filter: SessionFilter,
  take: number,
  after: SessionKey | null,
): Promise<SessionKey[]> {
  const statuses = filter.statuses ?? []
  if (statuses.length <= 1) return sideKeysOf(db, side, entityCode, filter, take, after)
  const lists = await Promise.all(
    statuses.map((status) =>
      sideKeysOf(db, side, entityCode, { ...filter, statuses: [status] }, take, after),
    ),
  )
  return lists.flat().sort(newestFirst).slice(0, take)
}

/**
 * The keys of the page `offset .. offset + limit` of the caller's sessions (either side), newest first. Each side
 * is read with `offset + limit` rows at most: any row of the merged page is within that many of its own side.
 * A side the cpo/emsp filter rules out is not read at all.
 */
export async function pageSessionKeys(
  db: Db,
  entityCode: string,
  filter: SessionFilter,
  page: { limit: number; offset: number } | { limit: number; after: SessionKey | null },
): Promise<SessionKey[]> {
  const evse = filter.evseExternalId
  if (evse !== undefined && filter.evseRefs === undefined) {
    // The EVSE by its external id, or by its eMI3 evse_id (what the charger's label shows).
    const rows = await db
      .selectFrom('ev_evse')
      .select('id')
      .where((w) => w.or([w('external_id', '=', evse), w('evse_id', '=', evse)]))
      .execute()
    if (rows.length === 0) return []
    return pageSessionKeys(db, entityCode, { ...filter, evseRefs: rows.map((r) => r.id) }, page)
  }
  const take = 'offset' in page ? page.offset + page.limit : page.limit
  const after = 'after' in page ? page.after : null
  const asCpo = filter.cpoEntityCode === undefined || filter.cpoEntityCode === entityCode
  const asEmsp = filter.emspEntityCode === undefined || filter.emspEntityCode === entityCode
  const [cpo, emsp] = await Promise.all([
    asCpo ? sideKeys(db, 'entity_code', entityCode, filter, take, after) : Promise.resolve([]),
    asEmsp ? sideKeys(db, 'emsp_entity_code', entityCode, filter, take, after) : Promise.resolve([]),
  ])
  const byId = new Map<number, SessionKey>()
  for (const key of [...cpo, ...emsp]) byId.set(key.id, key)
  const merged = [...byId.values()].sort(newestFirst)
  return 'offset' in page ? merged.slice(page.offset, page.offset + page.limit) : merged.slice(0, page.limit)
}

function recordQuery(db: Db) {
  return db
    .selectFrom('ev_session as s')
    .innerJoin('ev_location as l', 'l.id', 's.location_id')
    .innerJoin('ev_evse as e', 'e.id', 's.evse_ref')
    .innerJoin('ev_connector as c', 'c.id', 's.connector_ref')
    .leftJoin('ev_tariff as t', 't.id', 's.tariff_id')
    .leftJoin('ocpi_partner as p', 'p.id', 's.ocpi_partner_id')
    .select([
      's.id',
      's.uid',
      's.external_id',
      's.authorization_reference',
      's.entity_code',
      's.emsp_entity_code',
      's.user_name',
      's.operator_name',
      's.status',
      's.stop_reason',
      's.protocol',
      's.connectivity',
      's.payment_method_code',
      's.license_plate',
      's.currency',
      's.energy_wh',
      's.price_per_kwh_excl_vat',
      's.price_per_kwh_incl_vat',
      's.cost_energy_excl_vat',
      's.cost_energy_incl_vat',
      's.cost_time_excl_vat',
      's.cost_time_incl_vat',
      's.cost_parking_excl_vat',
      's.cost_parking_incl_vat',
      's.cost_flat_excl_vat',
      's.cost_flat_incl_vat',
      's.total_excl_vat',
      's.total_incl_vat',
      's.paid_amount',
      's.refunded_amount',
      's.invoice_reference_id',
      's.charging_periods',
      's.start_date_time',
      's.end_date_time',
      's.last_updated',
      'l.uid as location_uid',
      'l.name as location_name',
      'l.address as location_address',
      'l.city as location_city',
      'l.postal_code as location_postal_code',
      'l.country as location_country',
      'e.uid as evse_uid',
      'e.evse_id',
      'e.external_id as evse_external_id',
      'e.physical_reference as evse_physical_reference',
      'c.connector_id',
      'c.standard as connector_standard',
      'c.format as connector_format',
      'c.power_type as connector_power_type',
      'c.max_electric_power as connector_max_electric_power',
      't.uid as tariff_uid',
      't.name as tariff_name',
      's.ocpi_party',
      's.ocpi_key',
      'p.name as ocpi_partner_name',
    ])
}

/** What recordQuery reads: the session's columns and its location's, EVSE's, connector's and tariff's, typed from the tables. */
type RawRecord = InferResult<ReturnType<typeof recordQuery>>[number]

/** A session with its location, EVSE, connector and tariff, as the list and detail map it (charging periods parsed). */
export type SessionRecord = Omit<RawRecord, 'charging_periods'> & { charging_periods: ChargingPeriod[] }

function toRecord(row: RawRecord): SessionRecord {
  return { ...row, charging_periods: parseJson<ChargingPeriod[]>(row.charging_periods, []) }
}

/** The sessions of the keys, in the keys' order. */
export async function loadSessions(db: Db, keys: readonly SessionKey[]): Promise<SessionRecord[]> {
  if (keys.length === 0) return []
  const rows = await recordQuery(db)
    .where(
      's.id',
      'in',
      keys.map((k) => k.id),
    )
    .execute()
  const byId = new Map(rows.map((r) => [r.id, toRecord(r)]))
  return keys.flatMap((k) => {
    const row = byId.get(k.id)
    return row ? [row] : []
  })
}

/** One session the entity sees (as CPO or EMSP), or undefined. */
export async function findVisibleSession(
  db: Db,
  entityCode: string,
  uid: string,
): Promise<SessionRecord | undefined> {
  const row = await recordQuery(db)
    .where('s.uid', '=', uid)
    .where((eb) => eb.or([eb('s.entity_code', '=', entityCode), eb('s.emsp_entity_code', '=', entityCode)]))
    .executeTakeFirst()
  return row ? toRecord(row) : undefined
}

export function listRefunds(db: Db, sessionId: number) {
  return db
    .selectFrom('ev_session_refund')
    .where('session_id', '=', sessionId)
    .select(['uuid', 'amount', 'currency', 'reason', 'created_by_name', 'transaction_uuid', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** The export's filters in the repository's terms. */
export function exportFilter(f: EvSessionExportFilters): SessionFilter {
  return {
    lastUpdatedFrom: f.last_updated_from,
    lastUpdatedTo: f.last_updated_to,
    cpoEntityCode: f.cpo_entity_code,
    emspEntityCode: f.emsp_entity_code,
    evseExternalId: f.evse_external_id,
    externalId: f.external_id,
    authorizationReference: f.authorization_reference,
    licensePlates: mergeRepeated(f['license_plate[]'], f.license_plate),
    statuses: mergeRepeated(f['status[]'], f.status),
  }
}

/** `key[]` and `key` repeated values together (either spelling may be used), or undefined when neither is. */
export function mergeRepeated<T>(a: T[] | undefined, b: T[] | undefined): T[] | undefined {
  if (a === undefined && b === undefined) return undefined
  return [...new Set([...(a ?? []), ...(b ?? [])])]
}

/** The driver's uuid of each session that has a driver, by session id: one query for a whole page. */
export async function driverUuidsOfSessions(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('ev_session as s')
    .innerJoin('ev_driver as d', 'd.id', 's.driver_id')
    .where('s.id', 'in', ids)
    .select(['s.id', 'd.uuid'])
    .execute()
  return new Map(rows.map((row) => [row.id, row.uuid]))
}

/** The name of the user with this id, if there is one: the refund records who made it. */
export function findUserName(db: Db, userId: number) {
  return db.selectFrom('app_user').where('id', '=', userId).select(['name']).executeTakeFirst()
}

/**
 * Adds a refund to the session's refunded amount unless that would take it over the paid amount; returns the
 * session's location (the CPO side's rollup counterpart), or undefined when another refund got in first.
 */
export function addRefundedAmount(db: Db, sessionId: number, amount: number, now: number) {
  return db
    .updateTable('ev_session')
    .set((eb) => ({ refunded_amount: eb('refunded_amount', '+', amount), last_updated: now }))
    .where('id', '=', sessionId)
    .where((eb) => eb(eb('refunded_amount', '+', amount), '<=', eb.ref('paid_amount')))
    .returning(['location_id', 'entity_code'])
    .executeTakeFirst()
}

export async function insertPaymentTransaction(
  db: Db,
  row: Insertable<PaymentTransactionTable>,
): Promise<void> {
  await db.insertInto('payment_transaction').values(row).execute()
}

export async function insertSessionRefund(db: Db, row: Insertable<EvSessionRefundTable>): Promise<void> {
  await db.insertInto('ev_session_refund').values(row).execute()
}

/** Adds a refund to one side's daily rollup row, creating the row (with nothing else counted) when there is none. */
export async function addDailyRefund(
  db: Db,
  row: Pick<Insertable<EvSessionDailyTable>, 'entity_code' | 'side' | 'day' | 'currency' | 'counterpart'> & {
    refunded: number
  },
): Promise<void> {
  await db
    .insertInto('ev_session_daily')
    .values({ ...row, sessions: 0, energy_wh: 0, revenue_incl_vat: 0, revenue_excl_vat: 0 })
    .onConflict((oc) =>
      oc
        .columns(['entity_code', 'side', 'day', 'currency', 'counterpart'])
        .doUpdateSet((eb) => ({ refunded: eb('ev_session_daily.refunded', '+', row.refunded) })),
    )
    .execute()
}
