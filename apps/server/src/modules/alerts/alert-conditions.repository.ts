import { DEVICE_OFFLINE_AFTER_MS, ExportJobStatus, MachineStatus } from '@portal/contract'
import type { Db } from '../../db/database'

/*
 * What the alert rules look at, one query per kind and entity (docs/decisions/0111-alerts.md). Each reads only what
 * is in trouble now, through the indexes the lists already have, so an evaluation costs a few small reads per entity.
 */

/**
 * Commissioned chargers offline for longer than `forMs`: their connection closed that long ago, or (a connection
 * lost with its instance) nothing was heard from them for the heartbeat allowance plus that long. Chargers never
 * heard from are not offline: they have not come online yet.
 */
export async function offlineChargers(db: Db, entityCode: string, forMs: number, now: number) {
  return db
    .selectFrom('ev_charge_point')
    .where('entity_code', '=', entityCode)
    .where('commissioned', '=', 1)
    .where('last_heartbeat_at', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('ocpp_disconnected_at', '<=', now - forMs),
        eb.and([
          eb('ocpp_disconnected_at', 'is', null),
          eb('last_heartbeat_at', '<=', now - DEVICE_OFFLINE_AFTER_MS - forMs),
        ]),
      ]),
    )
    .select(['id', 'uid', 'serial_number', 'ocpp_identity', 'last_heartbeat_at', 'ocpp_disconnected_at'])
    .execute()
}

export async function faultedConnectors(db: Db, entityCode: string) {
  return db
    .selectFrom('ev_connector as c')
    .innerJoin('ev_evse as e', 'e.id', 'c.evse_ref')
    .leftJoin('ev_charge_point as cp', 'cp.id', 'e.charge_point_id')
    .where('c.entity_code', '=', entityCode)
    .where('c.status', '=', 'Faulted')
    .select(['c.id', 'c.connector_id', 'c.error_code', 'c.status_at', 'e.evse_id', 'cp.uid as charge_point'])
    .execute()
}

/**
 * Chargers whose latest session start in the window failed (the charger was told Invalid or Blocked and stopped):
 * the failures, then whether a session started well on the same charger after the last one.
 */
export async function failedStarts(db: Db, entityCode: string, since: number) {
  const failures = await db
    .selectFrom('ev_session as s')
    .innerJoin('ev_charge_point as cp', 'cp.id', 's.charge_point_id')
    .where('s.entity_code', '=', entityCode)
    .where('s.start_date_time', '>=', since)
    .where('s.status', '=', 'START_FAILURE')
    .select([
      'cp.id',
      'cp.uid',
      'cp.serial_number',
      'cp.ocpp_identity',
      (eb) => eb.fn.max('s.start_date_time').as('last_failure'),
      (eb) => eb.fn.countAll<number | string>().as('failures'),
    ])
    .groupBy(['cp.id', 'cp.uid', 'cp.serial_number', 'cp.ocpp_identity'])
    .execute()
  if (failures.length === 0) return []
  const started = await db
    .selectFrom('ev_session')
    .where('entity_code', '=', entityCode)
    .where('start_date_time', '>=', since)
    .where('status', '<>', 'START_FAILURE')
    .where(
      'charge_point_id',
      'in',
      failures.map((f) => f.id),
    )
    .select(['charge_point_id', (eb) => eb.fn.max('start_date_time').as('last_start')])
    .groupBy('charge_point_id')
    .execute()
  const lastStart = new Map(started.map((s) => [s.charge_point_id, s.last_start]))
  return failures
    .map((f) => ({
      id: f.id,
      uid: f.uid,
      name: f.ocpp_identity ?? f.serial_number,
      lastFailure: f.last_failure,
      failures: Number(f.failures),
    }))
    .filter((f) => (lastStart.get(f.id) ?? 0) < f.lastFailure)
}

/** Machines in Error for longer than `forMs` (since when unknown: since their status was last reported). */
export async function machinesInError(db: Db, entityCode: string, forMs: number, now: number) {
  const rows = await db
    .selectFrom('machine')
    .where('entity_code', '=', entityCode)
    .where('overall_status', '=', MachineStatus.Error)
    .select(['id', 'alias', 'serial_number', 'error_since', 'status_reported_at', 'updated_at'])
    .execute()
  return rows
    .map((r) => ({ ...r, since: r.error_since ?? r.status_reported_at ?? r.updated_at }))
    .filter((r) => r.since <= now - forMs)
}

/** Machines that could sell (active, not offline or switched off), with their settings for the opening hours. */
export async function sellingMachines(db: Db, entityCode: string) {
  return db
    .selectFrom('machine')
    .where('entity_code', '=', entityCode)
    .where('is_active', '=', 1)
    .where('overall_status', 'not in', [
      MachineStatus.Offline,
      MachineStatus.Inactive,
      MachineStatus.Uninitialized,
    ])
    .select(['id', 'alias', 'serial_number', 'general_settings'])
    .execute()
}

/** The machines of an entity that sold something since `since`. */
export async function machinesWithSalesSince(
  db: Db,
  entityCode: string,
  since: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('machine_order_item')
    .where('entity_code', '=', entityCode)
    .where('created_at', '>=', since)
    .select('machine_id')
    .distinct()
    .execute()
  return new Set(rows.map((r) => r.machine_id))
}

/** Enabled slots holding fewer than `below` items, by machine. */
export async function lowSlots(db: Db, entityCode: string, below: number) {
  return db
    .selectFrom('machine_item as i')
    .innerJoin('machine as m', 'm.id', 'i.machine_id')
    .where('i.entity_code', '=', entityCode)
    .where('i.is_active', '=', 1)
    .where('i.is_enabled', '=', 1)
    .where('i.capacity', '>', 0)
    .where('i.stock', '<', below)
    .where('m.is_active', '=', 1)
    .select(['i.machine_id', 'i.slot_no', 'i.stock', 'm.alias', 'm.serial_number'])
    .orderBy('i.machine_id')
    .orderBy('i.slot_no')
    .execute()
}

export async function failedExports(db: Db, entityCode: string, since: number) {
  return db
    .selectFrom('export_job')
    .where('entity_code', '=', entityCode)
    .where('status', '=', ExportJobStatus.Failed)
    .where('finished_at', '>=', since)
    .select(['uuid', 'source', 'format', 'error_message', 'finished_at'])
    .execute()
}
