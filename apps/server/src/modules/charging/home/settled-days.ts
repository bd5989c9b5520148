import type { DayGroup } from './home.repository'

/**
 * Per-day groupings (sessions by location or by CPO partner, and by currency) of days that can no longer change,
 * kept in memory so a home page reads only today's sessions (and yesterday's until 06:00) on each request
 * (docs/decisions/0026-ev-home-users-devices.md). A UTC+8 day counts as settled six hours after it ended (06:00
 * SGT): sessions that started on it have finished by then (one that runs longer still grows afterwards, which the
 * home ignores).
 *
 * Nothing another instance needs lives here: each instance fills its own copy from the database on first use, so a
 * restart or a second instance only costs one longer first request. Bounded: oldest entries go first.
 */
export class SettledDays {
  private readonly entries = new Map<string, readonly DayGroup[]>()

  constructor(private readonly maxEntries = 20_000) {}

  private static key(scope: string, day: number): string {
    return `${scope}|${String(day)}`
  }

  get(scope: string, day: number): readonly DayGroup[] | undefined {
    return this.entries.get(SettledDays.key(scope, day))
  }

  set(scope: string, day: number, groups: readonly DayGroup[]): void {
    const key = SettledDays.key(scope, day)
    this.entries.delete(key)
    this.entries.set(key, groups)
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next()
      if (oldest.done) break
      this.entries.delete(oldest.value)
    }
  }
}
