import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { LiveClient } from '../../test-support/live-client'
import { DEMO_MACHINE_SERIAL, demoMachineKey } from '../../seed/machine-keys'
import { demoMachine } from '../../test-support/demo-machine'
import { expireAccessTokens } from '../iam/auth/session.repository'

/*
 * The live stream (issue 16, decision 0110) on SQLite and PostgreSQL, over a real socket: what happens reaches the
 * streams allowed to hear it and no other, Last-Event-ID resumes, a keep-alive comment goes out, an expired access
 * token does not end a stream and a signed-out session does.
 */

describe.each(DIALECTS)('the live stream on %s', (dialect) => {
  let t: TestApp
  let base: string
  let vending: string
  let machineId: number
  let slotNo: number
  const key = demoMachineKey('VEND', DEMO_MACHINE_SERIAL)
  const clients: LiveClient[] = []

  const open = async (token: string, lastEventId?: string) => {
    const client = await LiveClient.open(base, token, lastEventId === undefined ? {} : { lastEventId })
    clients.push(client)
    return client
  }
  const post = (events: unknown[]) =>
    call(t.app, 'POST', '/api/machine/v1/events', { token: key, body: { events } })
  const statusEvent = (overall: number) => ({
    event_id: randomUUID(),
    occurred_at: Date.now(),
    type: 'status',
    overall_status: overall,
  })
  const vendEvent = () => ({
    event_id: randomUUID(),
    occurred_at: Date.now(),
    type: 'vend',
    out_trade_no: `LIVE-${randomUUID().slice(0, 8)}`,
    payment_method_code: 5,
    payment_type_code: 'normal',
    items: [{ slot_no: slotNo, price: 250, status: 3 }],
  })
  let overall = 1
  /** A status event that changes the machine (each call flips it), so that machine.status goes out. */
  const changeStatus = () => {
    overall = overall === 1 ? 2 : 1
    return post([statusEvent(overall)])
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      scale: 0.005,
      build: { live: { feed: { pollMs: 200 }, stream: { keepAliveMs: 300, sessionCheckMs: 150 } } },
    })
    base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    vending = await loginAs(t.app, 'vending')
    const demo = await demoMachine(t.app.db)
    machineId = demo.id
    slotNo = demo.slotNo
  })
  afterAll(async () => {
    for (const c of clients) c.close()
    await t.close()
  })

  it('refuses a caller without a token, as every call does', async () => {
    const r = await call(t.app, 'GET', '/api/main/live')
    expect(r.status).toBe(401)
  })

  it("answers text/event-stream with a retry hint, and carries a machine's status and sales to its operator", async () => {
    const stream = await open(vending)
    expect(stream.status).toBe(200)
    await changeStatus()
    const status = await stream.next((m) => m.event === 'machine.status')
    expect(JSON.parse(status.data)).toEqual({ machine_id: machineId })
    expect(Number(status.id)).toBeGreaterThan(0)
    const sale = await post([vendEvent()])
    expect(sale.status).toBe(200)
    const created = await stream.next((m) => m.event === 'order.created')
    const data = JSON.parse(created.data) as { machine_id: number; order_ids: number[] }
    expect(data.machine_id).toBe(machineId)
    expect(data.order_ids).toHaveLength(1)
    expect(Number(created.id)).toBeGreaterThan(Number(status.id))
  })

  it("never carries one entity's events to another, nor to a member without the permission", async () => {
    const other = await open(await loginAs(t.app, 'cpo'))
    // newstaff restocks the east set's machines: machines read there, no orders at all.
    const restocker = await open(await loginAs(t.app, 'newstaff'))
    const own = await open(vending)
    await changeStatus()
    await post([vendEvent()])
    await own.next((m) => m.event === 'order.created')
    // The feed hands an event to every stream of the instance at once: had the others been allowed it, it was sent.
    await new Promise((r) => setTimeout(r, 300))
    expect(other.messages).toEqual([])
    expect(restocker.named('order.created')).toEqual([])
    // The demo machine is in no set of newstaff's grant, so its status does not reach them either.
    const inEast = await t.app.db
      .selectFrom('machine_set')
      .innerJoin('resource_set', 'resource_set.id', 'machine_set.set_id')
      .where('machine_set.machine_id', '=', machineId)
      .where('resource_set.code', '=', 'east')
      .select('machine_set.machine_id')
      .executeTakeFirst()
    if (!inEast) expect(restocker.named('machine.status')).toEqual([])
  })

  it('resumes after Last-Event-ID with what was missed, in order, and nothing before it', async () => {
    const first = await open(vending)
    await changeStatus()
    const seen = await first.next((m) => m.event === 'machine.status')
    first.close()
    await changeStatus()
    await post([vendEvent()])
    const resumed = await open(vending, seen.id)
    const created = await resumed.next((m) => m.event === 'order.created')
    const ids = resumed.messages.map((m) => Number(m.id))
    expect(ids.every((id) => id > Number(seen.id))).toBe(true)
    expect([...ids].sort((a, b) => a - b)).toEqual(ids)
    expect(resumed.named('machine.status').length).toBeGreaterThanOrEqual(1)
    expect(Number(created.id)).toBeGreaterThan(Number(seen.id))
  })

  it('tells a client to read everything again when its resume point is older than the events kept', async () => {
    await changeStatus()
    const newest = await t.app.db
      .selectFrom('live_event')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow()
    // What the pruning does to old events, done at once.
    await t.app.db.deleteFrom('live_event').where('id', '<=', Number(newest.id)).execute()
    await changeStatus()
    const stale = await open(vending, '1')
    await stale.next((m) => m.event === 'resync')
    // A resume point the server never gave (another database's) reads the same way.
    const foreign = await open(vending, '999999999999')
    await foreign.next((m) => m.event === 'resync')
    // Garbage is no resume point at all: the stream starts from now.
    const garbage = await open(vending, '12; drop table')
    await changeStatus()
    await garbage.next((m) => m.event === 'machine.status')
    expect(garbage.named('resync')).toEqual([])
  })

  it('sends a keep-alive comment while nothing happens', async () => {
    const quiet = await open(await loginAs(t.app, 'health'))
    await expect.poll(() => quiet.comments, { timeout: 5_000 }).toBeGreaterThanOrEqual(2)
  })

  it('stays open when the access token expires (the portal refreshes it), and ends with reauth when the session is signed out', async () => {
    const token = await loginAs(t.app, 'vending')
    const stream = await open(token)
    const session = await t.app.db
      .selectFrom('auth_token')
      .where('kind', '=', 'access')
      .orderBy('created_at', 'desc')
      .select('session_id')
      .executeTakeFirstOrThrow()
    await expireAccessTokens(t.app.db, session.session_id, Date.now())
    await changeStatus()
    await stream.next((m) => m.event === 'machine.status')
    // Several session checks later, still open.
    await new Promise((r) => setTimeout(r, 500))
    expect(stream.ended).toBe(false)

    await t.app.db
      .updateTable('auth_session')
      .set({ revoked_at: Date.now(), revoked_reason: 'test: signed out' })
      .where('id', '=', session.session_id)
      .execute()
    await stream.next((m) => m.event === 'reauth')
    await stream.whenEnded()
  })

  it('stops carrying what a member loses: their permissions are read again while the stream lasts', async () => {
    const viewer = await open(await loginAs(t.app, 'viewer'))
    const owner = await open(vending)
    await changeStatus()
    await viewer.next((m) => m.event === 'machine.status')
    const user = await t.app.db
      .selectFrom('app_user')
      .where('username', '=', 'viewer')
      .select('id')
      .executeTakeFirstOrThrow()
    // Removed from the entity (their grants left behind): the membership the token was read with no longer counts.
    const memberships = await t.app.db
      .selectFrom('membership')
      .where('user_id', '=', user.id)
      .where('entity_code', '=', 'VEND')
      .selectAll()
      .execute()
    await t.app.db
      .deleteFrom('membership')
      .where('user_id', '=', user.id)
      .where('entity_code', '=', 'VEND')
      .execute()
    try {
      // Ten session checks of 150 ms: the permissions have been read again.
      await new Promise((r) => setTimeout(r, 2_000))
      const before = viewer.named('machine.status').length
      await changeStatus()
      const latest = await owner.next(
        (m) => m.event === 'machine.status' && owner.named('machine.status').length > 1,
      )
      await new Promise((r) => setTimeout(r, 300))
      expect(latest.id).toBeDefined()
      expect(viewer.named('machine.status')).toHaveLength(before)
    } finally {
      await t.app.db.insertInto('membership').values(memberships).execute()
    }
  })

  it("carries an export's progress to the user who asked for it alone", async () => {
    const mine = await open(vending)
    const colleague = await open(await loginAs(t.app, 'viewer'))
    const r = await call<{ data: { id: number } }>(t.app, 'POST', '/api/main/exports', {
      token: vending,
      body: { source: 'machines', format: 'csv', filters: {} },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const done = await mine.next(
      (m) => m.event === 'export.progress' && JSON.parse(m.data).status === 2,
      20_000,
    )
    expect(JSON.parse(done.data)).toMatchObject({ status: 2 })
    expect(colleague.named('export.progress')).toEqual([])
  })

  it('refuses an eleventh stream of one user', async () => {
    const token = await loginAs(t.app, 'finance')
    const held = await Promise.all(Array.from({ length: 10 }, () => open(token)))
    expect(held.every((c) => c.status === 200)).toBe(true)
    const refused = await open(token)
    expect(refused.status).toBe(429)
    for (const c of held) c.close()
  })
})
