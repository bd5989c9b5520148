import { ExportJobStatus } from '@portal/contract'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { buildApp } from '../../app'
import { testConfig } from '../../config/env'
import type { TestApp } from '../../test-support'
import { createTestApp, DIALECTS } from '../../test-support'
import type { NewExportJobRow } from './export-job.table'
import { ExportRunner, jobFilePath } from './export-runner'
import type { ExportSource } from './export-source'
import { exportSourceOf } from './export-sources'
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

const sourceOf = (key: string) =>
  key === 'people' ? (people as unknown as ExportSource) : exportSourceOf(key)

describe.each(DIALECTS)('export runner on %s', (dialect) => {
  let t: TestApp
  let dir: string
  let userId: number

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01, build: { exports: false } })
    dir = mkdtempSync(join(tmpdir(), 'portal-export-runner-'))
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
    await t.database.db.insertInto('export_job').values(row).execute()
    return row.uuid
  }
  const read = (uuid: string) =>
    t.database.db.selectFrom('export_job').where('uuid', '=', uuid).selectAll().executeTakeFirstOrThrow()

  /** Runs the runner until every given job has left Pending, then stops it. */
  async function runUntilDone(uuids: string[], options: { staleMs?: number } = {}) {
    const runner = new ExportRunner(t.database.db, { dir, pollMs: 10, sourceOf, ...options })
    runner.start()
    const deadline = Date.now() + 10_000
    try {
      for (;;) {
        const rows = await Promise.all(uuids.map(read))
        if (rows.every((r) => r.status !== ExportJobStatus.Pending)) return rows
        if (Date.now() > deadline) throw new Error('jobs did not finish')
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    } finally {
      await runner.stop()
    }
  }

  it('writes a csv with the columns in order, quoted and formula-safe', async () => {
    const uuid = await insert(job())
    const [done] = await runUntilDone([uuid])
    expect(done).toMatchObject({ status: ExportJobStatus.Ready, row_count: 4, progress: 4, attempts: 1 })
    expect(done?.file_name).toMatch(/^people-\d{8}-\d{4}\.csv$/)
    const bytes = readFileSync(jobFilePath(dir, { uuid, format: 'csv' }))
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
    const uuid = await insert(job({ format: 'xlsx' }))
    const [done] = await runUntilDone([uuid])
    expect(done).toMatchObject({ status: ExportJobStatus.Ready, row_count: 4 })
    const book = readXlsx(readFileSync(jobFilePath(dir, { uuid, format: 'xlsx' })))
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

  it('marks a job Failed with the reason when its source fails, and leaves no file', async () => {
    const uuid = await insert(job({ filters: JSON.stringify({ fail_after: 2 }) }))
    const [done] = await runUntilDone([uuid])
    expect(done).toMatchObject({
      status: ExportJobStatus.Failed,
      error_message: 'The list could not be read: connection reset',
    })
    expect(done?.finished_at).toBeGreaterThan(0)
    expect(() => readFileSync(`${jobFilePath(dir, { uuid, format: 'csv' })}.part`)).toThrow()
  })

  it('fails a job of an unknown source or with filters its source refuses', async () => {
    const unknown = await insert(job({ source: 'nothing' }))
    const bad = await insert(job({ filters: JSON.stringify({ fail_after: 'x' }) }))
    const [a, b] = await runUntilDone([unknown, bad])
    expect(a).toMatchObject({
      status: ExportJobStatus.Failed,
      error_message: "Unknown export source 'nothing'",
    })
    expect(b?.status).toBe(ExportJobStatus.Failed)
    expect(b?.error_message).toMatch(/^The filters are no longer valid \(fail_after: /)
  })

  it('restarts once a job that a stopped server left in progress, then marks it Failed', async () => {
    const long_ago = Date.now() - 10 * 60_000
    const inProgress = { started_at: long_ago, heartbeat_at: long_ago, progress: 2 }
    const first = await insert(job({ ...inProgress, attempts: 1 }))
    const second = await insert(job({ ...inProgress, attempts: 2 }))
    const fresh = Date.now()
    // Still being written by another server (recent heartbeat): left alone.
    const busy = await insert(job({ started_at: fresh, heartbeat_at: fresh, attempts: 1 }))
    const [retried, given] = await runUntilDone([first, second])
    expect(retried).toMatchObject({ status: ExportJobStatus.Ready, attempts: 2, row_count: 4 })
    expect(given).toMatchObject({ status: ExportJobStatus.Failed, attempts: 2 })
    expect(given?.error_message).toMatch(/server stopped while writing this export/)
    expect(await read(busy)).toMatchObject({ status: ExportJobStatus.Pending, started_at: fresh })
    await t.database.db.deleteFrom('export_job').where('uuid', '=', busy).execute()
  })

  it('picks up an abandoned job when the app starts, and stops cleanly', async () => {
    const long_ago = Date.now() - 10 * 60_000
    const uuid = await insert(
      job({ source: 'machines', started_at: long_ago, heartbeat_at: long_ago, attempts: 1 }),
    )
    const app = await buildApp(testConfig('sqlite::memory:', { exportsDir: dir }), {
      database: t.database,
      migrate: false,
      exports: { pollMs: 10 },
    })
    await app.ready()
    const deadline = Date.now() + 10_000
    while ((await read(uuid)).status === ExportJobStatus.Pending && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await app.close()
    const done = await read(uuid)
    expect(done).toMatchObject({ status: ExportJobStatus.Ready, attempts: 2 })
    const rows = parseCsv(readFileSync(jobFilePath(dir, { uuid, format: 'csv' }), 'utf8'))
    const machines = await t.database.db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(rows.length - 1).toBe(Number(machines.n))
    expect(done.row_count).toBe(Number(machines.n))
  })

  it('puts the job it is writing back in the queue when stopped, without counting the attempt', async () => {
    const slow: ExportSource<Record<string, never>, number> = {
      ...(people as unknown as ExportSource<Record<string, never>, number>),
      key: 'slow',
      filters: z.strictObject({}),
      columns: [{ header: 'n', value: (n) => n }],
      async *rows() {
        for (let n = 0; ; n++) {
          await new Promise((resolve) => setTimeout(resolve, 1))
          yield n
        }
      },
    }
    const uuid = await insert(job({ source: 'slow' }))
    const runner = new ExportRunner(t.database.db, {
      dir,
      pollMs: 10,
      sourceOf: (key) => (key === 'slow' ? (slow as unknown as ExportSource) : undefined),
    })
    runner.start()
    while ((await read(uuid)).started_at === null) await new Promise((resolve) => setTimeout(resolve, 10))
    await runner.stop()
    expect(await read(uuid)).toMatchObject({ status: ExportJobStatus.Pending, started_at: null, attempts: 0 })
    await t.database.db.deleteFrom('export_job').where('uuid', '=', uuid).execute()
  })
})
