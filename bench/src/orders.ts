/**
 * npm run bench:orders -w @portal/bench [-- --db sqlite:path] [--duration S]
 *
 * Machine order items and payment transactions through HTTP at the large scale (>= 1,000,000 rows each, the seed's
 * `--scale large`), each scenario beside its raw query (the same service function in this process: the query and
 * row mapping without HTTP, auth, validation or serialization). Targets (docs/decisions/0014-orders-transactions.md):
 * a first page with filters p95 < 25 ms, a count < 50 ms. Reported, never enforced.
 */
import { writeFileSync } from 'node:fs'
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
import { signIn } from './load'
import type { PairedRow } from './paired'
import { measurePaired, pairedTable } from './paired'
import { LARGE_DB, openLargeDatabase } from './large'
import { RESULTS_DIR } from './prepare'
import { ms } from './report'
import { CountCache, countOrderItems, filterOrderItems, filterTransactions } from './server'
import { round } from './stats'

const { values } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.BENCH_ORDERS_DB ?? LARGE_DB },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '3' },
  },
})
const url = values.db
const durationMs = Number(values.duration) * 1000
const TARGET_PAGE_P95 = 25
const TARGET_COUNT_P95 = 50
const DAY = 86_400

const log = (line: string) => console.log(line)

async function prepare() {
  const handle = await openLargeDatabase(url, log)
  const latest = await handle.db
    .selectFrom('machine_order_item')
    .where('entity_code', '=', 'VEND')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .executeTakeFirstOrThrow()
  return { handle, latestS: Math.floor(latest.at / 1000) }
}

const { handle, latestS } = await prepare()
const db = handle.db
const end = latestS
const week = { start: end - 7 * DAY, end }
const quarter = { start: end - 90 * DAY, end }
log(
  `Orders benchmark on ${url}; load average ${String(round(loadavg()[0] ?? 0))} on ${String(cpus().length)} cores`,
)

const shipped = await startApiServer({ url, accessTokenTtlS: 86_400 })
const uncached = await startApiServer({
  url,
  accessTokenTtlS: 86_400,
  countCacheTtlMs: 0,
})
const servers: RunningChild[] = [shipped, uncached]
const rows: PairedRow[] = []
try {
  const tokens = new Map<RunningChild, string>()
  for (const s of servers) tokens.set(s, await signIn(s.port, 'vending'))
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
    const row = await measurePaired(scenario, t, raw, durationMs, target)
    rows.push(row)
    log(`  ${scenario}: http p95 ${ms(row.http.p95)} ms, raw p95 ${ms(row.raw.p95)} ms`)
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
log(pairedTable(rows))
writeFileSync(
  `${RESULTS_DIR}orders-sqlite.json`,
  JSON.stringify({ at: new Date().toISOString(), node: process.version, load: loadavg(), rows }, null, 2),
)
