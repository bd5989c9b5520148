import type { Db } from '../../db/database'
import type { JobQueue } from '../../jobs/job-queue'
import { deleteMessagesBefore } from './ocpi.repository'

/*
 * The OCPI message log grows by every request in and out (a push storm is thousands a minute). It is kept
 * OCPI_MESSAGE_RETENTION_DAYS days; one instance prunes it each hour, in batches so no statement holds locks long.
 */
export const OCPI_PRUNE = 'ocpi.prune'
const DAY_MS = 86_400_000
const EVERY_MS = 60 * 60 * 1000
const BATCH = 10_000

export async function pruneOcpiMessages(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  let removed = 0
  for (;;) {
    const n = await deleteMessagesBefore(db, now - retentionDays * DAY_MS, BATCH)
    removed += n
    if (n < BATCH) return removed
  }
}

export function registerOcpiPrune(jobs: JobQueue, db: Db, retentionDays: number): void {
  jobs.register(OCPI_PRUNE, async (_payload, ctx) => {
    const removed = await pruneOcpiMessages(db, retentionDays)
    if (removed > 0)
      ctx.log(
        `${OCPI_PRUNE}: deleted ${String(removed)} OCPI requests older than ${String(retentionDays)} days`,
      )
  })
  jobs.schedule(OCPI_PRUNE, EVERY_MS)
}
