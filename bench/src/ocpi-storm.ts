/**
 * npm run bench:ocpi-storm -w @portal/bench [-- --evses 1000] [--locations 500] [--rate 1000] [--seconds 10]
 *   [--baseline 10] [--drain 60] [--connect-rate 500]
 *
 * Issue 17's push storm: `--rate` EVSE status changes a second (OCPP 1.6 StatusNotifications over the real endpoint,
 * each to a random charger, alternating its connector between Available and Charging) for `--seconds`, delivered by
 * the server to two OCPI partners (eMSPs whose Locations receivers are bare node:http servers in this process).
 *
 * - The network: `--evses` EVSEs of the CPO, spread over `--locations` locations, each EVSE on its own charger (OCPP
 *   identity and password) with one connector. A fresh SQLite file (bench/results/ocpi-storm.sqlite), deleted at
 *   the end; the server in a child process (the job queue running, not production: loopback partners allowed).
 * - Order: the chargers connect and boot; a first storm runs with no partner (the OCPP baseline: call-to-answer
 *   with nothing to push); then the two partners are inserted (`ocpi_partner`, connected, a Locations RECEIVER each)
 *   and, once a probe status reaches both, the measured storm runs; then the bench waits (`--drain` s at most) until
 *   both partners hold every EVSE's final status, and the push queue is empty.
 * - The receivers take whatever the server sends: a location PUT (PATCH) with `evses[]`, each element's uid and
 *   status; an EVSE PUT/PATCH (`…/locations/{cc}/{pid}/{location_id}/{evse_uid}`), the URL's uid and `status`.
 * - Delivery of an EVSE's final status: the receipt from which the partner's latest status for it equals the last
 *   status sent; its lag is measured from the last StatusNotification's answer (0 when the partner held it already,
 *   because the changes between were folded into one push). An EVSE whose final status is not held by the end of the
 *   drain is lost. The intermediate changes a partner saw: the status transitions in what it received (OCPI only
 *   needs the latest state, so coalescing is allowed; this says how much was coalesced).
 * - The floor: the same storm (rate, seconds, random EVSEs, alternating) with no portal: for each change the bench
 *   PATCHes `{status, last_updated}` to each receiver over keep-alive HTTP and measures delivery the same way, from the
 *   moment it sends.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { loadavg } from 'node:os'
import type { AddressInfo } from 'node:net'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import { RPCClient } from 'ocpp-rpc'
import { startApiServer } from './children'
import { RESULTS_DIR } from './prepare'
import { int, ms, table } from './report'
import { migrateToLatest, openDatabase, seedDemoData } from './server'
import { hashOcppPassword } from '../../apps/server/src/modules/ocpp/ocpp-password'
import {
  insertEvChargePoint,
  insertEvConnector,
  insertEvEvse,
  insertEvLocation,
} from '../../apps/server/src/test-support/ev-fixtures'
import type { Summary } from './stats'
import { summarize } from './stats'

const { values } = parseArgs({
  options: {
    evses: { type: 'string', default: process.env.BENCH_STORM_EVSES ?? '1000' },
    locations: { type: 'string', default: process.env.BENCH_STORM_LOCATIONS ?? '500' },
    rate: { type: 'string', default: process.env.BENCH_STORM_RATE ?? '1000' },
    seconds: { type: 'string', default: process.env.BENCH_STORM_SECONDS ?? '10' },
    baseline: { type: 'string' },
    drain: { type: 'string', default: '60' },
    'connect-rate': { type: 'string', default: '500' },
  },
})
const N = Number(values.evses)
const LOCATIONS = Math.min(N, Number(values.locations))
const RATE = Number(values.rate)
const SECONDS = Number(values.seconds)
const BASELINE_S = Number(values.baseline ?? values.seconds)
const DRAIN_MS = Number(values.drain) * 1000
const CONNECT_RATE = Number(values['connect-rate'])
const PASSWORD = 'bench-ocpi-storm-password'
const RECEIVER_PATH = '/ocpi/emsp/2.2.1/locations'
/** Both job kinds a status change may queue: the location PUT and the EVSE PATCH (decision 0113). */
const PUSH_KINDS = ['ocpi.push.location', 'ocpi.push.evses']
const log = (line: string) => console.log(line)
const sleep = (msec: number) => new Promise((resolve) => setTimeout(resolve, msec))
const pad = (i: number) => String(i).padStart(5, '0')
const times = (r: number) => (Number.isFinite(r) ? `${r < 10 ? r.toFixed(1) : r.toFixed(0)}×` : '-')

