import SQLite from 'better-sqlite3'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { Config } from '../config/env'
import { dialectOf } from '../db/database'
import type { Dialect } from '../db/database'
import { copyFolder, run, writeTar } from './archive'

/** The archive's format; restore refuses a version it does not know. */
export const BACKUP_VERSION = 1

export interface BackupManifest {
  version: number
  dialect: Dialect
  created_at: string
  /** PostgreSQL: the schema dumped (restore recreates it under the same name). */
  schema?: string
  /**
   * PostgreSQL: the extensions installed (pg_trgm lives in public); a dump of one schema leaves them out, so
   * restore creates them first.
   */
  extensions?: string[]
  /** Rows per table, as the dump holds them. */
  counts: Record<string, number>
  /** Files included per folder; null when the files live in S3 (backed up by the object store's own tools). */
  files: { uploads: number; exports: number } | null
}

export interface BackupOptions {
  /** PostgreSQL: dump only this schema (tests isolate each suite in one); default the whole database. */
  schema?: string
  log?: (message: string) => void
}

export const SQLITE_DUMP = 'database.sqlite'
export const PG_DUMP = 'database.pgdump'

/**
 * One archive (tar) holding manifest.json, the database and files/uploads + files/exports. Consistent while the
 * server writes: SQLite's online backup API, pg_dump's single snapshot (docs/decisions/0097-backups.md).
 */
export async function backup(
  config: Pick<Config, 'databaseUrl' | 'uploadsDir' | 'exportsDir' | 'storageUrl'>,
  outFile: string,
  options: BackupOptions = {},
): Promise<BackupManifest> {
  const log = options.log ?? (() => undefined)
  const dialect = dialectOf(config.databaseUrl)
  const stage = mkdtempSync(join(tmpdir(), 'portal-backup-'))
  try {
    const { counts, extensions } =
      dialect === 'sqlite'
        ? { counts: await backupSqlite(config.databaseUrl, join(stage, SQLITE_DUMP)), extensions: undefined }
        : await backupPostgres(config.databaseUrl, join(stage, PG_DUMP), options.schema)
    let files: BackupManifest['files'] = null
    if (config.storageUrl === null) {
      files = {
        uploads: copyFolder(config.uploadsDir, join(stage, 'files', 'uploads')),
        exports: copyFolder(config.exportsDir, join(stage, 'files', 'exports')),
      }
    } else {
      log(
        "Files are in S3 (PORTAL_STORAGE_URL): back the bucket up with the object store's own tools; this backup holds the database only.",
      )
    }
    const manifest: BackupManifest = {
      version: BACKUP_VERSION,
      dialect,
      created_at: new Date().toISOString(),
      ...(dialect === 'postgres' ? { schema: options.schema ?? 'public', extensions } : {}),
      counts,
      files,
    }
    writeFileSync(join(stage, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
    await writeTar(stage, outFile)
    return manifest
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

/** Rows per user table of an SQLite database. */
export function sqliteCounts(sqlite: SQLite.Database): Record<string, number> {
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
    .all() as { name: string }[]
  const counts: Record<string, number> = {}
  for (const { name } of tables) {
    const row = sqlite.prepare(`select count(*) as n from "${name.replaceAll('"', '""')}"`).get() as {
      n: number
    }
    counts[name] = row.n
  }
  return counts
}

async function backupSqlite(url: string, dest: string): Promise<Record<string, number>> {
  const file = url.slice('sqlite:'.length)
  if (file === '' || file === ':memory:') throw new Error('An in-memory SQLite database cannot be backed up')
  const source = new SQLite(file, { fileMustExist: true })
  try {
    // The online backup API copies a consistent state; copying the file itself while the server writes loses
    // committed rows. In small steps it starts over whenever another connection writes between two steps, so a
    // busy server would starve it: each step copies every page at once (one short read transaction under WAL).
    await source.backup(dest, { progress: ({ totalPages }) => totalPages })
  } finally {
    source.close()
  }
  const copy = new SQLite(dest, { readonly: true })
  try {
    return sqliteCounts(copy)
  } finally {
    copy.close()
  }
}

/** Rows per table of a PostgreSQL schema, counted by the given client (in its transaction's snapshot). */
export async function postgresCounts(client: pg.Client, schema: string): Promise<Record<string, number>> {
  const tables = await client.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = $1 and table_type = 'BASE TABLE' order by table_name`,
    [schema],
  )
  const counts: Record<string, number> = {}
  for (const { name } of tables.rows) {
    const ident = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`
    const result = await client.query<{ n: string }>(`select count(*)::text as n from ${ident}`)
    counts[name] = Number(result.rows[0]?.n ?? 0)
  }
  return counts
}

async function backupPostgres(
  url: string,
  dest: string,
  schema?: string,
): Promise<{ counts: Record<string, number>; extensions: string[] }> {
  // The counts and the dump read one snapshot: the transaction exports it and pg_dump uses it.
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('begin isolation level repeatable read read only')
    const snapshot = (await client.query<{ s: string }>('select pg_export_snapshot() as s')).rows[0]?.s ?? ''
    const args = ['-Fc', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, '-f', dest]
    if (schema) args.push('-n', schema)
    args.push(`--dbname=${url}`)
    await run('pg_dump', args)
    const counts = await postgresCounts(client, schema ?? 'public')
    const extensions = await client.query<{ name: string }>(
      `select extname as name from pg_extension where extname <> 'plpgsql' order by extname`,
    )
    await client.query('commit')
    return { counts, extensions: extensions.rows.map((r) => r.name) }
  } finally {
    await client.end()
  }
}
