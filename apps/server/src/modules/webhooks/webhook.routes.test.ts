import type { LiveEventName, WebhookDelivery } from '@portal/contract'
import { createHmac, randomUUID } from 'node:crypto'
import { isIP } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../../test-support'
import type { Received } from '../../test-support/webhook-receiver'
import { WebhookReceiver } from '../../test-support/webhook-receiver'
import { DEMO_MACHINE_SERIAL, demoMachineKey } from '../../seed/machine-keys'
import type { LiveFact } from '../live/live-kinds'
import type { Resolve } from './webhook-send'

/*
 * Webhooks (issue 16, decision 0112) on SQLite and PostgreSQL, delivered over real sockets to a local receiver:
 * registration and its validation, who may do what, the signed delivery, retries under one delivery uuid, the
 * timeout, redirects not followed, pause, redelivery, deletion, and the address rule in production.
 */

const RETRY_MS = 300
const TIMEOUT_MS = 400

describe.each(DIALECTS)('webhooks on %s', (dialect) => {
  let t: TestApp
  let receiver: WebhookReceiver
  let vending: string
  const made: number[] = []

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      scale: 0.005,
      build: {
        webhooks: { timeoutMs: TIMEOUT_MS, retryDelaysMs: [RETRY_MS, RETRY_MS, RETRY_MS] },
        background: { jobs: { pollMs: 50 } },
      },
    })
    receiver = await WebhookReceiver.start()
    vending = await loginAs(t.app, 'vending')
  })
  afterEach(async () => {
    // Each test's webhooks go, so that the next test's events reach only its own.
    for (const id of made.splice(0))
      await call(t.app, 'DELETE', `/api/main/webhooks/${String(id)}`, { token: vending })
  })
  afterAll(async () => {
    await t.close()
    await receiver.close()
  })

  const register = async (path: string, events: LiveEventName[]) => {
    const r = await call<{ data: { id: number; secret: string } }>(t.app, 'POST', '/api/main/webhooks', {
      token: vending,
      body: { url: receiver.url(path), events },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    made.push(r.body.data.id)
    return r.body.data
  }
  const tell = (...facts: LiveFact[]) => t.app.live.emit(facts)
  const stopped = (session: string): LiveFact => ({
    name: 'session.stopped',
    entities: ['VEND'],
    data: { session, charge_point: 'CP-1' },
  })
  const deliveries = async (id: number, token = vending) => {
    const r = await call<{ data: { deliveries: WebhookDelivery[]; count: number } }>(
      t.app,
      'GET',
      `/api/main/webhooks/${String(id)}/deliveries`,
      { token },
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }
  /** Waits until the log of a webhook holds attempts none of which is pending, at least `n`. */
  const settled = (id: number, n: number) =>
    until(`${String(n)} finished attempt(s) of webhook ${String(id)}`, async () => {
      const log = await deliveries(id)
      return log.deliveries.length >= n && log.deliveries.every((d) => d.outcome !== 'pending')
        ? log.deliveries
        : undefined
    })
  const arrived = (path: string, n = 1) =>
    until(`${String(n)} request(s) at ${path}`, () =>
      Promise.resolve(receiver.at(path).length >= n ? receiver.at(path) : undefined),
    )
  const issuePaths = (body: unknown) =>
    ((body as { error: { issues?: { path: string }[] } }).error.issues ?? []).map((i) => i.path)

  it('refuses a registration that is not right, naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ events: ['machine.status'] }, 'body.url'],
      [{ url: 'ftp://example.com/hook', events: ['machine.status'] }, 'body.url'],
      [{ url: 'not a url', events: ['machine.status'] }, 'body.url'],
      [{ url: 'https://user:pass@example.com/hook', events: ['machine.status'] }, 'body.url'],
      [{ url: `https://example.com/${'a'.repeat(2000)}`, events: ['machine.status'] }, 'body.url'],
      [{ url: 'http://10.0.0.7/hook', events: ['machine.status'] }, 'body.url'],
      [{ url: 'http://169.254.169.254/latest/meta-data', events: ['machine.status'] }, 'body.url'],
      [{ url: receiver.url('/x') }, 'body.events'],
      [{ url: receiver.url('/x'), events: [] }, 'body.events'],
      [{ url: receiver.url('/x'), events: ['machine.status', 'machine.exploded'] }, 'body.events.1'],
      [{ url: receiver.url('/x'), events: ['machine.status', 'machine.status'] }, 'body.events'],
    ]
    for (const [body, field] of cases) {
      const r = await call(t.app, 'POST', '/api/main/webhooks', { token: vending, body })
      expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(400)
      expect(issuePaths(r.body), JSON.stringify(body).slice(0, 80)).toContain(field)
    }
    const unknown = await call(t.app, 'POST', '/api/main/webhooks', { token: vending, body: { bogus: 1 } })
    expect(unknown.status).toBe(400)
  })

  it('lets an admin register one, answers the secret once, and lists it without it', async () => {
    const hook = await register('/listed', ['machine.status', 'order.created'])
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/)
    const list = await call(t.app, 'GET', '/api/main/webhooks', { token: vending })
    expect(list.status).toBe(200)
    expect(JSON.stringify(list.body)).not.toContain(hook.secret)
    expect(list.body.data.webhooks).toContainEqual({
      id: hook.id,
      url: receiver.url('/listed'),
      events: ['machine.status', 'order.created'],
      status: 'active',
      created_at: expect.any(Number) as number,
      created_by: 'vending',
      last_delivery_at: null,
      last_delivery_outcome: null,
    })
  })

  it("refuses a member without a grant (403) and another entity's owner (404)", async () => {
    const hook = await register('/guarded', ['machine.status'])
    const viewer = await loginAs(t.app, 'viewer')
    expect((await call(t.app, 'GET', '/api/main/webhooks', { token: viewer })).status).toBe(403)
    const denied = await call(t.app, 'POST', '/api/main/webhooks', {
      token: viewer,
      body: { url: receiver.url('/x'), events: ['machine.status'] },
    })
    expect(denied.status).toBe(403)
    const cpo = await loginAs(t.app, 'cpo')
    const id = String(hook.id)
    for (const [method, url, body] of [
      ['PUT', `/api/main/webhooks/${id}`, { status: 'paused' }],
      ['DELETE', `/api/main/webhooks/${id}`, undefined],
      ['GET', `/api/main/webhooks/${id}/deliveries`, undefined],
      ['POST', `/api/main/webhooks/${id}/deliveries/${randomUUID()}/redeliver`, undefined],
    ] as const) {
      const r = await call(t.app, method, url, { token: cpo, body })
      expect(r.status, `${method} ${url}`).toBe(404)
    }
    const own = await call(t.app, 'GET', '/api/main/webhooks', { token: cpo })
    expect(own.body.data.webhooks).toEqual([])
  })

  it('delivers an event signed with the secret, with the headers of the contract', async () => {
    const hook = await register('/signed', ['session.stopped'])
    await tell(stopped('S-SIGNED'))
    const [got] = (await arrived('/signed')) as [Received]
    const body = JSON.parse(got.body.toString('utf8')) as Record<string, unknown>
    expect(body).toEqual({
      id: got.headers['x-portal-delivery'],
      event: 'session.stopped',
      entity_code: 'VEND',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      data: { session: 'S-SIGNED', charge_point: 'CP-1' },
    })
    expect(got.headers['content-type']).toBe('application/json')
    expect(got.headers['x-portal-event']).toBe('session.stopped')
    expect(got.headers['x-portal-delivery']).toMatch(/^[0-9a-f-]{36}$/)
    expect(got.headers['user-agent']).toMatch(/OperatorPortal/)
    const expected = `sha256=${createHmac('sha256', hook.secret).update(got.body).digest('hex')}`
    expect(got.headers['x-portal-signature']).toBe(expected)
    const [attempt] = (await settled(hook.id, 1)) as [WebhookDelivery]
    expect(attempt).toMatchObject({
      delivery_uuid: got.headers['x-portal-delivery'],
      event: 'session.stopped',
      attempt: 1,
      outcome: 'succeeded',
      http_status: 200,
      response_excerpt: 'ok',
      error: null,
    })
    expect(attempt.latency_ms).toBeGreaterThanOrEqual(0)
    const list = await call(t.app, 'GET', '/api/main/webhooks', { token: vending })
    expect(list.body.data.webhooks).toContainEqual(
      expect.objectContaining({ id: hook.id, last_delivery_outcome: 'succeeded' }),
    )
  })

  it("carries what the portal's own sources tell the live stream (a machine's status, through the machine API)", async () => {
    await register('/machine', ['machine.status'])
    const machine = await t.app.db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .where('serial_number', '=', DEMO_MACHINE_SERIAL)
      .select(['id', 'overall_status'])
      .executeTakeFirstOrThrow()
    const r = await call(t.app, 'POST', '/api/machine/v1/events', {
      token: demoMachineKey('VEND', DEMO_MACHINE_SERIAL),
      body: {
        events: [
          {
            event_id: randomUUID(),
            occurred_at: Date.now(),
            type: 'status',
            overall_status: machine.overall_status === 1 ? 2 : 1,
          },
        ],
      },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const [got] = (await arrived('/machine')) as [Received]
    expect(JSON.parse(got.body.toString('utf8'))).toMatchObject({
      event: 'machine.status',
      data: { machine_id: machine.id },
    })
  })

  it('tries a failed delivery again under the same delivery uuid, and logs every attempt', async () => {
    receiver.answer('/flaky', { status: 500, body: 'database down' }, { status: 200, body: 'thanks' })
    const hook = await register('/flaky', ['session.stopped'])
    await tell(stopped('S-FLAKY'))
    const [first, second] = (await arrived('/flaky', 2)) as [Received, Received]
    expect(second.headers['x-portal-delivery']).toBe(first.headers['x-portal-delivery'])
    expect(second.body.equals(first.body)).toBe(true)
    expect(second.headers['x-portal-signature']).toBe(first.headers['x-portal-signature'])
    const log = await settled(hook.id, 2)
    expect(log.map((d) => [d.attempt, d.outcome, d.http_status, d.response_excerpt])).toEqual([
      [2, 'succeeded', 200, 'thanks'],
      [1, 'failed', 500, 'database down'],
    ])
    expect(log[1]?.error).toBe('Answered HTTP 500')
    expect(new Set(log.map((d) => d.delivery_uuid))).toEqual(new Set([first.headers['x-portal-delivery']]))
  })

  it('gives up on an answer that does not come in time, and tries again', async () => {
    receiver.answer('/slow', 'hang', { status: 204 })
    const hook = await register('/slow', ['session.stopped'])
    await tell(stopped('S-SLOW'))
    const log = await settled(hook.id, 2)
    expect(log.map((d) => [d.attempt, d.outcome, d.http_status])).toEqual([
      [2, 'succeeded', 204],
      [1, 'failed', null],
    ])
    expect(log[1]?.error).toBe('Timed out after 0.4 s')
    expect(log[1]?.latency_ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
  })

  it('follows no redirect: a 3xx is a failed attempt, and its target never hears of it', async () => {
    receiver.answer('/moved', { status: 302, headers: { location: receiver.url('/target') } })
    const hook = await register('/moved', ['session.stopped'])
    await tell(stopped('S-MOVED'))
    const [attempt] = (await settled(hook.id, 1)) as [WebhookDelivery]
    expect(attempt.outcome).toBe('failed')
    expect(attempt.http_status).toBe(302)
    expect(attempt.error).toMatch(/redirect.*not followed/)
    await new Promise((r) => setTimeout(r, RETRY_MS * 2))
    expect(receiver.at('/target')).toEqual([])
  })

  it('sends a paused webhook nothing, and the events after it resumes', async () => {
    const hook = await register('/paused', ['session.stopped'])
    const paused = await call(t.app, 'PUT', `/api/main/webhooks/${String(hook.id)}`, {
      token: vending,
      body: { status: 'paused' },
    })
    expect(paused.status).toBe(200)
    expect(paused.body.data.status).toBe('paused')
    await tell(stopped('S-WHILE-PAUSED'))
    expect((await deliveries(hook.id)).count).toBe(0)
    const resumed = await call(t.app, 'PUT', `/api/main/webhooks/${String(hook.id)}`, {
      token: vending,
      body: { status: 'active' },
    })
    expect(resumed.body.data.status).toBe('active')
    await tell(stopped('S-AFTER'))
    const [got] = (await arrived('/paused')) as [Received]
    expect(JSON.parse(got.body.toString('utf8'))).toMatchObject({ data: { session: 'S-AFTER' } })
    await new Promise((r) => setTimeout(r, 200))
    expect(receiver.at('/paused')).toHaveLength(1)
    const empty = await call(t.app, 'PUT', `/api/main/webhooks/${String(hook.id)}`, {
      token: vending,
      body: {},
    })
    expect(empty.status).toBe(400)
  })

  it('sends a delivery again on request: the same uuid and body, as the next attempt', async () => {
    const hook = await register('/again', ['session.stopped'])
    await tell(stopped('S-AGAIN'))
    const [first] = (await arrived('/again')) as [Received]
    const uuid = String(first.headers['x-portal-delivery'])
    await settled(hook.id, 1)
    const r = await call(
      t.app,
      'POST',
      `/api/main/webhooks/${String(hook.id)}/deliveries/${uuid}/redeliver`,
      { token: vending },
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data).toMatchObject({ delivery_uuid: uuid, attempt: 2 })
    const [, again] = (await arrived('/again', 2)) as [Received, Received]
    expect(again.headers['x-portal-delivery']).toBe(uuid)
    expect(again.body.equals(first.body)).toBe(true)
    const log = await settled(hook.id, 2)
    expect(log.map((d) => [d.delivery_uuid, d.attempt, d.outcome])).toEqual([
      [uuid, 2, 'succeeded'],
      [uuid, 1, 'succeeded'],
    ])
    const unknown = await call(
      t.app,
      'POST',
      `/api/main/webhooks/${String(hook.id)}/deliveries/${randomUUID()}/redeliver`,
      { token: vending },
    )
    expect(unknown.status).toBe(404)
  })

  it('deletes a webhook with its deliveries: what was still to be tried is not sent', async () => {
    receiver.answer('/gone', { status: 503 })
    const hook = await register('/gone', ['session.stopped'])
    await tell(stopped('S-GONE'))
    await arrived('/gone')
    const removed = await call(t.app, 'DELETE', `/api/main/webhooks/${String(hook.id)}`, { token: vending })
    expect(removed.status).toBe(200)
    made.splice(made.indexOf(hook.id), 1)
    const left = await t.app.db
      .selectFrom('webhook_delivery')
      .where('webhook_id', '=', hook.id)
      .select('id')
      .execute()
    expect(left).toEqual([])
    await new Promise((r) => setTimeout(r, RETRY_MS * 3))
    expect(receiver.at('/gone')).toHaveLength(1)
    const again = await call(t.app, 'GET', `/api/main/webhooks/${String(hook.id)}/deliveries`, {
      token: vending,
    })
    expect(again.status).toBe(404)
  })
})

describe.each(DIALECTS)('the webhook address rule in production on %s', (dialect) => {
  let t: TestApp
  let receiver: WebhookReceiver
  let vending: string
  /** What each name resolves to, in turn (the last answer again and again). */
  const names = new Map<string, string[]>()
  const resolve: Resolve = (hostname) => {
    const queue = names.get(hostname)
    const address = queue && queue.length > 1 ? queue.shift() : queue?.[0]
    if (address === undefined)
      return Promise.reject(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }))
    return Promise.resolve([{ address, family: isIP(address) }])
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      scale: 0.005,
      config: { production: true },
      build: {
        webhooks: { resolve, timeoutMs: TIMEOUT_MS, retryDelaysMs: [RETRY_MS, RETRY_MS] },
        background: { jobs: { pollMs: 50 } },
      },
    })
    receiver = await WebhookReceiver.start()
    vending = await loginAs(t.app, 'vending')
  })
  afterAll(async () => {
    await t.close()
    await receiver.close()
  })

  it('refuses loopback, private and link-local addresses at registration, however written', async () => {
    names.set('internal.test', ['10.1.2.3'])
    names.set('localhost.test', ['127.0.0.1'])
    for (const url of [
      receiver.url('/direct'),
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://2130706433/hook',
      'http://0.0.0.0/hook',
      'http://192.168.1.1/hook',
      'http://100.64.0.1/hook',
      'http://[fd00::1]/hook',
      'http://[fe80::1]/hook',
      'http://internal.test/hook',
      'http://localhost.test/hook',
      'http://nowhere.test/hook',
    ]) {
      const r = await call(t.app, 'POST', '/api/main/webhooks', {
        token: vending,
        body: { url, events: ['session.stopped'] },
      })
      expect(r.status, url).toBe(400)
      expect(
        r.body.error.issues.map((i: { path: string }) => i.path),
        url,
      ).toEqual(['body.url'])
    }
  })

  it('refuses at delivery a name that now resolves to loopback (DNS rebinding), and does not retry', async () => {
    // Public when registered, the receiver's loopback address when delivered to.
    names.set('rebind.test', ['93.184.216.34', '127.0.0.1'])
    const r = await call(t.app, 'POST', '/api/main/webhooks', {
      token: vending,
      body: { url: `http://rebind.test:${String(receiver.port)}/rebound`, events: ['session.stopped'] },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const id = r.body.data.id as number
    await t.app.live.emit([
      { name: 'session.stopped', entities: ['VEND'], data: { session: 'S-R', charge_point: 'CP' } },
    ])
    const log = await until('the refused attempt', async () => {
      const d = await call(t.app, 'GET', `/api/main/webhooks/${String(id)}/deliveries`, { token: vending })
      const rows = d.body.data.deliveries as WebhookDelivery[]
      return rows.length > 0 && rows.every((x) => x.outcome !== 'pending') ? rows : undefined
    })
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ attempt: 1, outcome: 'failed', http_status: null })
    expect(log[0]?.error).toMatch(
      /^Refused by the address rule: rebind\.test: 127\.0\.0\.1 is a loopback address/,
    )
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 3))
    const after = await call(t.app, 'GET', `/api/main/webhooks/${String(id)}/deliveries`, { token: vending })
    expect(after.body.data.count).toBe(1)
    expect(receiver.received).toEqual([])
  })
})
