import SQLite from 'better-sqlite3'
import type { DatabaseHandle } from './database'

/** How long a starting instance waits for another one's migrations on SQLite (they take seconds, not minutes). */
const SQLITE_LOCK_WAIT_MS = 120_000

/**
 * Runs `fn` (migrate, optimize, seed) while no other instance starting on the same database does: the second one
 * waits, then finds the work done. PostgreSQL: a session advisory lock per schema, on a connection of its own so
 * that the work inside can use the whole pool. SQLite: an exclusive transaction on a sibling lock file, so that
 * the database file itself stays free for the migrations.
 */
export async function withStartupLock<T>(handle: DatabaseHandle, fn: () => Promise<T>): Promise<T> {
  if (handle.dialect === 'postgres') return withAdvisoryLock(handle, fn)
  const file = handle.file ?? ':memory:'
  // A memory database belongs to this process alone.
  if (file === ':memory:' || file === '') return fn()
  return withFileLock(`${file}.startup-lock`, fn)
}

async function withAdvisoryLock<T>(handle: DatabaseHandle, fn: () => Promise<T>): Promise<T> {
  if (!handle.newClient) throw new Error('the database handle cannot open a connection of its own')
  const client = handle.newClient()
  // A dropped connection releases the lock by itself; unheard, its 'error' event would end the process.
  client.on('error', () => undefined)
  await client.connect()
  try {
    const key = `portal-startup:${handle.schema ?? 'public'}`
    await client.query('select pg_advisory_lock(hashtext($1))', [key])
    try {
      return await fn()
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [key]).catch(() => undefined)
    }
  } finally {
    await client.end().catch(() => undefined)
  }
}

async function withFileLock<T>(lockFile: string, fn: () => Promise<T>): Promise<T> {
  const lock = new SQLite(lockFile)
  try {
    // better-sqlite3 waits synchronously on a busy database, which would freeze this process (and deadlock two
    // starts within one process, as tests do): no busy timeout, retried here without blocking instead.
    lock.pragma('busy_timeout = 0')
    const deadline = Date.now() + SQLITE_LOCK_WAIT_MS
    for (;;) {
      try {
        lock.exec('BEGIN EXCLUSIVE')
        break
      } catch (err) {
        if ((err as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() > deadline) throw err
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }
    try {
      return await fn()
    } finally {
      lock.exec('ROLLBACK')
    }
  } finally {
    lock.close()
  }
}