type OcppStatus = 'Available' | 'Charging'
/** The OCPI EVSE status a connector's OCPP status makes (one connector per EVSE). */
const EVSE_STATUS: Record<OcppStatus, string> = { Available: 'AVAILABLE', Charging: 'CHARGING' }
const other = (s: OcppStatus): OcppStatus => (s === 'Available' ? 'Charging' : 'Available')

// ---------------------------------------------------------------------------------------------------------------
// The database: the demo data at a small scale, the CPO's OCPI identity, and the storm's network.
mkdirSync(RESULTS_DIR, { recursive: true })
const file = `${RESULTS_DIR}ocpi-storm.sqlite`
const removeDatabase = () => {
  for (const suffix of ['', '-wal', '-shm', '.startup-lock']) rmSync(file + suffix, { force: true })
}
removeDatabase()
const url = `sqlite:${file}`
const handle = openDatabase(url)
const { db } = handle
await migrateToLatest(db)
await seedDemoData(db, { seed: 20261129, now: Date.now(), scale: 0.005 })
const identity = await db
  .selectFrom('ocpi_identity')
  .where('entity_code', '=', 'CPO')
  .where('role', '=', 'CPO')
  .selectAll()
  .executeTakeFirst()
if (!identity)
  await db
    .insertInto('ocpi_identity')
    .values({ entity_code: 'CPO', role: 'CPO', country_code: 'SG', party_id: 'SPK', updated_at: Date.now() })
    .execute()
const party = identity ?? { country_code: 'SG', party_id: 'SPK' }

interface BenchEvse {
  identity: string
  uid: string
  location: string
}
const network: BenchEvse[] = Array.from({ length: N }, (_, i) => ({
  identity: `STORM-${pad(i + 1)}`,
  uid: `storm-evse-${pad(i + 1)}`,
  location: `storm-location-${pad((i % LOCATIONS) + 1)}`,
}))
const built = performance.now()
const hash = hashOcppPassword(PASSWORD)
const now = Date.now()
const locationIds = new Map<string, number>()
for (let first = 0; first < N; first += 500) {
  await db.transaction().execute(async (trx) => {
    for (const [i, evse] of network.slice(first, first + 500).entries()) {
      const n = first + i
      let locationId = locationIds.get(evse.location)
      if (locationId === undefined) {
        locationId = await insertEvLocation(trx, {
          entity_code: 'CPO',
          uid: evse.location,
          name: `Storm site ${String((n % LOCATIONS) + 1)}`,
          created_at: now,
        })
        locationIds.set(evse.location, locationId)
      }
      const cp = await insertEvChargePoint(trx, {
        entity_code: 'CPO',
        location_id: locationId,
        uid: `storm-cp-${pad(n + 1)}`,
        serial_number: evse.identity,
        model: 'Simulated AC22',
        ocpp_status: 'UNKNOWN',
        ocpp_identity: evse.identity,
        ocpp_password_hash: hash,
        created_at: now,
      })
      const evseRef = await insertEvEvse(trx, {
        entity_code: 'CPO',
        location_id: locationId,
        uid: evse.uid,
        evse_id: `${party.country_code}*${party.party_id}*S${pad(n + 1)}*1`,
        charge_point_id: cp,
        status: 'UNKNOWN',
        created_at: now,
      })
      await insertEvConnector(trx, {
        entity_code: 'CPO',
        location_id: locationId,
        evse_ref: evseRef,
        uid: `storm-conn-${pad(n + 1)}`,
        created_at: now,
      })
    }
  })
}
log(
  `network: ${int(N)} EVSEs (one charger and connector each) over ${int(LOCATIONS)} locations of the CPO ` +
    `(${party.country_code}/${party.party_id}), built in ${ms((performance.now() - built) / 1000)} s`,
)

// ---------------------------------------------------------------------------------------------------------------
// The partners' Locations receivers: answer 1000 at once, record every status with the time it arrived.
interface Receipt {
  status: string
  at: number
}
class Receiver {
  readonly server: http.Server
  requests = 0
  bytes = 0
  unreadable = 0
  kinds = new Map<string, number>()
  receipts = new Map<string, Receipt[]>()
  /** Arrival times of every request (the rate it was pushed at). */
  arrivals: number[] = []

