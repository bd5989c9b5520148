import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../app'
import { testConfig } from '../config/env'
import { openDatabase } from '../db/database'
import type { DatabaseHandle } from '../db/database'
import type { TestApp } from '../test-support'
import { createTestApp, DIALECTS } from '../test-support'

/* Issue 13 §2: each instance has the queue and the bus; an enqueue on one wakes the others. */

function deferred<T = void>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

describe.each(DIALECTS)('background jobs and events on %s', (dialect) => {
  let a: TestApp
  beforeAll(async () => {
    // Polling once a minute: a job run within the test was woken, not found by a poll.
    a = await createTestApp(dialect, { seed: false, build: { background: { jobs: { pollMs: 60_000 } } } })
  })
  afterAll(() => a.close())

  it('runs a job enqueued on this instance at once', async () => {
    const ran = deferred<unknown>()
    a.app.jobs.register('bg.local', (payload) => Promise.resolve(ran.resolve(payload)))
    await a.app.jobs.enqueue('bg.local', { hello: 'world' })
    expect(await ran.promise).toEqual({ hello: 'world' })
  })

  it('hands a running job back to the queue when the app closes', async () => {
    const b = await createTestApp(dialect, {
      seed: false,
      build: { background: { jobs: { pollMs: 60_000 } } },
    })
    const started = deferred()
    b.app.jobs.register('bg.long', async (_p, ctx) => {
      started.resolve()
      await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve, { once: true }))
    })
    const id = await b.app.jobs.enqueue('bg.long', {})
    await started.promise
    const db = b.database.db
    await b.app.close()
    const row = await db.selectFrom('job').selectAll().where('id', '=', Number(id)).executeTakeFirstOrThrow()
    expect(row).toMatchObject({ status: 'queued', attempts: 0, locked_by: null })
    await b.close().catch(() => undefined)
  })

  describe.runIf(dialect === 'postgres')('two instances on one database', () => {
    let other: FastifyInstance
    let otherHandle: DatabaseHandle
    beforeAll(async () => {
      const url = a.url
      otherHandle = openDatabase(url, { schema: a.database.schema, poolSize: 2 })
      other = await buildApp(testConfig(url), {
        database: otherHandle,
        migrate: false,
        background: { instanceId: 'other', jobs: { pollMs: 60_000 } },
      })
      await other.ready()
    })
    afterAll(async () => {
      await other.close()
      await otherHandle.destroy()
    })

    it('wakes the other instance through the bus when a job is enqueued here', async () => {
      const ran = deferred<string>()
      // Only the other instance can run this kind.
      other.jobs.register('bg.remote', (_p, ctx) => Promise.resolve(ran.resolve(ctx.id)))
      const listening = (other.events as { whenListening?: () => Promise<void> }).whenListening
      await listening?.call(other.events)
      const id = await a.app.jobs.enqueue('bg.remote', {})
      expect(await ran.promise).toBe(id)
    })

    it('carries events between the instances', async () => {
      const heard = deferred<unknown>()
      other.events.subscribe('bg.ping', (e) => heard.resolve(e.payload))
      await a.app.events.publish('bg.ping', { n: 1 })
      expect(await heard.promise).toEqual({ n: 1 })
    })
  })
})
