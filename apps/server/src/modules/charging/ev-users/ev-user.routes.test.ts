import type { EvUser, EvUserDetail } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import type { FxUser, World } from '../home/overview.fixtures'
import { awayFromMidnight, buildWorld, DAY } from '../home/overview.fixtures'

const LIST = '/api/charging/users'

describe.each(DIALECTS)('EMSP app users on %s', (dialect) => {
  let t: TestApp
  let w: World
  const tokens: Record<string, string> = {}

  const list = async (user: string, query = '') => {
    const r = await call<{ data: { users: EvUser[]; count: number; count_capped: boolean } }>(
      t.app,
      'GET',
      `${LIST}${query ? `?${query}` : ''}`,
      { token: tokens[user] },
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }
  const roam = () => w.users.filter((u) => u.entity === 'TROAM')
  const newestFirst = (a: FxUser, b: FxUser) => b.createdAt - a.createdAt || b.id - a.id
  const uuids = (users: { uuid: string }[]) => users.map((u) => u.uuid)

  beforeAll(async () => {
    await awayFromMidnight()
    t = await createTestApp(dialect)
    w = await buildWorld(t.database.db, Date.now())
    for (const user of ['tgrid', 'troam', 'tvolt', 'cpo']) tokens[user] = await loginAs(t.app, user)
  })
  afterAll(() => t.close())

  it('lists its app users newest first, 20 a page, with the whole count', async () => {
    const all = roam().sort(newestFirst)
    const page1 = await list('troam')
    const page2 = await list('troam', 'offset=20')
    expect(uuids(page1.users)).toEqual(uuids(all.slice(0, 20)))
    expect(uuids(page2.users)).toEqual(uuids(all.slice(20)))
    expect(page1).toMatchObject({ count: 25, count_capped: false })
    expect(page2.count).toBe(25)
  })

  it('shows the columns an operator needs, with sessions this month and the last session', async () => {
    const u1 = w.users[0] as FxUser
    const row = (await list('troam', `search=${encodeURIComponent(u1.email)}`)).users[0]
    const mine = w.sessions.filter((s) => s.driverId === u1.id && s.emsp === 'TROAM')
    expect(row).toEqual({
      uuid: u1.uuid,
      name: u1.name,
      mobile_number: u1.mobile,
      email: u1.email,
      nationality: u1.nationality,
      license_plate: u1.plate,
      is_registered: u1.registered,
      created_at: u1.createdAt,
      sessions_this_month: mine.filter((s) => s.start >= w.month).length,
      last_session_at: Math.max(...mine.map((s) => s.start)),
    })
    // User 1 charged at the first instant of this month and 1 ms before it: only the first counts.
    expect(mine.some((s) => s.start === w.month - 1)).toBe(true)
  })

  it('gives users who never charged no last session and zero this month', async () => {
    const idle = roam().find((u) => !w.sessions.some((s) => s.driverId === u.id))
    expect(idle).toBeDefined()
    const row = (await list('troam', `search=${encodeURIComponent(idle?.email ?? '')}`)).users[0]
    expect(row).toMatchObject({ sessions_this_month: 0, last_session_at: null })
  })

  const filters: [string, string, (u: FxUser) => boolean][] = [
    ['search by name, any case', 'search=ALICIA', (u) => u.name.toLowerCase().includes('alicia')],
    ['search by a part of the mobile', 'search=9100', (u) => u.mobile.includes('9100')],
    ['search by email', 'search=user12%40', (u) => u.email.startsWith('user12@')],
    ['search by plate, lower case', 'search=sg1013x', (u) => u.plate === 'SG1013X'],
    ['registered', 'is_registered=true', (u) => u.registered],
    ['not registered', 'is_registered=false', (u) => !u.registered],
  ]
  it.each(filters)('filters by %s, with its count', async (_name, query, pred) => {
    const expected = roam().filter(pred).sort(newestFirst)
    const data = await list('troam', `${query}&limit=100`)
    expect(uuids(data.users)).toEqual(uuids(expected))
    expect(data.count).toBe(expected.length)
    expect(expected.length).toBeGreaterThan(0)
  })

  it('filters by a created range, both ends inclusive', async () => {
    const sorted = roam().sort(newestFirst)
    const from = sorted[9]?.createdAt ?? 0
    const to = sorted[5]?.createdAt ?? 0
    const data = await list('troam', `created_from=${String(from)}&created_to=${String(to)}`)
    expect(uuids(data.users)).toEqual(uuids(sorted.slice(5, 10)))
    expect(data.count).toBe(5)
    const one = await list('troam', `created_from=${String(to)}&created_to=${String(to)}`)
    expect(uuids(one.users)).toEqual([sorted[5]?.uuid])
    const none = await list('troam', `created_from=${String(to + 1)}&created_to=${String(to + DAY - 1)}`)
    expect(none.users).toEqual([])
  })

  it('shows each entity only its own users', async () => {
    expect(uuids((await list('tvolt')).users)).toEqual(['fx-user-27', 'fx-user-26'])
    expect((await list('tgrid')).count).toBe(0)
    expect((await list('troam', 'search=fx-user-26')).users).toEqual([])
  })

  describe('detail', () => {
    const get = (user: string, uuid: string) =>
      call<{ data: { user: EvUserDetail } }>(t.app, 'GET', `${LIST}/${uuid}`, { token: tokens[user] })

    it('shows the profile, totals all time and this month, and the recent sessions newest first', async () => {
      const u7 = w.users[6] as FxUser
      const r = await get('troam', u7.uuid)
      expect(r.status).toBe(200)
      const d = r.body.data.user
      const mine = w.sessions
        .filter((s) => s.driverId === u7.id && s.emsp === 'TROAM')
        .sort((a, b) => b.start - a.start || b.id - a.id)
      const month = mine.filter((s) => s.start >= w.month)
      const cents = (n: number) => Math.round(n) / 100
      const spend = (rows: typeof mine) =>
        ['SGD', 'MYR'].flatMap((currency) => {
          const of = rows.filter((s) => s.currency === currency)
          return of.length
            ? [
                {
                  currency,
                  incl_vat: cents(of.reduce((a, s) => a + s.totalIncl, 0)),
                  refunded: cents(of.reduce((a, s) => a + s.refunded, 0)),
                },
              ]
            : []
        })
      expect(d).toMatchObject({
        uuid: u7.uuid,
        name: u7.name,
        subscribed_cpo_entities: ['TGRID'],
        totals: {
          all_time: {
            sessions: mine.length,
            energy_kwh: mine.reduce((a, s) => a + s.wh, 0) / 1000,
            spend: spend(mine),
          },
          this_month: {
            sessions: month.length,
            energy_kwh: month.reduce((a, s) => a + s.wh, 0) / 1000,
            spend: spend(month),
          },
        },
        sessions_this_month: month.length,
        last_session_at: mine[0]?.start,
      })
      expect(mine.length).toBeGreaterThan(20)
      expect(d.recent_sessions.map((s) => s.uid)).toEqual(mine.slice(0, 20).map((s) => s.uid))
      expect(d.recent_sessions[0]).toMatchObject({ entity_code: 'TGRID', emsp_entity_code: 'TROAM' })
    })

    it("counts a refund and a partner network's session in the user's totals", async () => {
      const u2 = w.users[1] as FxUser
      const d = (await get('troam', u2.uuid)).body.data.user
      const mine = w.sessions.filter((s) => s.driverId === u2.id && s.currency === 'SGD')
      expect(mine.some((s) => s.refunded > 0)).toBe(true)
      expect(d.totals.all_time.spend.find((m) => m.currency === 'SGD')?.refunded).toBe(
        mine.reduce((a, s) => a + s.refunded, 0) / 100,
      )
      const u5 = w.users[4] as FxUser
      const d5 = (await get('troam', u5.uuid)).body.data.user
      expect(d5.recent_sessions.some((s) => s.entity_code === 'TVOLT')).toBe(true)
    })

    it("answers 404 with no data for another entity's user and for an unknown one", async () => {
      for (const [user, uuid] of [
        ['troam', 'fx-user-26'],
        ['tvolt', 'fx-user-01'],
        ['cpo', 'fx-user-01'],
        ['troam', 'no-such-user'],
      ] as const) {
        const r = await get(user, uuid)
        expect(r.status, `${user} ${uuid}`).toBe(404)
        expect(Object.keys(r.body)).toEqual(['error'])
      }
    })
  })

  it.each([
    ['is_registered=yes', 'query.is_registered'],
    ['created_from=yesterday', 'query.created_from'],
    ['created_from=2000&created_to=1000', 'query.created_to'],
    ['limit=0', 'query.limit'],
    ['limit=101', 'query.limit'],
    ['offset=-5', 'query.offset'],
    ['name=tan', 'query'],
  ])('400 for %s, naming %s', async (query, field) => {
    const r = await call(t.app, 'GET', `${LIST}?${query}`, { token: tokens.troam })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })
})
