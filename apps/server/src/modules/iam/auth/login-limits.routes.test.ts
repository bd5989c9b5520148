import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../app'
import { testConfig } from '../../../config/env'
import type { DatabaseHandle } from '../../../db/database'
import { openDatabase } from '../../../db/database'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS } from '../../../test-support'

const throttle = {
  username: { limit: 4, windowMs: 60_000 },
  address: { limit: 100, windowMs: 60_000 },
}

/** A second handle on the test app's database (the same SQLite file, the same PostgreSQL schema): another instance. */
function secondHandle(first: TestApp): DatabaseHandle {
  if (first.database.dialect === 'sqlite') return openDatabase(`sqlite:${first.database.file ?? ''}`)
  return openDatabase(first.url, { schema: first.database.schema ?? 'public', poolSize: 2 })
}

const attempt = (app: FastifyInstance, password: string) =>
  call(app, 'POST', '/api/main/iam/login', { body: { username: 'vending', password } })

describe.each(DIALECTS)('login limits across two instances on %s', (dialect) => {
  let t: TestApp
  let other: FastifyInstance
  let otherHandle: DatabaseHandle
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005, build: { throttle } })
    otherHandle = secondHandle(t)
    other = await buildApp(testConfig('unused:'), {
      database: otherHandle,
      migrate: false,
      exports: false,
      throttle,
    })
    await other.ready()
  })
  afterAll(async () => {
    await other.close()
    await otherHandle.destroy()
    await t.close()
  })

  it('trips the limit on both when the failures are split between them', async () => {
    // Two at once on each instance: concurrent failures all count.
    const failures = await Promise.all([
      attempt(t.app, 'wrong'),
      attempt(other, 'wrong'),
      attempt(t.app, 'wrong'),
      attempt(other, 'wrong'),
    ])
    expect(failures.map((r) => r.status)).toEqual([401, 401, 401, 401])
    for (const app of [t.app, other]) {
      const r = await attempt(app, 'demo1234')
      expect(r.status).toBe(429)
      expect(Number(r.response.headers['retry-after'])).toBeGreaterThan(0)
    }
  })

  it('a success on one clears the username for both', async () => {
    await t.database.db.deleteFrom('login_failure').execute()
    for (const app of [t.app, other, t.app]) expect((await attempt(app, 'wrong')).status).toBe(401)
    expect((await attempt(other, 'demo1234')).status).toBe(200)
    for (const app of [t.app, other, t.app]) expect((await attempt(app, 'wrong')).status).toBe(401)
    expect((await attempt(t.app, 'demo1234')).status).toBe(200)
  })
})
