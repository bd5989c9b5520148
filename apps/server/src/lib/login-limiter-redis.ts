import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { LoginLimiter, ThrottleRules } from './login-throttle'
import { DEFAULT_RULES, retryAfterOf, throttleKeys, usernameKey, waitFor } from './login-throttle'

export interface RedisLimiterOptions {
  rules?: ThrottleRules
  /** Prepended to every key (tests use a random one per test). */
  prefix?: string
}

/**
 * Login failure counters in Redis: a sorted set per key, scored by the failure's epoch ms, each failure a member
 * of its own (so two instances adding at the same millisecond both count). Every write trims the window and sets
 * the key to expire with it, so nothing outlives its window.
 *
 * The client fails fast while Redis is unreachable (no offline queue, one retry per command): the caller decides
 * what to do (FallbackLoginLimiter answers from the database), instead of sign-ins hanging on a queue.
 */
export class RedisLoginLimiter implements LoginLimiter {
  private readonly rules: ThrottleRules
  private readonly prefix: string

  constructor(
    private readonly redis: Redis,
    options: RedisLimiterOptions = {},
  ) {
    this.rules = options.rules ?? DEFAULT_RULES
    this.prefix = options.prefix ?? 'portal:login-failure:'
  }

  static connect(url: string, options: RedisLimiterOptions = {}): RedisLoginLimiter {
    const redis = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // Keep trying to reconnect in the background, at most every 5 s.
      retryStrategy: (times) => Math.min(times * 200, 5_000),
    })
    // Errors reach the commands that fail; without a listener ioredis would also print every reconnect failure.
    redis.on('error', () => undefined)
    return new RedisLoginLimiter(redis, options)
  }

  async retryAfterS(username: string, address: string | null, now = Date.now()): Promise<number | null> {
    const waits = await Promise.all(
      throttleKeys(this.rules, username, address).map(async ([key, rule]) => {
        // Newest first, at most `limit` of them, strictly inside the window.
        const flat = await this.redis.zrevrangebyscore(
          this.prefix + key,
          '+inf',
          `(${String(now - rule.windowMs)}`,
          'WITHSCORES',
          'LIMIT',
          0,
          rule.limit,
        )
        const scores = flat.filter((_, i) => i % 2 === 1).map(Number)
        return waitFor(rule, scores, now)
      }),
    )
    return retryAfterOf(waits)
  }

  async recordFailure(username: string, address: string | null, now = Date.now()): Promise<void> {
    const multi = this.redis.multi()
    for (const [key, rule] of throttleKeys(this.rules, username, address)) {
      const k = this.prefix + key
      multi
        .zadd(k, now, `${String(now)}:${randomBytes(6).toString('hex')}`)
        .zremrangebyscore(k, '-inf', now - rule.windowMs)
        .pexpire(k, rule.windowMs)
    }
    const results = await multi.exec()
    const failed = results?.find(([err]) => err !== null)
    if (failed?.[0]) throw failed[0]
  }

  async recordSuccess(username: string): Promise<void> {
    await this.redis.del(this.prefix + usernameKey(username))
  }

  async close(): Promise<void> {
    this.redis.disconnect()
    return Promise.resolve()
  }
}

/**
 * Redis first; while it fails, the database (docs/decisions/0095-login-limits.md): sign-ins stay limited and never
 * answer 500 because Redis is down. During an outage and one window after it a key's failures are split between
 * the two stores, so at worst a key gets up to twice its limit in that window: a bounded loss, unlike refusing
 * every sign-in of every user until Redis is back.
 */
export class FallbackLoginLimiter implements LoginLimiter {
  constructor(
    private readonly primary: LoginLimiter,
    private readonly fallback: LoginLimiter,
    private readonly onError: (err: unknown) => void,
  ) {}

  private async either<T>(run: (l: LoginLimiter) => Promise<T>): Promise<T> {
    try {
      return await run(this.primary)
    } catch (err) {
      this.onError(err)
      return run(this.fallback)
    }
  }

  retryAfterS(username: string, address: string | null, now = Date.now()) {
    return this.either((l) => l.retryAfterS(username, address, now))
  }

  recordFailure(username: string, address: string | null, now = Date.now()) {
    return this.either((l) => l.recordFailure(username, address, now))
  }

  recordSuccess(username: string) {
    return this.either((l) => l.recordSuccess(username))
  }

  async close(): Promise<void> {
    await this.primary.close?.()
    await this.fallback.close?.()
  }
}
