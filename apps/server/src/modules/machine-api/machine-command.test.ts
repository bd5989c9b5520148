import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { DEMO_MACHINE_SERIAL, demoMachineKey } from '../../seed/machine-keys'
import { demoMachine } from '../../test-support/demo-machine'

/*
 * Commands out (issue 15, decision 0109): queued from the portal, taken by the machine's long poll, finished by its
 * result, expired past their time to live; device commands (step 4) ride the same way. On SQLite and PostgreSQL.
 */

const TTL_S = 60

interface Command {
  id: number
  command: string
  params: Record<string, unknown>
  status: string
  message: string | null
  issued_at: number
  issued_by: { user_uuid: string; name: string } | null
  delivered_at: number | null
  finished_at: number | null
  expires_at: number
}

describe.each(DIALECTS)('commands to machines on %s', (dialect) => {
  let t: TestApp
  let vending: string
  let machineId: number
  let key: string
  let slot: number

  const send = (body: unknown, token = vending, id = machineId) =>
    call<{ data: { command: Command }; error?: { message: string; issues?: { path: string }[] } }>(
      t.app,
      'POST',
      `/api/main/iot/machines/${String(id)}/commands`,
      { token, body },
    )
  const history = (id = machineId) =>
    call<{ data: { commands: Command[]; count: number } }>(
      t.app,
      'GET',
      `/api/main/iot/machines/${String(id)}/commands?limit=50`,
      { token: vending },
    )
  const poll = (wait: number, machineKey = key) =>
    call<{ data: { commands: { id: number; command: string; params: Record<string, unknown> }[] } }>(
      t.app,
      'GET',
      `/api/machine/v1/commands?wait=${String(wait)}`,
      { token: machineKey },
    )
  const result = (id: number, body: unknown, machineKey = key) =>
    call<{ data: { id: number; status: string }; error?: { message: string } }>(
      t.app,
      'POST',
      `/api/machine/v1/commands/${String(id)}/result`,
      { token: machineKey, body },
    )
  /** Takes whatever is queued, so that each test starts from an empty queue. */
  const drain = async () => {
    for (;;) if ((await poll(0)).body.data.commands.length === 0) return
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005, config: { machineCommandTtlS: TTL_S } })
    vending = await loginAs(t.app, 'vending')
    const demo = await demoMachine(t.app.db)
    machineId = demo.id
    key = demo.key
    slot = demo.slotNo
  })
  afterAll(() => t.close())

  it('queues a command, audited with who sent it; the poll delivers it and the result finishes it', async () => {
    await drain()
    const sent = await send({ command: 'set_price', params: { slot_no: slot, price: 250 } })
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    const command = sent.body.data.command
    expect(command).toMatchObject({
      command: 'set_price',
      params: { slot_no: slot, price: 250 },
      status: 'queued',
      delivered_at: null,
      issued_by: { name: expect.any(String) as string },
    })
    expect(command.expires_at - command.issued_at).toBe(TTL_S * 1000)
    const audit = await t.app.db
      .selectFrom('audit_log')
      .where('action', '=', 'machine_command_sent')
      .where('object_id', '=', String(machineId))
      .selectAll()
      .execute()
    expect(audit.some((a) => String(a.after).includes(`"command_id":${String(command.id)}`))).toBe(true)

    const polled = await poll(0)
    expect(polled.status).toBe(200)
    expect(polled.body.data.commands).toEqual([
      {
        id: command.id,
        command: 'set_price',
        params: { slot_no: slot, price: 250 },
        issued_at: command.issued_at,
      },
    ])
    // Taken once: the next poll has nothing (it is not redelivered before a minute without a result).
    expect((await poll(0)).body.data.commands).toEqual([])
    let [row] = (await history()).body.data.commands
    expect(row).toMatchObject({ id: command.id, status: 'delivered' })
    expect(row?.delivered_at).toEqual(expect.any(Number))

    const done = await result(command.id, { status: 'succeeded', message: 'Price set to 2.50' })
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.data).toEqual({ id: command.id, status: 'succeeded' })
    ;[row] = (await history()).body.data.commands
    expect(row).toMatchObject({ status: 'succeeded', message: 'Price set to 2.50' })
    expect(row?.finished_at).toEqual(expect.any(Number))
    // The same result again (its answer lost on the way) is answered the same; a different one is a conflict.
    expect((await result(command.id, { status: 'succeeded' })).status).toBe(200)
    const conflict = await result(command.id, { status: 'failed' })
    expect(conflict.status).toBe(409)
    expect(conflict.body.error?.message).toMatch(/already finished as succeeded/)
  })

  it('answers a waiting poll as soon as a command is queued', async () => {
    await drain()
    const started = Date.now()
    const waiting = poll(20)
    await new Promise((r) => setTimeout(r, 300))
    const sent = await send({ command: 'reboot' })
    expect(sent.status).toBe(200)
    const polled = await waiting
    expect(polled.body.data.commands.map((c) => c.id)).toEqual([sent.body.data.command.id])
    expect(Date.now() - started).toBeLessThan(10_000)
    await result(sent.body.data.command.id, { status: 'failed', message: 'Door open' })
    const [row] = (await history()).body.data.commands
    expect(row).toMatchObject({ status: 'failed', message: 'Door open' })
  })

  it('answers an empty list after the wait when nothing is queued', async () => {
    await drain()
    const started = Date.now()
    const polled = await poll(1)
    expect(polled.status).toBe(200)
    expect(polled.body.data.commands).toEqual([])
    expect(Date.now() - started).toBeGreaterThanOrEqual(900)
  })

  it('expires a command not carried out within its time to live, and never delivers it then', async () => {
    await drain()
    const sent = await send({ command: 'sync_config' })
    const id = sent.body.data.command.id
    await t.app.db
      .updateTable('machine_command')
      .set({ expires_at: Date.now() - 1 })
      .where('id', '=', id)
      .execute()
    expect((await poll(0)).body.data.commands).toEqual([])
    const row = (await history()).body.data.commands.find((c) => c.id === id)
    expect(row?.status).toBe('expired')
  })

  it('delivers again a command left without a result for a minute (the answer carrying it may have been lost)', async () => {
    await drain()
    const sent = await send({ command: 'test_dispense', params: { slot_no: slot } })
    const id = sent.body.data.command.id
    expect((await poll(0)).body.data.commands.map((c) => c.id)).toEqual([id])
    await t.app.db
      .updateTable('machine_command')
      .set({ delivered_at: Date.now() - 61_000 })
      .where('id', '=', id)
      .execute()
    expect((await poll(0)).body.data.commands.map((c) => c.id)).toEqual([id])
    await result(id, { status: 'succeeded' })
  })

  it.each([
    [{ command: 'explode' }, 'body.command'],
    [{ command: 'set_price', params: { slot_no: 1 } }, 'body.params.price'],
    [{ command: 'set_price', params: { slot_no: 1, price: 2.5 } }, 'body.params.price'],
    [{ command: 'set_service_mode', params: { on: 'yes' } }, 'body.params.on'],
    [{ command: 'reboot', params: { force: true } }, 'body.params'],
    [{ command: 'disable_slot', params: { slot_no: 998 } }, 'body.params.slot_no'],
  ])('refuses %j with a 400 naming %s, and queues nothing', async (body, path) => {
    const before = (await history()).body.data.count
    const r = await send(body)
    expect(r.status, JSON.stringify(r.body)).toBe(400)
    expect(JSON.stringify(r.body.error)).toContain(path)
    expect((await history()).body.data.count).toBe(before)
  })

  it("is another entity's machine to nobody: a 404 from the portal, and a result from another machine is a 404", async () => {
    const other = await t.app.db
      .selectFrom('machine')
      .where('entity_code', '<>', 'VEND')
      .select('id')
      .executeTakeFirstOrThrow()
    expect((await send({ command: 'reboot' }, vending, other.id)).status).toBe(404)
    const sent = await send({ command: 'reboot' })
    const otherVend = await t.app.db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .where('serial_number', '<>', DEMO_MACHINE_SERIAL)
      .select('serial_number')
      .executeTakeFirstOrThrow()
    const r = await result(
      sent.body.data.command.id,
      { status: 'succeeded' },
      demoMachineKey('VEND', otherVend.serial_number),
    )
    expect(r.status).toBe(404)
    await drain()
  })

  it('refuses a bad wait or result with a 400, and a machine without a key with a 401', async () => {
    expect((await poll(31)).status).toBe(400)
    expect((await call(t.app, 'GET', '/api/machine/v1/commands?wait=-1', { token: key })).status).toBe(400)
    expect((await result(1, { status: 'done' })).status).toBe(400)
    expect((await call(t.app, 'GET', '/api/machine/v1/commands?wait=0')).status).toBe(401)
  })

  it("carries a dashboard device's command to its machine: Received when taken, Started when done", async () => {
    await drain()
    const device = await t.app.db
      .selectFrom('dashboard_device')
      .where('entity_code', '=', 'VEND')
      .where('machine_id', 'is not', null)
      .select(['id', 'device_code', 'machine_id'])
      .executeTakeFirstOrThrow()
    const deviceMachine = await t.app.db
      .selectFrom('machine')
      .where('id', '=', device.machine_id ?? 0)
      .select('serial_number')
      .executeTakeFirstOrThrow()
    const machineKey = demoMachineKey('VEND', deviceMachine.serial_number)
    while ((await poll(0, machineKey)).body.data.commands.length > 0);
    const sent = await call<{ data: { id: number; status: string; delivery: string | null } }>(
      t.app,
      'POST',
      `/api/main/iot/devices/${String(device.id)}/commands`,
      { token: vending, body: { command_code: 'refresh_screen' } },
    )
    expect(sent.status, JSON.stringify(sent.body)).toBe(200)
    expect(sent.body.data).toMatchObject({ status: 'pending', delivery: 'queued' })
    const [taken] = (await poll(0, machineKey)).body.data.commands
    expect(taken).toMatchObject({
      command: 'device_command',
      params: { device_id: device.id, device_code: device.device_code, command_code: 'refresh_screen' },
    })
    const detail = async () =>
      (
        await call<{ data: { commands: { id: number; status: string; delivery: string | null }[] } }>(
          t.app,
          'GET',
          `/api/main/iot/devices/${String(device.id)}`,
          { token: vending },
        )
      ).body.data.commands.find((c) => c.id === sent.body.data.id)
    expect(await detail()).toMatchObject({ status: 'received', delivery: 'delivered' })
    await result(taken?.id ?? 0, { status: 'succeeded' }, machineKey)
    expect(await detail()).toMatchObject({ status: 'started', delivery: 'succeeded' })
  })
})
