import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../../db/database'
import { HttpError } from '../../../lib/errors'
import { MinuteLimiter } from '../../../lib/minute-limiter'
import { recordKeyUse } from './service-account.repository'

/** How often a key's last use is written: the key list needs "when, from where", not every request. */
export const LAST_USE_WRITE_MS = 60_000

/**
 * What happens on each request made with an API key, in this instance: the per-key rate limit, and the record of
 * its last use (at most one write a minute per key, never in the request's way).
 */
export class ApiKeyGate {
  private readonly limiter: MinuteLimiter
  private readonly lastWritten = new Map<number, number>()

  constructor(
    private readonly db: Db,
    private readonly perMinute: number,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.limiter = new MinuteLimiter(perMinute, 100_000)
  }

  /** Refuses with 429 and Retry-After when the key is over its limit; otherwise notes its use. */
  admit(keyId: number, ip: string | null, now = Date.now()): void {
    const wait = this.limiter.take(keyId, now)
    if (wait !== null)
      throw new HttpError(
        429,
        'TOO_MANY_REQUESTS',
        `Too many requests with this API key: at most ${String(this.perMinute)} a minute; try again in ${String(wait)} s`,
        { 'retry-after': String(wait) },
      )
    this.noteUse(keyId, ip, now)
  }

  private noteUse(keyId: number, ip: string | null, now: number): void {
    const last = this.lastWritten.get(keyId)
    if (last !== undefined && now - last < LAST_USE_WRITE_MS) return
    if (this.lastWritten.size > 100_000) this.lastWritten.clear()
    this.lastWritten.set(keyId, now)
    // Fire and forget: a failed write loses one "last used" mark, never the request.
    recordKeyUse(this.db, keyId, now, ip).catch((err: unknown) => {
      this.lastWritten.delete(keyId)
      this.log?.warn({ err, api_key_id: keyId }, 'could not record the last use of an API key')
    })
  }
}
