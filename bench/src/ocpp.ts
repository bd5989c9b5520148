/**
 * npm run bench:ocpp -w @portal/bench [-- --chargers 5000] [--charging 500] [--interval 60] [--meter 15]
 *   [--duration 60] [--rate 250]
 *
 * Issue 14's OCPP scale bench: one server process holding `--chargers` simulated chargers over the real endpoint
 * (ocpp-rpc's client, 1.6-J and 2.0.1 alternately), each booting, reporting its connector and sending a heartbeat every
 * `--interval` seconds; `--charging` of them run a charging session and send meter values every `--meter` seconds
 * (1.6 MeterValues, 2.0.1 TransactionEvent Updated), each of which rebuilds the session's periods and price. The CPO's
 * sessions list is read beside them. It reports call-to-answer latency (target p95 < 50 ms), the sessions list's p95
 * (target < 25 ms) idle and under the chargers, and the server's RSS per connection.
 *
 * The database is a fresh SQLite file (bench/results/ocpp.sqlite) with the demo data at a small scale and the bench's
 * chargers; the server runs in a child process, the chargers in this one (they share the 2 cores, as in the field
 * the chargers would not).
 */
import { rmSync } from 'node:fs'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { RPCClient } from 'ocpp-rpc'
import { startApiServer } from './children'
import { Client, measureLatency, signIn } from './load'
import type { Target } from './load'
import { RESULTS_DIR } from './prepare'
import { int, ms, table } from './report'
import { migrateToLatest, openDatabase, seedDemoData } from './server'
import { hashOcppPassword } from '../../apps/server/src/modules/ocpp/ocpp-password'
import {
  insertEvChargePoint,
  insertEvConnector,
  insertEvEvse,
} from '../../apps/server/src/test-support/ev-fixtures'
import { summarize } from './stats'
import { mkdirSync, writeFileSync } from 'node:fs'

const { values } = parseArgs({
  options: {
    chargers: { type: 'string', default: process.env.BENCH_OCPP_CHARGERS ?? '5000' },
    charging: { type: 'string', default: process.env.BENCH_OCPP_CHARGING ?? '500' },
    interval: { type: 'string', default: '60' },
    meter: { type: 'string', default: '15' },
    duration: { type: 'string', default: process.env.BENCH_OCPP_DURATION ?? '60' },
    rate: { type: 'string', default: '250' },
  },
})
const N = Number(values.chargers)
const intervalMs = Number(values.interval) * 1000
const CHARGING = Math.min(N, Number(values.charging))
const meterMs = Number(values.meter) * 1000
const durationMs = Number(values.duration) * 1000
const ratePerS = Number(values.rate)
const CALL_P95_MS = 50
const LIST_P95_MS = 25
const PASSWORD = 'bench-ocpp-password-0001'
const log = (line: string) => console.log(line)

mkdirSync(RESULTS_DIR, { recursive: true })
const file = `${RESULTS_DIR}ocpp.sqlite`
for (const suffix of ['', '-wal', '-shm', '.startup-lock']) rmSync(file + suffix, { force: true })
const url = `sqlite:${file}`
const handle = openDatabase(url)
await migrateToLatest(handle.db)
await seedDemoData(handle.db, { seed: 20261129, now: Date.now(), scale: 0.05 })

// The bench's chargers: CPO's, at its first location, one EVSE and one Type 2 connector each.
const location = await handle.db
  .selectFrom('ev_location')
  .where('entity_code', '=', 'CPO')
  .select('id')
  .orderBy('id')
  .executeTakeFirstOrThrow()
const hash = hashOcppPassword(PASSWORD)
const now = Date.now()
const identities = Array.from({ length: N }, (_, i) => `BENCH-${String(i + 1).padStart(5, '0')}`)
for (let i = 0; i < N; i += 500) {
  await handle.db.transaction().execute(async (trx) => {
    for (const identity of identities.slice(i, i + 500)) {
      // The server suite's fixture rows: an AC 22 kW Type 2 connector on one EVSE.
      const cp = await insertEvChargePoint(trx, {
        entity_code: 'CPO',
        location_id: location.id,
        uid: `uid-${identity}`,
        serial_number: identity,
        model: 'Simulated AC22',
        ocpp_status: 'UNKNOWN',
        ocpp_identity: identity,
        ocpp_password_hash: hash,
        created_at: now,
      })
      const evse = await insertEvEvse(trx, {
        entity_code: 'CPO',
        location_id: location.id,
        uid: `evse-${identity}`,
        charge_point_id: cp,
        status: 'UNKNOWN',
        created_at: now,
      })
      await insertEvConnector(trx, {
        entity_code: 'CPO',
        location_id: location.id,
        evse_ref: evse,
        uid: `conn-${identity}`,
        created_at: now,
      })
    }
  })
}
await handle.destroy()

