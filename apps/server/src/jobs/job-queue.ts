import type { Transaction } from 'kysely'
import { randomUUID } from 'node:crypto'
import { hostname } from 'node:os'
import type { Database, Db } from '../db/database'
import type { JobDepth } from './job.repository'
import {
  claimJob,
  handBack,
  insertJob,
  jobDepth,
  markDead,
  markDone,
  markRetry,
  renewLease,
} from './job.repository'
import type { JobRow } from './job.table'

/** Thrown by a handler when trying again cannot help (bad payload, a source gone): the job goes dead at once. */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PermanentJobError'
  }
}

export interface JobContext {
  id: string
  /** 1 for the first attempt. */
  attempt: number
  /** Aborted when the instance stops or the job was taken over by another instance (its lease lost). */
  signal: AbortSignal
  log: (msg: string) => void
}

export interface JobKindOptions<P> {
  /** Default 5. */
  maxAttempts?: number
  /** Delay before the next attempt, given the attempt that failed (1-based). Default: min(2^attempt s, 5 min). */
  backoffMs?: (attempt: number) => number
  /** Called once, after the last failed attempt, in the transaction that marks the job dead. */
  onDead?: (payload: P, reason: string, db: Db) => Promise<void>
}

export interface EnqueueOptions {
  /** Enqueue inside the caller's transaction: the job exists only if the caller's writes commit. */
  db?: Db | Transaction<Database>
  /** At most one queued or running job holds a key; enqueue returns null when it is taken. */
  uniqueKey?: string
  /** Epoch ms; default now. */
  runAt?: number
  maxAttempts?: number
}

export interface QueueOptions {
  instanceId?: string
  /** How long a claimed job is this instance's without renewal. Default 20 s (config JOB_LEASE_MS). */
  leaseMs?: number
  /** How often an idle instance looks for due jobs. Default 1 s. */
  pollMs?: number
  /** Jobs run at once by this instance. Default 2. */
  concurrency?: number
  log?: { info(m: string): void; error(m: string): void }
}

type Handler = (payload: unknown, ctx: JobContext) => Promise<void>

interface Kind {
  handler: Handler
  options: JobKindOptions<unknown>
}

interface Running {
  row: JobRow
  controller: AbortController
  done: Promise<void>
  /** Set once this instance no longer owns the job (handed back, lease lost): its outcome is not written. */
  released: boolean
}

const DEFAULT_MAX_ATTEMPTS = 5
const defaultBackoff = (attempt: number) => Math.min(2 ** attempt * 1000, 5 * 60_000)
/** How long stop() waits for handlers that ignore their abort signal before it returns anyway. */
const STOP_GRACE_MS = 5_000

