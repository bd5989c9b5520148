/**
 * One export job, alone in its process so that its memory is its own: opens the database, queues a machines
 * export for VEND, lets the real export.write handler write it (into a local storage), and reports rows/s and memory
 * to the parent.
 */
import { randomUUID } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { ExportJobStatus } from '@portal/contract'
import { openDatabase } from '../../../apps/server/src/db/database'
import { join } from 'node:path'
import { LocalStorage } from '../../../apps/server/src/lib/storage'
import { machineExportSource } from '../../../apps/server/src/modules/iot/machines/machine.export'
import type { ExportSource } from '../../../apps/server/src/modules/exports/export-source'
import { exportFileKey, writeExport } from '../../../apps/server/src/modules/exports/export-write.job'
import type { ExportJobOptions, ExportJobResult } from '../export-ipc'

/**
 * The process's private memory (Linux `RssAnon`): heap, buffers and SQLite's page cache, but not the pages of the
 * database file that SQLite maps into memory (`mmap_size`), which RSS counts although they are the OS's file cache,
 * shared and dropped under pressure. Falls back to RSS where /proc is not there.
 */
function privateBytes(): number {
  try {
    const match = /^RssAnon:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'))
    if (match?.[1]) return Number(match[1]) * 1024
  } catch {
    // not Linux
  }
  return process.memoryUsage().rss
}

async function run(options: ExportJobOptions): Promise<ExportJobResult> {
  const handle = openDatabase(options.url, options.schema ? { schema: options.schema, poolSize: 2 } : {})
  const db = handle.db
  const user = await db
    .selectFrom('app_user')
    .where('username', '=', 'vending')
    .select('id')
    .executeTakeFirstOrThrow()
  const uuid = randomUUID()
  const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
  global.gc?.()
  const baselineRss = process.memoryUsage().rss
  let peakRss = baselineRss
  const baselinePrivate = privateBytes()
  let peakPrivate = baselinePrivate
  let peakHeap = process.memoryUsage().heapUsed
  const sampler = setInterval(() => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    peakPrivate = Math.max(peakPrivate, privateBytes())
    peakHeap = Math.max(peakHeap, m.heapUsed)
  }, 25)
  const { id } = await db
    .insertInto('export_job')
    .values({
      uuid,
      entity_code: 'VEND',
      requested_by: user.id,
      source: 'machines',
      format: options.format,
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
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const started = performance.now()
  const cpuBefore = process.cpuUsage()
  // The handler the queue runs, called directly: the queue's own overhead is a few queries, not what is measured.
  await writeExport(
    db,
    new LocalStorage(options.dir),
    { export_id: id },
    { attempt: 1, signal: new AbortController().signal },
    { sourceOf: () => machineExportSource as unknown as ExportSource },
  ).catch(() => undefined)
  const job = await db.selectFrom('export_job').where('uuid', '=', uuid).selectAll().executeTakeFirstOrThrow()
  const seconds = (performance.now() - started) / 1000
  const cpu = process.cpuUsage(cpuBefore)
  const cpuSeconds = (cpu.user + cpu.system) / 1e6
  clearInterval(sampler)
  await handle.destroy()
  if (job.status !== ExportJobStatus.Ready) throw new Error(`export failed: ${job.error_message ?? ''}`)
  const rows = job.row_count ?? 0
  return {
    format: options.format,
    rows,
    seconds,
    rowsPerSecond: Math.round(rows / seconds),
    cpuSeconds: Math.round(cpuSeconds * 100) / 100,
    rowsPerCpuSecond: Math.round(rows / cpuSeconds),
    fileMb: mb(statSync(join(options.dir, exportFileKey(job))).size),
    file: join(options.dir, exportFileKey(job)),
    baselineRssMb: mb(baselineRss),
    peakRssMb: mb(peakRss),
    baselinePrivateMb: mb(baselinePrivate),
    peakPrivateMb: mb(peakPrivate),
    maxRssMb: mb(process.resourceUsage().maxRSS * 1024),
    peakHeapMb: mb(peakHeap),
  }
}

process.once('message', (message: ExportJobOptions) => {
  run(message)
    .then((result) => process.send?.({ type: 'result', result }))
    .catch((err: unknown) =>
      process.send?.({ type: 'error', message: err instanceof Error ? err.message : String(err) }),
    )
    .finally(() => process.disconnect())
})
