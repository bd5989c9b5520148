import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DIALECTS, freshDatabase } from '../test-support'
import type { DatabaseHandle } from './database'
import { openDatabase } from './database'
import { prepareDatabase } from './prepare-database'
import { withStartupLock } from './startup-lock'

/* Issue 13 §2: instances started together migrate and seed once, one after the other. */

describe.each(DIALECTS)('start-up lock on %s', (dialect) => {
  let first: DatabaseHandle
  let second: DatabaseHandle
  let cleanup: () => Promise<void>

  beforeAll(async () => {
    const fresh = await freshDatabase(dialect)
    first = fresh.handle
    cleanup = fresh.cleanup
    // A second instance: its own pool (or SQLite connection) on the same database and schema.
    second =
      dialect === 'sqlite'
        ? openDatabase(fresh.url)
        : openDatabase(fresh.url, { schema: first.schema, poolSize: 4 })
  })
  afterAll(async () => {
    await second.destroy()
    await first.destroy()
    await cleanup()
  })

  it('lets one holder in at a time', async () => {
    let inside = 0
    let most = 0
    const hold = (name: string, handle: DatabaseHandle) =>
      withStartupLock(handle, async () => {
        inside += 1
        most = Math.max(most, inside)
        await new Promise((resolve) => setTimeout(resolve, 50))
        inside -= 1
        return name
      })
    expect(await Promise.all([hold('a', first), hold('b', second)])).toEqual(['a', 'b'])
    expect(most).toBe(1)
  })

  it('releases the lock when the work fails', async () => {
    await expect(withStartupLock(first, () => Promise.reject(new Error('migration failed')))).rejects.toThrow(
      'migration failed',
    )
    expect(await withStartupLock(second, () => Promise.resolve('free'))).toBe('free')
  })

  it('migrates and seeds an empty database once when two instances start together', async () => {
    let seeds = 0
    const start = (handle: DatabaseHandle) =>
      prepareDatabase(handle, {
        log: () => undefined,
        isEmpty: async (h) =>
          (await h.db.selectFrom('entity').select('id').limit(1).executeTakeFirst()) === undefined,
        seed: async (h) => {
          seeds += 1
          await h.db
            .insertInto('entity')
            .values({
              code: 'seeded',
              name: 'Seeded',
              industries: '[]',
              roles: '[]',
              currency_code: 'SGD',
              time_zone: 'Asia/Singapore',
              created_at: 1,
              updated_at: 1,
            })
            .execute()
        },
      })
    await Promise.all([start(first), start(second)])
    expect(seeds).toBe(1)
    const migrations = await first.db
      .selectFrom('kysely_migration' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(migrations.n).toBeGreaterThan(20)
    // A later start finds everything done.
    await start(second)
    expect(seeds).toBe(1)
  })
})
