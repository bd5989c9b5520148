/**
 * Free-text search of the Machines list on PostgreSQL with and without the trigram indexes of migration 0050
 * (issue 13 §4, docs/decisions/0099-search-trigram.md).
 *
 * Data: the demo seed at scale 0.05 (100 VEND machines), multiplied to `--machines` in one statement (each copy's
 * serial number, alias and username made unique by its number, location and postal code kept), in the schema
 * `bench_search`, dropped at the end. Measured, at concurrency 1, count computed on every request (the count cache
 * off), interleaved in blocks: HTTP through the real app (`inject`: routing, auth, validation, serialization, no
 * socket) and the raw floor, `filterMachines` in-process (the page, count and sets queries). Then the trigram
 * indexes are dropped and the same is measured again.
 *
 *   npm run bench:search -w @portal/bench [-- --machines 100000 --samples 60]
 */
import { parseArgs } from 'node:util'
import type { MachineFilter } from '@portal/contract'
import { sql } from 'kysely'
import pg from 'pg'
import type { Db } from './server'
import {
  buildApp,
  CountCache,
  filterMachines,
  migrateToLatest,
  openDatabase,
  seedDemoData,
  testConfig,
} from './server'
import type { Summary } from './stats'
import { nowMs, round, summarize } from './stats'
import { trigramIndexName } from '../../apps/server/src/db/migrations/20261128-0050-search-trigram'

const { values } = parseArgs({
  options: {
    machines: { type: 'string', default: '100000' },
    samples: { type: 'string', default: '60' },
  },
})
const MACHINES = Number(values.machines)
const SAMPLES = Number(values.samples)
const SCHEMA = 'bench_search'
const url =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

interface Scenario {
  name: string
  filter: { search_key?: 'alias'; search_value: string }
}

/** The searches, their terms read from the data so they match what the seed wrote. */
async function scenarios(db: Db): Promise<Scenario[]> {
  const { rows } = await sql<{ serial: string; kind: string }>`select serial_number as serial,
      split_part(alias, ' ', 2) as kind
    from machine where entity_code = 'VEND' order by id offset ${sql.lit(Math.floor(MACHINES / 2))} limit 1`.execute(
    db,
  )
  const serial = rows[0]?.serial ?? 'VM-2101-000001-1'
  const kind = rows[0]?.kind ?? 'Lobby'
  return [
    // The search: three letters found in many locations.
    { name: 'search "nus" (every column)', filter: { search_value: 'nus' } },
    // Someone pasting a serial number: one match.
    { name: `search serial ${serial}`, filter: { search_value: serial } },
    { name: `search alias "${kind}"`, filter: { search_key: 'alias', search_value: kind } },
    // Under 3 characters no trigram can be extracted: a scan with or without the indexes.
    { name: 'search "ab" (2 characters)', filter: { search_value: 'ab' } },
  ]
}

async function admin(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    await c.query(statement)
  } finally {
    await c.end()
  }
}

