/**
 * A fixed one-minute window per caller (a machine, a roaming partner), in this instance: one caller gone wrong cannot
 * starve the others. With N instances behind a balancer a caller gets up to N times the limit; the limit is there
 * against floods, not for billing (docs/decisions/0108-machine-api.md, 0113-ocpi.md).
 */
export class MinuteLimiter {
  private readonly windows = new Map<number, { start: number; count: number }>()
  constructor(
    private readonly perMinute: number,
    /** Windows kept before all are forgotten (callers that rotate keys must not grow the map for ever). */
    private readonly maxCallers = 100_000,
  ) {}

  /** Seconds to wait when the caller is over its limit, else null. */
  take(callerId: number, now: number): number | null {
    const window = this.windows.get(callerId)
    if (!window || now - window.start >= 60_000) {
      if (this.windows.size > this.maxCallers) this.windows.clear()
      this.windows.set(callerId, { start: now, count: 1 })
      return null
    }
    window.count++
    return window.count > this.perMinute ? Math.ceil((window.start + 60_000 - now) / 1000) : null
  }
}
