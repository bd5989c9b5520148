/**
 * npm run bench:orders -w @portal/bench [-- --db sqlite:path] [--duration S]
 *
 * Machine order items and payment transactions through HTTP at the large scale (>= 1,000,000 rows each, the seed's
 * `--scale large`), each scenario beside its raw query (the same service function in this process: the query and
 * row mapping without HTTP, auth, validation or serialization). Targets (docs/decisions/0014-orders-transactions.md):
 * a first page with filters p95 < 25 ms, a count < 50 ms. Reported, never enforced.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import type {
  OrderItemCountRequest,
  OrderItemFilterRequest,
  TransactionFilterRequest,
} from '@portal/contract'
import { orderItemCountRequest, orderItemFilterRequest, transactionFilterRequest } from '@portal/contract'
import { startApiServer } from './children'
import type { RunningChild } from './children'
import { Client, measureLatency, warmUp } from './load'
import { RESULTS_DIR } from './prepare'
import { ms, table } from './report'
import {
  CountCache,
  countOrderItems,
  filterOrderItems,
  filterTransactions,
  migrateToLatest,
  openDatabase,
  seedDemoData,
} from './server'
import { round, summarize, timeSequential } from './stats'

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_ORDERS_DB ?? `sqlite:${RESULTS_DIR}orders.sqlite` },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '3' },
  },
})
const url = values.db
const durationMs = Number(values.duration) * 1000
const ROW_TARGET = 1_000_000
const TARGET_PAGE_P95 = 25
const TARGET_COUNT_P95 = 50
const DAY = 86_400

const log = (line: string) => console.log(line)

async function prepare() {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const file = url.startsWith('sqlite:') ? url.slice(7) : ''
  const fresh = file !== '' && !existsSync(file)
  const handle = openDatabase(url)
  await migrateToLatest(handle.db)
  const items = await handle.db
    .selectFrom('machine_order_item')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  if (Number(items.n) < ROW_TARGET) {
    if (!fresh && Number(items.n) > 0)
      throw new Error(`${url} holds ${String(items.n)} items: remove it first`)
    log(`  seeding ${url} at --scale large (a few minutes) ...`)
    const started = Date.now()
    await seedDemoData(handle.db, {
      seed: 20261123,
      now: Date.UTC(2026, 10, 23, 4),
      scale: 1,
      rowTarget: ROW_TARGET,
    })
    log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
  const latest = await handle.db
    .selectFrom('machine_order_item')
    .where('entity_code', '=', 'VEND')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .executeTakeFirstOrThrow()
  return { handle, latestS: Math.floor(latest.at / 1000) }
}

interface Row {
  scenario: string
  http: ReturnType<typeof summarize>
  raw: ReturnType<typeof summarize>
  target: number
}

async function login(port: number): Promise<string> {
  const client = new Client(1)
  try {
    const reply = await client.send(
      {
        port,
        path: '/api/main/iam/login',
        body: JSON.stringify({ username: 'vending', password: 'demo1234' }),
      },
      true,
    )
    return (JSON.parse(reply.text) as { data: { token: string } }).data.token
  } finally {
    client.close()
  }
}

const { handle, latestS } = await prepare()
const db = handle.db
const end = latestS
const week = { start: end - 7 * DAY, end }
const quarter = { start: end - 90 * DAY, end }
log(
  `Orders benchmark on ${url}; load average ${String(round(loadavg()[0] ?? 0))} on ${String(cpus().length)} cores`,
)

const shipped = await startApiServer({ url, dialect: 'sqlite', accessTokenTtlS: 86_400 })
const uncached = await startApiServer({ url, dialect: 'sqlite', accessTokenTtlS: 86_400, countCacheTtlMs: 0 })
const servers: RunningChild[] = [shipped, uncached]
const rows: Row[] = []
try {
  const tokens = new Map<RunningChild, string>()
  for (const s of servers) tokens.set(s, await login(s.port))
  const cachedCounts = new CountCache()
  const noCache = new CountCache(0)

  const run = async (
    scenario: string,
    server: RunningChild,
    path: string,
    body: object,
    raw: () => Promise<unknown>,
    target: number,
  ) => {
    const t = {
      port: server.port,
      path,
      body: JSON.stringify(body),
      headers: { authorization: `Token ${tokens.get(server) ?? ''}` },
    }
    await warmUp(t, 100, 2000)
    for (let i = 0; i < 5; i++) await raw()
    let http: number[] = []
    let rawSamples: number[] = []
    const client = new Client(1)
    try {
      for (let round = 0; round < 3; round++) {
        // Bounded blocks (a cached count answers in well under a millisecond); concat, as a spread of 100,000
        // samples would overflow the call stack.
        const limits = { durationMs: durationMs / 3, minIterations: 20, maxIterations: 5000 }
        const h = await measureLatency(t, limits, client)
        if (h.errors > 0) throw new Error(`${scenario}: ${String(h.errors)} failed requests`)
        http = http.concat(h.samples)
        rawSamples = rawSamples.concat(await timeSequential(raw, limits))
      }
    } finally {
      client.close()
    }
    rows.push({ scenario, http: summarize(http), raw: summarize(rawSamples), target })
    log(`  ${scenario}: http p95 ${ms(summarize(http).p95)} ms, raw p95 ${ms(summarize(rawSamples).p95)} ms`)
  }

  const itemsFirst: OrderItemFilterRequest = {
    limit: 50,
    offset: 0,
    status_list: [3],
    payment_method_list: [3],
    ...week,
  }
  const itemsDeep: OrderItemFilterRequest = { limit: 50, offset: 50_000, ...quarter }
  const itemsCount: OrderItemCountRequest = { status_list: [3], payment_method_list: [3], ...week }
  const itemsCountAll: OrderItemCountRequest = { ...quarter }
  const p = (b: OrderItemFilterRequest) => orderItemFilterRequest.parse(b)
  const c = (b: OrderItemCountRequest) => orderItemCountRequest.parse(b)
  await run(
    'items: first page, status+method+7 days',
    shipped,
    '/api/main/iot/orders/items-filter',
    itemsFirst,
    () => filterOrderItems(db, 'VEND', p(itemsFirst), null),
    TARGET_PAGE_P95,
  )
  await run(
    'items: first page, no filter but 7 days',
    shipped,
    '/api/main/iot/orders/items-filter',
    { limit: 50, offset: 0, ...week },
    () => filterOrderItems(db, 'VEND', p({ limit: 50, offset: 0, ...week }), null),
    TARGET_PAGE_P95,
  )
  await run(
    'items: deep page offset 50,000 (90 days)',
    shipped,
    '/api/main/iot/orders/items-filter',
    itemsDeep,
    () => filterOrderItems(db, 'VEND', p(itemsDeep), null),
    TARGET_PAGE_P95,
  )
  await run(
    'items: count, as shipped (cached)',
    shipped,
    '/api/main/iot/orders/items/count',
    itemsCount,
    () => countOrderItems(db, cachedCounts, 'VEND', c(itemsCount), null),
    TARGET_COUNT_P95,
  )
  await run(
    'items: count computed (filters, 7 days)',
    uncached,
    '/api/main/iot/orders/items/count',
    itemsCount,
    () => countOrderItems(db, noCache, 'VEND', c(itemsCount), null),
    TARGET_COUNT_P95,
  )
  await run(
    'items: count computed (90 days, capped)',
    uncached,
    '/api/main/iot/orders/items/count',
    itemsCountAll,
    () => countOrderItems(db, noCache, 'VEND', c(itemsCountAll), null),
    TARGET_COUNT_P95,
  )

  const txFirst: TransactionFilterRequest = {
    limit: 50,
    offset: 0,
    status_list: [3],
    payment_method_list: [3],
    ...week,
  }
  const txDeep: TransactionFilterRequest = { limit: 50, offset: 50_000, ...quarter }
  const tp = (b: TransactionFilterRequest) => transactionFilterRequest.parse(b)
  await run(
    'txns: first page+count, as shipped (cached)',
    shipped,
    '/api/main/payment/transaction/filter',
    txFirst,
    () => filterTransactions(db, cachedCounts, 'VEND', tp(txFirst), null),
    TARGET_PAGE_P95,
  )
  await run(
    'txns: first page+count computed',
    uncached,
    '/api/main/payment/transaction/filter',
    txFirst,
    () => filterTransactions(db, noCache, 'VEND', tp(txFirst), null),
    TARGET_COUNT_P95,
  )
  await run(
    'txns: deep page 50,000, as shipped',
    shipped,
    '/api/main/payment/transaction/filter',
    txDeep,
    () => filterTransactions(db, cachedCounts, 'VEND', tp(txDeep), null),
    TARGET_PAGE_P95,
  )
  await run(
    'txns: deep page 50,000, count computed',
    uncached,
    '/api/main/payment/transaction/filter',
    txDeep,
    () => filterTransactions(db, noCache, 'VEND', tp(txDeep), null),
    TARGET_COUNT_P95,
  )
} finally {
  for (const s of servers) await s.stop()
  await handle.destroy()
}

log('')
log(
  table(
    ['scenario', 'http p50', 'http p95', 'raw p95', 'http/raw', 'target p95', 'met'],
    rows.map((r) => [
      r.scenario,
      ms(r.http.p50),
      ms(r.http.p95),
      ms(r.raw.p95),
      `${(r.http.p95 / Math.max(r.raw.p95, 0.001)).toFixed(2)}x`,
      `< ${String(r.target)}`,
      r.http.p95 < r.target ? 'yes' : 'NO',
    ]),
    (i) => i > 0,
  ),
)
writeFileSync(
  `${RESULTS_DIR}orders-sqlite.json`,
  JSON.stringify({ at: new Date().toISOString(), node: process.version, load: loadavg(), rows }, null, 2),
)
