/**
 * npm run bench:live -w @portal/bench [-- --streams 2000] [--events 30]
 *
 * Issue 16's live stream bench: one server process holds `--streams` open live streams (GET /api/main/live, as the
 * vending operator), then a demo machine reports `--events` status changes through the machine API, one at a time.
 * For each, the time from the machine's request to the event's arrival on every stream is taken. Targets: p95 under
 * 200 ms over all arrivals; the server's memory per open stream is reported (RSS before and after opening them).
 *
 * The database is a fresh SQLite file (bench/results/live.sqlite) with the demo data at a small scale; the server runs
 * in a child process, the streams in this one (they share the 2 cores).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import type { ClientRequest } from 'node:http'
import { request } from 'node:http'
import { randomUUID } from 'node:crypto'
import { parseArgs } from 'node:util'
import { startApiServer } from './children'
import { signIn } from './load'
import { RESULTS_DIR } from './prepare'
import { int, ms, table } from './report'
import { migrateToLatest, openDatabase, seedDemoData } from './server'
import { summarize } from './stats'
import { DEMO_MACHINE_SERIAL, demoMachineKey } from '../../apps/server/src/seed/machine-keys'

const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: process.env.BENCH_LIVE_STREAMS ?? '2000' },
    events: { type: 'string', default: process.env.BENCH_LIVE_EVENTS ?? '30' },
  },
})
const N = Number(values.streams)
const EVENTS = Number(values.events)
const P95_TARGET_MS = 200
const log = (line: string) => console.log(line)

mkdirSync(RESULTS_DIR, { recursive: true })
const file = `${RESULTS_DIR}live.sqlite`
for (const suffix of ['', '-wal', '-shm', '.startup-lock']) rmSync(file + suffix, { force: true })
const url = `sqlite:${file}`
const handle = openDatabase(url)
await migrateToLatest(handle.db)
await seedDemoData(handle.db, { seed: 20261129, now: Date.now(), scale: 0.02 })
const machine = await handle.db
  .selectFrom('machine')
  .where('entity_code', '=', 'VEND')
  .where('serial_number', '=', DEMO_MACHINE_SERIAL)
  .select('id')
  .executeTakeFirstOrThrow()
await handle.destroy()

const rssKb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))
  return m ? Number(m[1]) : Number.NaN
}

/** One open stream: when each event (by its status value) arrived. */
class Stream {
  readonly arrivals = new Map<number, number>()
  private text = ''
  constructor(readonly req: ClientRequest) {}
  take(chunk: string, now: number): void {
    this.text += chunk
    let end: number
    while ((end = this.text.indexOf('\n\n')) >= 0) {
      const block = this.text.slice(0, end)
      this.text = this.text.slice(end + 2)
      const id = /^id: (\d+)$/m.exec(block)
      if (id && block.includes('event: machine.status')) this.arrivals.set(Number(id[1]), now)
    }
  }
}

const server = await startApiServer({ url, accessTokenTtlS: 86_400, liveMaxPerUser: N + 10 })
const streams: Stream[] = []
try {
  const token = await signIn(server.port, 'vending')
  const rssBefore = rssKb(server.pid)
  const openedAt = Date.now()
  const open = () =>
    new Promise<Stream>((resolve, reject) => {
      const req = request({
        port: server.port,
        host: '127.0.0.1',
        path: '/api/main/live',
        headers: { authorization: `Token ${token}`, accept: 'text/event-stream' },
      })
      const stream = new Stream(req)
      req.on('response', (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${String(res.statusCode)}`))
          return
        }
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => stream.take(chunk, performance.now()))
        resolve(stream)
      })
      req.on('error', reject)
      req.end()
    })
  for (let i = 0; i < N; i += 100) {
    streams.push(...(await Promise.all(Array.from({ length: Math.min(100, N - i) }, open))))
  }
  const openS = (Date.now() - openedAt) / 1000
  await new Promise((r) => setTimeout(r, 2000))
  const rssAfter = rssKb(server.pid)

  const key = demoMachineKey('VEND', DEMO_MACHINE_SERIAL)
  const latencies: number[] = []
  let missing = 0
  let overall = 1
  for (let e = 0; e < EVENTS; e++) {
    overall = overall === 1 ? 2 : 1
    const before = new Set(streams[0]?.arrivals.keys())
    const sentAt = performance.now()
    const body = JSON.stringify({
      events: [{ event_id: randomUUID(), occurred_at: Date.now(), type: 'status', overall_status: overall }],
    })
    await new Promise<void>((resolve, reject) => {
      const req = request(
        {
          port: server.port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/machine/v1/events',
          headers: { authorization: `Machine ${key}`, 'content-type': 'application/json' },
        },
        (res) => {
          res.resume()
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`events: ${String(res.statusCode)}`)),
          )
        },
      )
      req.on('error', reject)
      req.end(body)
    })
    // The event's id: the first new one the first stream got.
    const deadline = performance.now() + 5_000
    let id: number | undefined
    while (performance.now() < deadline) {
      id = [...(streams[0]?.arrivals.keys() ?? [])].find((k) => !before.has(k))
      if (id !== undefined && streams.every((s) => s.arrivals.has(id as number))) break
      await new Promise((r) => setTimeout(r, 20))
    }
    for (const s of streams) {
      const at = id === undefined ? undefined : s.arrivals.get(id)
      if (at === undefined) missing += 1
      else latencies.push(at - sentAt)
    }
    await new Promise((r) => setTimeout(r, 100))
  }

  const stats = summarize(latencies)
  const perStreamKb = (rssAfter - rssBefore) / N
  log(
    `\nLive stream bench: ${int(N)} streams open in ${openS.toFixed(1)} s; server RSS ${int(rssBefore / 1024)} → ` +
      `${int(rssAfter / 1024)} MB, ${perStreamKb.toFixed(1)} KB per stream; ${int(EVENTS)} events of machine ${String(machine.id)}`,
  )
  const report = table(
    ['measure', 'n', 'p50', 'p95', 'p99', 'target p95', 'met'],
    [
      [
        'machine request → event on every stream',
        int(stats.n),
        ms(stats.p50),
        ms(stats.p95),
        ms(stats.p99),
        `< ${String(P95_TARGET_MS)}`,
        stats.p95 < P95_TARGET_MS && missing === 0 ? 'yes' : 'NO',
      ],
    ],
    (i) => i > 0 && i < 6,
  )
  log(report)
  if (missing > 0) log(`${int(missing)} arrivals missing (not received within 5 s)`)
  writeFileSync(
    `${RESULTS_DIR}live.json`,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        streams: N,
        events: EVENTS,
        rssBefore,
        rssAfter,
        perStreamKb,
        missing,
        latency: stats,
      },
      null,
      2,
    ),
  )
} finally {
  for (const s of streams) s.req.destroy()
  await server.stop()
}
