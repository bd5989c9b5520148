import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../app'
import { testConfig } from '../config/env'
import type { DatabaseHandle } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { freshDatabase } from '../test-support'

/** What server.ts relies on at SIGTERM: app.close() lets a request in flight finish, and stops taking new ones. */
describe('graceful shutdown', () => {
  let app: FastifyInstance
  let handle: DatabaseHandle
  let cleanup: () => Promise<void> = () => Promise.resolve()
  let release: () => void = () => undefined
  let started: Promise<void>
  beforeAll(async () => {
    let markStarted: () => void = () => undefined
    started = new Promise((resolve) => (markStarted = resolve))
    const gate = new Promise<void>((resolve) => (release = resolve))
    const fresh = await freshDatabase('sqlite')
    handle = fresh.handle
    cleanup = fresh.cleanup
    await migrateToLatest(handle.db)
    app = await buildApp(testConfig(fresh.url), {
      database: handle,
      migrate: false,
      background: { jobs: false },
    })
    // A test-only route that answers once the test lets it.
    app.get('/test/slow', async () => {
      markStarted()
      await gate
      return { status: 'done' }
    })
    await app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    release()
    await app?.close()
    await handle?.destroy()
    await cleanup()
  })

  it('finishes the request in flight with 200, then refuses new connections', async () => {
    const address = app.server.address()
    if (address === null || typeof address === 'string') throw new Error('not listening')
    const base = `http://127.0.0.1:${address.port}`
    const slow = fetch(`${base}/test/slow`, { headers: { connection: 'close' } })
    await started
    const closed = app.close()
    let closedYet = false
    void closed.then(() => (closedYet = true))
    // The close waits for the request: it cannot have finished while the request is held.
    await new Promise((resolve) => setImmediate(resolve))
    expect(closedYet).toBe(false)
    await expect(fetch(`${base}/healthz`)).rejects.toThrow()
    release()
    const response = await slow
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'done' })
    await closed
    expect(closedYet).toBe(true)
  })
})
