import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { testConfig } from './config/env'
import type { FastifyInstance } from 'fastify'
import { freshDatabase, call, smsCodes } from './test-support'
import { migrateToLatest } from './db/migrate'
import { seedDemoData } from './seed/seed'
import { TEST_NOW } from './test-support'
import type { DatabaseHandle } from './db/database'

/** Every line the app logs, at trace level, is searched for every secret the flow used. */
describe('secrets never reach a log line', () => {
  const lines: string[] = []
  let app: FastifyInstance
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    const db = await freshDatabase('sqlite')
    handle = db.handle
    cleanup = db.cleanup
    await migrateToLatest(handle.db)
    await seedDemoData(handle.db, { seed: 7, now: TEST_NOW, scale: 0.005 })
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString())
        done()
      },
    })
    app = await buildApp(testConfig(db.url, { logLevel: 'trace' }), {
      database: handle,
      migrate: false,
      logStream: stream,
    })
    await app.ready()
  })
  afterAll(async () => {
    await app.close()
    await handle.destroy()
    await cleanup()
  })

  it('login, refresh, reset link + reset, SMS login, a 4xx with a password: no secret in any line', async () => {
    const secrets: string[] = ['demo1234']
    const login = await call(app, 'POST', '/api/main/iam/login', {
      body: { username: 'admin', password: 'demo1234' },
      headers: { cookie: 'session=cookie-secret-value' },
    })
    expect(login.status).toBe(200)
    const { token, refresh_token, user_uuid } = login.body.data as {
      token: string
      refresh_token: string
      user_uuid: string
    }
    secrets.push(token, refresh_token, 'cookie-secret-value')

    const refreshed = await call(app, 'POST', '/api/main/iam/refresh-token', { body: { refresh_token } })
    expect(refreshed.status).toBe(200)
    secrets.push(refreshed.body.data.token as string)
    const setCookie = refreshed.response.headers['set-cookie']
    for (const c of [setCookie ?? []].flat()) secrets.push(c.split(';')[0]?.split('=')[1] ?? '')

    const link = await call(app, 'POST', '/api/main/iam/users/reset-password-link', {
      token: refreshed.body.data.token as string,
      body: { user_uuid },
    })
    expect(link.status).toBe(200)
    const resetLink = link.body.data.reset_link as string
    const ott = resetLink.split('/').pop() ?? ''
    secrets.push(ott)
    expect((await call(app, 'GET', `/api/main/iam/reset-password/${ott}`)).status).toBe(200)
    const newPassword = 'Fresh-Secret-Pa55word!'
    secrets.push(newPassword)
    const reset = await call(app, 'POST', `/api/main/iam/reset-password/${ott}`, {
      body: { password: newPassword },
    })
    expect(reset.status).toBe(200)

    // SMS login in development: the outbox logs the code on purpose, marked as a development feature.
    await handle.db
      .updateTable('app_user')
      .set({ mfa_primary_mode: 'sms' })
      .where('username', '=', 'limo')
      .execute()
    const step = await call(app, 'POST', '/api/main/iam/login', {
      body: { username: 'limo', password: 'demo1234' },
    })
    const mfaToken = step.body.data.mfa_token as string
    secrets.push(mfaToken)
    expect(
      (await call(app, 'POST', '/api/main/iam/sms-login', { body: { mfa_token: mfaToken } })).status,
    ).toBe(200)
    const [code] = await smsCodes(app)
    const verified = await call(app, 'POST', '/api/main/iam/verify-smslogin', {
      body: { mfa_token: mfaToken, code },
    })
    expect(verified.status).toBe(200)
    secrets.push(verified.body.data.token as string, verified.body.data.refresh_token as string)

    // A 4xx whose body carries a password (unknown field), and a bad one in a query string.
    const leaky = 'Leaky-Pa55word-in-a-4xx'
    secrets.push(leaky)
    const bad = await call(app, 'POST', '/api/main/iam/login', {
      body: { username: 'admin', password: leaky, extra: leaky },
    })
    expect(bad.status).toBe(400)
    const inQuery = 'Query-Pa55word-value'
    secrets.push(inQuery)
    await call(app, 'GET', `/api/main/iam/entities?password=${inQuery}`, {
      token: verified.body.data.token as string,
    })

    // A machine's API key: created (shown once), used, and a wrong one (issue 15).
    const vending = (
      await call(app, 'POST', '/api/main/iam/login', { body: { username: 'vending', password: 'demo1234' } })
    ).body.data.token as string
    secrets.push(vending)
    // Not TCN-2102-000001, whose demo key is used below.
    const machine = await handle.db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
    const key = await call(app, 'POST', `/api/main/iot/machines/${String(machine.id)}/api-key`, {
      token: vending,
    })
    expect(key.status).toBe(200)
    const apiKey = key.body.data.api_key as string
    secrets.push(apiKey, 'demo-machine-key-TCN-2102-000001')
    const event = { event_id: randomUUID(), occurred_at: TEST_NOW, type: 'status', overall_status: 1 }
    expect(
      (await call(app, 'POST', '/api/machine/v1/events', { token: apiKey, body: { events: [event] } }))
        .status,
    ).toBe(200)
    expect(
      (
        await call(app, 'POST', '/api/machine/v1/events', {
          token: 'demo-machine-key-TCN-2102-000001',
          body: { events: [{ ...event, api_key: apiKey }] },
        })
      ).status,
    ).toBe(200)

    expect(lines.length).toBeGreaterThan(20)
    const smsLines = lines.filter((l) => l.includes('"dev_feature":"sms-outbox"'))
    expect(smsLines.length).toBe(1)
    const others = lines.filter((l) => !smsLines.includes(l))
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5)
      const found = others.filter((l) => l.includes(secret))
      expect(found, `secret ${secret.slice(0, 4)}… logged`).toEqual([])
    }
    // Log lines still say which request it was.
    expect(others.some((l) => l.includes('/iam/reset-password/[redacted]'))).toBe(true)
  })
})
