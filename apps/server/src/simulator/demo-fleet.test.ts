import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../test-support'
import { DEMO_MACHINE_SERIAL } from '../seed/machine-keys'
import { startDemoFleet } from './demo-fleet'

/*
 * `npm start`'s demo fleet (issue 15): simulated machines through the real machine API, at a pace of fractions of a
 * second instead of minutes, until they have sold, been refilled by a maintainer, and carried out a command sent
 * from the portal; the server takes every event they send (none is rejected).
 */

describe.each(DIALECTS)('the simulated demo fleet on %s', (dialect) => {
  let t: TestApp
  let stop: () => Promise<void> = () => Promise.resolve()

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(async () => {
    await stop()
    // The fleet's keep-alive connections, idle now: closing would otherwise wait for them to time out.
    t.app.server.closeAllConnections()
    await t.close()
  })

  it('sells, is refilled, and carries out a command from the portal; every event it sends is taken', async () => {
    const address = t.app.server.address()
    const port = typeof address === 'object' && address ? address.port : 0
    const lines: string[] = []
    const started = Date.now()
    stop = await startDemoFleet(t.app.db, `http://127.0.0.1:${String(port)}`, (line) => lines.push(line), {
      vendEveryS: [0.02, 0.05],
      statusEveryS: 0.5,
      flushEveryS: 0.2,
      commandS: [0, 0.05],
      pollWaitS: 2,
    })
    const driven = await t.app.db
      .selectFrom('machine_api_key')
      .innerJoin('machine', 'machine.id', 'machine_api_key.machine_id')
      .where('machine_api_key.last_used_at', 'is not', null)
      .select(['machine.id', 'machine.serial_number', 'machine.entity_code'])
      .execute()
    // Sales by several machines, with their orders in Machine Sales' table.
    await until('orders from the fleet', async () => {
      const rows = await t.app.db
        .selectFrom('machine_order')
        .where('out_trade_no', 'like', 'SIM%')
        .where('created_at', '>=', started - 60_000)
        .select('machine_id')
        .execute()
      return new Set(rows.map((r) => r.machine_id)).size >= 2 ? rows : undefined
    })
    // Slots run low quickly at this pace: a maintainer's visit refills them.
    await until('a maintenance visit', () =>
      t.app.db
        .selectFrom('mt_summary')
        .where('machine_session_id', 'is not', null)
        .where('end_time', 'is not', null)
        .select('id')
        .executeTakeFirst(),
    )
    const machines = await t.app.db.selectFrom('machine_event').select('machine_id').distinct().execute()
    const one = machines[0]?.machine_id
    if (one === undefined) throw new Error('no machine reported')
    const serials = await t.app.db
      .selectFrom('machine')
      .where(
        'id',
        'in',
        machines.map((m) => m.machine_id),
      )
      .select('serial_number')
      .execute()
    expect(serials.map((s) => s.serial_number)).not.toContain(DEMO_MACHINE_SERIAL)
    expect(driven.map((d) => d.entity_code).every((e) => e === 'VEND')).toBe(true)

    const vending = await loginAs(t.app, 'vending')
    const sent = await call<{ data: { command: { id: number } } }>(
      t.app,
      'POST',
      `/api/main/iot/machines/${String(one)}/commands`,
      { token: vending, body: { command: 'reboot' } },
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const done = await until('the command carried out', async () => {
      const r = await call<{ data: { commands: { id: number; status: string; message: string | null }[] } }>(
        t.app,
        'GET',
        `/api/main/iot/machines/${String(one)}/commands`,
        { token: vending },
      )
      const command = r.body.data.commands.find((c) => c.id === sent.body.data.command.id)
      return command?.status === 'succeeded' ? command : undefined
    })
    expect(done.message).toBe('Rebooted')
    await stop()
    stop = () => Promise.resolve()
    expect(lines.filter((l) => /rejected|refused/.test(l))).toEqual([])
  })
})
