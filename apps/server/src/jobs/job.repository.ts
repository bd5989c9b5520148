import type { Kysely } from 'kysely'
import type { Database } from '../db/database'
import { isPostgres } from '../lib/sql'
import type { JobRow, JobStatus, NewJobRow } from './job.table'

// The job queue's SQL (issue 13 §6: SQL only in repositories). Every write to a claimed job names the instance that
// holds it, so an instance that lost its lease (taken over after a pause) can no longer change the job.

type Conn = Kysely<Database>

/** Inserts a job; null when its unique key is held by a not-finished job (the partial unique index). */
export async function insertJob(db: Conn, row: NewJobRow): Promise<number | null> {
  // No conflict target: the id is generated, so the only unique violation possible is the key's.
  const inserted = await db
    .insertInto('job')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted?.id ?? null
}

/**
 * Claims the job due first among `kinds`: a queued job whose time has come, or a running one whose lease ran out
 * (its instance died or stalled). SKIP LOCKED lets instances claim side by side on PostgreSQL; SQLite has one
 * writer, so the sub-select and the update cannot interleave.
 */
export async function claimJob(
  db: Conn,
  kinds: readonly string[],
  instanceId: string,
  now: number,
  leaseMs: number,
): Promise<JobRow | null> {
  if (kinds.length === 0) return null
  const row = await db
    .updateTable('job')
    .set((eb) => ({
      status: 'running',
      locked_by: instanceId,
      locked_until: now + leaseMs,
      attempts: eb('attempts', '+', 1),
      updated_at: now,
    }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('job')
        .select('id')
        .where('kind', 'in', kinds)
        .where((w) =>
          w.or([
            w.and([w('status', '=', 'queued'), w('run_at', '<=', now)]),
            w.and([w('status', '=', 'running'), w('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_at')
        .limit(1)
        .$if(isPostgres(db), (q) => q.forUpdate().skipLocked()),
    )
    .returningAll()
    .executeTakeFirst()
  return row ?? null
}

/** Extends the lease; false when the job is no longer this instance's (taken over, handed back, finished). */
export async function renewLease(
  db: Conn,
  id: number,
  instanceId: string,
  lockedUntil: number,
): Promise<boolean> {
  const result = await db
    .updateTable('job')
    .set({ locked_until: lockedUntil })
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', instanceId)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

function ownedRunning(db: Conn, id: number, instanceId: string) {
  return db
    .updateTable('job')
    .where('id', '=', id)
    .where('status', '=', 'running')
    .where('locked_by', '=', instanceId)
}

export async function markDone(db: Conn, id: number, instanceId: string, now: number): Promise<boolean> {
  const result = await ownedRunning(db, id, instanceId)
    .set({ status: 'done', locked_by: null, locked_until: null, updated_at: now, finished_at: now })
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** A failed attempt with attempts left: queued again for later. */
export async function markRetry(
  db: Conn,
  id: number,
  instanceId: string,
  now: number,
  runAt: number,
  error: string,
): Promise<boolean> {
  const result = await ownedRunning(db, id, instanceId)
    .set({
      status: 'queued',
      locked_by: null,
      locked_until: null,
      run_at: runAt,
      last_error: error,
      updated_at: now,
    })
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export async function markDead(
  db: Conn,
  id: number,
  instanceId: string,
  now: number,
  error: string,
): Promise<boolean> {
  const result = await ownedRunning(db, id, instanceId)
    .set({
      status: 'dead',
      locked_by: null,
      locked_until: null,
      last_error: error,
      updated_at: now,
      finished_at: now,
    })
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/** Shutdown: the job goes back to the queue, due now, and the attempt it was on does not count. */
export async function handBack(db: Conn, id: number, instanceId: string, now: number): Promise<boolean> {
  const result = await ownedRunning(db, id, instanceId)
    .set((eb) => ({
      status: 'queued',
      locked_by: null,
      locked_until: null,
      run_at: now,
      attempts: eb('attempts', '-', 1),
      updated_at: now,
    }))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

export interface JobDepth {
  kind: string
  queued: number
  running: number
  dead: number
  /** Seconds the oldest due queued job has waited past its run_at; null when none is due. */
  oldest_age_s: number | null
}

/** Per kind: what waits, runs and died. Done jobs are history, not depth. */
export async function jobDepth(db: Conn, now: number): Promise<JobDepth[]> {
  const rows = await db
    .selectFrom('job')
    .select((eb) => [
      'kind',
      eb.fn.countAll<number>().filterWhere('status', '=', 'queued').as('queued'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'running').as('running'),
      eb.fn.countAll<number>().filterWhere('status', '=', 'dead').as('dead'),
      eb.fn
        .min<number | null>('run_at')
        .filterWhere((w) => w.and([w('status', '=', 'queued'), w('run_at', '<=', now)]))
        .as('oldest_run_at'),
    ])
    .where('status', 'in', ['queued', 'running', 'dead'])
    .groupBy('kind')
    .orderBy('kind')
    .execute()
  return rows.map((r) => ({
    kind: r.kind,
    queued: r.queued,
    running: r.running,
    dead: r.dead,
    oldest_age_s: r.oldest_run_at === null ? null : Math.max(0, (now - r.oldest_run_at) / 1000),
  }))
}

export interface JobFilter {
  status?: JobStatus[]
  kind?: string[]
  limit: number
  offset: number
}

export async function listJobs(db: Conn, filter: JobFilter): Promise<{ rows: JobRow[]; count: number }> {
  const base = db
    .selectFrom('job')
    .$if(!!filter.status?.length, (q) => q.where('status', 'in', filter.status ?? []))
    .$if(!!filter.kind?.length, (q) => q.where('kind', 'in', filter.kind ?? []))
  const [rows, total] = await Promise.all([
    base.selectAll().orderBy('id', 'desc').limit(filter.limit).offset(filter.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { rows, count: total.count }
}

export async function findJob(db: Conn, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * A dead job back to the queue with its attempts reset; false when it is not dead any more or its unique key is
 * held by another not-finished job (the partial unique index refuses the row then).
 */
export async function requeueDead(db: Conn, id: number, now: number): Promise<boolean> {
  const row = await findJob(db, id)
  if (!row || row.status !== 'dead') return false
  if (row.unique_key !== null) {
    const holder = await db
      .selectFrom('job')
      .select('id')
      .where('unique_key', '=', row.unique_key)
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirst()
    if (holder) return false
  }
  const result = await db
    .updateTable('job')
    .set({ status: 'queued', attempts: 0, run_at: now, finished_at: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'dead')
    .executeTakeFirst()
  return Number(result.numUpdatedRows) > 0
}

/**
 * Deletes finished jobs: done ones finished before `doneBefore`, dead ones before `deadBefore` (kept longer, for an
 * administrator to read and retry). Returns how many went.
 */
export async function deleteFinishedJobs(
  db: Conn,
  cutoffs: { doneBefore: number; deadBefore: number },
): Promise<number> {
  const result = await db
    .deleteFrom('job')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'done'), eb('finished_at', '<', cutoffs.doneBefore)]),
        eb.and([eb('status', '=', 'dead'), eb('finished_at', '<', cutoffs.deadBefore)]),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
