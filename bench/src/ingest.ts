/**
 * npm run bench:ingest -w @portal/bench [-- --machines 200] [--batch 50] [--duration 20] [--concurrency 8]
 *
 * Issue 15's ingest bench: `--machines` demo machines post batches of `--batch` events to
 * `POST /api/machine/v1/events` with their own keys, `--concurrency` requests in flight, for `--duration` seconds; the
 * mix is 60 % status, 30 % vend (an order of one or two items: order, items, stages, payment, transaction, the slot's
 * sale), 10 % stock counts. Meanwhile Machine Sales' first page is read at concurrency 1. Targets: at least 3,000
 * events/s sustained on SQLite, the order-items list p95 under 25 ms during ingest: it is read while the machines send
 * as fast as they are answered, then while they send `--rate` events a second (3,000), as a fleet reports. The floor:
 * as many `machine_event` rows inserted by the bench straight into the database, 50 a transaction, with no HTTP, no
 * checks and nothing applied: what the storage alone takes.
 *
 * The database is a fresh SQLite file (bench/results/ingest.sqlite), then, when BENCH_DATABASE_URL or TEST_DATABASE_URL
 * is set, a fresh PostgreSQL schema (bench_ingest), each with the demo data at scale 0.1 (200 VEND machines); the
 * server runs in a child process.
 */
import { randomUUID } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import pg from 'pg'
import { parseArgs } from 'node:util'
import { startApiServer } from './children'
import { Client, signIn } from './load'
import type { Target } from './load'
import { RESULTS_DIR } from './prepare'
import { int, ms, table } from './report'
import type { Dialect } from './server'
import { migrateToLatest, openDatabase, seedDemoData } from './server'
import { demoMachineKey } from '../../apps/server/src/seed/machine-keys'
import { summarize } from './stats'

const { values } = parseArgs({
  options: {
    machines: { type: 'string', default: '200' },
    batch: { type: 'string', default: '50' },
    duration: { type: 'string', default: process.env.BENCH_INGEST_DURATION ?? '20' },
    concurrency: { type: 'string', default: '8' },
    rate: { type: 'string', default: '3000' },
  },
})
const MACHINES = Number(values.machines)
const BATCH = Number(values.batch)
const durationMs = Number(values.duration) * 1000
const CONCURRENCY = Number(values.concurrency)
const RATE = Number(values.rate)
const TARGET_EVENTS_PER_S = 3000
const LIST_P95_MS = 25
const log = (line: string) => console.log(line)

mkdirSync(RESULTS_DIR, { recursive: true })
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const PG_SCHEMA = 'bench_ingest'
type Machine = { id: number; serial_number: string; key: string }
let machines: Machine[] = []
const slotsOf = new Map<number, { slot_no: number; price: number; capacity: number }[]>()

/** A fresh database of the dialect with the demo data, and the machines the bench sends as. */
async function prepare(dialect: Dialect): Promise<{ url: string; schema?: string }> {
  let url: string
  let schema: string | undefined
  if (dialect === 'sqlite') {
    const file = `${RESULTS_DIR}ingest.sqlite`
    for (const suffix of ['', '-wal', '-shm', '.startup-lock']) rmSync(file + suffix, { force: true })
    url = `sqlite:${file}`
  } else {
    url = PG_URL ?? ''
    schema = PG_SCHEMA
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`drop schema if exists ${PG_SCHEMA} cascade; create schema ${PG_SCHEMA}`)
    await admin.end()
  }
  const handle = openDatabase(url, schema ? { schema, poolSize: 2 } : {})
  await migrateToLatest(handle.db)
  await seedDemoData(handle.db, { seed: 20261129, now: Date.now(), scale: Math.max(0.1, MACHINES / 2000) })
  machines = (
    await handle.db
      .selectFrom('machine as m')
      .where('m.entity_code', '=', 'VEND')
      .select(['m.id', 'm.serial_number'])
      .orderBy('m.id')
      .limit(MACHINES)
      .execute()
  ).map((m) => ({ ...m, key: demoMachineKey('VEND', m.serial_number) }))
  slotsOf.clear()
  for (const row of await handle.db
    .selectFrom('machine_item')
    .where(
      'machine_id',
      'in',
      machines.map((m) => m.id),
    )
    .select(['machine_id', 'slot_no', 'price', 'capacity'])
    .execute()) {
    const list = slotsOf.get(row.machine_id) ?? []
    list.push(row)
    slotsOf.set(row.machine_id, list)
  }
  await handle.destroy()
  return schema ? { url, schema } : { url }
}

