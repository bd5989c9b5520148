/**
 * npm run bench [-- --dialect sqlite|postgres|all] [--machines N] [--duration S]
 * (or BENCH_DIALECT, BENCH_MACHINES, BENCH_DURATION in the environment)
 *
 * Machines filter through HTTP at 100,000 machines, beside the floor: the same query run directly on the
 * database in-process, and a bare node:http server answering the same bytes. Targets (HTTP p95 < 15 ms and
 * within 2x of the raw query) are reported, never enforced: the exit code says only whether the run worked.
 */
import { cpus, loadavg } from 'node:os'
import { writeFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import type { MachineFilter, MachineFilterRequest } from '@portal/contract'
import { machineFilterRequest, machineFilterResponse } from '@portal/contract'
import type { RunningChild } from './children'
import { startApiServer, startBareServer } from './children'
import type { Target } from './load'
import { Client, measureLatency, measureThroughput, warmUp } from './load'
import type { PreparedDatabase } from './prepare'
import { RESULTS_DIR, prepareDatabase } from './prepare'
import type { Breakdown, Pair, ScenarioResult, Throughput } from './report'
import {
  TARGET_P95_MS,
  TARGET_RATIO,
  breakdownTable,
  cachedTable,
  ms,
  uncachedTable,
  verdict,
} from './report'
import type { Scenario } from './scenarios'
import { scenarios } from './scenarios'
import type { Dialect } from './server'
import {
  CountCache,
  authenticate,
  countMachines,
  filterMachines,
  findMachinePage,
  findSetsOfMachines,
} from './server'
import type { Summary } from './stats'
import { round, summarize, timeSequential } from './stats'

const FILTER_PATH = '/api/main/iot/machines/filter'
const CONCURRENCY = 8
const WARMUP_REQUESTS = 300
/** HTTP c1 and the raw query are measured in alternating blocks, so both see the same background load. */
const ROUNDS = 4
/** A p95 needs enough samples: slow scenarios run past --duration (up to 3x) to get this many per side. */
const MIN_SAMPLES = 60
const ENTITY = 'VEND'

const { values } = parseArgs({
  options: {
    dialect: { type: 'string', default: process.env.BENCH_DIALECT ?? 'all' },
    machines: { type: 'string', default: process.env.BENCH_MACHINES ?? '100000' },
    duration: { type: 'string', default: process.env.BENCH_DURATION ?? '4' },
  },
})

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run bench -- [--dialect sqlite|postgres|all] [--machines N] [--duration S]` +
      `\n   or: BENCH_DIALECT=... BENCH_MACHINES=... BENCH_DURATION=... npm run bench`,
  )
  process.exit(2)
}

const machines = Number(values.machines)
if (!Number.isInteger(machines) || machines < 1) usage(`--machines must be a positive integer`)
const durationS = Number(values.duration)
if (!Number.isFinite(durationS) || durationS <= 0) usage(`--duration must be a positive number of seconds`)
const durationMs = durationS * 1000
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL

let dialects: Dialect[]
if (values.dialect === 'sqlite' || values.dialect === 'postgres') dialects = [values.dialect]
else if (values.dialect === 'all') dialects = ['sqlite', 'postgres']
else usage(`--dialect must be sqlite, postgres or all`)
if (dialects.includes('postgres') && pgUrl === undefined) {
  console.log('PostgreSQL skipped: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to include it.')
  dialects = dialects.filter((d) => d !== 'postgres')
}

const log = (line: string) => console.log(line)
const load1 = () => round(loadavg()[0] ?? 0, 2)
/** Before the benchmark adds its own load (about 1.5 while it runs): how busy the machine was with other work. */
const loadAtStart = load1()
const busyAtStart = loadAtStart > cpus().length / 2

function throughputOf(run: Awaited<ReturnType<typeof measureThroughput>>): Throughput {
  return {
    concurrency: CONCURRENCY,
    requests: run.requests,
    errors: run.errors,
    perSecond: round(run.perSecond, 1),
    latency: summarize(run.samples),
  }
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
    if (reply.status !== 200) throw new Error(`login as vending failed: ${reply.status} ${reply.text}`)
    const token = (JSON.parse(reply.text) as { data?: { token?: unknown } }).data?.token
    if (typeof token !== 'string' || token === '') throw new Error('login answered without a token')
    return token
  } finally {
    client.close()
  }
}

interface Sample {
  text: string
  matches: number
  ids: number[]
}

/** One real request per scenario: checks it works, and keeps the bytes the bare floor will answer. */
async function sample(target: Target): Promise<Sample> {
  const client = new Client(1)
  try {
    const reply = await client.send(target, true)
    if (reply.status !== 200) throw new Error(`${target.path} answered ${reply.status}: ${reply.text}`)
    const body = JSON.parse(reply.text) as { data: { machines: { machine_id: number }[]; count: number } }
    return { text: reply.text, matches: body.data.count, ids: body.data.machines.map((m) => m.machine_id) }
  } finally {
    client.close()
  }
}

/**
 * HTTP at concurrency 1 beside the raw-query floor (what the route runs, minus HTTP, auth, validation and
 * serialization: filterMachines in this process, with a count cache like the app's), in alternating blocks.
 */
async function latencyBesideRaw(
  target: Target,
  db: PreparedDatabase,
  counts: CountCache,
  body: MachineFilterRequest,
  total: number,
): Promise<Pair> {
  const filter: MachineFilter = machineFilterRequest.parse(body)
  const raw = () => filterMachines(db.handle.db, counts, ENTITY, filter)
  await timeSequential(raw, { durationMs: Math.min(1000, total), maxIterations: 50 })
  const client = new Client(1)
  const http: number[] = []
  const direct: number[] = []
  let errors = 0
  try {
    for (let i = 0; i < ROUNDS; i++) {
      const limits = { durationMs: total / ROUNDS, minIterations: MIN_SAMPLES / ROUNDS }
      const run = await measureLatency(target, limits, client)
      http.push(...run.samples)
      errors += run.errors
      direct.push(...(await timeSequential(raw, limits)))
    }
  } finally {
    client.close()
  }
  const h = summarize(http)
  const r = summarize(direct)
  const ratio = h.p95 / r.p95
  return {
    http: h,
    raw: r,
    errors,
    ratioP95: round(ratio, 3),
    targets: { p95Under15ms: h.p95 < TARGET_P95_MS, ratioAtMost2: ratio <= TARGET_RATIO },
  }
}

/** Where the time of one request goes, each part timed alone in-process (short runs). */
async function breakdownOf(db: PreparedDatabase, s: Scenario): Promise<Breakdown> {
  const filter = machineFilterRequest.parse(s.body)
  const limits = { durationMs: Math.min(1000, durationMs), maxIterations: 300 }
  const time = async (fn: () => Promise<unknown>) => {
    await timeSequential(fn, { durationMs: 200, maxIterations: 20 })
    return summarize(await timeSequential(fn, limits))
  }
  const page = await findMachinePage(db.handle.db, ENTITY, filter, null)
  const ids = page.map((r) => r.id)
  const data = await filterMachines(db.handle.db, new CountCache(0), ENTITY, filter)
  return {
    key: s.key,
    pageQuery: await time(() => findMachinePage(db.handle.db, ENTITY, filter, null)),
    countQuery: await time(() => countMachines(db.handle.db, ENTITY, filter, null)),
    setsQuery: await time(() => findSetsOfMachines(db.handle.db, ENTITY, ids)),
    // What fastify-type-provider-zod's serializer does with the handler's result.
    encodeAndStringify: await time(() => {
      const encoded = machineFilterResponse.safeEncode({ data })
      if (!encoded.success) throw encoded.error
      return Promise.resolve(JSON.stringify(encoded.data))
    }),
  }
}

interface Overheads {
  /** The route with a query that costs next to nothing (20 ids by primary key): its fixed cost per request. */
  idListRoute: { http: Summary; raw: Summary }
  tokenLookup: Summary
  requestValidation: Summary
}

async function overheadsOf(
  db: PreparedDatabase,
  port: number,
  token: string,
  ids: number[],
): Promise<Overheads> {
  const body: MachineFilterRequest = { limit: 20, offset: 0, machine_id_list: ids }
  const target = {
    port,
    path: FILTER_PATH,
    body: JSON.stringify(body),
    headers: { authorization: `Token ${token}` },
  }
  await warmUp(target, WARMUP_REQUESTS, 2000)
  const idListRoute = await latencyBesideRaw(target, db, new CountCache(0), body, Math.min(2000, durationMs))
  const lookup = () => authenticate(db.handle.db, token)
  await timeSequential(lookup, { durationMs: 200, maxIterations: 50 })
  const tokenLookup = summarize(await timeSequential(lookup, { durationMs: 1000, maxIterations: 1000 }))
  const requestValidation = summarize(
    await timeSequential(() => Promise.resolve(machineFilterRequest.safeParse(body)), {
      durationMs: 300,
      maxIterations: 2000,
    }),
  )
  return { idListRoute: { http: idListRoute.http, raw: idListRoute.raw }, tokenLookup, requestValidation }
}

async function benchDialect(dialect: Dialect) {
  log(`\n=== ${dialect} ===`)
  const loadBefore = load1()
  const prepareStarted = Date.now()
  const db = await prepareDatabase(dialect, machines, pgUrl, log)
  log(
    db.reused
      ? `  reusing ${db.location} (${machines} machines, checked in ${Date.now() - prepareStarted} ms)`
      : `  seeded ${machines} machines in ${(db.seedMs / 1000).toFixed(1)} s (reused on the next run)`,
  )
  const serverOptions = {
    url: db.url,
    ...(db.schema === undefined ? {} : { schema: db.schema }),
    accessTokenTtlS: 3600,
  }
  const list = scenarios(machines)
  const results: ScenarioResult[] = []
  const breakdowns: Breakdown[] = []
  let overheads: Overheads | null = null
  const children: RunningChild[] = []
  try {
    // The app as it ships, and the same app whose count cache never hits (every request counts).
    const api = await startApiServer(serverOptions)
    children.push(api)
    const uncachedApi = await startApiServer({ ...serverOptions, countCacheTtlMs: 0 })
    children.push(uncachedApi)
    log(
      `  API servers: pid ${api.pid} on :${api.port} (as shipped), pid ${uncachedApi.pid} on :${uncachedApi.port} (no count cache)`,
    )
    const token = await login(api.port)
    const headers = { authorization: `Token ${token}` }
    const target = (s: Scenario, port: number) => ({
      port,
      path: FILTER_PATH,
      body: JSON.stringify(s.body),
      headers,
    })
    const samples = new Map<string, Sample>()
    for (const s of list) {
      samples.set(s.key, await sample(target(s, api.port)))
      await sample(target(s, uncachedApi.port))
    }
    const bare = await startBareServer(
      Object.fromEntries(list.map((s) => [`/${s.key}`, samples.get(s.key)?.text ?? ''])),
    )
    children.push(bare)
    log(`  bare node:http server: pid ${bare.pid} on :${bare.port}`)

    for (const s of list) {
      const got = samples.get(s.key)
      if (!got) continue
      const started = Date.now()
      const shipped = target(s, api.port)
      await warmUp(shipped, WARMUP_REQUESTS, 3000)
      const cached = await latencyBesideRaw(shipped, db, new CountCache(), s.body, durationMs)
      const throughput = await measureThroughput(shipped, CONCURRENCY, durationMs)
      const counting = target(s, uncachedApi.port)
      await warmUp(counting, WARMUP_REQUESTS / 3, 1000)
      const uncached = await latencyBesideRaw(counting, db, new CountCache(0), s.body, durationMs)
      const bareTarget = { port: bare.port, path: `/${s.key}`, body: shipped.body }
      await warmUp(bareTarget, WARMUP_REQUESTS, 1000)
      const bareLatency = await measureLatency(bareTarget, { durationMs: durationMs / 2 })
      const bareThroughput = await measureThroughput(bareTarget, CONCURRENCY, durationMs / 2)
      results.push({
        key: s.key,
        label: s.label,
        request: s.body,
        matches: got.matches,
        rows: got.ids.length,
        responseBytes: Buffer.byteLength(got.text),
        cached: { ...cached, throughput: throughputOf(throughput) },
        uncached,
        bare: { latency: summarize(bareLatency.samples), throughput: throughputOf(bareThroughput) },
      })
      const errors =
        cached.errors + throughput.errors + uncached.errors + bareLatency.errors + bareThroughput.errors
      log(
        `  ${s.label}: HTTP p95 ${ms(cached.http.p95)} ms cached / ${ms(uncached.http.p95)} ms counting, ` +
          `raw p95 ${ms(cached.raw.p95)} / ${ms(uncached.raw.p95)} ms` +
          `${errors ? `, ${errors} non-200 answers` : ''} (${((Date.now() - started) / 1000).toFixed(0)} s)`,
      )
    }

    for (const s of list) breakdowns.push(await breakdownOf(db, s))
    overheads = await overheadsOf(db, uncachedApi.port, token, samples.get(list[0]?.key ?? '')?.ids ?? [1])
  } finally {
    for (const child of children.reverse()) await child.stop()
    await db.handle.destroy()
  }
  const loadAfter = load1()

  const n = machines.toLocaleString('en-US')
  log('')
  log(
    `Machines filter, ${dialect}, ${n} machines, as shipped: the same request again and again, so the count ` +
      `comes from the app's count cache (ms; c1 = one request at a time, c8 = ${CONCURRENCY} keep-alive connections)`,
  )
  log(cachedTable(results))
  log(verdict(results, (r) => r.cached))
  log('')
  log(
    `Machines filter, ${dialect}, ${n} machines, count computed on every request ` +
      `(the first request of a filter: opening the list, each search keystroke; ms, c1)`,
  )
  log(uncachedTable(results))
  log(verdict(results, (r) => r.uncached))
  log('')
  log(`Where the time goes (in-process p50 ms; the route runs page and count together, then sets):`)
  log(breakdownTable(breakdowns, results))
  if (overheads) {
    const o = overheads
    log(
      `Fixed cost of the route (filter by 20 ids, next to no query): HTTP p50 ${ms(o.idListRoute.http.p50)} / ` +
        `raw p50 ${ms(o.idListRoute.raw.p50)} ms; token lookup p50 ${ms(o.tokenLookup.p50)} ms; ` +
        `request validation p50 ${ms(o.requestValidation.p50)} ms`,
    )
  }
  log(
    `Load average ${loadAtStart} when the benchmark started, ${loadBefore} before and ${loadAfter} after ` +
      `this dialect (its own processes included) on ${cpus().length} CPUs` +
      (busyAtStart ? ': other work was running, so absolute figures are noisy (ratios less so).' : '.'),
  )

  const file = `${RESULTS_DIR}machines-${dialect}.json`
  const json = {
    benchmark: 'machines-filter',
    dialect,
    timestamp: new Date().toISOString(),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    loadAverage: { atStart: loadAtStart, beforeDialect: loadBefore, afterDialect: loadAfter },
    machines,
    durationS,
    concurrency: CONCURRENCY,
    loadGenerator:
      'node:http keep-alive Agent in the parent process; c1 = one socket, requests back to back; ' +
      `c${CONCURRENCY} = ${CONCURRENCY} sockets each sending its next request on the previous answer`,
    database: { location: db.location, reused: db.reused, seedMs: db.seedMs },
    targets: { p95Ms: TARGET_P95_MS, ratio: TARGET_RATIO },
    scenarios: results,
    breakdown: { scenarios: breakdowns, ...overheads },
  }
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`)
  log(`results written to ${file}`)
}

log(
  `Machines filter benchmark: node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}), ` +
    `${machines.toLocaleString('en-US')} machines, ${durationS} s per measurement, load average ${loadAtStart}`,
)
if (busyAtStart)
  log(
    `  (the machine is busy with other work: expect noisy absolute figures; ratios are measured interleaved)`,
  )
for (const dialect of dialects) await benchDialect(dialect)
