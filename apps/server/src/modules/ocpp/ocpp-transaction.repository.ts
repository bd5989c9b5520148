import type { Insertable, Selectable } from 'kysely'
import type { TimedReading } from '@portal/contract'
import type { Db } from '../../db/database'
import { isPostgres } from '../../lib/sql'
import type { EvSessionTable } from '../charging/ev.table'
import { evDailyCounterpart } from '../charging/ev.table'
import { parseJson } from '../../lib/json'
import { carbonDb } from '../carbon/carbon.table'

/** What opening a session on a connector needs: where it is and how it is priced. */
export async function connectorForSession(db: Db, connectorId: number) {
  return db
    .selectFrom('ev_connector as c')
    .leftJoin('ev_tariff as t', 't.id', 'c.tariff_id')
    .innerJoin('entity as e', 'e.code', 'c.entity_code')
    .innerJoin('ev_evse as ev', 'ev.id', 'c.evse_ref')
    .leftJoin('ev_charge_point as cp', 'cp.id', 'ev.charge_point_id')
    .where('c.id', '=', connectorId)
    .select([
      'c.id',
      'c.evse_ref',
      'c.location_id',
      'c.tariff_id',
      't.elements as tariff_elements',
      't.currency as tariff_currency',
      'e.name as cpo_name',
      'cp.protocol',
    ])
    .executeTakeFirstOrThrow()
}

/** A session's tariff as pricing reads it. */
export async function tariffById(db: Db, id: number) {
  return db.selectFrom('ev_tariff').where('id', '=', id).select(['elements', 'currency']).executeTakeFirst()
}

/**
 * The charger was heard from: its last heartbeat moves, at most once a minute (a charger busy with transactions may
 * skip its heartbeats, OCPP 1.6 §4.6; meter values every few seconds need not each write the charger's row).
 */
export async function touchCharger(db: Db, chargePointId: number, now: number): Promise<void> {
  await db
    .updateTable('ev_charge_point')
    .set({ last_heartbeat_at: now })
    .where('id', '=', chargePointId)
    .where((eb) => eb.or([eb('last_heartbeat_at', 'is', null), eb('last_heartbeat_at', '<', now - 60_000)]))
    .execute()
}

/** A token with what a session records of its owner: the EMSP, the driver, the driver's plate. */
export async function findTokenOwner(db: Db, uid: string) {
  const row = await db
    .selectFrom('ev_token as t')
    .leftJoin('ev_driver as d', 'd.id', 't.driver_id')
    .where('t.uid', '=', uid)
    .select([
      't.entity_code',
      't.status',
      't.type',
      't.visual_number',
      't.driver_id',
      'd.name as driver_name',
      'd.license_plate',
      'd.subscribed_cpo_entities',
    ])
    .executeTakeFirst()
  if (!row) return undefined
  return {
    ...row,
    subscribed_cpo_entities: parseJson<string[]>(row.subscribed_cpo_entities ?? '[]', []),
  }
}
export type TokenOwner = NonNullable<Awaited<ReturnType<typeof findTokenOwner>>>

/**
 * Opens a session for a charger's transaction unless one with its key exists already (a start sent twice, or by two
 * connections at once): the unique (charge_point_id, ocpp_key) decides, and both callers get the same row's id.
 */
export async function insertSessionOnce(
  db: Db,
  row: Insertable<EvSessionTable> & { charge_point_id: number; ocpp_key: string },
): Promise<{ id: number; created: boolean }> {
  const inserted = await db
    .insertInto('ev_session')
    .values(row)
    .onConflict((oc) => oc.columns(['charge_point_id', 'ocpp_key']).doNothing())
    .returning('id')
    .executeTakeFirst()
  if (inserted) return { id: inserted.id, created: true }
  const existing = await db
    .selectFrom('ev_session')
    .where('charge_point_id', '=', row.charge_point_id)
    .where('ocpp_key', '=', row.ocpp_key)
    .select('id')
    .executeTakeFirstOrThrow()
  return { id: existing.id, created: false }
}

export type OcppSessionRow = Selectable<EvSessionTable>

/**
 * A charger's session by its id or key, locked until the transaction ends on PostgreSQL (SQLite runs one write
 * transaction at a time already): two messages about one session are applied one after the other, never both from
 * the same stale state.
 */
export async function lockChargerSession(
  db: Db,
  chargePointId: number,
  by: { id: number } | { key: string },
): Promise<OcppSessionRow | undefined> {
  let query = db.selectFrom('ev_session').selectAll().where('charge_point_id', '=', chargePointId)
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('ocpp_key', '=', by.key)
  if (isPostgres(db)) query = query.forUpdate()
  return query.executeTakeFirst()
}

