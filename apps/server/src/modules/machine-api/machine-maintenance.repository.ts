import { sql } from 'kysely'
import type { Db } from '../../db/database'
import type { NewMtSummaryRow, NewMtSummarySlotRow } from '../iot/maintenance/mt-summary.table'

/** A member of the entity by user uuid: who may maintain its machines. */
export async function memberOfEntity(db: Db, entityCode: string, userUuid: string) {
  return db
    .selectFrom('app_user as u')
    .innerJoin('membership as m', 'm.user_id', 'u.id')
    .where('m.entity_code', '=', entityCode)
    .where('u.user_uuid', '=', userUuid)
    .select(['u.id', 'u.user_uuid'])
    .executeTakeFirst()
}

export async function findVisit(db: Db, machineId: number, sessionId: string) {
  return db
    .selectFrom('mt_summary')
    .where('machine_id', '=', machineId)
    .where('machine_session_id', '=', sessionId)
    .select(['id', 'start_time', 'end_time', 'total_added_stock'])
    .executeTakeFirst()
}

export async function insertVisit(db: Db, row: NewMtSummaryRow): Promise<number> {
  const { id } = await db.insertInto('mt_summary').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}

export async function updateVisit(
  db: Db,
  id: number,
  set: Partial<
    Pick<NewMtSummaryRow, 'start_time' | 'end_time' | 'additional_notes' | 'total_added_stock' | 'updated_at'>
  >,
): Promise<void> {
  await db.updateTable('mt_summary').set(set).where('id', '=', id).execute()
}

export async function insertVisitSlots(db: Db, rows: NewMtSummarySlotRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('mt_summary_slot').values(rows).execute()
}

/** A refill: the slot holds what was added, up to its capacity, unless a count after the visit says otherwise. */
export async function addSlotStock(db: Db, machineId: number, slotNo: number, added: number, at: number) {
  await db
    .updateTable('machine_item')
    // CASE rather than min()/least(): SQLite has no least(), and PostgreSQL's min() is an aggregate.
    .set({
      stock: sql<number>`case when stock + ${added} > capacity then capacity else stock + ${added} end`,
    })
    .where('machine_id', '=', machineId)
    .where('slot_no', '=', slotNo)
    .where((eb) => eb.or([eb('stock_reported_at', 'is', null), eb('stock_reported_at', '<', at)]))
    .execute()
}

/** The machine's last maintenance moves forward, never back. */
export async function recordMaintenance(db: Db, machineId: number, at: number): Promise<void> {
  await db
    .updateTable('machine')
    .set({ last_maintenance_time: at })
    .where('id', '=', machineId)
    .where((eb) => eb.or([eb('last_maintenance_time', 'is', null), eb('last_maintenance_time', '<', at)]))
    .execute()
}
