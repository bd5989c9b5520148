import { MachineStatus } from '@portal/contract'
import type { RawBuilder } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import { isPostgres } from '../../lib/sql'
import type { NewMachineCreditLogRow } from '../iot/credit-logs/credit-log.table'

/*
 * A batch's statements (issue 15, docs/decisions/0108-machine-api.md): on PostgreSQL every statement is a round trip,
 * so a batch of events is read, kept and applied with a few statements for the whole batch, never a few per event.
 */

/** The ids among `eventIds` the machine already sent (one query for a batch). */
export async function existingEventIds(
  db: Db,
  machineId: number,
  eventIds: readonly string[],
): Promise<Set<string>> {
  if (eventIds.length === 0) return new Set()
  const rows = await db
    .selectFrom('machine_event')
    .where('machine_id', '=', machineId)
    .where('event_id', 'in', eventIds)
    .select('event_id')
    .execute()
  return new Set(rows.map((r) => r.event_id))
}

export interface NewMachineEvent {
  machine_id: number
  event_id: string
  type: string
  occurred_at: number
  received_at: number
  payload: string
}

/**
 * Keeps a batch's events, each once: the ids actually inserted. One a machine already sent is left out, two requests
 * racing included (the unique index decides: the later insert waits for the earlier one's commit, then skips the row).
 */
export async function insertEventsOnce(db: Db, rows: readonly NewMachineEvent[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set()
  const inserted = await db
    .insertInto('machine_event')
    .values([...rows])
    .onConflict((oc) => oc.columns(['machine_id', 'event_id']).doNothing())
    .returning('event_id')
    .execute()
  return new Set(inserted.map((r) => r.event_id))
}

export type StatusField =
  | 'overall_status'
  | 'core_service_status'
  | 'machine_service_status'
  | 'payment_service_status'
  | 'reader_manager_status'

/** Per field, the value a batch's status events leave it at, and when the event that carried it happened. */
export type StatusFold = Partial<Record<StatusField, { value: MachineStatus; at: number }>>

/**
 * A batch's status reports, folded (see ingestEvents), in one update: each field takes its value only when its event
 * is not older than the status the machine shows, and the row changes only when the batch's latest report is not
 * (a late event never moves the status back in time). The SET expressions read the row as it was before the update,
 * in both databases, and the row's lock makes the guard hold against a concurrent batch. Whether it was applied.
 */
export async function applyStatus(
  db: Db,
  machineId: number,
  fold: StatusFold,
  latest: number,
): Promise<boolean> {
  const newer = (at: number) => sql<boolean>`(status_reported_at is null or status_reported_at <= ${at})`
  const fields: Partial<Record<StatusField, RawBuilder<MachineStatus>>> = {}
  for (const [field, f] of Object.entries(fold) as [StatusField, { value: MachineStatus; at: number }][])
    fields[field] = sql<MachineStatus>`case when ${newer(f.at)} then ${f.value} else ${sql.ref(field)} end`
  // When the machine went into Error: kept while it stays there, cleared when it leaves (the machine_error alert).
  const overall = fold.overall_status
  const errorSince =
    overall === undefined
      ? {}
      : {
          error_since:
            overall.value === MachineStatus.Error
              ? sql<
                  number | null
                >`case when ${newer(overall.at)} then coalesce(error_since, ${overall.at}) else error_since end`
              : sql<number | null>`case when ${newer(overall.at)} then null else error_since end`,
        }
  const updated = await db
    .updateTable('machine')
    .set({ ...fields, ...errorSince, status_reported_at: latest })
    .where('id', '=', machineId)
    .where(newer(latest))
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

/**
 * The stock of the slots a batch changes, locked until the batch commits: the batch works out their new stock from
 * these and writes it, so no concurrent batch may change them in between. PostgreSQL: `for update`, in slot order, so
 * two batches of one machine wait for each other rather than deadlock. SQLite needs no lock: the batch has held the
 * database's one write lock since it inserted its events.
 */
export async function lockSlotStock(db: Db, machineId: number, slotNos: readonly number[]) {
  if (slotNos.length === 0) return new Map<number, { stock: number; stock_reported_at: number | null }>()
  const rows = await db
    .selectFrom('machine_item')
    .where('machine_id', '=', machineId)
    .where('slot_no', 'in', slotNos)
    .select(['slot_no', 'stock', 'stock_reported_at'])
    .orderBy('slot_no')
    .$if(isPostgres(db), (q) => q.forUpdate())
    .execute()
  return new Map(rows.map((r) => [r.slot_no, { stock: r.stock, stock_reported_at: r.stock_reported_at }]))
}

export interface SlotChange {
  slot_no: number
  stock: number
  stock_reported_at: number | null
  /** Items sold and their funds, added to the slot's totals. */
  sold: number
  revenue: number
}

/**
 * A batch's slot changes in one statement: the stock and its count time as worked out from the locked rows, the sales
 * added. `update … from (values …)` runs on both databases (SQLite since 3.33); VALUES names its columns column1…
 * on both, and the casts give PostgreSQL their types (a bare parameter there would be text).
 */
export async function updateSlots(db: Db, machineId: number, changes: readonly SlotChange[]): Promise<void> {
  if (changes.length === 0) return
  const rows = changes.map(
    (c) =>
      sql`(cast(${c.slot_no} as integer), cast(${c.stock} as integer), cast(${c.stock_reported_at} as bigint), cast(${c.sold} as integer), cast(${c.revenue} as integer))`,
  )
  await sql`
    update machine_item set
      stock = v.column2,
      stock_reported_at = v.column3,
      total_sold = total_sold + v.column4,
      total_revenue = total_revenue + v.column5
    from (values ${sql.join(rows)}) as v
    where machine_item.machine_id = ${machineId} and machine_item.slot_no = v.column1`.execute(db)
}

/** Credit changes the machine reported, dated when they happened (the credits list's client time). */
export async function insertCreditLogs(db: Db, rows: readonly NewMachineCreditLogRow[]): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('machine_credit_log')
      .values([...rows])
      .execute()
}
