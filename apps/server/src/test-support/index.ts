import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { BuildOptions } from '../app'
import { buildApp } from '../app'
import type { Config } from '../config/env'
import { testConfig } from '../config/env'
import type { DatabaseHandle, Dialect } from '../db/database'
import { openDatabase } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { seedDemoData } from '../seed/seed'
import { templatedDatabase } from './database-templates'

/** Every server suite runs on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

/** The fixed reference time of test data, so generated rows are the same on every run. */
export const TEST_NOW = Date.UTC(2026, 10, 23, 4, 0, 0)

export interface TestApp {
  app: FastifyInstance
  database: DatabaseHandle
  /** The database's URL, for a second connection a test opens (with `database.schema` on PostgreSQL). */
  url: string
  close: () => Promise<void>
}

export interface TestAppOptions {
  /** Seed the demo accounts and `scale` × 2000 VEND machines (default 0.05 → 100 machines). */
  scale?: number
  seed?: boolean
  config?: Partial<Config>
  /** Passed to buildApp: an SMS sender or a login throttle with test limits. */
  build?: Pick<
    BuildOptions,
    'sms' | 'throttle' | 'exports' | 'background' | 'live' | 'webhooks' | 'alerts' | 'ocpi' | 'reports'
  >
}

/** A fresh database of the dialect: a temp SQLite file, or a new PostgreSQL schema dropped on close. */
export async function freshDatabase(
  dialect: Dialect,
): Promise<{ handle: DatabaseHandle; url: string; cleanup: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'portal-test-'))
    const url = `sqlite:${join(dir, 'test.sqlite')}`
    return {
      handle: openDatabase(url),
      url,
      cleanup: () => Promise.resolve(rmSync(dir, { recursive: true, force: true })),
    }
  }
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  // Under vitest the schemas are dropped once the whole run has finished (test-support/global-setup.ts explains why);
  // elsewhere as the suite closes.
  const run = process.env.PORTAL_TEST_RUN
  const schema = `t_${run ? `${run}_` : ''}${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  return {
    handle: openDatabase(url, { schema, poolSize: 4 }),
    url,
    cleanup: async () => {
      if (run) return
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`drop schema if exists ${schema} cascade`)
      await c.end()
    },
  }
}

/**
 * A database holding the migrated schema, and the demo data at `scale` unless `seed` is false. Under vitest it is a
 * copy of a template built once per run (database-templates.ts); elsewhere it is migrated and seeded here.
 */
export async function seededDatabase(
  dialect: Dialect,
  options: Pick<TestAppOptions, 'scale' | 'seed'> = {},
): Promise<{ handle: DatabaseHandle; url: string; cleanup: () => Promise<void> }> {
  const scale = options.scale ?? 0.05
  const seeded = options.seed !== false
  const fill = async (handle: DatabaseHandle) => {
    await migrateToLatest(handle.db)
    if (seeded) await seedDemoData(handle.db, { seed: 7, now: TEST_NOW, scale })
  }
  if (process.env.PORTAL_TEST_RUN)
    return templatedDatabase(dialect, seeded ? `demo-${String(scale)}` : 'migrated', fill)
  const fresh = await freshDatabase(dialect)
  await fill(fresh.handle)
  return fresh
}

export async function createTestApp(dialect: Dialect, options: TestAppOptions = {}): Promise<TestApp> {
  const { handle, url, cleanup } = await seededDatabase(dialect, options)
  const app = await buildApp(testConfig(url, options.config), {
    database: handle,
    migrate: false,
    ...options.build,
    // Alerts are evaluated by the tests that look at them (app.evaluateAlerts), not on a schedule that would add
    // alert events to other tests' streams.
    alerts: { schedule: false, ...options.build?.alerts },
    // Scheduled reports are ticked by the tests that look at them (app.tickReports).
    reports: { tickMs: false, ...options.build?.reports },
  })
  await app.ready()
  return {
    app,
    database: handle,
    url,
    close: async () => {
      await app.close()
      await handle.destroy()
      await cleanup()
    },
  }
}

export interface ApiResult<T = unknown> {
  status: number
  body: T
  response: LightMyRequestResponse
}

/** Calls the API like the portal does: JSON in, JSON out, `Token` auth when a token is given. */
export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  options: { token?: string | null; body?: unknown; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...options.headers }
  // The verification-form client (cases) sends Bearer, machines send their key (issue 15); every other client sends
  // Token (DESIGN.md).
  const scheme = url.startsWith('/api/cases')
    ? 'Bearer'
    : url.startsWith('/api/machine/')
      ? 'Machine'
      : 'Token'
  if (options.token) headers.authorization = `${scheme} ${options.token}`
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  })
  const text = response.body
  let body: unknown = text
  if ((response.headers['content-type'] ?? '').toString().includes('json') && text !== '')
    body = JSON.parse(text)
  return { status: response.statusCode, body: body as T, response }
}

export async function loginAs(
  app: FastifyInstance,
  username: string,
  password = 'demo1234',
): Promise<string> {
  const result = await call<{ data: { token: string } }>(app, 'POST', '/api/main/iam/login', {
    body: { username, password },
  })
  if (result.status !== 200)
    throw new Error(`login as ${username} failed: ${result.status} ${JSON.stringify(result.body)}`)
  return result.body.data.token
}

/** The SMS codes the development outbox holds for a number, newest first. */
export async function smsCodes(app: FastifyInstance, to?: string): Promise<string[]> {
  const result = await call<{ data: { messages: { text: string }[] } }>(
    app,
    'GET',
    `/api/main/dev/sms-outbox${to ? `?to=${encodeURIComponent(to)}` : ''}`,
  )
  return result.body.data.messages.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1] ?? '')
}

/** Polls `fn` every 200 ms until it gives a value, or fails naming `what` after `timeoutMs`. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await fn()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
