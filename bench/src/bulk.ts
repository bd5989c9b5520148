/**
 * npm run bench:bulk -w @portal/bench [-- --rows 10000]
 *
 * Issue 18's bulk actions: the throughput of a bulk action run as a job. `--rows` machines of the vending operator
 * are added to a set through `POST /api/main/bulk-actions` ("all N matching the filter"), and the job is followed
 * through `GET /api/main/bulk-actions/{id}` until it is done. Reported: rows per second, against the floor: the same
 * rows inserted straight into the database in batches of 500, in one transaction (no permission checks, no per-row
 * report, no audit, no resumable progress).
 *
 * A fresh SQLite file (bench/results/bulk.sqlite): the demo data at a small scale, plus `--rows` machines copied from
 * one of the operator's; the server runs in a child process with its job queue.
 */
import { mkdirSync, rmSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { startApiServer } from './children'
import { RESULTS_DIR } from './prepare'
import { table } from './report'
import { migrateToLatest, openDatabase, seedDemoData } from './server'

const { values } = parseArgs({
  options: { rows: { type: 'string', default: process.env.BENCH_BULK_ROWS ?? '10000' } },
})
const N = Number(values.rows)
const PREFIX = 'BULKB-'
const log = (line: string) => console.log(line)

mkdirSync(RESULTS_DIR, { recursive: true })
const file = `${RESULTS_DIR}bulk.sqlite`
for (const suffix of ['', '-wal', '-shm', '.startup-lock']) rmSync(file + suffix, { force: true })
const url = `sqlite:${file}`
let handle = openDatabase(url)
await migrateToLatest(handle.db)
await seedDemoData(handle.db, { seed: 20261130, now: Date.now(), scale: 0.02 })
const template = await handle.db
  .selectFrom('machine')
  .where('entity_code', '=', 'VEND')
  .selectAll()
  .orderBy('id')
  .executeTakeFirstOrThrow()
const { id: _id, ...copy } = template
for (let i = 0; i < N; i += 500) {
  const batch = Array.from({ length: Math.min(500, N - i) }, (_, j) => ({
    ...copy,
    serial_number: `${PREFIX}${String(i + j).padStart(6, '0')}`,
    alias: `Bulk bench ${String(i + j)}`,
  }))
  await handle.db.insertInto('machine').values(batch).execute()
}
const newSet = async (code: string) =>
  (
    await handle.db
      .insertInto('resource_set')
      .values({ entity_code: 'VEND', code, name: code, parent_id: null, created_at: Date.now() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id
const setId = await newSet('bulk-bench')
const floorSetId = await newSet('bulk-floor')
const ids = (
  await handle.db
    .selectFrom('machine')
    .where('entity_code', '=', 'VEND')
    .where('serial_number', 'like', `${PREFIX}%`)
    .select('id')
    .execute()
).map((r) => r.id)
await handle.destroy()
log(`bulk actions: ${String(ids.length)} machines to add to a set (SQLite, ${file})`)

const server = await startApiServer({ url, accessTokenTtlS: 86_400 })
let jobMs = 0
let rows = 0
let failed = 0
try {
  const base = `http://127.0.0.1:${String(server.port)}/api/main`
  const login = (await (
    await fetch(`${base}/iam/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'vending', password: 'demo1234' }),
    })
  ).json()) as { data: { token: string } }
  const headers = { 'content-type': 'application/json', authorization: `Token ${login.data.token}` }
  const started = performance.now()
  const answer = (await (
    await fetch(`${base}/bulk-actions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        list: 'machines',
        action: 'add-to-set',
        params: { set_id: setId },
        filter: { search_key: 'serial_number', search_value: PREFIX },
      }),
    })
  ).json()) as { data?: { bulk: { id: number | string; status: string; total: number } }; error?: unknown }
  if (!answer.data) throw new Error(`bulk action refused: ${JSON.stringify(answer)}`)
  const id = answer.data.bulk.id
  for (;;) {
    const progress = (await (
      await fetch(`${base}/bulk-actions/${String(id)}?limit=1&offset=0`, { headers })
    ).json()) as { data: { bulk: { status: string; total: number; succeeded: number; failed: number } } }
    const b = progress.data.bulk
    if (b.status === 'done' || b.status === 'failed') {
      jobMs = performance.now() - started
      rows = b.succeeded
      failed = b.failed
      break
    }
    await new Promise((r) => setTimeout(r, 100))
  }
} finally {
  await server.stop()
}

// The floor: the same rows straight into the table, batches of 500 in one transaction.
handle = openDatabase(url)
const floorStarted = performance.now()
await handle.db.transaction().execute(async (trx) => {
  for (let i = 0; i < ids.length; i += 500)
    await trx
      .insertInto('machine_set')
      .values(ids.slice(i, i + 500).map((machine_id) => ({ machine_id, set_id: floorSetId })))
      .execute()
})
const floorMs = performance.now() - floorStarted
await handle.destroy()

const perSecond = (n: number, msTaken: number) => Math.round((n * 1000) / msTaken)
log(
  table(
    ['', 'rows', 'time', 'rows/s'],
    [
      [
        'bulk action (job, via the API)',
        String(rows),
        `${(jobMs / 1000).toFixed(2)} s`,
        String(perSecond(rows, jobMs)),
      ],
      [
        'floor (raw batched insert)',
        String(ids.length),
        `${(floorMs / 1000).toFixed(3)} s`,
        String(perSecond(ids.length, floorMs)),
      ],
    ],
    (i) => i > 0,
  ),
)
log(
  `  ${String(failed)} rows failed; the job's rate is ${(perSecond(ids.length, floorMs) / Math.max(1, perSecond(rows, jobMs))).toFixed(0)}x below the floor's`,
)
