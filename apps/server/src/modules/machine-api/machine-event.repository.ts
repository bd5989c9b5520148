import type { MachineStatus } from '@portal/contract'
import type { Db } from '../../db/database'
import type { NewMachineCreditLogRow } from '../iot/credit-logs/credit-log.table'

export async function eventExists(db: Db, machineId: number, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('machine_event')
    .where('machine_id', '=', machineId)
    .where('event_id', '=', eventId)
    .select('id')
    .executeTakeFirst()
  return row !== undefined
}

/** Keeps an event once: false when the machine already sent one with this id (two requests racing included). */
export async function insertEventOnce(
  db: Db,
  row: {
    machine_id: number
    event_id: string
    type: string
    occurred_at: number
    received_at: number
    payload: string
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('machine_event')
    .values(row)
    .onConflict((oc) => oc.columns(['machine_id', 'event_id']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

export type StatusReport = Partial<
  Record<
    | 'overall_status'
    | 'core_service_status'
    | 'machine_service_status'
    | 'payment_service_status'
    | 'reader_manager_status',
    MachineStatus
  >
>

/**
 * A status report: applied only when it is not older than the one the machine shows (a late event never moves the
 * status back in time). Whether it was applied.
 */
export async function applyStatus(
  db: Db,
  machineId: number,
  report: StatusReport,
  occurredAt: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('machine')
    .set({ ...report, status_reported_at: occurredAt })
    .where('id', '=', machineId)
    .where((eb) => eb.or([eb('status_reported_at', 'is', null), eb('status_reported_at', '<=', occurredAt)]))
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

/** The machine was active then: its last activity moves forward, never back. */
export async function recordActivity(db: Db, machineId: number, at: number): Promise<void> {
  await db
    .updateTable('machine')
    .set({ last_activity_time: at })
    .where('id', '=', machineId)
    .where((eb) => eb.or([eb('last_activity_time', 'is', null), eb('last_activity_time', '<', at)]))
    .execute()
}

/** The machine's slots: what an event names (its number), what an order copies, its stock and capacity. */
export async function machineSlots(db: Db, machineId: number) {
  const rows = await db
    .selectFrom('machine_item')
    .where('machine_id', '=', machineId)
    .select(['slot_no', 'name', 'description', 'sku_id', 'stock', 'capacity'])
    .execute()
  return new Map(rows.map((r) => [r.slot_no, r]))
}
export type MachineSlots = Awaited<ReturnType<typeof machineSlots>>

/** A slot's counted stock, unless a later count is already there. */
export async function applySlotStock(
  db: Db,
  machineId: number,
  slotNo: number,
  quantity: number,
  occurredAt: number,
): Promise<void> {
  await db
    .updateTable('machine_item')
    .set({ stock: quantity, stock_reported_at: occurredAt })
    .where('machine_id', '=', machineId)
    .where('slot_no', '=', slotNo)
    .where((eb) => eb.or([eb('stock_reported_at', 'is', null), eb('stock_reported_at', '<=', occurredAt)]))
    .execute()
}

/** A credit change the machine reported, dated when it happened (the credits list's client time). */
export async function insertCreditLog(db: Db, row: NewMachineCreditLogRow): Promise<void> {
  await db.insertInto('machine_credit_log').values(row).execute()
}
