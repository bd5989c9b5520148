import type { Db } from '../../db/database'
import type { BulkActionRow, BulkActionRowRow, NewBulkActionRow } from './bulk.table'

export async function insertBulkAction(db: Db, row: NewBulkActionRow): Promise<number> {
  const { id } = await db.insertInto('bulk_action').values(row).returning('id').executeTakeFirstOrThrow()
  return id
}

export function findBulkById(db: Db, id: number): Promise<BulkActionRow | undefined> {
  return db.selectFrom('bulk_action').where('id', '=', id).selectAll().executeTakeFirst()
}

export function findBulkByUuid(db: Db, entityCode: string, uuid: string): Promise<BulkActionRow | undefined> {
  return db
    .selectFrom('bulk_action')
    .where('entity_code', '=', entityCode)
    .where('uuid', '=', uuid)
    .selectAll()
    .executeTakeFirst()
}

export async function markBulkRunning(db: Db, id: number, now: number): Promise<void> {
  await db
    .updateTable('bulk_action')
    .set({ status: 'running', started_at: now })
    .where('id', '=', id)
    .where('status', 'in', ['queued', 'running'])
    .execute()
}

export interface RowOutcome {
  ok: boolean
  message: string | null
}

/**
 * One batch's results and the progress they make, together: a job resumed after its instance died starts at
 * `done`, which always counts exactly the rows written.
 */
export async function recordBulkBatch(
  db: Db,
  bulkId: number,
  firstSeq: number,
  ids: readonly (string | number)[],
  outcomes: readonly RowOutcome[],
): Promise<void> {
  if (ids.length === 0) return
  const succeeded = outcomes.filter((o) => o.ok).length
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bulk_action_row')
      .values(
        ids.map((id, i) => ({
          bulk_id: bulkId,
          seq: firstSeq + i,
          row_id: String(id),
          ok: outcomes[i]?.ok ? 1 : 0,
          message: outcomes[i]?.message ?? null,
        })),
      )
      .execute()
    await trx
      .updateTable('bulk_action')
      .set((eb) => ({
        done: eb('done', '+', ids.length),
        succeeded: eb('succeeded', '+', succeeded),
        failed: eb('failed', '+', ids.length - succeeded),
      }))
      .where('id', '=', bulkId)
      .execute()
  })
}

export async function markBulkFinished(
  db: Db,
  id: number,
  status: 'done' | 'failed',
  error: string | null,
  now: number,
): Promise<void> {
  await db.updateTable('bulk_action').set({ status, error, finished_at: now }).where('id', '=', id).execute()
}

/** A page of the report: failed rows first, each group in the order the rows ran. */
export function bulkReportPage(
  db: Db,
  bulkId: number,
  page: { limit: number; offset: number },
): Promise<BulkActionRowRow[]> {
  return db
    .selectFrom('bulk_action_row')
    .where('bulk_id', '=', bulkId)
    .selectAll()
    .orderBy('ok')
    .orderBy('seq')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}
