import type { Updateable } from 'kysely'
import type { Db } from '../../db/database'
import type { NewReportScheduleRow, ReportRunRow, ReportScheduleTable } from './report.table'

/** A schedule with what its screen shows beside it: the view, the webhook, the owner and the entity's zone. */
const scheduleColumns = [
  'report_schedule.id',
  'report_schedule.entity_code',
  'report_schedule.owner_id',
  'report_schedule.view_id',
  'report_schedule.name',
  'report_schedule.source',
  'report_schedule.filters',
  'report_schedule.columns',
  'report_schedule.format',
  'report_schedule.frequency',
  'report_schedule.time_of_day',
  'report_schedule.weekday',
  'report_schedule.month_day',
  'report_schedule.delivery',
  'report_schedule.webhook_id',
  'report_schedule.paused',
  'report_schedule.next_run_at',
  'report_schedule.created_at',
  'report_schedule.updated_at',
  'saved_view.name as view_name',
  'saved_view.list_key as view_list',
  'webhook.url as webhook_url',
  'app_user.username as owner_username',
  'entity.time_zone as time_zone',
] as const

function withDetails(db: Db) {
  return db
    .selectFrom('report_schedule')
    .innerJoin('entity', 'entity.code', 'report_schedule.entity_code')
    .innerJoin('app_user', 'app_user.id', 'report_schedule.owner_id')
    .leftJoin('saved_view', 'saved_view.id', 'report_schedule.view_id')
    .leftJoin('webhook', 'webhook.id', 'report_schedule.webhook_id')
    .select(scheduleColumns)
}

export type ScheduleView = Awaited<ReturnType<typeof findSchedule>> & object

