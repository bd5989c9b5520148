import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../app'
import { testConfig } from '../config/env'
import { call } from '../test-support'
import { openDatabase } from './database'

/* Issue 13 §1: the database may go away; the server must not. */

describe('a server whose PostgreSQL cannot be reached', () => {
  // Nothing listens on port 1: every connection attempt is refused at once.
  const url = 'postgres://postgres@127.0.0.1:1/test'
  const appPromise = (async () => {
    const app = await buildApp(testConfig(url), {
      database: openDatabase(url, { connectTimeoutMs: 500 }),
      migrate: false,
    })
    await app.ready()
    return app
  })()
  afterAll(async () => (await appPromise).close())

  it('answers requests with 503, the envelope and Retry-After, not a 500 or a hang', async () => {
    const app = await appPromise
    const started = Date.now()
    const r = await call(app, 'POST', '/api/main/iam/login', { body: { username: 'vending', password: 'x' } })
    expect(Date.now() - started).toBeLessThan(3_000)
    expect(r.status).toBe(503)
    expect(r.response.headers['retry-after']).toBe('5')
    expect(r.body).toEqual({
      error: {
        code: 'UNAVAILABLE',
        message: 'The service is briefly unavailable; try again in a moment',
        message_code: 'database_unavailable',
        params: {},
      },
    })
  })

  it('is alive (/healthz 200) and not ready (/readyz 503)', async () => {
    const app = await appPromise
    expect((await call(app, 'GET', '/healthz')).body).toEqual({ status: 'ok' })
    const ready = await call(app, 'GET', '/readyz')
    expect(ready.status).toBe(503)
    expect(ready.body).toEqual({ status: 'unavailable', database: 'down', dialect: 'postgres' })
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a server whose PostgreSQL connections are terminated',
  () => {
    const url = process.env.TEST_DATABASE_URL ?? ''
    // Its own application_name, so terminating it leaves the other suites' connections alone.
    const applicationName = `portal-outage-${randomBytes(4).toString('hex')}`
    const onIdleError = vi.fn()
    const appPromise = (async () => {
      const app = await buildApp(testConfig(url), {
        database: openDatabase(url, { applicationName, onIdleError }),
        migrate: false,
      })
      await app.ready()
      return app
    })()
    afterAll(async () => (await appPromise).close())

    it('survives its idle connections being killed (pg_terminate_backend) and reconnects by itself', async () => {
      const app = await appPromise
      expect((await call(app, 'GET', '/readyz')).status).toBe(200)

      const admin = new pg.Client({ connectionString: url })
      await admin.connect()
      try {
        const { rowCount } = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
          [applicationName],
        )
        expect(rowCount).toBeGreaterThan(0)
      } finally {
        await admin.end()
      }
      // The pool hears of it as an error on an idle client: reported, not thrown at the process.
      await vi.waitFor(() => expect(onIdleError).toHaveBeenCalled())

      // Ready again by itself, with no restart. Not necessarily at the very next probe: under a loaded machine the new
      // connection can take longer than readiness waits (2 s), and a load balancer probes again anyway.
      await vi.waitFor(
        async () => {
          const ready = await call(app, 'GET', '/readyz')
          expect(ready.status).toBe(200)
          expect(ready.body).toEqual({ status: 'ready', database: 'up', dialect: 'postgres' })
        },
        { timeout: 15_000, interval: 250 },
      )
    })
  },
)