export function defaultInstanceId(): string {
  return `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err)
  return text.slice(0, 2000)
}

/**
 * Jobs kept in the `job` table and run by whichever instance claims them first (docs/decisions/0091). A job is
 * claimed for a lease that its runner renews; a job whose lease ran out (its instance died) is taken over.
 */
export class JobQueue {
  readonly instanceId: string
  private readonly leaseMs: number
  private readonly pollMs: number
  private readonly concurrency: number
  private readonly log: { info(m: string): void; error(m: string): void }
  private readonly kinds = new Map<string, Kind>()
  private readonly schedules = new Map<string, { everyMs: number; timer?: NodeJS.Timeout }>()
  private readonly running = new Map<number, Running>()
  private started = false
  private stopped = false
  private pollTimer: NodeJS.Timeout | undefined
  private ticking: Promise<void> | undefined
  private tickAgain = false
  private notifier: (() => void) | undefined

  constructor(
    private readonly db: Db,
    options: QueueOptions = {},
  ) {
    this.instanceId = options.instanceId ?? defaultInstanceId()
    this.leaseMs = options.leaseMs ?? 20_000
    this.pollMs = options.pollMs ?? 1_000
    this.concurrency = options.concurrency ?? 2
    this.log = options.log ?? { info: (m) => console.warn(m), error: (m) => console.error(m) }
  }

  register<P>(
    kind: string,
    handler: (payload: P, ctx: JobContext) => Promise<void>,
    options: JobKindOptions<P> = {},
  ): void {
    if (this.kinds.has(kind)) throw new Error(`job kind "${kind}" is registered twice`)
    this.kinds.set(kind, { handler: handler as Handler, options: options as JobKindOptions<unknown> })
  }

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the payload type is the caller's to name (issue 13 API)
  async enqueue<P>(kind: string, payload: P, options: EnqueueOptions = {}): Promise<string | null> {
    const now = Date.now()
    const id = await insertJob(options.db ?? this.db, {
      kind,
      payload: JSON.stringify(payload ?? null),
      status: 'queued',
      attempts: 0,
      max_attempts: options.maxAttempts ?? this.kinds.get(kind)?.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: options.runAt ?? now,
      unique_key: options.uniqueKey ?? null,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    // Inside a caller's transaction the row is not visible yet: the wake-up may find nothing, and the next poll
    // (pollMs later) picks the job up.
    if (id !== null && (options.runAt === undefined || options.runAt <= now)) this.notify()
    return id === null ? null : String(id)
  }

  /** Keeps one queued job of `kind` (payload `{}`): due now at start, then `everyMs` after each run ends. */
  schedule(kind: string, everyMs: number): void {
    if (this.schedules.has(kind)) throw new Error(`job kind "${kind}" is scheduled twice`)
    this.schedules.set(kind, { everyMs })
    if (this.started && !this.stopped) this.startSchedule(kind)
  }

  /** Wakes this instance now and, through the notifier background.ts sets, the other instances. */
  notify(): void {
    this.wake()
    try {
      this.notifier?.()
    } catch (err) {
      this.log.error(`jobs: notifying the other instances failed: ${errorText(err)}`)
    }
  }

  /** Called by notify() to tell other instances (background.ts publishes `jobs.enqueued` on the event bus). */
  setNotifier(notifier: (() => void) | undefined): void {
    this.notifier = notifier
  }

  /** Looks for due jobs now, on this instance only (the bus calls it when another instance enqueued). */
  wake(): void {
    if (!this.started || this.stopped) return
    void this.tick()
  }

  start(): void {
    if (this.started) return
    this.started = true
    for (const kind of this.schedules.keys()) this.startSchedule(kind)
    void this.tick()
  }

  async stop(): Promise<void> {
    if (!this.started || this.stopped) {
      this.stopped = true
      return
    }
    this.stopped = true
    clearTimeout(this.pollTimer)
    for (const s of this.schedules.values()) clearInterval(s.timer)
    await this.ticking
    const running = [...this.running.values()]
    await Promise.all(
      running.map(async (job) => {
        job.released = true
        job.controller.abort(new Error('the instance is stopping'))
        try {
          await handBack(this.db, job.row.id, this.instanceId, Date.now())
        } catch (err) {
          // The lease runs out and another instance takes the job over (counting the attempt).
          this.log.error(`jobs: handing back ${job.row.kind}#${job.row.id} failed: ${errorText(err)}`)
        }
      }),
    )
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.all(running.map((job) => job.done)),
      new Promise((resolve) => (timer = setTimeout(resolve, STOP_GRACE_MS))),
    ])
    clearTimeout(timer)
  }

  async depth(): Promise<JobDepth[]> {
    return jobDepth(this.db, Date.now())
  }

  private startSchedule(kind: string): void {
    const schedule = this.schedules.get(kind)
    if (!schedule) return
    void this.ensureScheduled(kind, Date.now())
    // Re-checked every period: covers an instance that died between a run's end and enqueuing the next.
    schedule.timer = setInterval(() => void this.ensureScheduled(kind, Date.now()), schedule.everyMs)
    schedule.timer.unref()
  }

  private async ensureScheduled(kind: string, runAt: number): Promise<void> {
    try {
      await this.enqueue(kind, {}, { uniqueKey: `schedule:${kind}`, runAt })
    } catch (err) {
      this.log.error(`jobs: scheduling ${kind} failed: ${errorText(err)}`)
    }
  }

  /** Claims and starts due jobs until the concurrency is used or none is due; one tick at a time. */
  private tick(): Promise<void> {
    if (this.ticking) {
      this.tickAgain = true
      return this.ticking
    }
    this.ticking = (async () => {
      do {
        this.tickAgain = false
        await this.claimWhileFree()
      } while (this.tickAgain && !this.stopped)
    })().finally(() => {
      this.ticking = undefined
      this.schedulePoll()
    })
    return this.ticking
  }

  private schedulePoll(): void {
    clearTimeout(this.pollTimer)
    if (this.stopped) return
    this.pollTimer = setTimeout(() => void this.tick(), this.pollMs)
    this.pollTimer.unref()
  }

  private async claimWhileFree(): Promise<void> {
    while (!this.stopped && this.running.size < this.concurrency) {
      let row: JobRow | null
      try {
        row = await claimJob(this.db, [...this.kinds.keys()], this.instanceId, Date.now(), this.leaseMs)
      } catch (err) {
        this.log.error(`jobs: claiming failed (tried again in ${this.pollMs} ms): ${errorText(err)}`)
        return
      }
      if (!row) return
      if (this.stopped) {
        await handBack(this.db, row.id, this.instanceId, Date.now()).catch(() => undefined)
        return
      }
      this.run(row)
    }
  }

  private run(row: JobRow): void {
    const controller = new AbortController()
    const job: Running = { row, controller, released: false, done: Promise.resolve() }
    this.running.set(row.id, job)
    job.done = this.execute(job).finally(() => {
      this.running.delete(row.id)
      if (!this.stopped) void this.tick()
    })
  }

  private async execute(job: Running): Promise<void> {
    const { row, controller } = job
    const kind = this.kinds.get(row.kind)
    const label = `${row.kind}#${row.id}`
    // A renewal still in flight when the handler ends may find the job already done: that is not a takeover.
    let ended = false
    const renewal = setInterval(
      () => {
        renewLease(this.db, row.id, this.instanceId, Date.now() + this.leaseMs)
          .then((ours) => {
            if (ours || ended || job.released) return
            job.released = true
            this.log.error(`jobs: ${label} was taken over by another instance; aborting it here`)
            controller.abort(new Error('the job was taken over by another instance'))
          })
          .catch((err: unknown) =>
            this.log.error(`jobs: renewing the lease of ${label} failed: ${errorText(err)}`),
          )
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    )
    renewal.unref()
    let failure: unknown
    let ok = false
    try {
      if (!kind) throw new PermanentJobError(`no handler for job kind "${row.kind}"`)
      // A job taken over after its runner died counts that attempt: past the last one, it is not run again.
      if (row.attempts > row.max_attempts)
        throw new PermanentJobError('attempts used up (its runner stopped answering)')
      const payload: unknown = JSON.parse(row.payload)
      await kind.handler(payload, {
        id: String(row.id),
        attempt: row.attempts,
        signal: controller.signal,
        log: (msg) => this.log.info(`job ${label}: ${msg}`),
      })
      ok = true
    } catch (err) {
      failure = err
    } finally {
      ended = true
      clearInterval(renewal)
    }
    if (job.released) return
    try {
      await this.settle(row, kind, ok, failure)
    } catch (err) {
      // The lease runs out and the job is taken over: it runs again (handlers are written to be repeatable).
      this.log.error(`jobs: recording the outcome of ${label} failed: ${errorText(err)}`)
    }
  }

  private async settle(row: JobRow, kind: Kind | undefined, ok: boolean, failure: unknown): Promise<void> {
    const now = Date.now()
    const label = `${row.kind}#${row.id}`
    if (ok) {
      await markDone(this.db, row.id, this.instanceId, now)
    } else {
      const reason = errorText(failure)
      const permanent = failure instanceof PermanentJobError
      if (!permanent && row.attempts < row.max_attempts) {
        const backoff = (kind?.options.backoffMs ?? defaultBackoff)(row.attempts)
        await markRetry(this.db, row.id, this.instanceId, now, now + backoff, reason)
        this.log.error(`jobs: ${label} failed (attempt ${row.attempts} of ${row.max_attempts}): ${reason}`)
      } else {
        await this.db.transaction().execute(async (trx) => {
          const dead = await markDead(trx, row.id, this.instanceId, now, reason)
          if (dead && kind?.options.onDead) await kind.options.onDead(JSON.parse(row.payload), reason, trx)
        })
        this.log.error(`jobs: ${label} is dead after ${row.attempts} attempt(s): ${reason}`)
      }
    }
    const schedule = this.schedules.get(row.kind)
    if (schedule && row.unique_key === `schedule:${row.kind}` && !this.stopped) {
      await this.ensureScheduled(row.kind, now + schedule.everyMs)
    }
  }
}