  constructor(readonly name: string) {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (c: Buffer) => chunks.push(c))
      req.on('end', () => {
        const at = performance.now()
        this.take(req.method ?? '?', req.url ?? '/', Buffer.concat(chunks), at)
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ status_code: 1000, timestamp: new Date().toISOString() }))
      })
    })
    this.server.keepAliveTimeout = 30_000
  }

  get port() {
    return (this.server.address() as AddressInfo).port
  }

  get url() {
    return `http://127.0.0.1:${String(this.port)}${RECEIVER_PATH}`
  }

  reset() {
    this.requests = 0
    this.bytes = 0
    this.unreadable = 0
    this.kinds = new Map()
    this.receipts = new Map()
    this.arrivals = []
  }

  private record(uid: string, status: unknown, at: number) {
    if (typeof status !== 'string') return
    const list = this.receipts.get(uid)
    if (list) list.push({ status, at })
    else this.receipts.set(uid, [{ status, at }])
  }

  private take(method: string, rawUrl: string, body: Buffer, at: number) {
    this.requests++
    this.bytes += body.length
    this.arrivals.push(at)
    const path = new URL(rawUrl, 'http://receiver').pathname
    const ids = path.startsWith(`${RECEIVER_PATH}/`)
      ? path
          .slice(RECEIVER_PATH.length + 1)
          .split('/')
          .filter((s) => s !== '')
          .map(decodeURIComponent)
      : []
    const level = ['other', 'other', 'other', 'location', 'EVSE', 'connector'][ids.length] ?? 'other'
    const kind = `${method} ${level}`
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1)
    let json: unknown
    try {
      json = body.length === 0 ? {} : JSON.parse(body.toString('utf8'))
    } catch {
      this.unreadable++
      return
    }
    if (typeof json !== 'object' || json === null) return
    const object = json as { evses?: unknown; status?: unknown }
    if (level === 'location' && Array.isArray(object.evses)) {
      for (const e of object.evses as { uid?: unknown; status?: unknown }[])
        if (typeof e.uid === 'string') this.record(e.uid, e.status, at)
    } else if (level === 'EVSE' && ids[3] !== undefined) this.record(ids[3], object.status, at)
  }
}
const receivers = [new Receiver('P01'), new Receiver('P02')]
await Promise.all(
  receivers.map((r) => new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve))),
)

// ---------------------------------------------------------------------------------------------------------------
// Delivery: per EVSE, the changes sent (status, sent, answered) against what a receiver got.
interface Change {
  status: string
  sentAt: number
  /** When the charger had its answer (the floor: when the change was sent). */
  answeredAt: number
}
interface Delivery {
  /** Per EVSE changed: final status's lag (ms). */
  lags: number[]
  lost: string[]
  /** performance.now() of the latest delivery of a final status. */
  lastDelivery: number
  /** Finals the partner held before the last change was even sent (the changes between folded away). */
  heldEarly: number
  changes: number
  intermediate: number
  intermediateSeen: number
}
function deliveryOf(
  changes: ReadonlyMap<string, Change[]>,
  before: ReadonlyMap<string, string>,
  receipts: ReadonlyMap<string, Receipt[]>,
): Delivery {
  const d: Delivery = {
    lags: [],
    lost: [],
    lastDelivery: Number.NEGATIVE_INFINITY,
    heldEarly: 0,
    changes: 0,
    intermediate: 0,
    intermediateSeen: 0,
  }
  for (const [uid, list] of changes) {
    const final = list.at(-1)
    if (final === undefined) continue
    const got = receipts.get(uid) ?? []
    let held = before.get(uid)
    let transitions = 0
    for (const r of got)
      if (r.status !== held) {
        transitions++
        held = r.status
      }
    const holds = got.length > 0 && got.at(-1)?.status === final.status
    d.changes += list.length
    d.intermediate += list.length - 1
    d.intermediateSeen += Math.max(0, Math.min(list.length - 1, transitions - (holds ? 1 : 0)))
    if (!holds) {
      d.lost.push(uid)
      continue
    }
    let j = got.length - 1
    while (j > 0 && got[j - 1]?.status === final.status) j--
    const at = got[j]?.at ?? Number.NaN
    const from = Number.isFinite(final.answeredAt) ? final.answeredAt : final.sentAt
    d.lags.push(Math.max(0, at - from))
    if (at < final.sentAt) d.heldEarly++
    d.lastDelivery = Math.max(d.lastDelivery, at)
  }
  return d
}
const holdsAll = (changes: ReadonlyMap<string, Change[]>, r: Receiver) => {
  for (const [uid, list] of changes)
    if (r.receipts.get(uid)?.at(-1)?.status !== list.at(-1)?.status) return false
  return true
}
/** Waits until both receivers hold every final status (true), or `limitMs` (false). */
async function drain(changes: ReadonlyMap<string, Change[]>, limitMs: number): Promise<boolean> {
  const until = performance.now() + limitMs
  while (performance.now() < until) {
    if (receivers.every((r) => holdsAll(changes, r))) return true
    await sleep(20)
  }
  return receivers.every((r) => holdsAll(changes, r))
}

