import SQLite from 'better-sqlite3'
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import pg from 'pg'
import type { Config } from '../config/env'
import { dialectOf } from '../db/database'
import { extractTar, run } from './archive'
import type { BackupManifest } from './backup'
import { BACKUP_VERSION, PG_DUMP, SQLITE_DUMP } from './backup'

export interface RestoreOptions {
  /** Restore over a database that already holds tables (its data is replaced). */
  force?: boolean
  log?: (message: string) => void
}

/**
 * Puts a backup archive back: the database, then the files. Run it with the servers stopped; it refuses a
 * database that already has tables unless `force` (docs/decisions/0097-backups.md).
 */
export async function restore(
  config: Pick<Config, 'databaseUrl' | 'uploadsDir' | 'exportsDir' | 'storageUrl'>,
  archive: string,
  options: RestoreOptions = {},
): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined)
  if (!existsSync(archive)) throw new Error(`No such backup: ${archive}`)
  const dir = mkdtempSync(join(tmpdir(), 'portal-restore-'))
  try {
    await extractTar(archive, dir)
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as BackupManifest
    if (manifest.version !== BACKUP_VERSION) throw new Error(`Unknown backup version ${manifest.version}`)
    const dialect = dialectOf(config.databaseUrl)
    if (manifest.dialect !== dialect)
      throw new Error(`This backup is of a ${manifest.dialect} database; DATABASE_URL names a ${dialect} one`)

    if (dialect === 'sqlite')
      restoreSqlite(config.databaseUrl, join(dir, SQLITE_DUMP), options.force === true)
    else await restorePostgres(config.databaseUrl, join(dir, PG_DUMP), manifest, options.force === true)

    if (manifest.files === null) {
      log(
        "The backup holds no files (they were in S3): restore the bucket with the object store's own tools.",
      )
    } else if (config.storageUrl !== null) {
      log("Files are configured in S3 (PORTAL_STORAGE_URL): the backup's files/ folder was not copied there.")
    } else {
      copyInto(join(dir, 'files', 'uploads'), config.uploadsDir)
      copyInto(join(dir, 'files', 'exports'), config.exportsDir)
    }
    return manifest
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function copyInto(from: string, to: string): void {
  mkdirSync(to, { recursive: true })
  if (existsSync(from)) cpSync(from, to, { recursive: true })
}

function sqliteHasTables(file: string): boolean {
  if (!existsSync(file)) return false
  const sqlite = new SQLite(file, { readonly: true })
  try {
    const row = sqlite
      .prepare("select count(*) as n from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .get() as { n: number }
    return row.n > 0
  } finally {
    sqlite.close()
  }
}

function restoreSqlite(url: string, dump: string, force: boolean): void {
  const file = url.slice('sqlite:'.length)
  if (file === '' || file === ':memory:') throw new Error('Cannot restore into an in-memory SQLite database')
  const target = resolve(file)
  if (sqliteHasTables(target) && !force)
    throw new Error(`${target} already holds a database: stop the server and pass --force to replace it`)
  mkdirSync(dirname(target), { recursive: true })
  // A stale write-ahead log would be replayed over the restored file.
  for (const suffix of ['-wal', '-shm']) rmSync(`${target}${suffix}`, { force: true })
  copyFileSync(dump, target)
}

async function restorePostgres(url: string, dump: string, manifest: BackupManifest, force: boolean) {
  const schema = manifest.schema ?? 'public'
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const tables = await client.query<{ n: string }>(
      `select count(*)::text as n from information_schema.tables where table_schema = $1`,
      [schema],
    )
    if (Number(tables.rows[0]?.n ?? 0) > 0 && !force)
      throw new Error(
        `Schema ${schema} already holds tables: stop the servers and pass --force to replace them`,
      )
    // What the migrations install (pg_trgm, in public): a dump of one schema does not carry it.
    for (const name of manifest.extensions ?? []) {
      if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected extension name in the backup: ${name}`)
      await client.query(`create extension if not exists ${name} with schema public`)
    }
  } finally {
    await client.end()
  }
  // One transaction: a failed restore leaves the database as it was.
  await run('pg_restore', [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    dump,
  ])
}
