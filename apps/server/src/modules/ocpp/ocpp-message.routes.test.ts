import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_BAY_CHARGERS } from '../../seed/ev-network'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { ocppMessageExportSource } from './ocpp-message.export'
import { pruneOcppMessages } from './ocpp-prune'
import { insertOcppMessages } from './ocpp.repository'
import type { NewOcppMessageRow } from './ocpp.table'

/** Two days ago, on the minute: recent enough that the app's own ocpp.prune (run at start-up) keeps every frame. */
const T0 = Math.floor((Date.now() - 2 * 86_400_000) / 60_000) * 60_000
const MIN = 60_000

describe.each(DIALECTS)('the OCPP message log on %s', (dialect) => {
  let t: TestApp
  let cpo: string
  let volt: string
  let uid: string
  const url = (query = '') => `/api/charging/charge-points/devices/${uid}/ocpp-messages${query}`
  const list = async (query = '') =>
    call<{
      data: {
        messages: {
          id: string
          at: number
          direction: string
          kind: string
          action: string
          latency_ms: number | null
        }[]
        count: number
        count_capped: boolean
      }
    }>(t.app, 'GET', url(query), { token: cpo })

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    cpo = await loginAs(t.app, 'cpo')
    volt = await loginAs(t.app, 'voltnet')
    const charger = await t.app.db
      .selectFrom('ev_charge_point')
      .where('ocpp_identity', '=', TEST_BAY_CHARGERS[1])
      .select(['id', 'uid', 'entity_code'])
      .executeTakeFirstOrThrow()
    uid = charger.uid
    // 30 heartbeats a minute apart, each a call in and its answer out 5 ms later; one garbage frame.
    const rows: NewOcppMessageRow[] = Array.from({ length: 30 }, (_, i): NewOcppMessageRow[] => [
      {
        entity_code: charger.entity_code,
        charge_point_id: charger.id,
        at: T0 + i * MIN,
        direction: 'in' as const,
        kind: 'CALL' as const,
        message_id: `m${String(i)}`,
        action: 'Heartbeat',
        payload: `[2,"m${String(i)}","Heartbeat",{}]`,
        latency_ms: null,
      },
      {
        entity_code: charger.entity_code,
        charge_point_id: charger.id,
        at: T0 + i * MIN + 5,
        direction: 'out' as const,
        kind: 'CALLRESULT' as const,
        message_id: `m${String(i)}`,
        action: 'Heartbeat',
        payload: `[3,"m${String(i)}",{"currentTime":"2026-11-20T00:00:00Z"}]`,
        latency_ms: 5,
      },
    ]).flat()
    rows.push({
      entity_code: charger.entity_code,
      charge_point_id: charger.id,
      at: T0 + 90 * MIN,
      direction: 'in',
      kind: 'INVALID',
      message_id: '',
      action: '',
      payload: 'not json',
      latency_ms: null,
    })
    await insertOcppMessages(t.app.db, rows)
  })
  afterAll(() => t.close())

  it('lists the frames newest first, 50 to a page by default, with the count', async () => {
    const res = await list()
    expect(res.status).toBe(200)
    expect(res.body.data.count).toBe(61)
    expect(res.body.data.count_capped).toBe(false)
    expect(res.body.data.messages).toHaveLength(50)
    const times = res.body.data.messages.map((m) => m.at)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(res.body.data.messages[0]).toMatchObject({ kind: 'INVALID', payload: 'not json' })
    expect(res.body.data.messages[1]).toMatchObject({ direction: 'out', kind: 'CALLRESULT', latency_ms: 5 })
    const next = await list('?offset=50')
    expect(next.body.data.messages).toHaveLength(11)
    expect(new Set([...res.body.data.messages, ...next.body.data.messages].map((m) => m.id)).size).toBe(61)
  })

  it.each([
    ['?direction=in', 31],
    ['?direction=out', 30],
    ['?kind=CALLRESULT', 30],
    ['?kind=INVALID', 1],
    ['?action=Heartbeat', 60],
    ['?action=BootNotification', 0],
    // calls at minutes 10 to 19 and the answers of 10 to 18 (the one of 19 is 5 ms past `to`)
    [`?from=${String(T0 + 10 * MIN)}&to=${String(T0 + 19 * MIN)}`, 19],
    [`?direction=out&from=${String(T0 + 29 * MIN)}`, 1],
  ])('filters %s to %i frames', async (query, n) => {
    const res = await list(query)
    expect(res.status).toBe(200)
    expect(res.body.data.count).toBe(n)
  })

  it.each([
    ['?direction=sideways', 'direction'],
    ['?kind=CALLBACK', 'kind'],
    ['?limit=500', 'limit'],
    ['?colour=red', 'colour'],
  ])('refuses %s with a 400 naming the field', async (query, field) => {
    const res = await call<{ error: { message: string } }>(t.app, 'GET', url(query), { token: cpo })
    expect(res.status).toBe(400)
    expect(res.body.error.message).toContain(field)
  })

  it('answers 404 for another entity’s charger, and shows it nothing', async () => {
    const res = await call(t.app, 'GET', url(), { token: volt })
    expect(res.status).toBe(404)
  })

  it('exports the filtered log newest first, with its columns', async () => {
    const out: { at: number; direction: string }[] = []
    for await (const row of ocppMessageExportSource.rows(
      t.app.db,
      { entityCode: 'CPO', setIds: null },
      { charger_uid: uid, direction: 'in' },
    ))
      out.push({ at: row.at, direction: row.direction })
    expect(out).toHaveLength(31)
    expect(out.every((r) => r.direction === 'in')).toBe(true)
    expect(out.map((r) => r.at)).toEqual([...out.map((r) => r.at)].sort((a, b) => b - a))
    expect(ocppMessageExportSource.columns.map((c) => c.header)).toEqual([
      'at',
      'direction',
      'kind',
      'message_id',
      'action',
      'latency_ms',
      'payload',
    ])
    await expect(async () => {
      let n = 0
      for await (const _row of ocppMessageExportSource.rows(
        t.app.db,
        { entityCode: 'VOLT', setIds: null },
        { charger_uid: uid },
      ))
        n++
      return n
    }).rejects.toThrow(/not one of VOLT/)
  })

  it('prunes frames past the retention, and only those', async () => {
    // 30 days after T0 + 15 minutes: the first 15 minutes' frames (15 calls, 15 answers) are older than 30 days.
    const removed = await pruneOcppMessages(t.app.db, 30, T0 + 30 * 86_400_000 + 15 * MIN)
    expect(removed).toBe(30)
    expect((await list()).body.data.count).toBe(31)
  })
})
