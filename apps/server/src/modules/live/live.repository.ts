import type { Db } from '../../db/database'
import type { LiveEventRow, NewLiveEventRow } from './live.table'

/** A stored event with its id as a number (PostgreSQL's bigint arrives as a string). */
export type StoredLiveEvent = Omit<LiveEventRow, 'id'> & { id: number }

const toStored = (row: LiveEventRow): StoredLiveEvent => ({ ...row, id: Number(row.id) })

export async function insertLiveEvents(db: Db, rows: readonly NewLiveEventRow[]): Promise<void> {
  if (rows.length === 0) return
  await db
    .insertInto('live_event')
    .values([...rows])
    .execute()
}

/** Every entity's events after `after`, and those of `missing` (ids skipped earlier that may have committed since). */
export async function liveEventsAfter(
  db: Db,
  after: number,
  missing: readonly number[],
  limit: number,
): Promise<StoredLiveEvent[]> {
  const rows = await db
    .selectFrom('live_event')
    .selectAll()
    .where((eb) =>
      missing.length === 0
        ? eb('id', '>', after)
        : eb.or([eb('id', '>', after), eb('id', 'in', [...missing])]),
    )
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map(toStored)
}

/** One entity's events in (after, upTo], in order: what a resuming stream missed. */
export async function entityEventsBetween(
  db: Db,
  entityCode: string,
  after: number,
  upTo: number,
  limit: number,
): Promise<StoredLiveEvent[]> {
  const rows = await db
    .selectFrom('live_event')
    .selectAll()
    .where('entity_code', '=', entityCode)
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .orderBy('id')
    .limit(limit)
    .execute()
  return rows.map(toStored)
}

/** The smallest and largest ids kept (null when none). */
export async function liveEventBounds(db: Db): Promise<{ oldest: number | null; newest: number | null }> {
  const row = await db
    .selectFrom('live_event')
    .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
    .executeTakeFirst()
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return { oldest: num(row?.oldest), newest: num(row?.newest) }
}

/** Deletes the events created before `before`; returns how many. */
export async function deleteLiveEventsBefore(db: Db, before: number): Promise<number> {
  const result = await db.deleteFrom('live_event').where('created_at', '<', before).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The entity's machines held by these sets (a stream limited to sets hears only them). */
export async function machineIdsInSets(
  db: Db,
  entityCode: string,
  setIds: readonly number[],
): Promise<number[]> {
  if (setIds.length === 0) return []
  const rows = await db
    .selectFrom('machine_set')
    .innerJoin('machine', 'machine.id', 'machine_set.machine_id')
    .where('machine_set.set_id', 'in', [...setIds])
    .where('machine.entity_code', '=', entityCode)
    .select('machine.id')
    .distinct()
    .execute()
  return rows.map((r) => r.id)
}
