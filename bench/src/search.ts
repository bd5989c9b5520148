/**
 * Global search at the million-row scale (issue 18, docs/decisions/0115-global-search.md):
 * `GET /api/main/search` through the real app (`inject`: routing, auth, validation, serialization) interleaved in
 * blocks with the **raw floor**, the same queries run directly on the database (`globalSearch` in-process: the
 * permission checks and the kinds' LIMITed queries, nothing else), at concurrency 1.
 *
 * npm run bench:global-search -w @portal/bench [-- --db postgres://…/large --samples 60]
 *
 * The database is the large preset's (`bench/src/large.ts`: 1,000,000 order items, transactions and sessions; seeded
 * on first use, about 20 minutes on SQLite on a loaded 2-core VM).
 */
import { parseArgs } from 'node:util'
import { loadavg } from 'node:os'
import type { GlobalSearchRequest } from '@portal/contract'
import type { Db } from './server'
import { authenticate, buildApp, testConfig } from './server'
import { LARGE_DB, openLargeDatabase } from './large'
import type { Summary } from './stats'
import { nowMs, round, summarize } from './stats'
import { globalSearch } from '../../apps/server/src/modules/search/search.service'

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_SEARCH_DB ?? LARGE_DB },
    samples: { type: 'string', default: process.env.BENCH_SAMPLES ?? '60' },
  },
})
const url = values.db
const SAMPLES = Number(values.samples)
const TARGET_P95_MS = 150

interface Scenario {
  name: string
  user: string
  q: string
}

/** Queries a person would type, made from the database's own rows so they match. */
async function scenarios(db: Db): Promise<Scenario[]> {
  const machine = await db
    .selectFrom('machine')
    .where('entity_code', '=', 'VEND')
    .select(['serial_number', 'alias'])
    .orderBy('id')
    .executeTakeFirstOrThrow()
  const order = await db
    .selectFrom('machine_order')
    .where('entity_code', '=', 'VEND')
    .select(['order_no', 'out_trade_no'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const tx = await db
    .selectFrom('payment_transaction')
    .where('entity_code', '=', 'VEND')
    .select('payment_refer_no')
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const session = await db
    .selectFrom('ev_session')
    .where('entity_code', '=', 'CPO')
    .select(['external_id', 'license_plate'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow()
  const word = machine.alias.split(' ').at(-2) ?? machine.alias
  return [
    {
      name: `serial prefix "${machine.serial_number.slice(0, 8)}"`,
      user: 'vending',
      q: machine.serial_number.slice(0, 8),
    },
    { name: 'an order no (exact)', user: 'vending', q: order.order_no },
    { name: 'an out trade no prefix', user: 'vending', q: order.out_trade_no.slice(0, 12) },
    { name: 'a payment refer no', user: 'vending', q: tx.payment_refer_no },
    { name: `a name word "${word}"`, user: 'vending', q: word },
    { name: 'a session external id (CPO)', user: 'cpo', q: session.external_id },
    { name: 'a word, CPO (every EV kind)', user: 'cpo', q: 'Tampines' },
  ]
}

interface Row {
  scenario: string
  results: number
  http: Summary
  raw: Summary
}

const handle = await openLargeDatabase(url, (line) => console.log(line))
const db = handle.db
try {
  const app = await buildApp(testConfig(url, { logLevel: 'silent' }), { database: handle, migrate: false })
  await app.ready()
  const tokens = new Map<string, string>()
  const tokenOf = async (user: string) => {
    const known = tokens.get(user)
    if (known) return known
    const login = await app.inject({
      method: 'POST',
      url: '/api/main/iam/login',
      payload: { username: user, password: 'demo1234' },
    })
    const token = login.json<{ data: { token: string } }>().data.token
    tokens.set(user, token)
    return token
  }
  const rows: Row[] = []
  for (const s of await scenarios(db)) {
    const token = await tokenOf(s.user)
    const auth = await authenticate(db, token)
    if (!auth) throw new Error(`no session for ${s.user}`)
    const request: GlobalSearchRequest = { q: s.q, limit: 20 }
    const http = async () => {
      const reply = await app.inject({
        method: 'GET',
        url: `/api/main/search?${new URLSearchParams({ q: s.q, limit: '20' }).toString()}`,
        headers: { authorization: `Token ${token}` },
      })
      if (reply.statusCode !== 200) throw new Error(`${s.name}: ${String(reply.statusCode)} ${reply.body}`)
      return reply
    }
    const raw = () => globalSearch(db, { auth, ip: null, sets: null }, request)
    for (let i = 0; i < 5; i++) await Promise.all([http(), raw()])
    const httpSamples: number[] = []
    const rawSamples: number[] = []
    // Alternating blocks of 10, so a burst of other work on the machine weighs on both sides alike.
    while (httpSamples.length < SAMPLES) {
      for (const [fn, out] of [
        [http, httpSamples],
        [raw, rawSamples],
      ] as const) {
        for (let i = 0; i < 10; i++) {
          const start = nowMs()
          await fn()
          out.push(nowMs() - start)
        }
      }
    }
    const results = (await http()).json<{ data: { results: unknown[] } }>().data.results.length
    rows.push({ scenario: s.name, results, http: summarize(httpSamples), raw: summarize(rawSamples) })
  }
  await app.close()

  const ms = (v: number) => round(v, 1).toFixed(1).padStart(7)
  console.log(
    `\n${url.replace(/\/\/[^@]*@/, '//')}: ${String(SAMPLES)} samples a side, load average ${loadavg()
      .map((v) => v.toFixed(1))
      .join(' ')}`,
  )
  console.log(
    `${'query'.padEnd(40)} results  HTTP p50     p95  raw p50     p95  p95 ratio  p95 < ${String(TARGET_P95_MS)} ms`,
  )
  for (const r of rows) {
    console.log(
      `${r.scenario.padEnd(40)} ${String(r.results).padStart(7)} ${ms(r.http.p50)} ${ms(r.http.p95)} ${ms(r.raw.p50)} ${ms(r.raw.p95)} ${(r.http.p95 / r.raw.p95).toFixed(2).padStart(10)}  ${r.http.p95 < TARGET_P95_MS ? 'yes' : 'NO'}`,
    )
  }
} finally {
  await handle.destroy()
}
