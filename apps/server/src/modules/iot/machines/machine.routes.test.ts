import type { MachineFilterRequest, MachineListItem } from '@portal/contract'
import { MachineStatus } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'

const FILTER = '/api/main/iot/machines/filter'
const ERROR = MachineStatus.Error

describe.each(DIALECTS)('machines on %s', (dialect) => {
  let t: TestApp
  let token: string
  let all: MachineListItem[]

  const filter = async (body: Partial<MachineFilterRequest>) => {
    const r = await call(t.app, 'POST', FILTER, { token, body: { limit: 1000, offset: 0, ...body } })
    expect(r.status).toBe(200)
    return r.body.data as { machines: MachineListItem[]; count: number }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.1 })
    token = await loginAs(t.app, 'vending')
    all = (await filter({})).machines
  })
  afterAll(() => t.close())

  it('lists every machine of the entity, ordered by id, with the count', async () => {
    expect(all).toHaveLength(200)
    const ids = all.map((m) => m.machine_id)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect((await filter({})).count).toBe(200)
  })

  it('pages with limit and offset while the count stays the total', async () => {
    const page2 = await filter({ limit: 20, offset: 20 })
    expect(page2.count).toBe(200)
    expect(page2.machines.map((m) => m.machine_id)).toEqual(all.slice(20, 40).map((m) => m.machine_id))
  })

  // Each case: the request, and the rule every returned machine must follow (checked against the full list,
  // so a filter that returns too much or too little fails).
  const cases: [string, Partial<MachineFilterRequest>, (m: MachineListItem) => boolean][] = [
    ['active only', { active_filter: 1 }, (m) => m.is_active],
    ['inactive only', { active_filter: 2 }, (m) => !m.is_active],
    ['overall status Error', { overall_status_list: [ERROR] }, (m) => m.overall_status === ERROR],
    [
      'overall Error OR reader manager Error (the /machines shortcut)',
      { overall_status_list: [ERROR], reader_manager_status_list: [ERROR] },
      (m) => m.overall_status === ERROR || m.reader_manager_status === ERROR,
    ],
    [
      'payment service Error',
      { payment_service_status_list: [ERROR] },
      (m) => m.payment_service_status === ERROR,
    ],
    [
      'core service Ready or Offline',
      { core_service_status_list: [1, 6] },
      (m) => [1, 6].includes(m.core_service_status),
    ],
    [
      'machine service Error',
      { machine_service_status_list: [ERROR] },
      (m) => m.machine_service_status === ERROR,
    ],
    [
      'any error',
      { any_error: true },
      (m) =>
        [
          m.overall_status,
          m.core_service_status,
          m.machine_service_status,
          m.payment_service_status,
          m.reader_manager_status,
        ].includes(ERROR),
    ],
    ['VMC type TCN', { vmc_list: [8] }, (m) => m.vmc_type === 8],
    ['set east', { set_list: ['east'] }, (m) => m.sets.some((s) => s.code === 'east')],
    [
      'sets east or west',
      { set_list: ['east', 'west'] },
      (m) => m.sets.some((s) => ['east', 'west'].includes(s.code)),
    ],
    [
      'active and in error',
      { active_filter: 1, overall_status_list: [ERROR] },
      (m) => m.is_active && m.overall_status === ERROR,
    ],
    [
      'search location, any case',
      { search_key: 'location', search_value: 'nus' },
      (m) => m.location.toLowerCase().includes('nus'),
    ],
    [
      'search postal code',
      { search_key: 'postal_code', search_value: '52' },
      (m) => m.postal_code.includes('52'),
    ],
    [
      'search every field',
      { search_value: 'sgh' },
      (m) =>
        [m.username, m.serial_number, m.alias, m.location, m.postal_code].some((v) =>
          v.toLowerCase().includes('sgh'),
        ),
    ],
  ]

  it.each(cases)('filters: %s', async (_name, body, rule) => {
    const expected = all.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    const result = await filter(body)
    expect(result.machines.map((m) => m.machine_id)).toEqual(expected.map((m) => m.machine_id))
    expect(result.count).toBe(expected.length)
  })

  it('filters by machine ids and searches by machine id', async () => {
    const ids = [all[3]?.machine_id ?? 0, all[7]?.machine_id ?? 0]
    expect((await filter({ machine_id_list: ids })).machines.map((m) => m.machine_id)).toEqual(ids)
    const one = await filter({ search_key: 'machine_id', search_value: String(ids[0]) })
    expect(one.machines.map((m) => m.machine_id)).toEqual([ids[0]])
  })

  it('matches typed wildcards literally', async () => {
    expect((await filter({ search_value: '%' })).count).toBe(0)
    expect((await filter({ search_value: '_' })).count).toBe(0)
  })

  it('sees no machines of another entity', async () => {
    const cpo = await loginAs(t.app, 'cpo')
    const r = await call(t.app, 'POST', FILTER, { token: cpo, body: { limit: 1000, offset: 0 } })
    // CPO has only its own POS kiosks (seed/orders.ts), none of VEND's machines.
    const vendIds = new Set(all.map((m) => m.machine_id))
    const cpoMachines = r.body.data.machines as MachineListItem[]
    expect(cpoMachines.every((m) => !vendIds.has(m.machine_id))).toBe(true)
    expect(r.body.data.count).toBe(cpoMachines.length)
    const id = all[0]?.machine_id ?? 0
    const detail = await call(t.app, 'GET', `/api/main/iot/machines/${id}`, { token: cpo })
    expect(detail.status).toBe(404)
    expect(JSON.stringify(detail.body)).not.toContain(all[0]?.serial_number ?? 'x')
  })

  it.each([
    [{ limit: 0, offset: 0 }, 'body.limit'],
    [{ limit: 20, offset: -1 }, 'body.offset'],
    [{ limit: 20 }, 'body.offset'],
    [{ limit: 20, offset: 0, overall_status_list: [42] }, 'body.overall_status_list.0'],
    [{ limit: 20, offset: 0, active_filter: 'yes' }, 'body.active_filter'],
    [{ limit: 20, offset: 0, search_key: 'colour', search_value: 'x' }, 'body.search_key'],
    [{ limit: 20, offset: 0, machine_id_list: ['a'] }, 'body.machine_id_list.0'],
    [{ limit: 20, offset: 0, sort: 'alias' }, 'body.sort'],
  ])('answers %j with a 400 naming %s', async (body, field) => {
    const r = await call(t.app, 'POST', FILTER, { token, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('returns a machine with items, general settings and service statuses', async () => {
    const first = all.find((m) => m.is_active)
    const r = await call(t.app, 'GET', `/api/main/iot/machines/${first?.machine_id ?? 0}`, { token })
    expect(r.status).toBe(200)
    const m = r.body.data
    expect(m.serial_number).toBe(first?.serial_number)
    expect(m.items.length).toBeGreaterThan(0)
    expect(m.items.map((i: { slot_no: number }) => i.slot_no)).toEqual(
      m.items.map((_: unknown, i: number) => i + 1),
    )
    expect(m.items.reduce((s: number, i: { stock: number }) => s + i.stock, 0)).toBe(m.stock)
    expect(Object.keys(m.general_settings)).toEqual(
      expect.arrayContaining([
        'opening_hours',
        'pinpad_backend',
        'cp_timeout',
        'price_scale_factor',
        'payment_denominations',
      ]),
    )
    expect(m.service_statuses.reader_manager[0]).toEqual({
      reader_id: 1,
      status: expect.any(String),
      message: expect.any(String),
    })
  })

  it('answers 404 for an unknown machine and 400 for a non-numeric id', async () => {
    expect((await call(t.app, 'GET', '/api/main/iot/machines/999999', { token })).status).toBe(404)
    const bad = await call(t.app, 'GET', '/api/main/iot/machines/abc', { token })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain('params.id')
  })
})
