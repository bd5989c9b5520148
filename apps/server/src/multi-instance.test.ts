import { ExportJobStatus } from '@portal/contract'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PgEventBus } from './events/pg-event-bus'
import { demoMachineKey } from './seed/machine-keys'
import { testCharger } from './modules/ocpp/test-charger'
import type { BusEvent } from './events/event-bus'
import type { PrivatePostgres } from './test-support/private-postgres'
import { postgresBinaries, startPrivatePostgres } from './test-support/private-postgres'
import type { ServerProcess } from './test-support/server-process'
import { startServerProcess, waitUntilReady } from './test-support/server-process'
import { LiveClient } from './test-support/live-client'

/*
 * Issue 13, "Many instances, one truth": real server processes on one PostgreSQL of the test's own (so stopping it
 * disturbs no other suite), as an operator runs them behind a load balancer.
 */

interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary JSON bodies
  body: any
  headers: Headers
}

async function send(
  server: ServerProcess,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; timeoutMs?: number } = {},
): Promise<Answer> {
  const r = await fetch(`${server.base}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Token ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
  }).catch((err: unknown) => {
    // A refused connection means the instance died: say how, with the end of what it printed.
    const exit = server.child.exitCode ?? server.child.signalCode ?? 'still running'
    throw new Error(
      `${method} ${path} on ${server.name} failed (${(err as Error).message}; process: ${String(exit)}). ` +
        `Its last output:\n${server.output().slice(-4000)}`,
      { cause: err },
    )
  })
  const text = await r.text()
  let body: unknown = text
  try {
    body = JSON.parse(text)
  } catch {
    // a file download or plain text
  }
  return { status: r.status, body, headers: r.headers }
}

async function login(server: ServerProcess, username: string, password = 'demo1234'): Promise<Answer> {
  return send(server, 'POST', '/api/main/iam/login', { body: { username, password } })
}

async function tokenOf(server: ServerProcess, username: string): Promise<string> {
  const r = await login(server, username)
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data.token as string
}

async function until<T>(what: string, fn: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await fn().catch(() => null)
    if (value !== null) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

const canRun = Boolean(process.env.TEST_DATABASE_URL) && postgresBinaries() !== null

describe.skipIf(!canRun)('several server processes on one PostgreSQL', () => {
  let pgc: PrivatePostgres
  let files: string
  let env: Record<string, string>
  const servers: ServerProcess[] = []
  let a: ServerProcess
  let b: ServerProcess

  beforeAll(async () => {
    pgc = await startPrivatePostgres()
    files = mkdtempSync(join(tmpdir(), 'portal-multi-'))
    env = {
      DATABASE_URL: pgc.url,
      PORTAL_ENV: 'dev',
      PORTAL_DEMO_SCALE: '0.02',
      PORTAL_TEST_MODE: '1',
      JOB_LEASE_MS: '2000',
      PORTAL_TEST_JOB_DELAY_MS: '4000',
      DB_CONNECT_TIMEOUT_MS: '1000',
      UPLOADS_DIR: join(files, 'uploads'),
      EXPORTS_DIR: join(files, 'exports'),
    }
    // Two instances started together on an empty database: one migrates and seeds, the other waits for it.
    ;[a, b] = await Promise.all([startServerProcess('A', env), startServerProcess('B', env)])
    servers.push(a, b)
  }, 180_000)

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')))
    await pgc.destroy()
    rmSync(files, { recursive: true, force: true })
  }, 60_000)

  it('both come up on an empty database, and the demo data is seeded once', async () => {
    const seeded = [a, b].filter((s) => s.output().includes('Demo data created'))
    expect(seeded.map((s) => s.name)).toHaveLength(1)
    for (const s of [a, b]) {
      expect((await send(s, 'GET', '/readyz')).status).toBe(200)
      const token = await tokenOf(s, 'vending')
      const list = await send(s, 'POST', '/api/main/iot/machines/filter', {
        token,
        body: { limit: 1, offset: 0 },
      })
      expect(list.status).toBe(200)
      expect(list.body.data.count).toBe(40)
    }
  })

  it('counts failed logins across both: the limit trips whichever instance is asked', async () => {
    // The username limit is 5 failures per 15 minutes; the failures are split between the two instances.
    for (const s of [a, b, a, b, a]) expect((await login(s, 'fleet', 'wrong-password')).status).toBe(401)
    for (const s of [a, b]) {
      const refused = await login(s, 'fleet')
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  it('hears on one instance an event published on the other', async () => {
    const one = new PgEventBus({ url: pgc.url, schema: 'public', instanceId: 'test-one' })
    const two = new PgEventBus({ url: pgc.url, schema: 'public', instanceId: 'test-two' })
    try {
      const heard = new Promise<BusEvent>((resolve) => two.subscribe('test.ping', resolve))
      await two.ready()
      await one.publish('test.ping', { n: 42 })
      const event = await heard
      expect(event).toMatchObject({ topic: 'test.ping', payload: { n: 42 }, origin: 'test-one' })
    } finally {
      await Promise.all([one.close(), two.close()])
    }
  })

  it('keeps one OCPP connection per charger: reconnecting to the other instance closes the first', async () => {
    const first = testCharger({ port: a.port, identity: 'SPK-TEST-03', password: 'demo1234' })
    await first.connect()
    expect(await first.call('Heartbeat', {})).toHaveProperty('currentTime')
    const closed = new Promise<{ code: number; reason: string }>((resolve) => first.once('close', resolve))
    const second = testCharger({ port: b.port, identity: 'SPK-TEST-03', password: 'demo1234' })
    try {
      await second.connect()
      // Instance A hears of the new connection on the bus and closes its own.
      expect(await closed).toMatchObject({ code: 1000 })
      expect(await second.call('Heartbeat', {})).toHaveProperty('currentTime')
    } finally {
      await Promise.all([first.close({ force: true }), second.close({ force: true })])
    }
  })

  it("routes an operator's command to the instance holding the charger, and brings back its answer", async () => {
    const charger = testCharger({ port: a.port, identity: 'SPK-TEST-02', password: 'demo1234' })
    const received: string[] = []
    charger.handle('Reset', ({ params }) => {
      received.push(JSON.stringify(params))
      return Promise.resolve({ status: 'Accepted' })
    })
    await charger.connect()
    try {
      const token = await tokenOf(b, 'cpo')
      const device = await until(
        'the test bay charger',
        async () => {
          const r = await send(b, 'GET', '/api/charging/charge-points/devices?search=SPK-TEST-02&limit=1', {
            token,
          })
          return (r.body?.data?.devices?.[0]?.uid as string | undefined) ?? null
        },
        10_000,
      )
      const r = await send(b, 'POST', `/api/charging/charge-points/devices/${device}/ocpp-commands`, {
        token,
        body: { command: 'Reset', type: 'Soft' },
      })
      expect(r.status, JSON.stringify(r.body)).toBe(200)
      expect(r.body.data.command).toMatchObject({ action: 'Reset', state: 'answered', status: 'Accepted' })
      expect(received).toEqual([JSON.stringify({ type: 'Soft' })])
    } finally {
      await charger.close({ force: true })
    }
  })

  it("answers a machine's long poll on one instance as soon as a command is queued on the other", async () => {
    const token = await tokenOf(b, 'vending')
    const list = await send(b, 'POST', '/api/main/iot/machines/filter', {
      token,
      body: { limit: 1, offset: 5 },
    })
    const machine = list.body.data.machines[0] as { machine_id: number; serial_number: string }
    const key = demoMachineKey('VEND', machine.serial_number)
    const poll = () =>
      fetch(`${a.base}/api/machine/v1/commands?wait=20`, {
        headers: { authorization: `Machine ${key}` },
        signal: AbortSignal.timeout(30_000),
      }).then(async (r) => (await r.json()) as { data: { commands: { id: number; command: string }[] } })
    const started = Date.now()
    const waiting = poll()
    await new Promise((r) => setTimeout(r, 500))
    const sent = await send(b, 'POST', `/api/main/iot/machines/${String(machine.machine_id)}/commands`, {
      token,
      body: { command: 'sync_config' },
    })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const answer = await waiting
    // Instance A heard of it on the bus: well before the poll's 20 s.
    expect(answer.data.commands.map((c) => c.id)).toEqual([sent.body.data.command.id])
    expect(Date.now() - started).toBeLessThan(10_000)
  })

  it('carries to a live stream held by one instance what a machine told the other, within a second', async () => {
    const token = await tokenOf(a, 'vending')
    const list = await send(a, 'POST', '/api/main/iot/machines/filter', {
      token,
      body: { limit: 1, offset: 6 },
    })
    const machine = list.body.data.machines[0] as { machine_id: number; serial_number: string }
    const stream = await LiveClient.open(a.base, token)
    try {
      expect(stream.status).toBe(200)
      const started = Date.now()
      const r = await fetch(`${b.base}/api/machine/v1/events`, {
        method: 'POST',
        headers: {
          authorization: `Machine ${demoMachineKey('VEND', machine.serial_number)}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          events: [{ event_id: randomUUID(), occurred_at: Date.now(), type: 'status', overall_status: 2 }],
        }),
      })
      expect(r.status).toBe(200)
      const seen = await stream.next((m) => m.event === 'machine.status')
      expect(JSON.parse(seen.data)).toEqual({ machine_id: machine.machine_id })
      // Told over the bus, not found by the two-second poll.
      expect(Date.now() - started).toBeLessThan(1_500)
    } finally {
      stream.close()
    }
  })

  it('finishes on the other instance an export whose instance was killed, and serves the file from both', async () => {
    const token = await tokenOf(a, 'vending')
    const started = await send(a, 'POST', '/api/main/exports', {
      token,
      body: { source: 'machines', format: 'csv', filters: {} },
    })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const uuid = started.body.data.export_job.uuid as string
    // The job is held for a while in test mode (PORTAL_TEST_JOB_DELAY_MS) so it can be killed mid-way.
    const runner = await until(
      'an instance to take the export',
      () => Promise.resolve([a, b].find((s) => s.output().includes(`export ${uuid} started`)) ?? null),
      20_000,
    ).catch((err: unknown) => {
      throw new Error(
        `${String(err)}\n--- A:\n${a.output().slice(-3000)}\n--- B:\n${b.output().slice(-3000)}`,
      )
    })
    await runner.kill('SIGKILL')
    const survivor = runner === a ? b : a
    const other = await tokenOf(survivor, 'vending')
    const done = await until(
      'the export to be finished by the survivor',
      async () => {
        const r = await send(survivor, 'GET', `/api/main/exports/${uuid}`, { token: other })
        return r.body?.data?.export_job?.status === ExportJobStatus.Ready ? r.body.data.export_job : null
      },
      40_000,
    )
    expect(done.status).toBe(ExportJobStatus.Ready)
    // The killed instance comes back; both serve the file.
    const restarted = await startServerProcess(`${runner.name}2`, env)
    servers.push(restarted)
    for (const s of [survivor, restarted]) {
      const file = await send(s, 'GET', `/api/main/exports/${uuid}/download`, { token: other })
      expect(file.status).toBe(200)
      expect(String(file.body).split('\n').length).toBeGreaterThan(40)
    }
    if (runner === a) a = restarted
    else b = restarted
  }, 90_000)

  it('answers 503 while the database is stopped, then recovers by itself', async () => {
    const token = await tokenOf(a, 'vending')
    await pgc.stop()
    for (const s of [a, b]) {
      const startedAt = Date.now()
      const r = await send(s, 'POST', '/api/main/iot/machines/filter', {
        token,
        body: { limit: 5, offset: 0 },
      })
      expect(r.status).toBe(503)
      expect(r.body.error.message_code).toBe('database_unavailable')
      expect(Date.now() - startedAt).toBeLessThan(10_000)
      expect((await send(s, 'GET', '/healthz')).status).toBe(200)
      expect((await send(s, 'GET', '/readyz')).status).toBe(503)
    }
    await pgc.start()
    for (const s of [a, b]) {
      await waitUntilReady(s, 30_000)
      const r = await send(s, 'POST', '/api/main/iot/machines/filter', {
        token,
        body: { limit: 5, offset: 0 },
      })
      expect(r.status).toBe(200)
      expect(s.child.exitCode).toBeNull()
    }
  }, 90_000)
})
