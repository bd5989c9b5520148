import { once } from 'node:events'
import type pg from 'pg'
import { from as copyFrom } from 'pg-copy-streams'
import type { CopyStreamQuery } from 'pg-copy-streams'
import type { Cell } from './bulk-insert'

/*
 * PostgreSQL's fastest way in for millions of rows: `COPY … FROM STDIN` in text format, through pg-copy-streams (the
 * node-postgres project's streaming COPY client). Each table gets a connection and one COPY of its own that stays
 * open for the whole load, so PostgreSQL parses rows on one backend per table while this process generates the next
 * ones: the seed's generator and the database work on both cores at once instead of taking turns.
 *
 * Each COPY runs in a transaction of its own, so a table's rows commit together when the load finishes (`finish`); a
 * seed that dies half-way leaves those tables as they were, and is run again with --reset.
 */

interface OpenCopy {
  client: pg.Client
  stream: CopyStreamQuery
  /** Settles when PostgreSQL has taken the whole COPY (pg-copy-streams emits 'finish' after CommandComplete). */
  done: Promise<void>
  /** The first error the stream reported; writes after it fail at once. */
  failed: Error | null
}

/** COPY's text format: tab-separated, `\N` for null, and backslash, tab, newline and carriage return escaped. */
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }
const NEEDS_ESCAPE = /[\\\t\n\r]/
const ESCAPE_ALL = /[\\\t\n\r]/g

export function copyCell(cell: Cell): string {
  if (cell === null) return '\\N'
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new Error(`COPY: ${String(cell)} is not a storable number`)
    return String(cell)
  }
  return NEEDS_ESCAPE.test(cell) ? cell.replace(ESCAPE_ALL, (c) => ESCAPES[c] ?? c) : cell
}

/** Rows as COPY text: one line per row. */
export function copyLines(rows: readonly (readonly Cell[])[]): string {
  let text = ''
  for (const row of rows) {
    let line = ''
    for (let i = 0; i < row.length; i++) line += (i === 0 ? '' : '\t') + copyCell(row[i] ?? null)
    text += line + '\n'
  }
  return text
}

/** A function, not an inline check: `failed` is set by the stream's error event, between awaits. */
function throwIfFailed(open: OpenCopy): void {
  if (open.failed) throw open.failed
}

export class CopyLoad {
  private readonly open = new Map<string, Promise<OpenCopy>>()

  /** `newClient`: a connection outside the pool on the seed's database and schema (DatabaseHandle.newClient). */
  constructor(private readonly newClient: () => pg.Client) {}

  private async start(table: string, columns: readonly string[]): Promise<OpenCopy> {
    const client = this.newClient()
    await client.connect()
    await client.query('begin')
    const freeze = await this.truncateIfEmpty(client, table)
    const stream = client.query(
      copyFrom(`copy ${table} (${columns.join(',')}) from stdin${freeze ? ' (freeze)' : ''}`),
    )
    const open: OpenCopy = { client, stream, done: Promise.resolve(), failed: null }
    open.done = new Promise<void>((resolve, reject) => {
      stream.on('finish', resolve)
      stream.on('error', (err: Error) => {
        open.failed = err
        reject(err)
      })
    })
    // Read through `failed` and `finish`; an unheard rejection would end the process before `finish` reports it.
    open.done.catch(() => undefined)
    return open
  }

  /**
   * An empty table is truncated in the COPY's own transaction, which lets the COPY write its rows already frozen and
   * marked all-visible (COPY … FREEZE): the vacuum after the load then has nothing left to do on them, and the first
   * reads set no hint bits. A table that has rows, or that a foreign key still references (TRUNCATE refuses), is
   * written the ordinary way.
   */
  private async truncateIfEmpty(client: pg.Client, table: string): Promise<boolean> {
    const found = await client.query<{ empty: boolean }>(
      `select not exists (select 1 from ${table}) as empty`,
    )
    if (found.rows[0]?.empty !== true) return false
    await client.query('savepoint before_truncate')
    try {
      await client.query(`truncate ${table}`)
      return true
    } catch {
      await client.query('rollback to savepoint before_truncate')
      return false
    }
  }

  /** Appends rows to the table's COPY, waiting while PostgreSQL is behind (so memory stays flat). */
  async write(table: string, columns: readonly string[], rows: readonly (readonly Cell[])[]): Promise<void> {
    if (rows.length === 0) return
    const key = `${table}(${columns.join(',')})`
    let pending = this.open.get(key)
    if (!pending) {
      pending = this.start(table, columns)
      this.open.set(key, pending)
    }
    const open = await pending
    throwIfFailed(open)
    if (!open.stream.write(copyLines(rows))) await Promise.race([once(open.stream, 'drain'), open.done])
    // The stream may have failed while this waited.
    throwIfFailed(open)
  }

  /** Ends every COPY (each table's rows commit) and closes their connections. */
  async finish(): Promise<void> {
    const opened = await Promise.all(this.open.values())
    this.open.clear()
    let first: Error | null = null
    for (const open of opened) {
      try {
        if (!open.failed) open.stream.end()
        await open.done
        await open.client.query('commit')
      } catch (err) {
        first ??= err instanceof Error ? err : new Error('COPY failed', { cause: err })
      } finally {
        await open.client.end().catch(() => undefined)
      }
    }
    if (first !== null) throw first
  }

  /** Abandons every COPY: their connections close, so PostgreSQL rolls them back. */
  async abort(): Promise<void> {
    const opened = await Promise.allSettled(this.open.values())
    this.open.clear()
    for (const result of opened) {
      if (result.status !== 'fulfilled') continue
      result.value.stream.destroy()
      await result.value.client.end().catch(() => undefined)
    }
  }
}
