import { ExportJobStatus } from '@portal/contract'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import type { NewExportJobRow } from './export-job.table'
import type { ExportSource } from './export-source'
import { exportSourceOf } from './export-sources'
import { EXPORT_WRITE, exportFileKey, sweepExports, writeExport } from './export-write.job'
import { parseCsv, readXlsx } from './read-export-file'

interface Person {
  id: number
  name: string
  note: string | null
  amount: number
}

/** A source of awkward values, to check quoting and escaping column by column. */
const PEOPLE: Person[] = [
  { id: 1, name: 'Plain', note: null, amount: 0 },
  { id: 2, name: 'Comma, and "quotes"', note: 'two\r\nlines', amount: -12.5 },
  { id: 3, name: '=HYPERLINK("http://x")', note: '<b>&amp;</b>', amount: 1_000_000 },
  { id: 4, name: '中文 தமிழ் Melayu', note: '@mention', amount: 7 },
]

const people: ExportSource<{ fail_after?: number }, Person> = {
  key: 'people',
  title: 'People: test/list',
  permission: { app: 'iot', resource: 'machines/*', action: 'read' },
  filters: z.strictObject({ fail_after: z.number().int().optional() }),
  columns: [
    { header: 'id', value: (p) => p.id },
    { header: 'name', value: (p) => p.name },
    { header: 'note', value: (p) => p.note },
    { header: 'amount', value: (p) => p.amount },
  ],
  async *rows(_db, _scope, filters) {
    for (const [i, p] of PEOPLE.entries()) {
      if (filters.fail_after !== undefined && i >= filters.fail_after) {
        throw new Error('The list could not be read: connection reset')
      }
      await Promise.resolve()
      yield p
    }
  },
}

/** Never ends by itself: for the abort tests. */
const endless: ExportSource<Record<string, never>, number> = {
  ...(people as unknown as ExportSource<Record<string, never>, number>),
  key: 'endless',
  filters: z.strictObject({}),
  columns: [{ header: 'n', value: (n) => n }],
  async *rows() {
    for (let n = 0; ; n++) {
      await new Promise((resolve) => setImmediate(resolve))
      yield n
    }
  },
}

const sourceOf = (key: string) =>
  key === 'people'
    ? (people as unknown as ExportSource)
    : key === 'endless'
      ? (endless as unknown as ExportSource)
      : exportSourceOf(key)

