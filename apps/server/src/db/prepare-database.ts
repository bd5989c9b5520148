import type { DatabaseHandle } from './database'
import { migrateToLatest, optimizeOnStart } from './migrate'
import { withStartupLock } from './startup-lock'
import { untilDatabaseAnswers } from './wait-for-database'

export interface PrepareOptions {
  /** Fills an empty database with demo data (development); not called when the database has data. */
  seed?: (handle: DatabaseHandle) => Promise<void>
  isEmpty: (handle: DatabaseHandle) => Promise<boolean>
  log: (message: string) => void
}

/**
 * What an instance does before it serves: migrate, optimize and (development) seed, under the start-up lock so
 * that instances starting together do it once, one after the other; the later ones find it done. A database not
 * up yet (started together, restarting) is waited for, with backoff: each step is safe to repeat.
 */
export async function prepareDatabase(handle: DatabaseHandle, options: PrepareOptions): Promise<void> {
  const retry = { log: options.log }
  await untilDatabaseAnswers(
    'start-up',
    () =>
      withStartupLock(handle, async () => {
        await migrateToLatest(handle.db)
        await optimizeOnStart(handle.db)
        if (options.seed && (await options.isEmpty(handle))) await options.seed(handle)
      }),
    retry,
  )
}
