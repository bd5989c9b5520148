import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { DIALECTS, freshDatabase } from '../test-support'
import type { JobContext, QueueOptions } from './job-queue'
import { JobQueue, PermanentJobError } from './job-queue'
import { findJob } from './job.repository'

/* Issue 13 §2: one job queue for every instance, kept in the database. */

const quiet = { info: () => undefined, error: () => undefined }

/** Resolves when `check` answers a value; the queue's state lives in the database, so it is looked at there. */
async function until<T>(
  what: string,
  check: () => Promise<T | null | undefined>,
  timeoutMs = 5_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== null && value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

/** Resolves when the signal aborts: a well-behaved long job. */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve()
    else signal.addEventListener('abort', () => resolve(), { once: true })
  })

describe.each(DIALECTS)('job queue on %s', (dialect) => {
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>
  const queues: JobQueue[] = []

  beforeAll(async () => {
    const fresh = await freshDatabase(dialect)
    handle = fresh.handle
    cleanup = fresh.cleanup
    await migrateToLatest(handle.db)
  })
  afterAll(async () => {
    await handle.destroy()
    await cleanup()
  })
  beforeEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.stop()))
    await handle.db.deleteFrom('job').execute()
  })

  function queue(options: QueueOptions = {}): JobQueue {
    const q = new JobQueue(handle.db, { pollMs: 20, leaseMs: 3_000, log: quiet, ...options })
    queues.push(q)
    return q
  }

  const jobOf = async (id: string | null) => {
    const row = await findJob(handle.db, Number(id))
    if (!row) throw new Error(`no job ${id}`)
    return row
  }

  it('runs an enqueued job once and keeps it as done', async () => {
    const q = queue()
    const ran = deferred<[unknown, JobContext]>()
    q.register<{ n: number }>('test.echo', (payload, ctx) => Promise.resolve(ran.resolve([payload, ctx])))
    q.start()
    const id = await q.enqueue('test.echo', { n: 7 })
    const [payload, ctx] = await ran.promise
    expect(payload).toEqual({ n: 7 })
    expect(ctx).toMatchObject({ id, attempt: 1 })
    const row = await until('done', async () => {
      const r = await jobOf(id)
      return r.status === 'done' ? r : null
    })
    expect(row).toMatchObject({ attempts: 1, max_attempts: 5, locked_by: null, last_error: null })
    expect(row.finished_at).toBeGreaterThan(0)
  })

  it('refuses a unique key held by an unfinished job, and takes it again once the job is done', async () => {
    const q = queue()
    q.register('test.unique', () => Promise.resolve())
    const first = await q.enqueue('test.unique', {}, { uniqueKey: 'k1' })
    expect(first).not.toBeNull()
    expect(await q.enqueue('test.unique', {}, { uniqueKey: 'k1' })).toBeNull()
    expect(await q.enqueue('test.unique', {}, { uniqueKey: 'k2' })).not.toBeNull()
    q.start()
    await until('done', async () => ((await jobOf(first)).status === 'done' ? true : null))
    expect(await q.enqueue('test.unique', {}, { uniqueKey: 'k1' })).not.toBeNull()
  })

  it('enqueues inside the caller transaction: rolled back, there is no job', async () => {
    const q = queue()
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await q.enqueue('test.tx', { a: 1 }, { db: trx })
        throw new Error('the caller failed')
      }),
    ).rejects.toThrow('the caller failed')
    expect(await handle.db.selectFrom('job').selectAll().execute()).toEqual([])
  })

  it('tries a failing job again after its backoff, recording the error', async () => {
    const q = queue()
    const attempts: number[] = []
    q.register(
      'test.flaky',
      (_p, ctx) => {
        attempts.push(ctx.attempt)
        return ctx.attempt < 3 ? Promise.reject(new Error(`boom ${ctx.attempt}`)) : Promise.resolve()
      },
      { backoffMs: () => 0 },
    )
    q.start()
    const id = await q.enqueue('test.flaky', {})
    const row = await until('done', async () => {
      const r = await jobOf(id)
      return r.status === 'done' ? r : null
    })
    expect(attempts).toEqual([1, 2, 3])
    expect(row).toMatchObject({ attempts: 3, last_error: 'boom 2' })
  })

  it('declares a job dead after its last attempt and calls onDead once, in that transaction', async () => {
    const q = queue()
    const dead: [unknown, string][] = []
    q.register('test.doomed', () => Promise.reject(new Error('always')), {
      maxAttempts: 2,
      backoffMs: () => 0,
      onDead: async (payload, reason, db) => {
        dead.push([payload, reason])
        // The transaction is the one that marks the job dead: it sees the row as dead already.
        const row = await db
          .selectFrom('job')
          .select('status')
          .where('kind', '=', 'test.doomed')
          .executeTakeFirst()
        expect(row?.status).toBe('dead')
      },
    })
    q.start()
    const id = await q.enqueue('test.doomed', { x: 1 })
    const row = await until('dead', async () => {
      const r = await jobOf(id)
      return r.status === 'dead' ? r : null
    })
    expect(row).toMatchObject({ attempts: 2, last_error: 'always' })
    await until('onDead', () => Promise.resolve(dead.length > 0 ? true : null))
    expect(dead).toEqual([[{ x: 1 }, 'always']])
  })

  it('goes dead at once on a PermanentJobError', async () => {
    const q = queue()
    q.register('test.permanent', () => Promise.reject(new PermanentJobError('bad payload')))
    q.start()
    const id = await q.enqueue('test.permanent', {})
    const row = await until('dead', async () => {
      const r = await jobOf(id)
      return r.status === 'dead' ? r : null
    })
    expect(row).toMatchObject({ attempts: 1, last_error: 'bad payload' })
  })

  it('runs each job exactly once across two instances', async () => {
    const runs = new Map<string, number>()
    const handler = (_p: unknown, ctx: JobContext) => {
      runs.set(ctx.id, (runs.get(ctx.id) ?? 0) + 1)
      return new Promise<void>((resolve) => setTimeout(resolve, 5))
    }
    const a = queue({ instanceId: 'a', concurrency: 3 })
    const b = queue({ instanceId: 'b', concurrency: 3 })
    a.register('test.many', handler)
    b.register('test.many', handler)
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => a.enqueue('test.many', { i })))
    a.start()
    b.start()
    await until('all done', async () => {
      const left = await handle.db
        .selectFrom('job')
        .select('id')
        .where('status', '!=', 'done')
        .executeTakeFirst()
      return left ? null : true
    })
    expect(ids.every((id) => runs.get(id ?? '') === 1)).toBe(true)
    expect(runs.size).toBe(20)
  })

  it('takes over a running job whose lease ran out (its instance died), counting that attempt', async () => {
    const q = queue({ instanceId: 'survivor' })
    const ran = deferred<number>()
    q.register('test.orphan', (_p, ctx) => Promise.resolve(ran.resolve(ctx.attempt)))
    const id = await q.enqueue('test.orphan', {})
    const past = Date.now() - 1_000
    await handle.db
      .updateTable('job')
      .set({ status: 'running', attempts: 1, locked_by: 'dead-instance', locked_until: past })
      .where('id', '=', Number(id))
      .execute()
    q.start()
    expect(await ran.promise).toBe(2)
    await until('done', async () => ((await jobOf(id)).status === 'done' ? true : null))
  })

  it('aborts a job here when another instance took it over, and leaves its row alone', async () => {
    const q = queue({ instanceId: 'slow', leaseMs: 150 })
    const started = deferred()
    const stopped = deferred<string>()
    q.register('test.taken', async (_p, ctx) => {
      started.resolve()
      await aborted(ctx.signal)
      stopped.resolve(String(ctx.signal.reason))
    })
    q.start()
    const id = await q.enqueue('test.taken', {})
    await started.promise
    await handle.db.updateTable('job').set({ locked_by: 'other' }).where('id', '=', Number(id)).execute()
    expect(await stopped.promise).toContain('taken over')
    expect(await jobOf(id)).toMatchObject({ status: 'running', locked_by: 'other' })
  })

  it('hands running jobs back on stop without counting the attempt', async () => {
    const q = queue({ instanceId: 'leaving' })
    const started = deferred()
    q.register('test.long', async (_p, ctx) => {
      started.resolve()
      await aborted(ctx.signal)
    })
    q.start()
    const id = await q.enqueue('test.long', {})
    await started.promise
    expect((await jobOf(id)).status).toBe('running')
    await q.stop()
    expect(await jobOf(id)).toMatchObject({
      status: 'queued',
      attempts: 0,
      locked_by: null,
      locked_until: null,
    })
  })

  it('claims only the kinds this instance has handlers for', async () => {
    const q = queue()
    q.register('test.mine', () => Promise.resolve())
    const other = await q.enqueue('test.not-mine', {})
    const mine = await q.enqueue('test.mine', {})
    q.start()
    await until('mine done', async () => ((await jobOf(mine)).status === 'done' ? true : null))
    expect((await jobOf(other)).status).toBe('queued')
  })

  it('keeps one queued job of a scheduled kind and runs it again and again', async () => {
    const q = queue()
    let runs = 0
    q.register('test.tick', () => {
      runs += 1
      return Promise.resolve()
    })
    q.schedule('test.tick', 30)
    q.start()
    await until('three runs', () => Promise.resolve(runs >= 3 ? true : null))
    const unfinished = await handle.db
      .selectFrom('job')
      .select('id')
      .where('kind', '=', 'test.tick')
      .where('status', 'in', ['queued', 'running'])
      .execute()
    expect(unfinished.length).toBeLessThanOrEqual(1)
  })

  it('reports the depth per kind', async () => {
    const q = queue()
    const now = Date.now()
    await q.enqueue('test.d1', {}, { runAt: now - 10_000 })
    await q.enqueue('test.d1', {}, { runAt: now + 60_000 })
    const dead = await q.enqueue('test.d2', {})
    await handle.db.updateTable('job').set({ status: 'dead' }).where('id', '=', Number(dead)).execute()
    const depth = await q.depth()
    expect(depth).toHaveLength(2)
    expect(depth[0]).toMatchObject({ kind: 'test.d1', queued: 2, running: 0, dead: 0 })
    expect(depth[0]?.oldest_age_s).toBeGreaterThanOrEqual(10)
    expect(depth[1]).toEqual({ kind: 'test.d2', queued: 0, running: 0, dead: 1, oldest_age_s: null })
  })
})
