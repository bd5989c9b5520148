import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../../db/database'
import type { TestApp } from '../../../test-support'
import { createTestApp, DIALECTS } from '../../../test-support'
import { cpoHome } from './home.service'
import type { World } from './overview.fixtures'
import { addToRollup, buildWorld, DAY } from './overview.fixtures'

/*
 * The homes at a fixed clock (the route tests use the real one): 09:00 SGT on the first day of a month, so "today" and
 * "this month" start at the same instant; and a late write to a past day, which the homes show at once (they read
 * the rollups on every call and keep nothing in memory).
 */
const HOUR = 3_600_000
/** 2020-03-01 09:00 SGT. */
const NOW = Date.UTC(2020, 1, 29, 16) + 9 * HOUR

/** A session copied from a fixture one, started at `start`, with a distinct uid, counted in its rollups. */
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
  await addToRollup(db, {
    cpo: row.entity_code,
    emsp: row.emsp_entity_code,
    locationId: row.location_id,
    start,
    currency: row.currency,
    wh: row.energy_wh,
    totalIncl,
    totalExcl: totalIncl,
  })
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
    const home = await cpoHome(t.database.db, 'TGRID', 30, NOW)
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

  it('shows a late write to a past day, to yesterday and to today on the next call (nothing kept in memory)', async () => {
    const db = t.database.db
    const before = await cpoHome(db, 'TGRID', 30, NOW)
    const threeDaysAgo = w.today - 3 * DAY
    const yesterday = w.today - DAY
    const pointOf = (h: typeof before, day: number) => h.trend.find((p) => p.day === day)
    const beta = (h: typeof before) => h.top_locations.find((l) => l.uid === 'fx-grid-beta')

    // fx-s-003 ran on Grid Beta Mall (SGD): copies of it three days ago, yesterday evening and this morning.
    await copySession(db, 'fx-s-003', 'fx-late-past', threeDaysAgo + HOUR, 1000)
    await copySession(db, 'fx-s-003', 'fx-late-yesterday', yesterday + 20 * HOUR, 500)
    await copySession(db, 'fx-s-003', 'fx-late-today', w.today + HOUR, 2000)
    const after = await cpoHome(db, 'TGRID', 30, NOW)
    expect(pointOf(after, threeDaysAgo)?.sessions).toBe((pointOf(before, threeDaysAgo)?.sessions ?? 0) + 1)
    expect(sgdOf(pointOf(after, threeDaysAgo)?.revenue)).toBeCloseTo(
      sgdOf(pointOf(before, threeDaysAgo)?.revenue) + 10,
      2,
    )
    expect(sgdOf(pointOf(after, yesterday)?.revenue)).toBeCloseTo(
      sgdOf(pointOf(before, yesterday)?.revenue) + 5,
      2,
    )
    expect(after.today.sessions).toBe(before.today.sessions + 1)
    expect(sgdOf(after.today.revenue)).toBeCloseTo(sgdOf(before.today.revenue) + 20, 2)
    // This month is today (the first): the location's month grows by today's session only.
    expect(beta(after)?.sessions).toBe((beta(before)?.sessions ?? 0) + 1)
    expect(sgdOf(beta(after)?.revenue)).toBeCloseTo(sgdOf(beta(before)?.revenue) + 20, 2)
  })
})
