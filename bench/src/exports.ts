/**
 * npm run bench:exports -w @portal/bench [-- --dialect sqlite|postgres|all] [--rows N]
 *
 * Export jobs at 1,000,000 machines (the target: csv at >= 100,000 rows/s, peak memory < 300 MB): the
 * export.write job handler writes a machines export of VEND, csv then xlsx, each in a child process of its own so its peak
 * memory is measured alone. Reported, never enforced.
 */
import { fork } from 'node:child_process'
import { createReadStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { sql } from 'kysely'
import pg from 'pg'
import type { ExportChildMessage, ExportJobOptions, ExportJobResult } from './export-ipc'
import { RESULTS_DIR } from './prepare'
import type { DatabaseHandle, Dialect } from './server'
import { migrateToLatest, openDatabase, seedDemoData } from './server'

const { values } = parseArgs({
  options: {
    dialect: { type: 'string', default: process.env.BENCH_DIALECT ?? 'all' },
    rows: { type: 'string', default: process.env.BENCH_EXPORT_ROWS ?? '1000000' },
  },
})
const ROWS = Number(values.rows)
const PG_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const PG_SCHEMA = 'bench_exports'
const TARGET_ROWS_PER_S = 100_000
const TARGET_PEAK_MB = 300
const log = (line: string) => process.stdout.write(`${line}\n`)

async function vendMachines(handle: DatabaseHandle): Promise<number> {
  try {
    const row = await handle.db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    return Number(row.n)
  } catch {
    return -1
  }
}

const COLUMNS = sql.raw(
  'entity_code, username, serial_number, alias, location, postal_code, overall_status, core_service_status, ' +
    'machine_service_status, payment_service_status, reader_manager_status, model_number, last_activity_time, ' +
    'last_maintenance_time, vmc_type, vmc_port, payment_selections, is_active, capacity, stock, tags, ' +
    'general_settings, service_statuses, currency_code, created_at, updated_at',
)

/**
 * The demo accounts and sets (a small seed), then `rows` machines made in one statement from a seeded template
 * machine, varied by number (names, statuses, stock, times), with a third of them in a set: what the export reads
 * per row (set names included) is what a real entity would make it read.
 */
async function fill(handle: DatabaseHandle, dialect: Dialect, rows: number): Promise<number> {
  const started = Date.now()
  await migrateToLatest(handle.db)
  await seedDemoData(handle.db, {
    seed: 20261123,
    now: Date.UTC(2026, 10, 23, 4),
    scale: 0.005,
    withItems: false,
  })
  await handle.db.deleteFrom('machine_set').execute()
  await handle.db.deleteFrom('machine').where('entity_code', '=', 'VEND').execute()
  const numbers =
    dialect === 'sqlite'
      ? sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${rows}) select i from n`
      : sql`select generate_series(1, ${rows}) as i`
  const pad = dialect === 'sqlite' ? sql`printf('%08d', n.i)` : sql`lpad(n.i::text, 8, '0')`
  // SQLite stores the comparison's 0/1 as is; PostgreSQL needs the boolean cast to an integer.
  const active = dialect === 'sqlite' ? sql`n.i % 10 <> 0` : sql`(n.i % 10 <> 0)::int`
  await sql`
    insert into machine (${COLUMNS})
    select 'VEND', 'vm' || ${pad}, 'SN-' || ${pad}, 'Kiosk ' || n.i || ', "Level ' || (n.i % 9) || '"',
      t.location, t.postal_code, 1 + n.i % 8, t.core_service_status, t.machine_service_status,
      t.payment_service_status, t.reader_manager_status, t.model_number, t.last_activity_time - n.i * 1000,
      t.last_maintenance_time, t.vmc_type, t.vmc_port, t.payment_selections, ${active}, t.capacity,
      n.i % 120, t.tags, t.general_settings, t.service_statuses, t.currency_code, t.created_at, t.updated_at
    from (${numbers}) n, (select * from machine where entity_code <> 'VEND' limit 1) t
  `.execute(handle.db)
  await sql`
    insert into machine_set (machine_id, set_id)
    select m.id, s.id from machine m, (select min(id) as id from resource_set where entity_code = 'VEND') s
    where m.entity_code = 'VEND' and m.id % 3 = 0
  `.execute(handle.db)
  if (dialect === 'postgres') {
    for (const table of ['machine', 'machine_set', 'resource_set'])
      await sql`vacuum analyze ${sql.table(table)}`.execute(handle.db)
  } else {
    await sql`pragma wal_checkpoint(truncate)`.execute(handle.db)
  }
  return Date.now() - started
}

async function prepare(dialect: Dialect): Promise<{ url: string; schema?: string; handle: DatabaseHandle }> {
  mkdirSync(RESULTS_DIR, { recursive: true })
  if (dialect === 'sqlite') {
    const file = `${RESULTS_DIR}exports.sqlite`
    const url = `sqlite:${file}`
    let handle = openDatabase(url)
    if (existsSync(file) && (await vendMachines(handle)) === ROWS) return { url, handle }
    await handle.destroy()
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
    handle = openDatabase(url)
    log(`  filling ${file} with ${ROWS.toLocaleString('en')} VEND machines ...`)
    log(`  done in ${((await fill(handle, dialect, ROWS)) / 1000).toFixed(1)} s`)
    return { url, handle }
  }
  if (!PG_URL) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL for PostgreSQL')
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`create schema if not exists ${PG_SCHEMA}`)
  let handle = openDatabase(PG_URL, { schema: PG_SCHEMA, poolSize: 2 })
  if ((await vendMachines(handle)) === ROWS) {
    await admin.end()
    await migrateToLatest(handle.db)
    return { url: PG_URL, schema: PG_SCHEMA, handle }
  }
  await handle.destroy()
  await admin.query(`drop schema if exists ${PG_SCHEMA} cascade; create schema ${PG_SCHEMA}`)
  await admin.end()
  handle = openDatabase(PG_URL, { schema: PG_SCHEMA, poolSize: 2 })
  log(`  filling schema ${PG_SCHEMA} with ${ROWS.toLocaleString('en')} VEND machines ...`)
  log(`  done in ${((await fill(handle, dialect, ROWS)) / 1000).toFixed(1)} s`)
  return { url: PG_URL, schema: PG_SCHEMA, handle }
}

function runChild(options: ExportJobOptions): Promise<ExportJobResult> {
  const child = fork(fileURLToPath(new URL('./children/export-job.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  return new Promise((resolve, reject) => {
    child.on('message', (m: ExportChildMessage) => {
      if (m.type === 'result') resolve(m.result)
      else reject(new Error(m.message))
    })
    child.once('exit', (code) => reject(new Error(`export child exited with ${String(code)}`)))
    child.send(options)
  })
}

/** Counts the file's lines by streaming it, so the check itself stays light. */
async function csvLines(file: string): Promise<number> {
  let lines = 0
  for await (const chunk of createReadStream(file)) {
    for (const byte of chunk as Buffer) if (byte === 10) lines++
  }
  return lines
}

const dialects: Dialect[] =
  values.dialect === 'all' ? (PG_URL ? ['sqlite', 'postgres'] : ['sqlite']) : [values.dialect as Dialect]
const dir = `${RESULTS_DIR}export-files`
mkdirSync(dir, { recursive: true })
for (const dialect of dialects) {
  log(`\nExport jobs on ${dialect}: ${ROWS.toLocaleString('en')} machines`)
  const { url, schema, handle } = await prepare(dialect)
  await handle.destroy()
  const results: ExportJobResult[] = []
  for (const format of ['csv', 'xlsx'] as const) {
    const r = await runChild({ url, ...(schema ? { schema } : {}), format, dir })
    if (r.rows !== ROWS) throw new Error(`${format}: ${String(r.rows)} rows, expected ${String(ROWS)}`)
    if (format === 'csv' && (await csvLines(r.file)) !== ROWS + 1) throw new Error('csv line count is wrong')
    results.push(r)
    rmSync(r.file, { force: true })
  }
  log(
    `  load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${String(cpus().length)} CPUs`,
  )
  log(
    '| format | rows | seconds | rows/s | CPU s | rows per CPU s | file MB | private before | private peak | peak RSS (with mapped db) | peak heap | target |',
  )
  log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |')
  for (const r of results) {
    const speed =
      r.format === 'csv'
        ? `rows/s ${(r.rowsPerSecond / TARGET_ROWS_PER_S).toFixed(2)}x of 100k (per CPU s ${(r.rowsPerCpuSecond / TARGET_ROWS_PER_S).toFixed(2)}x); `
        : ''
    const memory = `private peak ${r.peakPrivateMb < TARGET_PEAK_MB ? 'under' : 'OVER'} 300 MB`
    log(
      `| ${r.format} | ${r.rows.toLocaleString('en')} | ${r.seconds.toFixed(2)} | ${r.rowsPerSecond.toLocaleString('en')} | ` +
        `${r.cpuSeconds.toFixed(1)} | ${r.rowsPerCpuSecond.toLocaleString('en')} | ` +
        `${String(r.fileMb)} | ${String(r.baselinePrivateMb)} MB | ${String(r.peakPrivateMb)} MB | ${String(r.peakRssMb)} MB | ` +
        `${String(r.peakHeapMb)} MB | ${speed}${memory} |`,
    )
  }
  writeFileSync(
    `${RESULTS_DIR}exports-${dialect}.json`,
    `${JSON.stringify({ node: process.version, cpu: cpus()[0]?.model, cpus: cpus().length, loadavg: loadavg(), at: new Date().toISOString(), rows: ROWS, results }, null, 2)}\n`,
  )
}
