import type { MachineDetail, MachineGeneralSettings } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

const MACHINE = '/api/main/iot/machines'

describe.each(DIALECTS)('machine editing on %s', (dialect) => {
  let t: TestApp
  let token: string
  let machine: MachineDetail

  const detail = async (id: number) =>
    (await call(t.app, 'GET', `${MACHINE}/${id}`, { token })).body.data as MachineDetail
  const audits = (action: string, id: number) =>
    t.database.db
      .selectFrom('audit_log')
      .where('action', '=', action)
      .where('object_id', '=', String(id))
      .selectAll()
      .execute()

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01 })
    token = await loginAs(t.app, 'vending')
    const list = await call(t.app, 'POST', `${MACHINE}/filter`, { token, body: { limit: 20, offset: 0 } })
    const id = (list.body.data.machines as { machine_id: number; is_active: boolean }[]).find(
      (m) => m.is_active,
    )
    machine = await detail(id?.machine_id ?? 0)
  })
  afterAll(() => t.close())

  const settings = (): MachineGeneralSettings => ({
    ...machine.general_settings,
    model_number: 'TCN-CSC-10C-V2',
    pinpad_backend: 'nets-upt1000',
    cp_timeout: 45,
    price_decimal_places: 2,
    payment_denominations: '10,20,50,100,200',
    vmc: 8,
    vmc_port: '/dev/ttyUSB1',
    opening_hours: {
      ...machine.general_settings.opening_hours,
      monday: { closed: false, open: '07:30', close: '22:00' },
      sunday: { closed: true, open: '00:00', close: '23:59' },
      public_holiday: { closed: false, open: '10:00', close: '16:00' },
    },
  })

  it('saves the general settings, mirrors the list columns and writes an audit record', async () => {
    const r = await call(t.app, 'PUT', `${MACHINE}/${machine.machine_id}/settings`, {
      token,
      body: settings(),
    })
    expect(r.status).toBe(200)
    const after = await detail(machine.machine_id)
    expect(after.general_settings).toEqual(settings())
    expect(after.model_number).toBe('TCN-CSC-10C-V2')
    expect(after.vmc_type).toBe(8)
    expect(after.vmc_port).toBe('/dev/ttyUSB1')
    const [audit] = await audits('machine_settings_updated', machine.machine_id)
    expect(JSON.parse(audit?.before ?? '{}')).toEqual(machine.general_settings)
    expect(JSON.parse(audit?.after ?? '{}')).toMatchObject({ cp_timeout: 45 })
  })

  it('answers every machine with Public Holiday hours (A §9), saved like any other day', async () => {
    expect(Object.keys(machine.general_settings.opening_hours)).toContain('public_holiday')
    const r = await call(t.app, 'PUT', `${MACHINE}/${machine.machine_id}/settings`, {
      token,
      body: settings(),
    })
    expect(r.body.data.opening_hours.public_holiday).toEqual({ closed: false, open: '10:00', close: '16:00' })
    const after = await detail(machine.machine_id)
    expect(after.general_settings.opening_hours.public_holiday).toEqual({
      closed: false,
      open: '10:00',
      close: '16:00',
    })
  })

  it('answers settings without Public Holiday hours with a 400 naming the day', async () => {
    const { public_holiday: _holiday, ...week } = settings().opening_hours
    const r = await call(t.app, 'PUT', `${MACHINE}/${machine.machine_id}/settings`, {
      token,
      body: { ...settings(), opening_hours: week },
    })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain('body.opening_hours.public_holiday')
  })

  it.each([
    [{ cp_timeout: -1 }, 'body.cp_timeout'],
    [{ price_decimal_places: 9 }, 'body.price_decimal_places'],
    [{ vmc: 999 }, 'body.vmc'],
    [{ mdb_channel: 'one' }, 'body.mdb_channel'],
    [{ colour: 'red' }, 'body'],
    [{ opening_hours: { monday: { closed: false, open: '18:00', close: '09:00' } } }, 'body.opening_hours'],
    [
      { opening_hours: { public_holiday: { closed: false, open: '18:00', close: '09:00' } } },
      'body.opening_hours.public_holiday',
    ],
  ])('answers %j with a 400 naming %s', async (change, field) => {
    const r = await call(t.app, 'PUT', `${MACHINE}/${machine.machine_id}/settings`, {
      token,
      body: { ...settings(), ...change },
    })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('changes the listed slots only, recomputes stock and capacity, and audits before/after', async () => {
    const [a, b] = machine.items
    if (!a || !b) throw new Error('machine without items')
    const body = {
      items: [
        { slot_no: a.slot_no, price: 250, stock: 2, capacity: 12, is_enabled: false },
        { slot_no: b.slot_no, price: b.price, stock: 0, capacity: b.capacity, is_enabled: true },
      ],
    }
    const r = await call(t.app, 'PUT', `${MACHINE}/${machine.machine_id}/items`, { token, body })
    expect(r.status).toBe(200)
    const after = await detail(machine.machine_id)
    expect(after.items.find((i) => i.slot_no === a.slot_no)).toMatchObject(body.items[0] ?? {})
    expect(after.items.find((i) => i.slot_no === b.slot_no)?.stock).toBe(0)
    expect(after.items.slice(2)).toEqual(machine.items.slice(2))
    expect(after.stock).toBe(after.items.reduce((s, i) => s + i.stock, 0))
    expect(after.capacity).toBe(after.items.reduce((s, i) => s + i.capacity, 0))
    const [audit] = await audits('machine_items_updated', machine.machine_id)
    expect(JSON.parse(audit?.before ?? '[]')).toEqual([a, b])
    expect(JSON.parse(audit?.after ?? '[]')).toHaveLength(2)
  })

  it.each([
    [{ stock: 20, capacity: 10 }, 'body.items.0.stock'],
    [{ stock: -1 }, 'body.items.0.stock'],
    [{ price: 1.5 }, 'body.items.0.price'],
    [{ price: -10 }, 'body.items.0.price'],
    [{ slot_no: 9999 }, 'body.items.0.slot_no'],
  ])('answers item change %j with a 400 naming %s', async (change, field) => {
    const slot = machine.items[0]
    const item = { slot_no: slot?.slot_no, price: 100, stock: 1, capacity: 10, is_enabled: true, ...change }
    const r = await call(t.app, 'PUT', `${MACHINE}/${machine.machine_id}/items`, {
      token,
      body: { items: [item] },
    })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('answers 403 to a read-only member and 404 to another entity', async () => {
    const viewer = await loginAs(t.app, 'viewer')
    const item = { slot_no: machine.items[0]?.slot_no, price: 1, stock: 0, capacity: 1, is_enabled: true }
    for (const [path, body] of [
      ['settings', settings()],
      ['items', { items: [item] }],
    ] as const) {
      const url = `${MACHINE}/${machine.machine_id}/${path}`
      expect((await call(t.app, 'PUT', url, { token: viewer, body })).status).toBe(403)
      const cpo = await loginAs(t.app, 'cpo')
      const other = await call(t.app, 'PUT', url, { token: cpo, body })
      expect(other.status).toBe(404)
    }
  })
})
