import { existsSync, mkdirSync } from 'node:fs'
import type { DatabaseHandle } from './server'
import { migrateToLatest, openDatabase, seedDemoData } from './server'
import { RESULTS_DIR } from './prepare'

/** The `--scale large` preset's row target: order items, transactions and charging sessions each reach it. */
export const LARGE_ROW_TARGET = 1_000_000
/** One database at the large scale, shared by the suites that need it (orders, charging). */
export const LARGE_DB = process.env.BENCH_LARGE_DB ?? `sqlite:${RESULTS_DIR}large.sqlite`

const count = async (handle: DatabaseHandle, table: 'machine_order_item' | 'ev_session') =>
  Number(
    (
      await handle.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )

/**
 * Opens the large database, seeding it with the `large` preset (a few minutes) when it is missing. A database that
 * exists but holds less than the preset (an older schema, an interrupted seed) is refused: remove it first.
 */
export async function openLargeDatabase(url: string, log: (line: string) => void): Promise<DatabaseHandle> {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const file = url.startsWith('sqlite:') ? url.slice(7) : ''
  const fresh = file !== '' && !existsSync(file)
  const handle = openDatabase(url)
  await migrateToLatest(handle.db)
  const items = await count(handle, 'machine_order_item')
  const sessions = await count(handle, 'ev_session')
  if (items >= LARGE_ROW_TARGET && sessions >= LARGE_ROW_TARGET) return handle
  if (!fresh && items + sessions > 0) {
    await handle.destroy()
    throw new Error(
      `${url} holds ${String(items)} order items and ${String(sessions)} sessions: remove it to reseed`,
    )
  }
  log(`  seeding ${url} at --scale large (a few minutes) ...`)
  const started = Date.now()
  await seedDemoData(handle.db, {
    seed: 20261123,
    now: Date.UTC(2026, 10, 23, 4),
    scale: 1,
    rowTarget: LARGE_ROW_TARGET,
    // PostgreSQL: the big tables load through COPY on connections of their own.
    ...(handle.newClient ? { newClient: handle.newClient } : {}),
  })
  log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  await migrateToLatest(handle.db)
  return handle
}