export async function insertSchedule(db: Db, row: NewReportScheduleRow): Promise<number> {
  const inserted = await db
    .insertInto('report_schedule')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

/** One of the owner's schedules in an entity; another user's or entity's is not found. */
export async function findSchedule(db: Db, entityCode: string, ownerId: number, id: number) {
  return withDetails(db)
    .where('report_schedule.entity_code', '=', entityCode)
    .where('report_schedule.owner_id', '=', ownerId)
    .where('report_schedule.id', '=', id)
    .executeTakeFirst()
}

/** Any schedule by id (the jobs, which act for its owner). */
export async function findScheduleById(db: Db, id: number) {
  return withDetails(db).where('report_schedule.id', '=', id).executeTakeFirst()
}

export async function listSchedules(
  db: Db,
  entityCode: string,
  ownerId: number,
  limit: number,
  offset: number,
) {
  const [rows, count] = await Promise.all([
    withDetails(db)
      .where('report_schedule.entity_code', '=', entityCode)
      .where('report_schedule.owner_id', '=', ownerId)
      .orderBy('report_schedule.created_at', 'desc')
      .orderBy('report_schedule.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('report_schedule')
      .where('entity_code', '=', entityCode)
      .where('owner_id', '=', ownerId)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, count: Number(count.n) }
}

export async function updateSchedule(
  db: Db,
  id: number,
  patch: Omit<Updateable<ReportScheduleTable>, 'id' | 'entity_code' | 'owner_id' | 'created_at'>,
): Promise<void> {
  await db.updateTable('report_schedule').set(patch).where('id', '=', id).execute()
}

export async function deleteSchedule(db: Db, id: number): Promise<void> {
  await db.deleteFrom('report_schedule').where('id', '=', id).execute()
}

/** The latest runs of these schedules, newest first, at most `per` each. */
export async function recentRuns(db: Db, scheduleIds: readonly number[], per: number) {
  if (scheduleIds.length === 0) return new Map<number, (ReportRunRow & { row_count: number | null })[]>()
  const rows = await db
    .selectFrom('report_run')
    .leftJoin('export_job', 'export_job.uuid', 'report_run.export_uuid')
    .where('report_run.schedule_id', 'in', [...scheduleIds])
    // A schedule runs at most a few times a day: the recent ones are few, read a bounded window of them.
    .where('report_run.started_at', '>', Date.now() - 400 * 86_400_000)
    .selectAll('report_run')
    .select('export_job.row_count as row_count')
    .orderBy('report_run.started_at', 'desc')
    .orderBy('report_run.id', 'desc')
    .limit(scheduleIds.length * per * 4)
    .execute()
  const out = new Map<number, (ReportRunRow & { row_count: number | null })[]>()
  for (const row of rows) {
    const list = out.get(row.schedule_id) ?? []
    if (list.length < per) list.push(row)
    out.set(row.schedule_id, list)
  }
  return out
}

/** Schedules whose run is due, oldest first. */
export async function dueSchedules(db: Db, now: number, limit: number) {
  return db
    .selectFrom('report_schedule')
    .innerJoin('entity', 'entity.code', 'report_schedule.entity_code')
    .where('report_schedule.paused', '=', 0)
    .where('report_schedule.next_run_at', '<=', now)
    .select([
      'report_schedule.id',
      'report_schedule.next_run_at',
      'report_schedule.frequency',
      'report_schedule.time_of_day',
      'report_schedule.weekday',
      'report_schedule.month_day',
      'entity.time_zone as time_zone',
    ])
    .orderBy('report_schedule.next_run_at')
    .limit(limit)
    .execute()
}

/**
 * Moves a due schedule's next run forward, if nobody did meanwhile: the instance whose update lands runs it, any
 * other sees no row changed and leaves it.
 */
export async function claimDue(db: Db, id: number, dueAt: number, nextRunAt: number): Promise<boolean> {
  const result = await db
    .updateTable('report_schedule')
    .set({ next_run_at: nextRunAt })
    .where('id', '=', id)
    .where('next_run_at', '=', dueAt)
    .where('paused', '=', 0)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function insertRun(
  db: Db,
  run: { schedule_id: number; due_at: number; manual: number; status: string; started_at: number },
): Promise<number | null> {
  const inserted = await db
    .insertInto('report_run')
    .values({ ...run, export_uuid: null, message: null, finished_at: null })
    .onConflict((oc) => oc.columns(['schedule_id', 'due_at', 'manual']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted?.id ?? null
}

export async function updateRun(
  db: Db,
  id: number,
  patch: Partial<Pick<ReportRunRow, 'status' | 'export_uuid' | 'message' | 'finished_at'>>,
): Promise<void> {
  await db.updateTable('report_run').set(patch).where('id', '=', id).execute()
}

export async function findRun(db: Db, id: number) {
  return db
    .selectFrom('report_run')
    .leftJoin('export_job', 'export_job.uuid', 'report_run.export_uuid')
    .where('report_run.id', '=', id)
    .selectAll('report_run')
    .select([
      'export_job.status as export_status',
      'export_job.row_count as row_count',
      'export_job.file_size as file_size',
      'export_job.file_name as file_name',
      'export_job.error_message as export_error',
    ])
    .executeTakeFirst()
}

/** The owner as a caller in the schedule's entity: their account and their membership there (null: none). */
export async function ownerInEntity(db: Db, userId: number, entityCode: string) {
  return db
    .selectFrom('app_user')
    .leftJoin('membership', (join) =>
      join.onRef('membership.user_id', '=', 'app_user.id').on('membership.entity_code', '=', entityCode),
    )
    .where('app_user.id', '=', userId)
    .select([
      'app_user.id',
      'app_user.user_uuid',
      'app_user.username',
      'app_user.email',
      'app_user.status',
      'app_user.is_platform_admin',
      'membership.relation as relation',
    ])
    .executeTakeFirst()
}

export async function entityTimeZone(db: Db, entityCode: string): Promise<string> {
  const row = await db
    .selectFrom('entity')
    .where('code', '=', entityCode)
    .select('time_zone')
    .executeTakeFirst()
  return row?.time_zone ?? 'UTC'
}

/** A webhook of the entity, or undefined. */
export async function findEntityWebhook(db: Db, entityCode: string, id: number) {
  return db
    .selectFrom('webhook')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .select(['id', 'url', 'status'])
    .executeTakeFirst()
}

/** A saved view of the entity the user may see: their own, or one shared with the entity. */
export async function findVisibleView(db: Db, entityCode: string, userId: number, id: number) {
  return db
    .selectFrom('saved_view')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('shared', '=', 1)]))
    .select(['id', 'name', 'list_key'])
    .executeTakeFirst()
}
