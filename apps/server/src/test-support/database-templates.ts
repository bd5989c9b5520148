import { randomBytes } from 'node:crypto'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import pg from 'pg'
import type { DatabaseHandle, Dialect } from '../db/database'
import { openDatabase } from '../db/database'

/*
 * Migrating and seeding a test database took 0.8 s on SQLite and 3–4 s on PostgreSQL, and the server suites make
 * about 140 of them per run: minutes of a run whose budget is 20. Each content a suite asks for (the demo data at a
 * scale, or only the migrated schema) is therefore built once per run, as a template, and every suite gets a copy:
 * a file copy on SQLite, `CREATE DATABASE … TEMPLATE` on PostgreSQL (a database, not a schema, is what PostgreSQL
 * can copy). The copy is the suite's own, as a fresh database was: nothing one suite writes reaches another.
 *
 * Templates live as long as the run (PORTAL_TEST_RUN, set by global-setup.ts, which drops them at the end). Workers
 * build concurrently: on PostgreSQL an advisory lock per template makes one build while the others wait; on SQLite
 * each builder writes its own file and renames it into place, so a reader only ever sees a finished template.
 */

/** The schema every PostgreSQL copy opens: the same name in each database, as they are copies of one template. */
export const TEMPLATE_SCHEMA = 'portal'

export interface TemplatedDatabase {
  handle: DatabaseHandle
  /** The URL the copy is reached at (its own database on PostgreSQL), for a second connection a test opens. */
  url: string
  cleanup: () => Promise<void>
}

/** Fills an empty database with a template's content (migrations, then the seed). */
export type TemplateBuilder = (handle: DatabaseHandle) => Promise<void>

function runId(): string {
  const run = process.env.PORTAL_TEST_RUN
  if (!run) throw new Error('database templates need PORTAL_TEST_RUN (test-support/global-setup.ts sets it)')
  return run
}

/** A key as part of a file or database name: `scale-0.05` → `scale_0_05`. */
function nameOf(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '_')
}

/** A copy of the template `key`, built by `build` the first time any worker of this run asks for it. */
export async function templatedDatabase(
  dialect: Dialect,
  key: string,
  build: TemplateBuilder,
): Promise<TemplatedDatabase> {
  return dialect === 'sqlite' ? sqliteCopy(key, build) : postgresCopy(key, build)
}

// SQLite ----------------------------------------------------------------------------------------------------------

async function sqliteTemplate(key: string, build: TemplateBuilder): Promise<string> {
  const dir = join(tmpdir(), `portal-test-templates-${runId()}`)
  const file = join(dir, `${nameOf(key)}.sqlite`)
  if (existsSync(file)) return file
  mkdirSync(dir, { recursive: true })
  const building = join(
    dir,
    `${nameOf(key)}.${String(process.pid)}.${randomBytes(4).toString('hex')}.building`,
  )
  const handle = openDatabase(`sqlite:${building}`)
  try {
    await build(handle)
    // Out of write-ahead-log mode: the log is folded into the file, and the file alone is the database to copy.
    await sql`pragma journal_mode = delete`.execute(handle.db)
  } finally {
    await handle.destroy()
  }
  renameSync(building, file)
  return file
}

async function sqliteCopy(key: string, build: TemplateBuilder): Promise<TemplatedDatabase> {
  const template = await sqliteTemplate(key, build)
  const dir = mkdtempSync(join(tmpdir(), 'portal-test-'))
  const file = join(dir, 'test.sqlite')
  copyFileSync(template, file)
  const url = `sqlite:${file}`
  return {
    handle: openDatabase(url),
    url,
    cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
  }
}

// PostgreSQL ------------------------------------------------------------------------------------------------------

function baseUrl(): string {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  return url
}

/** The URL of another database on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(baseUrl())
  url.pathname = `/${name}`
  return url.toString()
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Runs a statement that needs a database nobody is connected to (copying or renaming it). A connection just closed
 * may keep its server process for a moment, which PostgreSQL reports as 55006 "being accessed by other users".
 */
async function whenUnused(client: pg.Client, statement: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await client.query(statement)
      return
    } catch (err) {
      if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err
      await sleep(100)
    }
  }
}

async function postgresTemplate(admin: pg.Client, key: string, build: TemplateBuilder): Promise<string> {
  const name = `tpl_${runId()}_${nameOf(key)}`
  const exists = async () =>
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1
  if (await exists()) return name
  await admin.query('select pg_advisory_lock(hashtext($1))', [name])
  try {
    if (await exists()) return name
    // Built under another name and renamed when complete: a worker that dies mid-build leaves no half template.
    const building = `tplb_${runId()}_${randomBytes(4).toString('hex')}`
    await admin.query(`create database ${building}`)
    const handle = openDatabase(databaseUrl(building), { schema: TEMPLATE_SCHEMA, poolSize: 4 })
    try {
      await handle.db.schema.createSchema(TEMPLATE_SCHEMA).execute()
      await build(handle)
    } finally {
      await handle.destroy()
    }
    await whenUnused(admin, `alter database ${building} rename to ${name}`)
    return name
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name])
  }
}

async function postgresCopy(key: string, build: TemplateBuilder): Promise<TemplatedDatabase> {
  const admin = new pg.Client({ connectionString: baseUrl() })
  await admin.connect()
  const name = `t_${runId()}_${randomBytes(6).toString('hex')}`
  try {
    const template = await postgresTemplate(admin, key, build)
    await whenUnused(admin, `create database ${name} template ${template}`)
  } finally {
    await admin.end()
  }
  const url = databaseUrl(name)
  return {
    handle: openDatabase(url, { schema: TEMPLATE_SCHEMA, poolSize: 4 }),
    url,
    // Dropped with the run's other databases at its end (global-setup.ts): a suite's late query never meets a
    // dropped database.
    cleanup: () => Promise.resolve(),
  }
}

/** Drops the databases a run made (its copies and templates); global-setup.ts calls it once every suite is done. */
export async function dropRunDatabases(admin: pg.Client, run: string): Promise<void> {
  const { rows } = await admin.query<{ name: string }>(
    `select datname as name from pg_database where datname like $1 or datname like $2 or datname like $3`,
    [`t\\_${run}\\_%`, `tpl\\_${run}\\_%`, `tplb\\_${run}\\_%`],
  )
  for (const { name } of rows) await admin.query(`drop database if exists "${name}" with (force)`)
}

/** Removes the run's SQLite templates. */
export function removeSqliteTemplates(run: string): void {
  rmSync(join(tmpdir(), `portal-test-templates-${run}`), { recursive: true, force: true })
}
