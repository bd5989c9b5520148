/**
 * Failed sign-in attempts, counted per username and per client address in a sliding window. Past the limit, every
 * attempt for that key is refused until the oldest failure leaves the window, even with the right password, and
 * the answer is the same whether or not the username exists.
 *
 * Counters live in this process (DESIGN.md: in memory unless REDIS_URL points at Redis, a later step); with
 * several instances behind a balancer each counts its own share, so the limits are per instance.
 */
export interface ThrottleRule {
  limit: number
  windowMs: number
}

export const USERNAME_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 }
export const ADDRESS_RULE: ThrottleRule = { limit: 30, windowMs: 15 * 60_000 }

export class LoginThrottle {
  private readonly failures = new Map<string, number[]>()

  constructor(
    private readonly rules: { username: ThrottleRule; address: ThrottleRule } = {
      username: USERNAME_RULE,
      address: ADDRESS_RULE,
    },
    private readonly maxKeys = 100_000,
  ) {}

  private keys(username: string, address: string | null): [string, ThrottleRule][] {
    const keys: [string, ThrottleRule][] = [[`u:${username.trim().toLowerCase()}`, this.rules.username]]
    if (address) keys.push([`a:${address}`, this.rules.address])
    return keys
  }

  private recent(key: string, rule: ThrottleRule, now: number): number[] {
    const list = (this.failures.get(key) ?? []).filter((t) => now - t < rule.windowMs)
    if (list.length === 0) this.failures.delete(key)
    else this.failures.set(key, list)
    return list
  }

  /** Seconds to wait before trying again, or null when an attempt may go ahead. */
  retryAfterS(username: string, address: string | null, now = Date.now()): number | null {
    let wait = 0
    for (const [key, rule] of this.keys(username, address)) {
      const list = this.recent(key, rule, now)
      if (list.length >= rule.limit) {
        const oldest = list[list.length - rule.limit] ?? now
        wait = Math.max(wait, Math.ceil((oldest + rule.windowMs - now) / 1000))
      }
    }
    return wait > 0 ? wait : null
  }

  recordFailure(username: string, address: string | null, now = Date.now()): void {
    for (const [key, rule] of this.keys(username, address)) {
      const list = this.recent(key, rule, now)
      list.push(now)
      this.failures.set(key, list)
    }
    if (this.failures.size > this.maxKeys) {
      const oldest = this.failures.keys().next()
      if (!oldest.done) this.failures.delete(oldest.value)
    }
  }

  /** A successful sign-in clears the username's failures (the address keeps its count). */
  recordSuccess(username: string): void {
    this.failures.delete(`u:${username.trim().toLowerCase()}`)
  }
}
