import type { Db } from '../db/database'
import type { JobQueue } from './job-queue'
import { deleteFinishedJobs } from './job.repository'

/*
 * The job table keeps every job's outcome for the administrators' list (POST /jobs/filter); without pruning it grows
 * by every export, every sweep and, from step 9 on, every device message handled in the background. Done jobs are
 * kept a week, dead ones a month (they are what an administrator comes to read and retry).
 */

export const JOBS_PRUNE = 'jobs.prune'
const DAY_MS = 24 * 60 * 60 * 1000
export const DONE_JOBS_KEPT_MS = 7 * DAY_MS
export const DEAD_JOBS_KEPT_MS = 30 * DAY_MS
const PRUNE_EVERY_MS = 60 * 60 * 1000

/** Registers the hourly `jobs.prune` on the queue: one instance runs it each hour (the schedule's unique key). */
export function registerJobPrune(jobs: JobQueue, db: Db): void {
  jobs.register(JOBS_PRUNE, async (_payload, ctx) => {
    const now = Date.now()
    const removed = await deleteFinishedJobs(db, {
      doneBefore: now - DONE_JOBS_KEPT_MS,
      deadBefore: now - DEAD_JOBS_KEPT_MS,
    })
    if (removed > 0) ctx.log(`jobs.prune: deleted ${String(removed)} finished jobs`)
  })
  jobs.schedule(JOBS_PRUNE, PRUNE_EVERY_MS)
}
