import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../db/database'
import type { TestApp } from '../../../test-support'
import { createTestApp, DIALECTS } from '../../../test-support'
import { cpoHome } from './home.service'
import type { World } from './overview.fixtures'
import { buildWorld, DAY } from './overview.fixtures'
import { SettledDays } from './settled-days'

/*
 * The homes at a fixed clock (the route tests use the real one): 09:00 SGT on the first day of a month, so "today" and
 * "this month" start at the same instant, and the settled-day memory can be watched at work.
 */
const HOUR = 3_600_000
/** 2020-03-01 09:00 SGT. */
const NOW = Date.UTC(2020, 1, 29, 16) + 9 * HOUR

/** A session copied from a fixture one, started at `start`, with a distinct uid. */
async function copySession(db: Db, fromUid: string, uid: string, start: number, totalIncl: number) {
  const row = await db
    .selectFrom('ev_session')
    .where('uid', '=', fromUid)
    .selectAll()
    .executeTakeFirstOrThrow()
  const { id: _id, ...rest } = row
  await db
    .insertInto('ev_session')
    .values({
      ...rest,
      uid,
      external_id: uid,
      status: 'COMPLETED',
      start_date_time: start,
      end_date_time: start + HOUR,
      last_updated: start + HOUR,
      total_incl_vat: totalIncl,
      total_excl_vat: totalIncl,
    })
    .execute()
}

const sgdOf = (list: { currency: string; incl_vat: number }[] | undefined) =>
  list?.find((m) => m.currency === 'SGD')?.incl_vat ?? 0

describe.each(DIALECTS)('home figures at a fixed clock on %s', (dialect) => {
  let t: TestApp
  let w: World
  beforeAll(async () => {
    t = await createTestApp(dialect)
    w = await buildWorld(t.database.db, NOW)
  })
  afterAll(() => t.close())

  it('on the first of the month, this month and today are the same period', async () => {
    const home = await cpoHome(t.database.db, new SettledDays(), 'TGRID', 30, NOW)
    expect(w.today).toBe(w.month)
    expect(home.today.from).toBe(home.month.from)
    expect(home.month).toEqual({ ...home.today, from: w.month })
    const mine = w.sessions.filter((s) => s.cpo === 'TGRID' && s.start >= w.month)
    expect(home.month.sessions).toBe(mine.length)
    // The session 1 ms before the month (and the day) is February's: in the trend, not in the month.
    expect(home.trend.at(-2)?.sessions).toBe(
      w.sessions.filter((s) => s.cpo === 'TGRID' && s.start >= w.today - DAY && s.start < w.today).length,
    )
  })

  it('keeps settled days in memory and reads today live', async () => {
    const db = t.database.db
    const settled = new SettledDays()
    const before = await cpoHome(db, settled, 'TGRID', 30, NOW)
    const threeDaysAgo = w.today - 3 * DAY
    const pointOf = (h: typeof before, day: number) => h.trend.find((p) => p.day === day)?.revenue

    // A late write to a settled day: the memory keeps the day as it was read...
    await copySession(db, 'fx-s-003', 'fx-late-settled', threeDaysAgo + HOUR, 1000)
    // ...while one today shows at once.
    await copySession(db, 'fx-s-003', 'fx-late-today', w.today + HOUR, 2000)
    const after = await cpoHome(db, settled, 'TGRID', 30, NOW)
    expect(sgdOf(pointOf(after, threeDaysAgo))).toBe(sgdOf(pointOf(before, threeDaysAgo)))
    expect(sgdOf(after.today.revenue)).toBeCloseTo(sgdOf(before.today.revenue) + 20, 2)

    // A fresh memory (another instance, a restart) reads the settled day again.
    const fresh = await cpoHome(db, new SettledDays(), 'TGRID', 30, NOW)
    expect(sgdOf(pointOf(fresh, threeDaysAgo))).toBeCloseTo(sgdOf(pointOf(before, threeDaysAgo)) + 10, 2)
  })

  it('reads yesterday live until 06:00 SGT, and keeps it after', async () => {
    const db = t.database.db
    const yesterday = w.today - DAY
    const early = w.today + 3 * HOUR
    const late = w.today + 7 * HOUR
    const earlyMemory = new SettledDays()
    const lateMemory = new SettledDays()
    const early1 = await cpoHome(db, earlyMemory, 'TGRID', 30, early)
    const late1 = await cpoHome(db, lateMemory, 'TGRID', 30, late)
    await copySession(db, 'fx-s-003', 'fx-late-yesterday', yesterday + 20 * HOUR, 500)
    const early2 = await cpoHome(db, earlyMemory, 'TGRID', 30, early)
    const late2 = await cpoHome(db, lateMemory, 'TGRID', 30, late)
    const y = (h: typeof early1) => sgdOf(h.trend.find((p) => p.day === yesterday)?.revenue)
    expect(y(early2)).toBeCloseTo(y(early1) + 5, 2)
    expect(y(late2)).toBe(y(late1))
  })
})
