import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/database'
import { DIALECTS, seededDatabase } from '../test-support'
import { DEAD_JOBS_KEPT_MS, DONE_JOBS_KEPT_MS, JOBS_PRUNE, registerJobPrune } from './job-prune'
import { JobQueue } from './job-queue'
import type { JobStatus } from './job.table'

/* Finished jobs do not pile up: done ones go after a week, dead ones after a month; nothing unfinished goes. */

const quiet = { info: () => undefined, error: () => undefined }
const HOUR = 60 * 60 * 1000

describe.each(DIALECTS)('jobs.prune on %s', (dialect) => {
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>

  beforeAll(async () => {
    const fresh = await seededDatabase(dialect, { seed: false })
    handle = fresh.handle
    cleanup = fresh.cleanup
  })
  afterAll(async () => {
    await handle.destroy()
    await cleanup()
  })

  async function job(kind: string, status: JobStatus, finishedAgoMs: number | null): Promise<number> {
    const now = Date.now()
    const row = await handle.db
      .insertInto('job')
      .values({
        kind,
        payload: '{}',
        status,
        attempts: 1,
        max_attempts: 3,
        run_at: now,
        unique_key: null,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: now - (finishedAgoMs ?? 0),
        updated_at: now,
        finished_at: finishedAgoMs === null ? null : now - finishedAgoMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  it('deletes done jobs older than a week and dead ones older than a month, and nothing else', async () => {
    const oldDone = await job('t.done', 'done', DONE_JOBS_KEPT_MS + HOUR)
    const recentDone = await job('t.done', 'done', DONE_JOBS_KEPT_MS - HOUR)
    const deadAWeek = await job('t.dead', 'dead', DONE_JOBS_KEPT_MS + HOUR)
    const oldDead = await job('t.dead', 'dead', DEAD_JOBS_KEPT_MS + HOUR)
    const queued = await job('t.queued', 'queued', null)

    const queue = new JobQueue(handle.db, { pollMs: 20, leaseMs: 3_000, log: quiet })
    registerJobPrune(queue, handle.db)
    queue.start()
    try {
      // The schedule enqueues the first run as the queue starts.
      const deadline = Date.now() + 5_000
      for (;;) {
        const ran = await handle.db
          .selectFrom('job')
          .select('id')
          .where('kind', '=', JOBS_PRUNE)
          .where('status', '=', 'done')
          .executeTakeFirst()
        if (ran) break
        if (Date.now() > deadline) throw new Error('jobs.prune did not run')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    } finally {
      await queue.stop()
    }

    const left = await handle.db.selectFrom('job').select('id').where('kind', 'like', 't.%').execute()
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual(
      [recentDone, deadAWeek, queued].sort((a, b) => a - b),
    )
    expect(left.map((r) => r.id)).not.toContain(oldDone)
    expect(left.map((r) => r.id)).not.toContain(oldDead)
  })
})
