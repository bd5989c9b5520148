import type { ExportFormat } from '@portal/contract'
import { isInCatalogue, exportFormats } from '@portal/contract'
import { mkdirSync } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import { writeExportFile } from './export-file'
import type { ExportJobRow } from './export-job.table'
import {
  claimJob,
  findAbandoned,
  findNextPending,
  markFailed,
  markReady,
  recordProgress,
  releaseJob,
  requeueAbandoned,
} from './export-job.repository'
import type { ExportSource } from './export-source'
import { exportSourceOf } from './export-sources'

export interface RunnerOptions {
  /** Folder of the job files. */
  dir: string
  /** How often to look for new or abandoned jobs when idle (a new request wakes the runner at once). */
  pollMs?: number
  /** A started job whose heartbeat is older than this was abandoned by a stopped server. */
  staleMs?: number
  /** Write the progress every this many rows. */
  progressEvery?: number
  /** How many times a job is started before it is given up (1 = no retry). */
  maxAttempts?: number
  /** Sources by key (default: EXPORT_SOURCES); tests pass their own. */
  sourceOf?: (key: string) => ExportSource | undefined
  log?: { info: (msg: string) => void; error: (msg: string) => void }
}

/** The stored file of a job; download names are separate (the job's file_name). */
export const jobFilePath = (dir: string, job: Pick<ExportJobRow, 'uuid' | 'format'>) =>
  join(dir, `${job.uuid}.${job.format}`)

const stamp = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace(/[-:]/g, '').replace('T', '-')

/**
 * Runs export jobs in this process, one at a time, with all of their state in the database (DESIGN.md: on the
 * embedded default, job code runs in-process). Several servers on one PostgreSQL may each run one: a job is claimed
 * by a conditional update, so it runs once. A job whose server stopped mid-way (no heartbeat for `staleMs`) is
 * started again once, then marked Failed with the reason: never left Pending for ever.
 */
export class ExportRunner {
  private readonly pollMs: number
  private readonly staleMs: number
  private readonly maxAttempts: number
  private readonly sourceOf: (key: string) => ExportSource | undefined
  private timer: NodeJS.Timeout | null = null
  private running: Promise<void> | null = null
  private stopped = true
  private wakeRequested = false
  private current: { id: number; abort: AbortController } | null = null

  constructor(
    private readonly db: Db,
    private readonly options: RunnerOptions,
  ) {
    this.pollMs = options.pollMs ?? 1000
    this.staleMs = options.staleMs ?? 30_000
    this.maxAttempts = options.maxAttempts ?? 2
    this.sourceOf = options.sourceOf ?? exportSourceOf
  }

  start(): void {
    if (!this.stopped) return
    mkdirSync(this.options.dir, { recursive: true })
    this.stopped = false
    this.wake()
  }

  /** Looks for work now (a job was just requested). */
  wake(): void {
    if (this.stopped) return
    if (this.running) {
      this.wakeRequested = true
      return
    }
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.running = this.loop().finally(() => {
      this.running = null
      if (this.stopped) return
      if (this.wakeRequested) {
        this.wakeRequested = false
        this.wake()
        return
      }
      this.timer = setTimeout(() => this.wake(), this.pollMs)
      this.timer.unref()
    })
  }

  /** Stops taking jobs; a job being written is abandoned and put back in the queue for the next start. */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.current?.abort.abort(new Error('The server is stopping'))
    await this.running
  }

  private async loop(): Promise<void> {
    try {
      await this.recoverAbandoned()
      while (!this.stopped) {
        const next = await findNextPending(this.db)
        if (!next) return
        if (!(await claimJob(this.db, next.id, Date.now()))) continue
        await this.run({ ...next, attempts: next.attempts + 1 })
      }
    } catch (err) {
      // A database hiccup: log it and try again on the next poll.
      this.options.log?.error(`export runner: ${err instanceof Error ? err.message : String(err)}`)
    }
  }

  private async recoverAbandoned(): Promise<void> {
    const now = Date.now()
    for (const job of await findAbandoned(this.db, now - this.staleMs)) {
      if (job.id === this.current?.id) continue
      if (job.attempts < this.maxAttempts) {
        if (await requeueAbandoned(this.db, job))
          this.options.log?.info(`export ${job.uuid}: restarted after the server stopped while writing it`)
      } else {
        await markFailed(
          this.db,
          job.id,
          `The server stopped while writing this export (${String(job.attempts)} attempts); request it again`,
          now,
        )
      }
    }
  }

  private async run(job: ExportJobRow): Promise<void> {
    const source = this.sourceOf(job.source)
    if (!source) return markFailed(this.db, job.id, `Unknown export source '${job.source}'`, Date.now())
    if (!isInCatalogue(exportFormats, job.format))
      return markFailed(this.db, job.id, `Unknown export format '${job.format}'`, Date.now())
    const filters = source.filters.safeParse(parseJson<unknown>(job.filters, {}))
    if (!filters.success) {
      const issue = filters.error.issues[0]
      return markFailed(
        this.db,
        job.id,
        `The filters are no longer valid (${issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid'})`,
        Date.now(),
      )
    }
    const format: ExportFormat = job.format
    const path = jobFilePath(this.options.dir, job)
    const partial = `${path}.part`
    const abort = new AbortController()
    this.current = { id: job.id, abort }
    try {
      const setIds = job.scope_set_ids === null ? null : parseJson<number[]>(job.scope_set_ids, [])
      const result = await writeExportFile({
        path: partial,
        format,
        title: source.title,
        columns: source.columns,
        rows: source.rows(this.db, { entityCode: job.entity_code, setIds }, filters.data),
        progressEvery: this.options.progressEvery ?? 10_000,
        onProgress: (rows) => recordProgress(this.db, job.id, rows, Date.now()),
        signal: abort.signal,
      })
      await rename(partial, path)
      await markReady(this.db, job.id, {
        rowCount: result.rowCount,
        fileName: `${job.source}-${stamp(job.created_at)}.${format}`,
        fileSize: result.size,
        now: Date.now(),
      })
    } catch (err) {
      await rm(partial, { force: true })
      if (abort.signal.aborted) {
        await releaseJob(this.db, job.id)
        return
      }
      const reason = err instanceof Error ? err.message : String(err)
      this.options.log?.error(`export ${job.uuid} failed: ${reason}`)
      await markFailed(this.db, job.id, reason, Date.now())
    } finally {
      this.current = null
    }
  }
}