describe.each(DIALECTS)('export.write and exports.sweep jobs on %s', (dialect) => {
  let t: TestApp
  let dir: string
  let userId: number

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-export-jobs-'))
    // The app's own queue runs the jobs, as in production.
    t = await createTestApp(dialect, {
      scale: 0.01,
      config: { exportsDir: dir, exportMaxPendingPerUser: 3 },
      build: { exports: { sourceOf } },
    })
    userId = (
      await t.database.db
        .selectFrom('app_user')
        .where('username', '=', 'vending')
        .select('id')
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const job = (over: Partial<NewExportJobRow> = {}): NewExportJobRow => ({
    uuid: randomUUID(),
    entity_code: 'VEND',
    requested_by: userId,
    source: 'people',
    format: 'csv',
    filters: '{}',
    scope_set_ids: null,
    status: ExportJobStatus.Pending,
    row_count: null,
    file_name: null,
    file_size: null,
    error_message: null,
    created_at: Date.now(),
    started_at: null,
    heartbeat_at: null,
    finished_at: null,
    ...over,
  })

  const insert = async (row: NewExportJobRow) => {
    const { id } = await t.database.db
      .insertInto('export_job')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id, uuid: row.uuid }
  }
  const read = (uuid: string) =>
    t.database.db.selectFrom('export_job').where('uuid', '=', uuid).selectAll().executeTakeFirstOrThrow()
  const stored = async (uuid: string, format = 'csv') => {
    const file = await t.app.storage.exports.get(exportFileKey({ uuid, format }))
    return file ? buffer(file.body) : null
  }
  const storedOrFail = async (uuid: string, format = 'csv') => {
    const bytes = await stored(uuid, format)
    if (bytes === null) throw new Error(`no stored file for ${uuid}`)
    return bytes
  }

  /** Enqueues export.write for each row on the app's queue and waits until every one has left Pending. */
  async function runUntilDone(rows: { id: number; uuid: string }[]) {
    for (const r of rows) await t.app.jobs.enqueue(EXPORT_WRITE, { export_id: r.id })
    const deadline = Date.now() + 10_000
    for (;;) {
      const done = await Promise.all(rows.map((r) => read(r.uuid)))
      if (done.every((r) => r.status !== ExportJobStatus.Pending)) return done
      if (Date.now() > deadline) throw new Error('jobs did not finish')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  it('writes a csv into the exports storage with the columns in order, quoted and formula-safe', async () => {
    const row = await insert(job())
    const [done] = await runUntilDone([row])
    expect(done).toMatchObject({ status: ExportJobStatus.Ready, row_count: 4, progress: 4, attempts: 1 })
    expect(done?.file_name).toMatch(/^people-\d{8}-\d{4}\.csv$/)
    const bytes = await storedOrFail(row.uuid)
    expect(done?.file_size).toBe(bytes.length)
    const text = bytes.toString('utf8')
    expect(text.startsWith('\uFEFFid,name,note,amount\r\n')).toBe(true)
    expect(parseCsv(text)).toEqual([
      ['id', 'name', 'note', 'amount'],
      ['1', 'Plain', '', '0'],
      ['2', 'Comma, and "quotes"', 'two\r\nlines', '-12.5'],
      ['3', `'=HYPERLINK("http://x")`, '<b>&amp;</b>', '1000000'],
      ['4', '中文 தமிழ் Melayu', "'@mention", '7'],
    ])
  })

  it('writes an xlsx that a reader finds the same cells in', async () => {
    const row = await insert(job({ format: 'xlsx' }))
    const [done] = await runUntilDone([row])
    expect(done).toMatchObject({ status: ExportJobStatus.Ready, row_count: 4 })
    const book = readXlsx(await storedOrFail(row.uuid, 'xlsx'))
    // Sheet names may not hold / or : (Excel refuses the file otherwise).
    expect(book.sheets).toEqual(['People  test list'])
    expect(book.rows[0]).toEqual([
      ['id', 'name', 'note', 'amount'],
      [1, 'Plain', '', 0],
      [2, 'Comma, and "quotes"', 'two\r\nlines', -12.5],
      // Inline strings are never formulas: the text is kept as typed.
      [3, '=HYPERLINK("http://x")', '<b>&amp;</b>', 1000000],
      [4, '中文 தமிழ் Melayu', '@mention', 7],
    ])
  })

  it('fails a job of an unknown source or with filters its source refuses, at once', async () => {
    const unknown = await insert(job({ source: 'nothing' }))
    const bad = await insert(job({ filters: JSON.stringify({ fail_after: 'x' }) }))
    const [a, b] = await runUntilDone([unknown, bad])
    expect(a).toMatchObject({
      status: ExportJobStatus.Failed,
      error_message: "Unknown export source 'nothing'",
    })
    expect(b?.status).toBe(ExportJobStatus.Failed)
    expect(b?.error_message).toMatch(/^The filters are no longer valid \(fail_after: /)
    expect(b?.attempts).toBe(0)
  })

  it('tries a failing job twice, then marks it Failed with the reason and stores no file', async () => {
    const row = await insert(job({ filters: JSON.stringify({ fail_after: 2 }) }))
    // The queue waits its backoff (2 s) before the second attempt.
    const [done] = await runUntilDone([row])
    expect(done).toMatchObject({ status: ExportJobStatus.Failed, attempts: 2 })
    expect(done?.error_message).toContain('The list could not be read: connection reset')
    expect(done?.finished_at).toBeGreaterThan(0)
    expect(await stored(row.uuid)).toBeNull()
  }, 10_000)

  it('stops writing when its signal aborts, removing its temporary file and storing nothing', async () => {
    const row = await insert(job({ source: 'endless' }))
    const parts = join(tmpdir(), 'portal-export-parts')
    const abort = new AbortController()
    const writing = writeExport(
      t.database.db,
      t.app.storage.exports,
      { export_id: row.id },
      { attempt: 1, signal: abort.signal },
      { sourceOf, progressEvery: 10 },
    )
    while ((await read(row.uuid)).progress < 10) await new Promise((resolve) => setTimeout(resolve, 5))
    // The file stream opens its file asynchronously: on a busy machine the first progress can be recorded before the
    // temporary file exists, so wait for it (the endless source keeps writing) rather than expect it at once.
    const partWritten = () => readdirSync(parts).some((f) => f.startsWith(row.uuid))
    for (const deadline = Date.now() + 5_000; !partWritten() && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 10))
    expect(partWritten()).toBe(true)
    abort.abort(new Error('The server is stopping'))
    await expect(writing).rejects.toThrow('The server is stopping')
    expect(readdirSync(parts).some((f) => f.startsWith(row.uuid))).toBe(false)
    expect(await stored(row.uuid)).toBeNull()
    expect(await read(row.uuid)).toMatchObject({ status: ExportJobStatus.Pending })
    await t.database.db.deleteFrom('export_job').where('id', '=', row.id).execute()
  })

  it('deletes finished exports after the retention, with their files, and abandoned .part files', async () => {
    const now = Date.now()
    const DAY = 86_400_000
    const old = await insert(job({ status: ExportJobStatus.Ready, finished_at: now - 8 * DAY }))
    const oldFailed = await insert(job({ status: ExportJobStatus.Failed, finished_at: now - 8 * DAY }))
    const recent = await insert(job({ status: ExportJobStatus.Ready, finished_at: now - 6 * DAY }))
    const waiting = await insert(job({ created_at: now - 30 * DAY }))
    for (const r of [old, recent])
      await t.app.storage.exports.put(exportFileKey({ ...r, format: 'csv' }), Buffer.from('x'))
    writeFileSync(join(dir, 'dead.csv.1234.part'), 'half')
    writeFileSync(join(dir, 'live.csv.5678.part'), 'half')
    const twoHoursAgo = (now - 2 * 3_600_000) / 1000
    utimesSync(join(dir, 'dead.csv.1234.part'), twoHoursAgo, twoHoursAgo)

    expect(await sweepExports(t.database.db, t.app.storage.exports, 7, now)).toBeGreaterThanOrEqual(2)
    const left = await t.database.db
      .selectFrom('export_job')
      .where('id', 'in', [old.id, oldFailed.id, recent.id, waiting.id])
      .select('id')
      .execute()
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, waiting.id].sort())
    expect(await stored(old.uuid)).toBeNull()
    expect(await stored(recent.uuid)).not.toBeNull()
    expect(existsSync(join(dir, 'dead.csv.1234.part'))).toBe(false)
    expect(existsSync(join(dir, 'live.csv.5678.part'))).toBe(true)
    await t.database.db.deleteFrom('export_job').where('id', 'in', [recent.id, waiting.id]).execute()
  })

  it('refuses a request past the per-user limit of pending exports with a 429', async () => {
    const token = await loginAs(t.app, 'vending')
    await t.database.db.deleteFrom('export_job').where('status', '=', ExportJobStatus.Pending).execute()
    // Pending rows with no job stay Pending: the user is at the limit (3 in this suite).
    for (let i = 0; i < 3; i++) await insert(job())
    const refused = await call(t.app, 'POST', '/api/main/exports', {
      token,
      body: { source: 'machines', format: 'csv', filters: {} },
    })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatchObject({ code: 'TOO_MANY_REQUESTS' })
    expect(refused.body.error.message).toMatch(/already have 3 exports waiting/)
    await t.database.db.deleteFrom('export_job').where('status', '=', ExportJobStatus.Pending).execute()
    const accepted = await call(t.app, 'POST', '/api/main/exports', {
      token,
      body: { source: 'machines', format: 'csv', filters: {} },
    })
    expect(accepted.status).toBe(200)
    // The request enqueued its job in the same transaction as the row.
    const jobs = await t.database.db
      .selectFrom('job')
      .where('kind', '=', EXPORT_WRITE)
      .select('payload')
      .execute()
    const id = (await read(accepted.body.data.export_job.uuid)).id
    expect(jobs.map((j) => JSON.parse(j.payload) as unknown)).toContainEqual({ export_id: id })
  })
})