/** Sends `total` events at `rate` a second, catching up on the clock (a late timer sends the ones it owes). */
async function paced(rate: number, seconds: number, fire: () => void): Promise<number> {
  const total = Math.round(rate * seconds)
  const started = performance.now()
  let sent = 0
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate) + 1)
    while (sent < due) {
      fire()
      sent++
    }
    await sleep(2)
  }
  return performance.now() - started
}

const cpuS = (pid: number) => {
  const fields =
    readFileSync(`/proc/${String(pid)}/stat`, 'utf8')
      .split(') ')[1]
      ?.split(' ') ?? []
  return (Number(fields[11]) + Number(fields[12])) / 100
}

// ---------------------------------------------------------------------------------------------------------------
const server = await startApiServer({ url, accessTokenTtlS: 86_400 })
interface Charger {
  client: RPCClient
  evse: BenchEvse
  status: OcppStatus
  busy: number
}
const chargers: Charger[] = []
const agents = receivers.map(() => new http.Agent({ keepAlive: true, maxSockets: 64 }))
try {
  // Connect and boot, `--connect-rate` a second; each reports its connector Available.
  let connectErrors = 0
  const connectStarted = performance.now()
  const connecting: Promise<void>[] = []
  for (const [i, evse] of network.entries()) {
    const client = new RPCClient({
      endpoint: `ws://127.0.0.1:${String(server.port)}/ocpp`,
      identity: evse.identity,
      password: PASSWORD,
      protocols: ['ocpp1.6'],
      strictMode: true,
      reconnect: false,
      callTimeoutMs: 30_000,
    } as unknown as ConstructorParameters<typeof RPCClient>[0])
    const charger: Charger = { client, evse, status: 'Available', busy: 0 }
    chargers.push(charger)
    connecting.push(
      (async () => {
        try {
          await client.connect()
          await client.call('BootNotification', {
            chargePointVendor: 'Bench',
            chargePointModel: 'Simulated AC22',
          })
          await client.call('StatusNotification', {
            connectorId: 1,
            errorCode: 'NoError',
            status: 'Available',
          })
        } catch {
          connectErrors++
        }
      })(),
    )
    if ((i + 1) % 10 === 0) await sleep(10_000 / CONNECT_RATE)
  }
  await Promise.all(connecting)
  log(
    `connected ${int(N - connectErrors)} of ${int(N)} chargers (OCPP 1.6) in ` +
      `${((performance.now() - connectStarted) / 1000).toFixed(1)} s`,
  )
  if (connectErrors > 0) throw new Error(`${String(connectErrors)} chargers failed to connect and boot`)

  interface StormRun {
    latencies: number[]
    errors: number
    sent: number
    pending: number
    lastAnswer: number
  }
  const newRun = (): StormRun => ({ latencies: [], errors: 0, sent: 0, pending: 0, lastAnswer: 0 })
  /** One StatusNotification flipping a charger's connector; `into` records the change for its EVSE. */
  const flip = (c: Charger, run: StormRun, into?: Map<string, Change[]>) => {
    c.status = other(c.status)
    const change: Change = {
      status: EVSE_STATUS[c.status],
      sentAt: performance.now(),
      answeredAt: Number.NaN,
    }
    if (into) {
      const list = into.get(c.evse.uid)
      if (list) list.push(change)
      else into.set(c.evse.uid, [change])
    }
    c.busy++
    run.sent++
    run.pending++
    c.client
      .call('StatusNotification', { connectorId: 1, errorCode: 'NoError', status: c.status })
      .then(
        () => {
          change.answeredAt = performance.now()
          run.latencies.push(change.answeredAt - change.sentAt)
          run.lastAnswer = change.answeredAt
        },
        () => {
          run.errors++
        },
      )
      .finally(() => {
        c.busy--
        run.pending--
      })
  }
  /** A random charger, preferring one with no call in flight (a charger's calls queue behind each other). */
  const pick = () => {
    let c = chargers[Math.floor(Math.random() * chargers.length)] as Charger
    for (let tries = 0; c.busy > 0 && tries < 10; tries++)
      c = chargers[Math.floor(Math.random() * chargers.length)] as Charger
    return c
  }
  const storm = async (seconds: number, into?: Map<string, Change[]>) => {
    const run = newRun()
    const cpuBefore = cpuS(server.pid)
    const benchCpuBefore = process.cpuUsage()
    const started = performance.now()
    const sendMs = await paced(RATE, seconds, () => flip(pick(), run, into))
    const until = performance.now() + 60_000
    while (run.pending > 0 && performance.now() < until) await sleep(5)
    const answeredMs = (run.lastAnswer || performance.now()) - started
    const benchCpu = process.cpuUsage(benchCpuBefore)
    return {
      ...run,
      started,
      sendMs,
      answeredMs,
      serverCpuS: cpuS(server.pid) - cpuBefore,
      benchCpuS: (benchCpu.user + benchCpu.system) / 1e6,
    }
  }
  const pushJobs = async () => {
    const rows = await db
      .selectFrom('job')
      .where('kind', 'in', PUSH_KINDS)
      .where('status', 'in', ['queued', 'running'])
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
      .groupBy('status')
      .execute()
    const of = (s: string) => Number(rows.find((r) => r.status === s)?.n ?? 0)
    // EVSE changes waiting for a partner's drain (one row per partner and EVSE), beside the push jobs themselves.
    const waiting = await db
      .selectFrom('ocpi_push_queue')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow()
    return { queued: of('queued') + Number(waiting.n), running: of('running') }
  }

  // 1. The OCPP baseline: the same storm with no partner to push to.
  const loadBefore = loadavg()
  const baseline = await storm(BASELINE_S)
  log(
    `baseline storm (no partners): ${int(baseline.sent)} StatusNotifications in ${ms(baseline.answeredMs / 1000)} s, ` +
      `${String(baseline.errors)} errors`,
  )

  // 2. The two partners, as a completed handshake leaves them.
  const tokenHash = (t: string) => createHash('sha256').update(t, 'utf8').digest('hex')
  const inserted = Date.now()
  for (const [k, r] of receivers.entries())
    await db
      .insertInto('ocpi_partner')
      .values({
        entity_code: 'CPO',
        name: `Storm eMSP ${r.name}`,
        status: 'connected',
        initiated_by: 'them',
        roles: JSON.stringify([
          { role: 'EMSP', country_code: 'SG', party_id: r.name, business_name: `Storm ${r.name}` },
        ]),
        incoming_token_hash: tokenHash(`storm-incoming-token-${String(k)}`),
        outgoing_token: `storm-outgoing-token-${String(k)}`,
        partner_versions_url: `http://127.0.0.1:${String(r.port)}/ocpi/versions`,
        version: '2.2.1',
        endpoints: JSON.stringify([{ identifier: 'locations', role: 'RECEIVER', url: r.url }]),
        created_at: inserted,
        created_by: 'bench',
        updated_at: inserted,
        connected_at: inserted,
        last_message_at: null,
      })
      .execute()
  // The server caches an entity's partners for a few seconds: probe with one charger until both partners hear of it,
  // then wait for the queue to empty and the receivers to go quiet.
  const probe = newRun()
  const probeUntil = performance.now() + 30_000
  while (receivers.some((r) => r.requests === 0) && performance.now() < probeUntil) {
    flip(chargers[0] as Charger, probe)
    await sleep(500)
  }
  if (receivers.some((r) => r.requests === 0))
    throw new Error('the partners received no push within 30 s of a status change: is the push hook running?')
  const quietUntil = performance.now() + 30_000
  for (;;) {
    const before = receivers.reduce((n, r) => n + r.requests, 0)
    await sleep(500)
    const jobs = await pushJobs()
    if (receivers.reduce((n, r) => n + r.requests, 0) === before && jobs.queued + jobs.running === 0) break
    if (performance.now() > quietUntil) break
  }
  log(
    `partners P01 and P02 connected: a probe reached both, queue empty, ${ms((Date.now() - inserted) / 1000)} s after`,
  )
  for (const r of receivers) r.reset()

  // 3. The storm, with both partners.
  const before = new Map(chargers.map((c) => [c.evse.uid, EVSE_STATUS[c.status]]))
  const changes = new Map<string, Change[]>()
  const depth: { atS: number; queued: number; running: number }[] = []
  const stormStarted = performance.now()
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      depth.push({ atS: (performance.now() - stormStarted) / 1000, ...(await pushJobs()) })
      await sleep(1000)
    }
  })()
  const cpuBefore = cpuS(server.pid)
  const pushed = await storm(SECONDS, changes)
  // The end of the storm: the last StatusNotification's answer.
  const stormEnd = pushed.lastAnswer || performance.now()
  const drained = await drain(changes, DRAIN_MS)
  const drainedAt = performance.now()
  // The requests still on their way (pushes of states already held): counted until the queue is empty.
  const queueUntil = performance.now() + 30_000
  while (performance.now() < queueUntil) {
    const jobs = await pushJobs()
    if (jobs.queued + jobs.running === 0) break
    await sleep(100)
  }
  const queueEmptyS = (performance.now() - stormEnd) / 1000
  sampling = false
  await sampler
  const serverCpuS = cpuS(server.pid) - cpuBefore
  const wallS = (performance.now() - stormStarted) / 1000
  const portal = receivers.map((r) => ({
    name: r.name,
    requests: r.requests,
    bytes: r.bytes,
    kinds: Object.fromEntries(r.kinds),
    unreadable: r.unreadable,
    delivery: deliveryOf(changes, before, r.receipts),
    duringStorm: r.arrivals.filter((at) => at <= stormEnd).length,
  }))
  const jobStats = await db
    .selectFrom('job')
    .where('kind', 'in', PUSH_KINDS)
    .select([
      'kind',
      'status',
      (eb) => eb.fn.countAll<string | number>().as('n'),
      (eb) => eb.fn.sum<string | number>('attempts').as('attempts'),
    ])
    .groupBy(['kind', 'status'])
    .execute()
  const messages = Number(
    (
      await db
        .selectFrom('ocpi_message')
        .where('direction', '=', 'out')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  )
  const dbBytes = Number(
    (
      await sql<{
        n: string | number
      }>`select page_count * page_size as n from pragma_page_count(), pragma_page_size()`.execute(db)
    ).rows[0]?.n ?? 0,
  )

  // Leave the portal before the floor: it runs with nothing else on the machine's two cores.
  await Promise.all(chargers.map((c) => c.client.close({ force: true }).catch(() => undefined)))
  await server.stop()

  // 4. The floor: the same storm straight from the bench to both receivers, one PATCH per change and receiver.
  for (const r of receivers) r.reset()
  const floorState = new Map(chargers.map((c) => [c.evse.uid, c.status]))
  const floorBefore = new Map([...floorState].map(([uid, s]) => [uid, EVSE_STATUS[s]]))
  const floorChanges = new Map<string, Change[]>()
  let floorPending = 0
  let floorErrors = 0
  let floorLastSent = 0
  const floorSendMs = await paced(RATE, SECONDS, () => {
    const evse = network[Math.floor(Math.random() * network.length)] as BenchEvse
    const status = other(floorState.get(evse.uid) ?? 'Available')
    floorState.set(evse.uid, status)
    const sentAt = performance.now()
    floorLastSent = sentAt
    const change: Change = { status: EVSE_STATUS[status], sentAt, answeredAt: sentAt }
    const list = floorChanges.get(evse.uid)
    if (list) list.push(change)
    else floorChanges.set(evse.uid, [change])
    const body = Buffer.from(
      JSON.stringify({
        status: change.status,
        last_updated: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      }),
    )
    for (const [k, r] of receivers.entries()) {
      floorPending++
      const req = http.request(
        {
          host: '127.0.0.1',
          port: r.port,
          method: 'PATCH',
          path: `${RECEIVER_PATH}/${party.country_code}/${party.party_id}/${evse.location}/${evse.uid}`,
          agent: agents[k],
          headers: {
            'content-type': 'application/json',
            'content-length': String(body.length),
            authorization: 'Token c3Rvcm0',
          },
        },
        (res) => {
          res.resume()
          res.on('end', () => floorPending--)
        },
      )
      req.on('error', () => {
        floorErrors++
        floorPending--
      })
      req.end(body)
    }
  })
  // The end of the floor's storm: its last change (sent, hence known, at once).
  const floorEnd = floorLastSent
  const floorDrained = await drain(floorChanges, DRAIN_MS)
  while (floorPending > 0) await sleep(5)
  const floor = receivers.map((r) => ({
    name: r.name,
    requests: r.requests,
    bytes: r.bytes,
    kinds: Object.fromEntries(r.kinds),
    delivery: deliveryOf(floorChanges, floorBefore, r.receipts),
  }))

  // ---------------------------------------------------------------------------------------------------------------
  // Report.
  const ocppBase = summarize(baseline.latencies)
  const ocppStorm = summarize(pushed.latencies)
  const perS = (run: { latencies: number[]; answeredMs: number }) =>
    run.latencies.length / (run.answeredMs / 1000)
  log('')
  log(
    table(
      [
        'OCPP StatusNotification, call to answer',
        'sent',
        'answered/s',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'max ms',
        'errors',
      ],
      [
        [
          `storm, no partners (${String(BASELINE_S)} s)`,
          int(baseline.sent),
          int(perS(baseline)),
          ms(ocppBase.p50),
          ms(ocppBase.p95),
          ms(ocppBase.p99),
          ms(ocppBase.max),
          String(baseline.errors),
        ],
        [
          `storm, two partners (${String(SECONDS)} s)`,
          int(pushed.sent),
          int(perS(pushed)),
          ms(ocppStorm.p50),
          ms(ocppStorm.p95),
          ms(ocppStorm.p99),
          ms(ocppStorm.max),
          String(pushed.errors),
        ],
        ['ratio (p95 with partners / without)', '', '', '', times(ocppStorm.p95 / ocppBase.p95), '', '', ''],
      ],
      (i) => i > 0,
    ),
  )
  log(
    `target rate ${int(RATE)}/s: sent in ${ms(pushed.sendMs / 1000)} s (${int(pushed.sent / (pushed.sendMs / 1000))}/s), ` +
      `all answered ${ms(pushed.answeredMs / 1000)} s after the first; ${int(changes.size)} of ${int(N)} EVSEs changed`,
  )
  log('')

  const pooled = (ds: Delivery[]) => summarize(ds.flatMap((d) => d.lags))
  const drainOf = (ds: Delivery[], end: number, complete: boolean) =>
    complete ? Math.max(0, Math.max(...ds.map((d) => d.lastDelivery)) - end) : Number.POSITIVE_INFINITY
  const pct = (a: number, b: number) => (b === 0 ? '-' : `${((100 * a) / b).toFixed(1)} %`)
  const kindsOf = (k: Record<string, number>) =>
    Object.entries(k)
      .map(([name, n]) => `${int(n)} ${name}`)
      .join(', ')
  const rowOf = (
    label: string,
    requests: number,
    kinds: string,
    lags: Summary,
    lost: number,
    drainMs: number,
    seen: string,
  ) => [
    label,
    int(requests),
    kinds,
    ms(lags.p50),
    ms(lags.p95),
    ms(lags.max),
    int(lost),
    Number.isFinite(drainMs) ? ms(drainMs) : `> ${String(DRAIN_MS / 1000)} s`,
    seen,
  ]
  const ours = pooled(portal.map((p) => p.delivery))
  const theirs = pooled(floor.map((p) => p.delivery))
  const oursDrain = drainOf(
    portal.map((p) => p.delivery),
    stormEnd,
    drained,
  )
  const floorDrain = drainOf(
    floor.map((p) => p.delivery),
    floorEnd,
    floorDrained,
  )
  const rows = [
    ...portal.map((p) =>
      rowOf(
        `portal → ${p.name}`,
        p.requests,
        kindsOf(p.kinds),
        summarize(p.delivery.lags),
        p.delivery.lost.length,
        drainOf([p.delivery], stormEnd, p.delivery.lost.length === 0),
        pct(p.delivery.intermediateSeen, p.delivery.intermediate),
      ),
    ),
    rowOf(
      'portal, both partners',
      portal.reduce((n, p) => n + p.requests, 0),
      '',
      ours,
      portal.reduce((n, p) => n + p.delivery.lost.length, 0),
      oursDrain,
      pct(
        portal.reduce((n, p) => n + p.delivery.intermediateSeen, 0),
        portal.reduce((n, p) => n + p.delivery.intermediate, 0),
      ),
    ),
    ...floor.map((p) =>
      rowOf(
        `floor → ${p.name}`,
        p.requests,
        kindsOf(p.kinds),
        summarize(p.delivery.lags),
        p.delivery.lost.length,
        drainOf([p.delivery], floorEnd, p.delivery.lost.length === 0),
        pct(p.delivery.intermediateSeen, p.delivery.intermediate),
      ),
    ),
    rowOf(
      'floor, both receivers',
      floor.reduce((n, p) => n + p.requests, 0),
      '',
      theirs,
      floor.reduce((n, p) => n + p.delivery.lost.length, 0),
      floorDrain,
      pct(
        floor.reduce((n, p) => n + p.delivery.intermediateSeen, 0),
        floor.reduce((n, p) => n + p.delivery.intermediate, 0),
      ),
    ),
    [
      'ratio (portal / floor)',
      '',
      '',
      '',
      times(ours.p95 / theirs.p95),
      '',
      '',
      times(oursDrain / floorDrain),
      '',
    ],
  ]
  log(
    table(
      [
        'delivery of each EVSE final status',
        'requests',
        'what they were',
        'lag p50 ms',
        'p95 ms',
        'max ms',
        'lost',
        'drain ms',
        'changes between seen',
      ],
      rows,
      (i) => i === 1 || (i > 2 && i < 8),
    ),
  )
  const maxQueued = Math.max(0, ...depth.map((d) => d.queued))
  log(
    `floor: ${int(floor.reduce((n, p) => n + p.requests, 0))} PATCHes sent in ${ms(floorSendMs / 1000)} s, ` +
      `${String(floorErrors)} errors`,
  )
  log(
    `portal: at most ${int(maxQueued)} EVSE changes and push jobs waiting (sampled every second); empty ${ms(queueEmptyS)} s after ` +
      `the storm; ${int(messages)} outgoing OCPI messages logged; push jobs: ` +
      jobStats
        .map((j) => `${j.kind} ${j.status} ${int(Number(j.n))} (attempts ${int(Number(j.attempts))})`)
        .join(', '),
  )
  log(
    `server CPU: ${ms(baseline.serverCpuS)} s over the storm without partners (answered in ` +
      `${ms(baseline.answeredMs / 1000)} s), ${ms(pushed.serverCpuS)} s over the storm with partners (answered in ` +
      `${ms(pushed.answeredMs / 1000)} s), ${ms(serverCpuS)} s from its start to an empty push queue ` +
      `(${ms(wallS)} s, ${(100 * (serverCpuS / wallS)).toFixed(0)} % of a core); the bench process (chargers and ` +
      `receivers): ${ms(baseline.benchCpuS)} s and ${ms(pushed.benchCpuS)} s over the two storms; ` +
      `database ${int(dbBytes / 1048576)} MB`,
  )
  log(
    `load average (1, 5, 15 min) before the first storm: ${loadBefore.map((l) => l.toFixed(2)).join(', ')}; ` +
      `at the end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(', ')} (2 cores here: the chargers, receivers and server share them with whatever else runs)`,
  )
  log(
    `push requests received while the storm was still being answered: ` +
      portal.map((p) => `${p.name} ${int(p.duringStorm)} of ${int(p.requests)}`).join(', '),
  )
  for (const p of portal)
    if (p.delivery.lost.length > 0)
      log(
        `${p.name} lost ${String(p.delivery.lost.length)} final statuses, e.g. ${p.delivery.lost.slice(0, 5).join(', ')}`,
      )
  log(
    `changes between seen: the status transitions in what a partner received, over the changes before each EVSE's ` +
      `last (OCPI needs the latest state only, so changes may be coalesced). Finals the partner held before the ` +
      `last change was sent: ${portal.map((p) => `${p.name} ${int(p.delivery.heldEarly)}`).join(', ')}.`,
  )
  writeFileSync(
    `${RESULTS_DIR}ocpi-storm.json`,
    JSON.stringify(
      {
        at: new Date().toISOString(),
        node: process.version,
        loadavg: { before: loadBefore, after: loadavg() },
        evses: N,
        locations: LOCATIONS,
        rate: RATE,
        seconds: SECONDS,
        baselineSeconds: BASELINE_S,
        ocpp: {
          baseline: { ...ocppBase, sent: baseline.sent, errors: baseline.errors, perS: perS(baseline) },
          storm: { ...ocppStorm, sent: pushed.sent, errors: pushed.errors, perS: perS(pushed) },
        },
        portal: portal.map((p) => ({
          name: p.name,
          requests: p.requests,
          bytes: p.bytes,
          kinds: p.kinds,
          lag: summarize(p.delivery.lags),
          lost: p.delivery.lost.length,
          heldEarly: p.delivery.heldEarly,
          intermediate: p.delivery.intermediate,
          intermediateSeen: p.delivery.intermediateSeen,
          duringStorm: p.duringStorm,
        })),
        floor: floor.map((p) => ({
          name: p.name,
          requests: p.requests,
          kinds: p.kinds,
          lag: summarize(p.delivery.lags),
          lost: p.delivery.lost.length,
        })),
        drainMs: { portal: oursDrain, floor: floorDrain },
        ratios: {
          lagP95: ours.p95 / theirs.p95,
          drain: oursDrain / floorDrain,
          ocppP95: ocppStorm.p95 / ocppBase.p95,
        },
        queue: { depth, emptyAfterS: queueEmptyS, jobs: jobStats, messages },
        serverCpuS: {
          baseline: baseline.serverCpuS,
          storm: pushed.serverCpuS,
          toEmptyQueue: serverCpuS,
          wallS,
        },
        benchCpuS: { baseline: baseline.benchCpuS, storm: pushed.benchCpuS },
        drainedAtS: (drainedAt - stormEnd) / 1000,
      },
      null,
      2,
    ),
  )
} finally {
  await Promise.all(chargers.map((c) => c.client.close({ force: true }).catch(() => undefined)))
  await server.stop()
  for (const a of agents) a.destroy()
  for (const r of receivers) r.server.close()
  for (const r of receivers) r.server.closeAllConnections()
  await handle.destroy()
  removeDatabase()
}
