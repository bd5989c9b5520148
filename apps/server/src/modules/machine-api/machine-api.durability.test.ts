import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_MACHINE_SERIAL, demoMachineKey } from '../../seed/machine-keys'
import type { ServerProcess } from '../../test-support/server-process'
import { startServerProcess } from '../../test-support/server-process'

/*
 * Issue 15's durability test: kill -9 the server in the middle of an ingest burst, start it again on the same
 * database, and every event it had answered `accepted` is there: sent again, each one is a `duplicate`.
 */

const KEY = demoMachineKey('VEND', DEMO_MACHINE_SERIAL)

interface Result {
  event_id: string | null
  result: string
}

async function postEvents(server: ServerProcess, events: unknown[]): Promise<Result[] | null> {
  try {
    const r = await fetch(`${server.base}/api/machine/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Machine ${KEY}` },
      body: JSON.stringify({ events }),
      signal: AbortSignal.timeout(10_000),
    })
    if (r.status !== 200) return null
    return ((await r.json()) as { data: { results: Result[] } }).data.results
  } catch {
    // The server died with the request in flight: no answer, so no promise was made.
    return null
  }
}

const statusEvent = (i: number) => ({
  event_id: randomUUID(),
  occurred_at: Date.now() - 1000 + (i % 1000),
  type: 'status',
  overall_status: i % 2 === 0 ? 1 : 2,
})

/** A database of its own for the server processes: a SQLite file, or a PostgreSQL database dropped afterwards. */
async function databaseFor(dialect: 'sqlite' | 'postgres', dir: string) {
  if (dialect === 'sqlite')
    return { url: `sqlite:${join(dir, 'portal.sqlite')}`, drop: () => Promise.resolve() }
  const admin = process.env.TEST_DATABASE_URL ?? ''
  const name = `t_durability_${randomBytes(4).toString('hex')}`
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: admin })
    await c.connect()
    await c.query(sql)
    await c.end()
  }
  await run(`create database ${name}`)
  const url = new URL(admin)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}

const DIALECTS = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)

describe.each(DIALECTS)('the machine API, killed mid-burst, on %s', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-durability-'))
  const servers: ServerProcess[] = []
  let database: Awaited<ReturnType<typeof databaseFor>> | undefined
  const env = {
    PORTAL_ENV: 'dev',
    NODE_ENV: 'development',
    PORTAL_DEMO_SCALE: '0.005',
    PORTAL_DEMO_SIMULATOR: '0',
    MACHINE_RATE_LIMIT_PER_MIN: '1000000',
    UPLOADS_DIR: join(dir, 'uploads'),
    EXPORTS_DIR: join(dir, 'exports'),
  }

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGKILL')))
    await database?.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  it('keeps every event it answered accepted', async () => {
    database = await databaseFor(dialect, dir)
    Object.assign(env, { DATABASE_URL: database.url })
    const first = await startServerProcess('A', env, { readyTimeoutMs: 120_000 })
    servers.push(first)
    const accepted: unknown[] = []
    let sent = 0
    let stop = false
    // Four machines' gateways at once, batches of 25, until the process is killed under them.
    const sender = async () => {
      while (!stop) {
        const batch = Array.from({ length: 25 }, () => statusEvent(sent++))
        const results = await postEvents(first, batch)
        if (results === null) return
        for (const [i, r] of results.entries()) if (r.result === 'accepted') accepted.push(batch[i])
      }
    }
    const senders = Array.from({ length: 4 }, sender)
    // Let the burst run, then kill -9 with requests in flight.
    const deadline = Date.now() + 10_000
    while (accepted.length < 400 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20))
    await first.kill('SIGKILL')
    stop = true
    await Promise.all(senders)
    expect(accepted.length).toBeGreaterThan(0)
    // Requests were in flight when it died (a run here: 575 sent, 475 answered accepted).
    expect(sent).toBeGreaterThan(accepted.length)

    const second = await startServerProcess('B', env, { readyTimeoutMs: 120_000 })
    servers.push(second)
    for (let i = 0; i < accepted.length; i += 250) {
      const results = await postEvents(second, accepted.slice(i, i + 250))
      expect(results, 'the restarted server answers').not.toBeNull()
      const lost = (results ?? []).filter((r) => r.result !== 'duplicate')
      expect(lost, `${String(lost.length)} of the events answered accepted were lost`).toEqual([])
    }
  }, 240_000)
})
