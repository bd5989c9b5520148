import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import pg from 'pg'
import type { DatabaseHandle, Dialect } from './server'
import { MACHINES_PER_SCALE, migrateToLatest, openDatabase, seedDemoData } from './server'

export const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url))
// A fresh checkout has no results folder (it is not committed): every bench writes into it, so make it here, once.
mkdirSync(RESULTS_DIR, { recursive: true })
/** The PostgreSQL schema holding the benchmark data, kept between runs like the SQLite file. */
export const PG_SCHEMA = 'bench_machines'
/** Fixed seed and reference time: the same data on every machine and every run. */
const SEED = 20261123
const SEED_NOW = Date.UTC(2026, 10, 23, 4, 0, 0)

export interface PreparedDatabase {
  dialect: Dialect
  url: string
  schema?: string
  /** Where the data lives, for the report. */
  location: string
  handle: DatabaseHandle
  reused: boolean
  seedMs: number
}

async function vendMachines(handle: DatabaseHandle): Promise<number> {
  try {
    const row = await handle.db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    const user = await handle.db
      .selectFrom('app_user')
      .where('username', '=', 'vending')
      .select('id')
      .executeTakeFirst()
    return user ? Number(row.n) : -1
  } catch {
    return -1
  }
}

async function seed(handle: DatabaseHandle, machines: number): Promise<number> {
  const started = Date.now()
  await migrateToLatest(handle.db)
  await seedDemoData(handle.db, {
    seed: SEED,
    now: SEED_NOW,
    scale: machines / MACHINES_PER_SCALE,
    withItems: false,
  })
  return Date.now() - started
}

async function prepareSqlite(machines: number, log: (line: string) => void): Promise<PreparedDatabase> {
  mkdirSync(RESULTS_DIR, { recursive: true })
  const file = `${RESULTS_DIR}machines.sqlite`
  const url = `sqlite:${file}`
  if (existsSync(file)) {
    const handle = openDatabase(url)
    await migrateToLatest(handle.db)
    const found = await vendMachines(handle)
    if (found === machines) return { dialect: 'sqlite', url, location: file, handle, reused: true, seedMs: 0 }
    await handle.destroy()
    log(`  ${file} holds ${found < 0 ? 'no usable data' : `${found} machines`}; seeding it again`)
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
  }
  log(`  seeding ${machines} VEND machines into ${file} ...`)
  const handle = openDatabase(url)
  const seedMs = await seed(handle, machines)
  // Fold the WAL into the main file so every run starts from the same on-disk state.
  await sql`pragma wal_checkpoint(truncate)`.execute(handle.db)
  return { dialect: 'sqlite', url, location: file, handle, reused: false, seedMs }
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}

async function preparePostgres(
  url: string,
  machines: number,
  log: (line: string) => void,
): Promise<PreparedDatabase> {
  const location = `${url.replace(/\/\/[^@/]*@/, '//')} schema ${PG_SCHEMA}`
  await adminQuery(url, `create schema if not exists ${PG_SCHEMA}`)
  const existing = openDatabase(url, { schema: PG_SCHEMA, poolSize: 4 })
  const found = await vendMachines(existing)
  if (found === machines) {
    await migrateToLatest(existing.db)
    return {
      dialect: 'postgres',
      url,
      schema: PG_SCHEMA,
      location,
      handle: existing,
      reused: true,
      seedMs: 0,
    }
  }
  await existing.destroy()
  if (found >= 0) log(`  schema ${PG_SCHEMA} holds ${found} machines; seeding it again`)
  await adminQuery(url, `drop schema if exists ${PG_SCHEMA} cascade; create schema ${PG_SCHEMA}`)
  log(`  seeding ${machines} VEND machines into ${location} ...`)
  const handle = openDatabase(url, { schema: PG_SCHEMA, poolSize: 4 })
  const seedMs = await seed(handle, machines)
  // What autovacuum would do shortly after a bulk load: statistics for the planner, a visibility map for
  // index-only scans. Measuring before it ran would measure a database no one runs for long.
  for (const table of ['machine', 'machine_set', 'resource_set', 'entity', 'app_user', 'membership'])
    await sql`vacuum analyze ${sql.table(table)}`.execute(handle.db)
  return { dialect: 'postgres', url, schema: PG_SCHEMA, location, handle, reused: false, seedMs }
}

export function prepareDatabase(
  dialect: Dialect,
  machines: number,
  pgUrl: string | undefined,
  log: (line: string) => void,
): Promise<PreparedDatabase> {
  if (dialect === 'sqlite') return prepareSqlite(machines, log)
  if (pgUrl === undefined) throw new Error('PostgreSQL needs BENCH_DATABASE_URL or TEST_DATABASE_URL')
  return preparePostgres(pgUrl, machines, log)
}
