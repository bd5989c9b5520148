import type { Db } from '../../db/database'
import type { JobQueue } from '../../jobs/job-queue'
import { deleteMessagesBefore } from './ocpp-message.repository'

/*
 * The OCPP message log grows by every frame of every charger (5,000 chargers: millions of rows a day). It is kept
 * OCPP_MESSAGE_RETENTION_DAYS days; one instance prunes it each hour, in batches so no statement holds locks long.
 */
export const OCPP_PRUNE = 'ocpp.prune'
const DAY_MS = 86_400_000
const EVERY_MS = 60 * 60 * 1000
const BATCH = 10_000

export async function pruneOcppMessages(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  let removed = 0
  for (;;) {
    const n = await deleteMessagesBefore(db, now - retentionDays * DAY_MS, BATCH)
    removed += n
    if (n < BATCH) return removed
  }
}

export function registerOcppPrune(jobs: JobQueue, db: Db, retentionDays: number): void {
  jobs.register(OCPP_PRUNE, async (_payload, ctx) => {
    const removed = await pruneOcppMessages(db, retentionDays)
    if (removed > 0)
      ctx.log(
        `${OCPP_PRUNE}: deleted ${String(removed)} OCPP frames older than ${String(retentionDays)} days`,
      )
  })
  jobs.schedule(OCPP_PRUNE, EVERY_MS)
}
