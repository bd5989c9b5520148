import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { DIALECTS, freshDatabase } from '../test-support'
import { DatabaseLoginLimiter } from './login-limiter-db'
import { FallbackLoginLimiter, RedisLoginLimiter } from './login-limiter-redis'
import type { LoginLimiter, ThrottleRules } from './login-throttle'

const rules: ThrottleRules = {
  username: { limit: 3, windowMs: 60_000 },
  address: { limit: 5, windowMs: 60_000 },
}

/** Redis cases run when TEST_REDIS_URL is set (CI sets it, like TEST_DATABASE_URL). */
const REDIS_URL = process.env.TEST_REDIS_URL

/** One way of making limiters that share their counters (as instances share a database or a Redis). */
interface Store {
  name: string
  open: () => Promise<void>
  limiter: () => LoginLimiter
  close: () => Promise<void>
}

function databaseStore(dialect: (typeof DIALECTS)[number]): Store {
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>
  return {
    name: `database (${dialect})`,
    open: async () => {
      const fresh = await freshDatabase(dialect)
      handle = fresh.handle
      cleanup = fresh.cleanup
      await migrateToLatest(handle.db)
    },
    limiter: () => new DatabaseLoginLimiter(handle.db, rules),
    close: async () => {
      await handle.destroy()
      await cleanup()
    },
  }
}

function redisStore(url: string): Store {
  const redis = new Redis(url, { lazyConnect: true })
  // A random prefix per store: tests never see each other's keys, and cleanup removes only ours.
  const prefix = `portal-test:${randomBytes(6).toString('hex')}:`
  return {
    name: 'redis',
    open: () => redis.connect(),
    limiter: () => new RedisLoginLimiter(redis, { rules, prefix }),
    close: async () => {
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length > 0) await redis.del(...keys)
      redis.disconnect()
    },
  }
}

const stores = [...DIALECTS.map(databaseStore), ...(REDIS_URL ? [redisStore(REDIS_URL)] : [])]

describe.each(stores)('login limiter on $name', (store) => {
  beforeAll(() => store.open())
  afterAll(() => store.close())
  // Every test uses its own names and addresses, so the shared store needs no reset between them.
  const id = () => randomBytes(4).toString('hex')

  it('refuses a username after its limit of failures until the oldest leaves the window', async () => {
    const l = store.limiter()
    const name = `user-${id()}`
    for (const at of [0, 10_000, 20_000]) {
      expect(await l.retryAfterS(name, '1.1.1.1', at)).toBeNull()
      await l.recordFailure(name, `10.0.0.${String(at / 10_000)}`, at)
    }
    expect(await l.retryAfterS(name, '1.1.1.1', 30_000)).toBe(30)
    // The username is compared trimmed and case-blind.
    expect(await l.retryAfterS(` ${name.toUpperCase()} `, '2.2.2.2', 30_000)).toBe(30)
    expect(await l.retryAfterS(name, '1.1.1.1', 59_999)).toBe(1)
    expect(await l.retryAfterS(name, '1.1.1.1', 60_000)).toBeNull()
  })

  it('refuses an address after its limit across usernames, and only that address', async () => {
    const l = store.limiter()
    const address = `addr-${id()}`
    for (const n of [1, 2, 3, 4, 5]) await l.recordFailure(`${id()}-${String(n)}`, address, 0)
    expect(await l.retryAfterS(`fresh-${id()}`, address, 1000)).toBe(59)
    expect(await l.retryAfterS(`fresh-${id()}`, `other-${id()}`, 1000)).toBeNull()
    expect(await l.retryAfterS(`fresh-${id()}`, null, 1000)).toBeNull()
  })

  it('clears the username after a success, not the address', async () => {
    const l = store.limiter()
    const name = `user-${id()}`
    const address = `addr-${id()}`
    for (const n of [1, 2, 3, 4, 5]) await l.recordFailure(name, address, n)
    await l.recordSuccess(name.toUpperCase())
    expect(await l.retryAfterS(name, null, 10)).toBeNull()
    expect(await l.retryAfterS(name, address, 10)).not.toBeNull()
  })

  it('counts every failure of two limiters recording at once (two instances, one store)', async () => {
    const a = store.limiter()
    const b = store.limiter()
    const name = `user-${id()}`
    // Same millisecond, in parallel: inserts, never read-modify-write, so none is lost.
    await Promise.all([a.recordFailure(name, null, 5), b.recordFailure(name, null, 5)])
    expect(await a.retryAfterS(name, null, 6)).toBeNull()
    await b.recordFailure(name, null, 5)
    expect(await a.retryAfterS(name, null, 6)).toBe(60)
    expect(await b.retryAfterS(name, null, 6)).toBe(60)
  })
})

describe.each(DIALECTS)('login limiter with Redis down on %s', (dialect) => {
  const store = databaseStore(dialect)
  beforeAll(() => store.open())
  afterAll(() => store.close())
  let redis: RedisLoginLimiter | null = null
  afterEach(async () => {
    await redis?.close()
  })

  it('counts in the database instead, and says so', async () => {
    // Nothing listens on port 1: every command fails at once (no offline queue).
    redis = RedisLoginLimiter.connect('redis://127.0.0.1:1', { rules })
    const errors: unknown[] = []
    const l = new FallbackLoginLimiter(redis, store.limiter(), (err) => errors.push(err))
    for (const at of [0, 1, 2]) await l.recordFailure('down', null, at)
    expect(await l.retryAfterS('down', null, 3)).toBe(60)
    expect(await store.limiter().retryAfterS('down', null, 3)).toBe(60)
    await l.recordSuccess('down')
    expect(await l.retryAfterS('down', null, 4)).toBeNull()
    expect(errors.length).toBeGreaterThan(0)
  })
})
