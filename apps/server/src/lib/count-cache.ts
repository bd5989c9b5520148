/**
 * Short-lived cache of list totals. Counting a filter over an entity's whole table costs more than fetching the
 * page itself (100,000 machines: ~5 ms on SQLite, ~15 ms on PostgreSQL), and an operator paging through a list
 * asks the same count again and again. DESIGN.md: "never COUNT(*) an unbounded set on every keystroke (cap or
 * cache counts)".
 *
 * - Keyed by scope (the entity) and the filter without its paging, so every page of one list shares a count.
 * - Entries live `ttlMs`; a write in this process bumps the scope's version so its counts are recomputed at once.
 *   Another instance's writes show within the TTL (docs/decisions/0009-count-cache.md).
 * - Concurrent requests for the same count share one query.
 * - Bounded: the oldest entries go first past `maxEntries`.
 */
export class CountCache {
  private readonly entries = new Map<string, { at: number; value: Promise<number> }>()
  private readonly versions = new Map<string, number>()

  constructor(
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(scope: string, filter: unknown, compute: () => Promise<number>, now = Date.now()): Promise<number> {
    const key = `${scope}\u0000${String(this.versions.get(scope) ?? 0)}\u0000${JSON.stringify(filter)}`
    const hit = this.entries.get(key)
    if (hit && now - hit.at < this.ttlMs) return hit.value
    const value = compute()
    this.entries.set(key, { at: now, value })
    // A failed count must not be served from the cache.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key)
    })
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (!oldest.done) this.entries.delete(oldest.value)
    }
    return value
  }

  /** Call after writing rows of a scope, so the next count of any of its lists is exact. */
  invalidate(scope: string): void {
    this.versions.set(scope, (this.versions.get(scope) ?? 0) + 1)
  }
}