const rssKb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))
  return m ? Number(m[1]) : Number.NaN
}

const server = await startApiServer({ url, accessTokenTtlS: 86_400 })
const clients: RPCClient[] = []
let stopping = false
try {
  const token = await signIn(server.port, 'cpo')
  const sessions: Target = {
    port: server.port,
    method: 'GET',
    path: '/api/charging/charging-sessions/sessions?limit=21&offset=0&round_costs=true',
    body: '',
    headers: { authorization: `Token ${token}` },
  }
  const probe = new Client(1)
  for (let i = 0; i < 50; i++) await probe.send(sessions)
  probe.close()
  const idle = summarize((await measureLatency(sessions, { durationMs: 3000, minIterations: 60 })).samples)
  const rssBefore = rssKb(server.pid)
  log(
    `OCPP bench: ${int(N)} chargers, heartbeat every ${String(intervalMs / 1000)} s, ${int(CHARGING)} charging with ` +
      `meter values every ${String(meterMs / 1000)} s, ${String(durationMs / 1000)} s steady`,
  )

  // Connect at `rate` per second: each boots and reports its connector.
  const calls: number[] = []
  const boots: number[] = []
  let errors = 0
  const timed = async (c: RPCClient, method: string, params: unknown, into: number[]) => {
    const t0 = performance.now()
    try {
      await c.call(method, params)
      into.push(performance.now() - t0)
    } catch {
      if (!stopping) errors++
    }
  }
  const connectStarted = performance.now()
  const connecting: Promise<void>[] = []
  for (const [i, identity] of identities.entries()) {
    const v201 = i % 2 === 1
    const c = new RPCClient({
      endpoint: `ws://127.0.0.1:${String(server.port)}/ocpp`,
      identity,
      password: PASSWORD,
      protocols: [v201 ? 'ocpp2.0.1' : 'ocpp1.6'],
      strictMode: true,
      reconnect: false,
      callTimeoutMs: 30_000,
    } as unknown as ConstructorParameters<typeof RPCClient>[0])
    clients.push(c)
    connecting.push(
      (async () => {
        try {
          await c.connect()
        } catch {
          errors++
          return
        }
        await timed(
          c,
          'BootNotification',
          v201
            ? { reason: 'PowerUp', chargingStation: { vendorName: 'Bench', model: 'Simulated AC22' } }
            : { chargePointVendor: 'Bench', chargePointModel: 'Simulated AC22' },
          boots,
        )
        await timed(
          c,
          'StatusNotification',
          v201
            ? { timestamp: new Date().toISOString(), connectorStatus: 'Available', evseId: 1, connectorId: 1 }
            : { connectorId: 1, errorCode: 'NoError', status: 'Available' },
          calls,
        )
      })(),
    )
    // Spread evenly: `rate` chargers a second, as after a site's power comes back.
    if ((i + 1) % 10 === 0) await new Promise((r) => setTimeout(r, 10_000 / ratePerS))
  }
  await Promise.all(connecting)
  const connectS = (performance.now() - connectStarted) / 1000
  const rssAfter = rssKb(server.pid)

  // The charging ones start their session (the demo RFID card, valid on CPO's chargers).
  const starts: number[] = []
  const transactions = new Map<number, { id: number | string; wh: number }>()
  await Promise.all(
    clients.slice(0, CHARGING).map(async (c, i) => {
      const v201 = i % 2 === 1
      const t0 = performance.now()
      const meterStart = 1_000_000 + i
      try {
        if (v201) {
          const id = `bench-${String(i)}-${String(Date.now())}`
          await c.call('TransactionEvent', {
            eventType: 'Started',
            timestamp: new Date().toISOString(),
            triggerReason: 'Authorized',
            seqNo: 0,
            transactionInfo: { transactionId: id },
            idToken: { idToken: 'DEMO-RFID-0001', type: 'ISO14443' },
            evse: { id: 1, connectorId: 1 },
            meterValue: [
              {
                timestamp: new Date().toISOString(),
                sampledValue: [{ value: meterStart, context: 'Transaction.Begin' }],
              },
            ],
          })
          transactions.set(i, { id, wh: meterStart })
        } else {
          const answer = (await c.call('StartTransaction', {
            connectorId: 1,
            idTag: 'DEMO-RFID-0001',
            meterStart,
            timestamp: new Date().toISOString(),
          })) as { transactionId: number }
          transactions.set(i, { id: answer.transactionId, wh: meterStart })
        }
        starts.push(performance.now() - t0)
      } catch {
        errors++
      }
    }),
  )

  // Steady state: heartbeats spread over the interval, meter values over theirs, the sessions list read meanwhile.
  const timers: ReturnType<typeof setInterval>[] = []
  const beats: number[] = []
  const meters: number[] = []
  const meterValue = (i: number, c: RPCClient) => {
    const tx = transactions.get(i)
    if (!tx) return
    // 22 kW for the interval.
    tx.wh += Math.round((22_000 * meterMs) / 3_600_000)
    const timestamp = new Date().toISOString()
    if (i % 2 === 1)
      void timed(
        c,
        'TransactionEvent',
        {
          eventType: 'Updated',
          timestamp,
          triggerReason: 'MeterValuePeriodic',
          seqNo: 1,
          transactionInfo: { transactionId: tx.id },
          meterValue: [
            {
              timestamp,
              sampledValue: [
                { value: tx.wh },
                { value: 22_000, measurand: 'Power.Active.Import', unitOfMeasure: { unit: 'W' } },
              ],
            },
          ],
        },
        meters,
      )
    else
      void timed(
        c,
        'MeterValues',
        {
          connectorId: 1,
          transactionId: tx.id,
          meterValue: [
            {
              timestamp,
              sampledValue: [
                { value: String(tx.wh) },
                { value: '22000', measurand: 'Power.Active.Import', unit: 'W' },
              ],
            },
          ],
        },
        meters,
      )
  }
  for (const [i, c] of clients.slice(0, CHARGING).entries()) {
    const start = setTimeout(() => {
      meterValue(i, c)
      timers.push(setInterval(() => meterValue(i, c), meterMs))
    }, Math.random() * meterMs)
    timers.push(start)
  }
  for (const c of clients) {
    const start = setTimeout(() => {
      void timed(c, 'Heartbeat', {}, beats)
      timers.push(setInterval(() => void timed(c, 'Heartbeat', {}, beats), intervalMs))
    }, Math.random() * intervalMs)
    timers.push(start)
  }
  const busy = summarize((await measureLatency(sessions, { durationMs, minIterations: 60 })).samples)
  stopping = true
  for (const timer of timers) clearInterval(timer)

  const hb = summarize(beats)
  const meter = summarize(meters)
  const start = summarize(starts)
  const boot = summarize(boots)
  const status = summarize(calls)
  log(
    table(
      ['measure', 'n', 'p50 ms', 'p95 ms', 'p99 ms', 'target'],
      [
        ['BootNotification (while connecting)', int(boot.n), ms(boot.p50), ms(boot.p95), ms(boot.p99), ''],
        [
          'StatusNotification (while connecting)',
          int(status.n),
          ms(status.p50),
          ms(status.p95),
          ms(status.p99),
          '',
        ],
        ['Start of a session', int(start.n), ms(start.p50), ms(start.p95), ms(start.p99), ''],
        ['Heartbeat (steady)', int(hb.n), ms(hb.p50), ms(hb.p95), ms(hb.p99), `p95 < ${String(CALL_P95_MS)}`],
        [
          `Meter values (${String(CHARGING)} charging)`,
          int(meter.n),
          ms(meter.p50),
          ms(meter.p95),
          ms(meter.p99),
          `p95 < ${String(CALL_P95_MS)}`,
        ],
        ['sessions list, idle', int(idle.n), ms(idle.p50), ms(idle.p95), ms(idle.p99), ''],
        [
          'sessions list, chargers on',
          int(busy.n),
          ms(busy.p50),
          ms(busy.p95),
          ms(busy.p99),
          `p95 < ${String(LIST_P95_MS)}`,
        ],
      ],
      (i) => i > 0 && i < 5,
    ),
  )
  const perConnKb = (rssAfter - rssBefore) / N
  log(
    `Connected ${int(N - errors)} of ${int(N)} in ${connectS.toFixed(1)} s; server RSS ${int(rssBefore / 1024)} → ${int(rssAfter / 1024)} MB, ` +
      `${perConnKb.toFixed(1)} KB per connection; ${String(errors)} errors`,
  )
  writeFileSync(
    `${RESULTS_DIR}ocpp.json`,
    JSON.stringify(
      {
        chargers: N,
        intervalS: intervalMs / 1000,
        ratePerS,
        connectS,
        boot,
        status,
        heartbeat: hb,
        charging: CHARGING,
        meterS: meterMs / 1000,
        start,
        meter,
        idle,
        busy,
        rssBefore,
        rssAfter,
        perConnKb,
        errors,
      },
      null,
      2,
    ),
  )
} finally {
  stopping = true
  await Promise.all(clients.map((c) => c.close({ force: true }).catch(() => undefined)))
  await server.stop()
}