/** Readings are kept once per timestamp: the first one sent wins, a duplicate adds nothing. */
export async function insertReadings(
  db: Db,
  sessionId: number,
  readings: readonly TimedReading[],
): Promise<void> {
  if (readings.length === 0) return
  await db
    .insertInto('ev_meter_reading')
    .values(
      readings.map((r) => ({
        session_id: sessionId,
        at: r.at,
        register_wh: r.registerWh ?? null,
        interval_wh: r.intervalWh ?? null,
        power_w: r.powerW ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['session_id', 'at']).doNothing())
    .execute()
}

export async function readingsOf(db: Db, sessionId: number): Promise<TimedReading[]> {
  const rows = await db
    .selectFrom('ev_meter_reading')
    .where('session_id', '=', sessionId)
    .select(['at', 'register_wh', 'interval_wh', 'power_w'])
    .orderBy('at')
    .execute()
  return rows.map((r) => ({
    at: r.at,
    ...(r.register_wh !== null ? { registerWh: r.register_wh } : {}),
    ...(r.interval_wh !== null ? { intervalWh: r.interval_wh } : {}),
    ...(r.power_w !== null ? { powerW: r.power_w } : {}),
  }))
}

export async function updateSession(
  db: Db,
  id: number,
  patch: Partial<Omit<Insertable<EvSessionTable>, 'id'>>,
): Promise<void> {
  await db.updateTable('ev_session').set(patch).where('id', '=', id).execute()
}

/**
 * Sessions still ACTIVE on a connector where a later transaction started: their charger never reported their stop
 * (it lost them, or rebooted). They become STOP_FAILURE (CHARGER_FAILURE) as of their last update; a stop that
 * arrives late still completes them (stopTransaction).
 */
export async function supersedeSessions(
  db: Db,
  connectorId: number,
  newSessionId: number,
  startedAt: number,
  now: number,
): Promise<void> {
  await db
    .updateTable('ev_session')
    .set((eb) => ({
      status: 'STOP_FAILURE',
      stop_reason: 'CHARGER_FAILURE',
      end_date_time: eb.ref('last_updated'),
      last_updated: now,
    }))
    .where('connector_ref', '=', connectorId)
    .where('status', '=', 'ACTIVE')
    .where('ocpp_key', 'is not', null)
    .where('id', '<>', newSessionId)
    .where('start_date_time', '<', startedAt)
    .execute()
}

/** A completed session's count, energy and revenue added to both sides' daily rollup rows. */
export async function addSessionToDaily(
  db: Db,
  session: Pick<OcppSessionRow, 'entity_code' | 'emsp_entity_code' | 'location_id' | 'currency'> & {
    day: number
    energy_wh: number
    total_incl_vat: number
    total_excl_vat: number
  },
): Promise<void> {
  for (const [code, side] of [
    [session.entity_code, 'CPO'],
    [session.emsp_entity_code, 'EMSP'],
  ] as const) {
    await db
      .insertInto('ev_session_daily')
      .values({
        entity_code: code,
        side,
        day: session.day,
        currency: session.currency,
        counterpart: evDailyCounterpart(side, session),
        sessions: 1,
        energy_wh: session.energy_wh,
        revenue_incl_vat: session.total_incl_vat,
        revenue_excl_vat: session.total_excl_vat,
        refunded: 0,
      })
      .onConflict((oc) =>
        oc.columns(['entity_code', 'side', 'day', 'currency', 'counterpart']).doUpdateSet((eb) => ({
          sessions: eb('ev_session_daily.sessions', '+', 1),
          energy_wh: eb('ev_session_daily.energy_wh', '+', session.energy_wh),
          revenue_incl_vat: eb('ev_session_daily.revenue_incl_vat', '+', session.total_incl_vat),
          revenue_excl_vat: eb('ev_session_daily.revenue_excl_vat', '+', session.total_excl_vat),
        })),
      )
      .execute()
  }
}

/** A completed session's readings are no longer needed: its periods hold what they said. */
export async function deleteReadings(db: Db, sessionId: number): Promise<void> {
  await db.deleteFrom('ev_meter_reading').where('session_id', '=', sessionId).execute()
}

/** The carbon programmes the CPO is a partner of: a completed session may earn credits in each. */
export async function carbonProgrammesOfCpo(db: Db, cpoEntityCode: string): Promise<string[]> {
  const rows = await carbonDb(db)
    .selectFrom('carbon_partnership')
    .where('cpo_entity_code', '=', cpoEntityCode)
    .select('crx_entity_code')
    .distinct()
    .execute()
  return rows.map((r) => r.crx_entity_code)
}
