import type { Db } from '../db/database'
import type { LoginLimiter, ThrottleRules } from './login-throttle'
import { DEFAULT_RULES, retryAfterOf, throttleKeys, usernameKey, waitFor } from './login-throttle'

/** How often one instance sweeps rows of keys nobody has tried since (the per-key prune covers the rest). */
const SWEEP_EVERY_MS = 60_000

/**
 * Login failure counters in the `login_failure` table: one row per failure and key, so concurrent failures on
 * several instances are plain inserts and none is lost. A key's expired rows go when the key fails again; a sweep
 * at most once a minute per instance removes those of keys that never come back.
 */
export class DatabaseLoginLimiter implements LoginLimiter {
  private lastSweep = 0
  private readonly longestWindowMs: number

  constructor(
    private readonly db: Db,
    private readonly rules: ThrottleRules = DEFAULT_RULES,
  ) {
    this.longestWindowMs = Math.max(rules.username.windowMs, rules.address.windowMs)
  }

  async retryAfterS(username: string, address: string | null, now = Date.now()): Promise<number | null> {
    const waits = await Promise.all(
      throttleKeys(this.rules, username, address).map(async ([key, rule]) => {
        const rows = await this.db
          .selectFrom('login_failure')
          .select('at')
          .where('key', '=', key)
          .where('at', '>', now - rule.windowMs)
          .orderBy('at', 'desc')
          .limit(rule.limit)
          .execute()
        return waitFor(
          rule,
          rows.map((r) => r.at),
          now,
        )
      }),
    )
    return retryAfterOf(waits)
  }

  async recordFailure(username: string, address: string | null, now = Date.now()): Promise<void> {
    const keys = throttleKeys(this.rules, username, address)
    await this.db
      .insertInto('login_failure')
      .values(keys.map(([key]) => ({ key, at: now })))
      .execute()
    for (const [key, rule] of keys) {
      await this.db
        .deleteFrom('login_failure')
        .where('key', '=', key)
        .where('at', '<=', now - rule.windowMs)
        .execute()
    }
    if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now
      await this.db
        .deleteFrom('login_failure')
        .where('at', '<=', now - this.longestWindowMs)
        .execute()
    }
  }

  async recordSuccess(username: string): Promise<void> {
    await this.db.deleteFrom('login_failure').where('key', '=', usernameKey(username)).execute()
  }
}
