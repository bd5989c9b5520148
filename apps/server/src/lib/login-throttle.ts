/**
 * Failed sign-in attempts, counted per username and per client address in a sliding window. Past the limit, every
 * attempt for that key is refused until the oldest failure leaves the window, even with the right password, and
 * the answer is the same whether or not the username exists.
 *
 * The counters are shared by every instance (issue 13 §2, docs/decisions/0095-login-limits.md): in the database
 * (login-limiter-db.ts), or in Redis when REDIS_URL is set (login-limiter-redis.ts). Both record a failure as a
 * new row/member, never a read-modify-write, so two instances recording at once both count.
 */
export interface ThrottleRule {
  limit: number
  windowMs: number
}

export interface ThrottleRules {
  username: ThrottleRule
  address: ThrottleRule
}

export const USERNAME_RULE: ThrottleRule = { limit: 5, windowMs: 15 * 60_000 }
export const ADDRESS_RULE: ThrottleRule = { limit: 30, windowMs: 15 * 60_000 }
export const DEFAULT_RULES: ThrottleRules = { username: USERNAME_RULE, address: ADDRESS_RULE }

export interface LoginLimiter {
  /** Seconds to wait before trying again, or null when an attempt may go ahead. */
  retryAfterS(username: string, address: string | null, now?: number): Promise<number | null>
  recordFailure(username: string, address: string | null, now?: number): Promise<void>
  /** A successful sign-in clears the username's failures (the address keeps its count). */
  recordSuccess(username: string): Promise<void>
  /** Releases connections the limiter holds (the app's close). */
  close?(): Promise<void>
}

export const usernameKey = (username: string) => `u:${username.trim().toLowerCase()}`

/** The counters an attempt touches: always the username, and the address when known. */
export function throttleKeys(
  rules: ThrottleRules,
  username: string,
  address: string | null,
): [string, ThrottleRule][] {
  const keys: [string, ThrottleRule][] = [[usernameKey(username), rules.username]]
  if (address) keys.push([`a:${address}`, rules.address])
  return keys
}

/**
 * The wait for one key from its failures inside the window, newest first: past the limit, until the limit-th
 * newest leaves the window (then the count drops below the limit). 0 when under the limit.
 */
export function waitFor(rule: ThrottleRule, newestFirst: number[], now: number): number {
  if (newestFirst.length < rule.limit) return 0
  const oldest = newestFirst[rule.limit - 1] ?? now
  return Math.max(0, Math.ceil((oldest + rule.windowMs - now) / 1000))
}

/** Seconds from per-key waits, or null when none is positive. */
export function retryAfterOf(waits: number[]): number | null {
  const wait = Math.max(0, ...waits)
  return wait > 0 ? wait : null
}
