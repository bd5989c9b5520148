import SQLite from 'better-sqlite3'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testConfig } from '../config/env'
import type { DatabaseHandle } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { seedDemoData } from '../seed/seed'
import { DIALECTS, freshDatabase, TEST_NOW } from '../test-support'
import { backup, postgresCounts, sqliteCounts } from './backup'
import { restore } from './restore'

async function countsOf(handle: DatabaseHandle, url: string): Promise<Record<string, number>> {
  if (handle.dialect === 'sqlite') {
    const sqlite = new SQLite(url.slice('sqlite:'.length), { readonly: true })
    try {
      return sqliteCounts(sqlite)
    } finally {
      sqlite.close()
    }
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await postgresCounts(client, handle.schema ?? 'public')
  } finally {
    await client.end()
  }
}

describe.each(DIALECTS)('backup and restore (%s)', (dialect) => {
  let source: Awaited<ReturnType<typeof freshDatabase>>
  let dir: string
  const extraDatabases: string[] = []

  beforeAll(async () => {
    source = await freshDatabase(dialect)
    await migrateToLatest(source.handle.db)
    await seedDemoData(source.handle.db, { seed: 7, now: TEST_NOW, scale: 0.01 })
    dir = mkdtempSync(join(tmpdir(), 'portal-backup-test-'))
  })
  afterAll(async () => {
    await source?.handle.destroy()
    await source?.cleanup()
    if (extraDatabases.length > 0) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      for (const name of extraDatabases) await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it('round-trips the database and the files while writes go on', async () => {
    const uploadsDir = join(dir, 'uploads')
    const exportsDir = join(dir, 'exports')
    mkdirSync(join(uploadsDir, 'logos'), { recursive: true })
    mkdirSync(exportsDir, { recursive: true })
    writeFileSync(join(uploadsDir, 'logos', 'a.png'), 'png bytes')
    writeFileSync(join(exportsDir, 'e.csv'), 'a,b\n1,2\n')
    const sourceSchema = source.handle.schema
    const sourceUrl = source.url
    const config = testConfig(sourceUrl, { uploadsDir, exportsDir })

    // A writer inserting rows one by one, each committed before the next, for the whole backup.
    let committed = 0
    let writing = true
    const writer = (async () => {
      while (writing) {
        await source.handle.db
          .insertInto('login_failure')
          .values({ key: `k${committed}`, at: committed })
          .execute()
        committed += 1
        // Like requests, each write is its own event: SQLite's driver resolves in microtasks, which alone would
        // never let the backup's steps run.
        await new Promise((resolve) => setImmediate(resolve))
      }
    })()
    while (committed < 20) await new Promise((resolve) => setImmediate(resolve))
    const committedBefore = committed
    const out = join(dir, 'backup.tar')
    const manifest = await backup(config, out, { schema: sourceSchema })
    writing = false
    await writer

    expect(manifest.dialect).toBe(dialect)
    expect(manifest.files).toEqual({ uploads: 1, exports: 1 })
    expect(manifest.counts.login_failure).toBeGreaterThanOrEqual(committedBefore)
    expect(manifest.counts.machine).toBeGreaterThan(0)

    // Into a fresh database and fresh folders.
    let targetUrl: string
    let targetHandle: DatabaseHandle
    if (dialect === 'sqlite') {
      targetUrl = `sqlite:${join(dir, 'restored', 'portal.sqlite')}`
      targetHandle = { dialect: 'sqlite' } as DatabaseHandle
    } else {
      const name = `portal_restore_${randomBytes(5).toString('hex')}`
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      await admin.query(`create database ${name}`)
      await admin.end()
      extraDatabases.push(name)
      const url = new URL(process.env.TEST_DATABASE_URL ?? '')
      url.pathname = `/${name}`
      targetUrl = url.toString()
      targetHandle = { dialect: 'postgres', schema: sourceSchema } as DatabaseHandle
    }
    const target = testConfig(targetUrl, {
      uploadsDir: join(dir, 'r-uploads'),
      exportsDir: join(dir, 'r-exports'),
    })
    await restore(target, out)

    expect(await countsOf(targetHandle, targetUrl)).toEqual(manifest.counts)
    const sourceCounts = await countsOf(source.handle, sourceUrl)
    for (const [table, n] of Object.entries(sourceCounts)) {
      if (table !== 'login_failure') expect(manifest.counts[table], table).toBe(n)
    }
    expect(readFileSync(join(dir, 'r-uploads', 'logos', 'a.png'), 'utf8')).toBe('png bytes')
    expect(readFileSync(join(dir, 'r-exports', 'e.csv'), 'utf8')).toBe('a,b\n1,2\n')

    // A database that holds tables is replaced only when asked to.
    await expect(restore(target, out)).rejects.toThrow(/--force/)
    await restore(target, out, { force: true })
    expect(await countsOf(targetHandle, targetUrl)).toEqual(manifest.counts)
  }, 30_000)
})