async function prepare(db: Db): Promise<void> {
  await migrateToLatest(db)
  await seedDemoData(db, { seed: 20261123, now: Date.UTC(2026, 10, 23, 4, 0, 0), scale: 0.05 })
  const copies = Math.max(1, Math.ceil(MACHINES / 100))
  const started = nowMs()
  await sql`insert into machine (entity_code, username, serial_number, alias, location, postal_code, overall_status,
      core_service_status, machine_service_status, payment_service_status, reader_manager_status, model_number,
      last_activity_time, last_maintenance_time, vmc_type, vmc_port, payment_selections, is_active, capacity, stock,
      tags, general_settings, service_statuses, currency_code, created_at, updated_at)
    select m.entity_code, m.username || '-' || g, m.serial_number || '-' || g,
      m.alias || ' ' || g, m.location, m.postal_code, m.overall_status, m.core_service_status,
      m.machine_service_status, m.payment_service_status, m.reader_manager_status, m.model_number,
      m.last_activity_time, m.last_maintenance_time, m.vmc_type, m.vmc_port, m.payment_selections, m.is_active,
      m.capacity, m.stock, m.tags, m.general_settings, m.service_statuses, m.currency_code, m.created_at, m.updated_at
    from machine m cross join generate_series(1, ${sql.lit(copies)}) g
    where m.entity_code = 'VEND'`.execute(db)
  // As autovacuum would: the GIN pending list flushed, the visibility map set, statistics fresh.
  await sql`vacuum analyze machine`.execute(db)
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from machine
    where entity_code = 'VEND'`.execute(db)
  console.warn(
    `${rows[0]?.n ?? 0} VEND machines in ${SCHEMA} (${Math.round(nowMs() - started)} ms to multiply)`,
  )
}

interface Row {
  scenario: string
  indexes: boolean
  matches: number
  http: Summary
  raw: Summary
}

async function measure(db: Db, indexes: boolean): Promise<Row[]> {
  const app = await buildApp(testConfig(url, { logLevel: 'silent' }), {
    database: handle,
    migrate: false,
  })
  // Count computed on every request: what each search keystroke costs.
  app.counts = new CountCache(0)
  await app.ready()
  const login = await app.inject({
    method: 'POST',
    url: '/api/main/iam/login',
    payload: { username: 'vending', password: 'demo1234' },
  })
  const token = login.json<{ data: { token: string } }>().data.token
  const rows: Row[] = []
  for (const s of await scenarios(db)) {
    const filter: MachineFilter = { limit: 20, offset: 0, active_filter: 0, ...s.filter }
    const http = async () => {
      const reply = await app.inject({
        method: 'POST',
        url: '/api/main/iot/machines/filter',
        headers: { authorization: `Token ${token}` },
        payload: filter,
      })
      if (reply.statusCode !== 200) throw new Error(`${s.name}: ${reply.statusCode} ${reply.body}`)
      return reply
    }
    const counts = new CountCache(0)
    const raw = () => filterMachines(db, counts, 'VEND', filter)
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
    const first = await http()
    const matches = first.json<{ data: { count: number } }>().data.count
    rows.push({
      scenario: s.name,
      indexes,
      matches,
      http: summarize(httpSamples),
      raw: summarize(rawSamples),
    })
  }
  await app.close()
  return rows
}

const ms = (v: number) => round(v, 1).toFixed(1).padStart(7)

await admin(`drop schema if exists ${SCHEMA} cascade`)
await admin(`create schema ${SCHEMA}`)
const handle = openDatabase(url, { schema: SCHEMA })
try {
  await prepare(handle.db)
  const after = await measure(handle.db, true)
  for (const column of ['username', 'serial_number', 'alias', 'location', 'postal_code']) {
    await sql`drop index ${sql.id(trigramIndexName('machine', column))}`.execute(handle.db)
  }
  const before = await measure(handle.db, false)
  const { rows: load } = await sql<{ v: string }>`select version() as v`.execute(handle.db)
  console.log(`\n${MACHINES} machines, ${SAMPLES} samples a side, count computed on every request`)
  console.log(
    `PostgreSQL: ${load[0]?.v ?? '?'}; load average ${(await import('node:os'))
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  )
  console.log(
    `${'scenario'.padEnd(34)} ${'matches'.padStart(7)} | no index: http p50     p95  raw p50     p95 | trigram: http p50     p95  raw p50     p95`,
  )
  for (const a of after) {
    const b = before.find((r) => r.scenario === a.scenario)
    if (b === undefined) continue
    console.log(
      `${a.scenario.padEnd(34)} ${String(a.matches).padStart(7)} |          ${ms(b.http.p50)} ${ms(b.http.p95)}  ${ms(b.raw.p50)} ${ms(b.raw.p95)} |         ${ms(a.http.p50)} ${ms(a.http.p95)}  ${ms(a.raw.p50)} ${ms(a.raw.p95)}`,
    )
  }
} finally {
  await handle.destroy()
  await admin(`drop schema if exists ${SCHEMA} cascade`)
}