let orderSeq = 0
function eventFor(machineId: number, i: number): Record<string, unknown> {
  const base = { event_id: randomUUID(), occurred_at: Date.now() }
  const slots = slotsOf.get(machineId) ?? []
  const slot = slots[i % Math.max(1, slots.length)]
  const kind = i % 10
  if (kind < 3 && slot)
    return {
      ...base,
      type: 'vend',
      out_trade_no: `BENCH-${String(machineId)}-${String(++orderSeq)}`,
      payment_method_code: 5,
      payment_type_code: 'normal',
      items:
        i % 4 === 0 && slots[(i + 1) % slots.length]
          ? [
              { slot_no: slot.slot_no, price: slot.price, status: 3 },
              { slot_no: slots[(i + 1) % slots.length]?.slot_no ?? slot.slot_no, price: 150, status: 3 },
            ]
          : [{ slot_no: slot.slot_no, price: slot.price, status: 3 }],
    }
  if (kind === 3 && slot)
    return {
      ...base,
      type: 'stock',
      slots: [{ slot_no: slot.slot_no, quantity: Math.min(5, slot.capacity) }],
    }
  return { ...base, type: 'status', overall_status: i % 7 === 0 ? 2 : 1 }
}

async function bench(dialect: Dialect): Promise<void> {
  const { url, schema } = await prepare(dialect)
  const server = await startApiServer({ url, ...(schema ? { schema } : {}), accessTokenTtlS: 86_400 })
  try {
    const token = await signIn(server.port, 'vending')
    const week = {
      start: Math.floor(Date.now() / 1000) - 7 * 86_400,
      end: Math.floor(Date.now() / 1000) + 3600,
    }
    const sales: Target = {
      port: server.port,
      path: '/api/main/iot/orders/items-filter',
      body: JSON.stringify({ limit: 50, offset: 0, ...week }),
      headers: { authorization: `Token ${token}` },
    }
    const probe = new Client(1)
    const listIdle: number[] = []
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now()
      await probe.send(sales)
      if (i >= 20) listIdle.push(performance.now() - t0)
    }

    const client = new Client(CONCURRENCY)
    let next = 0
    /**
     * One phase: senders post batches, as fast as they are answered (rate 0) or paced to `rate` events a second as a
     * fleet reports, while the list is read beside them.
     */
    const phase = async (rate: number, seconds: number) => {
      let accepted = 0
      let other = 0
      let failed = 0
      const batchLatency: number[] = []
      const listBusy: number[] = []
      const started = performance.now()
      const deadline = started + seconds * 1000
      let scheduled = 0
      const sender = async () => {
        while (performance.now() < deadline) {
          if (rate > 0) {
            const at = started + ((scheduled++ * BATCH) / rate) * 1000
            const wait = at - performance.now()
            if (wait > 0) await new Promise((r) => setTimeout(r, wait))
            if (performance.now() >= deadline) return
          }
          const m = machines[next++ % machines.length]
          if (!m) return
          const events = Array.from({ length: BATCH }, (_, k) => eventFor(m.id, next * BATCH + k))
          const t0 = performance.now()
          const reply = await client.send(
            {
              port: server.port,
              path: '/api/machine/v1/events',
              body: JSON.stringify({ events }),
              headers: { authorization: `Machine ${m.key}` },
            },
            true,
          )
          batchLatency.push(performance.now() - t0)
          if (reply.status !== 200) {
            failed += BATCH
            continue
          }
          for (const r of (JSON.parse(reply.text) as { data: { results: { result: string }[] } }).data
            .results)
            if (r.result === 'accepted') accepted++
            else other++
        }
      }
      const reader = async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now()
          await probe.send(sales)
          listBusy.push(performance.now() - t0)
        }
      }
      await Promise.all([...Array.from({ length: CONCURRENCY }, sender), reader()])
      const elapsed = (performance.now() - started) / 1000
      return {
        seconds: elapsed,
        accepted,
        other,
        failed,
        eventsPerS: accepted / elapsed,
        batches: summarize(batchLatency),
        list: summarize(listBusy),
      }
    }
    const saturated = await phase(0, durationMs / 2000)
    const paced = await phase(RATE, durationMs / 1000)
    const accepted = saturated.accepted + paced.accepted
    client.close()
    probe.close()

    // The floor: as many machine_event rows, 50 a transaction, straight into the same database, with nothing else.
    const floorDb = openDatabase(url, schema ? { schema, poolSize: 2 } : {})
    const floorRows = Math.max(accepted, BATCH * 20)
    const t0 = performance.now()
    for (let i = 0; i < floorRows; i += BATCH) {
      const m = machines[(i / BATCH) % machines.length]
      if (!m) break
      await floorDb.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('machine_event')
          .values(
            Array.from({ length: BATCH }, (_, k) => {
              const e = eventFor(m.id, i + k)
              return {
                machine_id: m.id,
                event_id: e.event_id as string,
                type: e.type as string,
                occurred_at: e.occurred_at as number,
                received_at: Date.now(),
                payload: JSON.stringify(e),
              }
            }),
          )
          .execute()
      })
    }
    const floorPerS = floorRows / ((performance.now() - t0) / 1000)
    await floorDb.destroy()

    const idle = summarize(listIdle)
    log(
      `Ingest bench on ${dialect}: ${int(machines.length)} machines, batches of ${String(BATCH)}, ${String(CONCURRENCY)} in flight; ` +
        `mix 60 % status, 30 % vend, 10 % stock`,
    )
    log(
      table(
        ['measure', 'value', 'floor', 'ratio', 'target'],
        [
          [
            `events accepted per second, as fast as answered (${saturated.seconds.toFixed(0)} s)`,
            int(saturated.eventsPerS),
            int(floorPerS),
            `${((saturated.eventsPerS / floorPerS) * 100).toFixed(1)} %`,
            `≥ ${int(TARGET_EVENTS_PER_S)}`,
          ],
          [
            '  batch of 50: p50 / p95 ms',
            `${ms(saturated.batches.p50)} / ${ms(saturated.batches.p95)}`,
            '',
            '',
            '',
          ],
          ['  order-items list p95 ms', ms(saturated.list.p95), '', '', ''],
          [
            `events accepted per second, paced at ${int(RATE)} (${paced.seconds.toFixed(0)} s)`,
            int(paced.eventsPerS),
            '',
            '',
            '',
          ],
          ['  batch of 50: p50 / p95 ms', `${ms(paced.batches.p50)} / ${ms(paced.batches.p95)}`, '', '', ''],
          ['  order-items list p95 ms', ms(paced.list.p95), '', '', `< ${String(LIST_P95_MS)}`],
          ['order-items list p95 ms, idle', ms(idle.p95), '', '', ''],
        ],
        (i) => i > 0,
      ),
    )
    log(
      `${int(accepted)} accepted, ${int(saturated.other + paced.other)} not accepted, ` +
        `${int(saturated.failed + paced.failed)} in failed requests`,
    )
    writeFileSync(
      `${RESULTS_DIR}ingest-${dialect}.json`,
      JSON.stringify(
        {
          machines: machines.length,
          batch: BATCH,
          concurrency: CONCURRENCY,
          rate: RATE,
          floorPerS,
          idle,
          saturated,
          paced,
        },
        null,
        2,
      ),
    )
  } finally {
    await server.stop()
  }
}

await bench('sqlite')
if (PG_URL) {
  await bench('postgres')
  // The bench's data is not kept: the next run seeds afresh.
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`drop schema if exists ${PG_SCHEMA} cascade`)
  await admin.end()
} else log('PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL to run the ingest bench on it too.')
