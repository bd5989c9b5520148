import type {
  DashboardDevice,
  DeviceFilterRequest,
  TcnDevice,
  TcnDeviceFilterRequest,
} from '@portal/contract'
import { lastLoginWindow } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs, TEST_NOW } from '../../../test-support'

const TCN = '/api/main/iot/tcn-devices/filter'
const DEVICES = '/api/main/iot/devices/filter'

describe.each(DIALECTS)('devices on %s', (dialect) => {
  let t: TestApp
  let token: string
  let allTcn: TcnDevice[]
  let allDevices: DashboardDevice[]

  const tcn = async (body: Partial<TcnDeviceFilterRequest>) => {
    const r = await call(t.app, 'POST', TCN, { token, body: { limit: 1000, offset: 0, ...body } })
    expect(r.status).toBe(200)
    return r.body.data as { devices: TcnDevice[]; count: number }
  }
  const devices = async (body: Partial<DeviceFilterRequest>) => {
    const r = await call(t.app, 'POST', DEVICES, { token, body: { limit: 1000, offset: 0, ...body } })
    expect(r.status).toBe(200)
    return r.body.data as { devices: DashboardDevice[]; count: number }
  }

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.1 })
    token = await loginAs(t.app, 'vending')
    allTcn = (await tcn({})).devices
    allDevices = (await devices({})).devices
  })
  afterAll(() => t.close())

  it('lists TCN devices newest first with their machines, and the count', async () => {
    expect(allTcn.length).toBeGreaterThan(100)
    const created = allTcn.map((d) => d.created_at)
    expect(created).toEqual([...created].sort((a, b) => b - a))
    expect((await tcn({ limit: 50 })).count).toBe(allTcn.length)
    expect(allTcn.some((d) => d.machine !== null && d.machine.alias !== '')).toBe(true)
    expect(allTcn.some((d) => d.machine === null)).toBe(true)
  })

  it('pages TCN devices with limit and offset while the count stays the total', async () => {
    const page2 = await tcn({ limit: 50, offset: 50 })
    expect(page2.count).toBe(allTcn.length)
    expect(page2.devices.map((d) => d.id)).toEqual(allTcn.slice(50, 100).map((d) => d.id))
  })

  const mid = () => allTcn[5]?.mid.slice(2, 7) ?? 'x'
  const createdMid = () => allTcn[Math.floor(allTcn.length / 2)]?.created_at ?? 0
  const tcnCases: [string, () => Partial<TcnDeviceFilterRequest>, (d: TcnDevice) => boolean][] = [
    [
      'created at lower bound',
      () => ({ created_at_lower: createdMid() }),
      (d) => d.created_at >= createdMid(),
    ],
    [
      'created at upper bound',
      () => ({ created_at_upper: createdMid() }),
      (d) => d.created_at <= createdMid(),
    ],
    ['MID search', () => ({ search_by_mid: mid() }), (d) => d.mid.includes(mid())],
    [
      'device code search, any case',
      () => ({ search_by_device_code: 'tcn-0001' }),
      (d) => d.device_code.startsWith('TCN-0001'),
    ],
    ['never logged in', () => ({ last_login_option: 'never' }), (d) => d.last_login === null],
  ]

  it.each(tcnCases)('filters TCN devices: %s', async (_name, body, rule) => {
    const expected = allTcn.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(allTcn.length)
    const result = await tcn(body())
    expect(result.devices.map((d) => d.id)).toEqual(expected.map((d) => d.id))
    expect(result.count).toBe(expected.length)
  })

  it.each(['within_24h', 'within_7d', 'within_30d', 'over_30d'] as const)(
    'filters TCN devices by last login %s',
    async (option) => {
      // The server measures from its clock; the seed from TEST_NOW. Rows within a minute of a bound are skipped.
      const w = lastLoginWindow(option, Date.now())
      if (w.never) throw new Error('unexpected')
      const result = await tcn({ last_login_option: option })
      expect(result.count).toBe(result.devices.length)
      for (const d of result.devices) {
        expect(d.last_login).not.toBeNull()
        if (w.from !== undefined) expect(d.last_login ?? 0).toBeGreaterThanOrEqual(w.from)
        if (w.to !== undefined) expect(d.last_login ?? 0).toBeLessThan(w.to)
      }
      const inside = allTcn.filter(
        (d) =>
          d.last_login !== null &&
          (w.from === undefined || d.last_login >= w.from + 60_000) &&
          (w.to === undefined || d.last_login < w.to - 60_000),
      )
      expect(result.devices.map((d) => d.id)).toEqual(expect.arrayContaining(inside.map((d) => d.id)))
    },
  )

  it('sorts TCN devices', async () => {
    const asc = (await tcn({ sort_by: 'created_at_asc' })).devices.map((d) => d.id)
    expect(asc).toEqual([...allTcn].reverse().map((d) => d.id))
    const byMid = (await tcn({ sort_by: 'mid_asc' })).devices.map((d) => d.mid)
    expect(byMid).toEqual([...byMid].sort())
    expect((await tcn({ sort_by: 'mid_desc' })).devices.map((d) => d.mid)).toEqual([...byMid].reverse())
  })

  it.each([
    ['last_login_desc', (a: number, b: number) => b - a],
    ['last_login_asc', (a: number, b: number) => a - b],
  ] as const)('sorts TCN devices %s, never-logged-in boards last', async (sort, order) => {
    const devices = (await tcn({ sort_by: sort })).devices
    const logged = devices.filter((d) => d.last_login !== null)
    const never = devices.filter((d) => d.last_login === null)
    expect(logged.length).toBeGreaterThan(0)
    expect(never.length).toBeGreaterThan(0)
    expect(devices.slice(logged.length)).toEqual(never)
    const logins = logged.map((d) => d.last_login ?? 0)
    expect(logins).toEqual([...logins].sort(order))
  })

  it('lists dashboard devices newest first, pages and counts', async () => {
    expect(allDevices.length).toBeGreaterThan(50)
    const page = await devices({ limit: 25, offset: 25 })
    expect(page.count).toBe(allDevices.length)
    expect(page.devices.map((d) => d.id)).toEqual(allDevices.slice(25, 50).map((d) => d.id))
  })

  const codes = () => [allDevices[2]?.device_code ?? '', allDevices[9]?.device_code ?? '']
  const deviceCases: [string, () => Partial<DeviceFilterRequest>, (d: DashboardDevice) => boolean][] = [
    ['screen type Web View', () => ({ screen_type: 3 }), (d) => d.screen_type === 3],
    ['screen type Headless', () => ({ screen_type: 1 }), (d) => d.screen_type === 1],
    ['device codes', () => ({ device_code_list: codes() }), (d) => codes().includes(d.device_code)],
    [
      'created at range and screen type',
      () => ({ created_at_lower: TEST_NOW - 30 * 86_400_000, created_at_upper: TEST_NOW, screen_type: 2 }),
      (d) => d.created_at >= TEST_NOW - 30 * 86_400_000 && d.created_at <= TEST_NOW && d.screen_type === 2,
    ],
  ]

  it.each(deviceCases)('filters dashboard devices: %s', async (_name, body, rule) => {
    const expected = allDevices.filter(rule)
    expect(expected.length).toBeGreaterThan(0)
    expect(expected.length).toBeLessThan(allDevices.length)
    const result = await devices(body())
    expect(result.devices.map((d) => d.id)).toEqual(expected.map((d) => d.id))
    expect(result.count).toBe(expected.length)
  })

  it('sorts dashboard devices by device code, either way', async () => {
    const byCode = (await devices({ sort_by: 'device_code_asc' })).devices.map((d) => d.device_code)
    expect(byCode).toEqual([...byCode].sort())
    const desc = (await devices({ sort_by: 'device_code_desc' })).devices.map((d) => d.device_code)
    expect(desc).toEqual([...byCode].reverse())
  })

  it.each([
    ['last_seen_desc', (a: number, b: number) => b - a],
    ['last_seen_asc', (a: number, b: number) => a - b],
  ] as const)('sorts dashboard devices %s, never-seen screens last', async (sort, order) => {
    const list = (await devices({ sort_by: sort })).devices
    const seen = list.filter((d) => d.last_seen !== null)
    expect(seen.length).toBeGreaterThan(0)
    expect(list.slice(seen.length).every((d) => d.last_seen === null)).toBe(true)
    const times = seen.map((d) => d.last_seen ?? 0)
    expect(times).toEqual([...times].sort(order))
  })

  it('returns a device with its commands and queues a new one as pending', async () => {
    const device = allDevices[0]
    if (!device) throw new Error('no device')
    const url = `/api/main/iot/devices/${String(device.id)}`
    const before = await call(t.app, 'GET', url, { token })
    expect(before.status).toBe(200)
    expect(before.body.data.device_code).toBe(device.device_code)
    const created = await call(t.app, 'POST', `${url}/commands`, { token, body: { command_code: 'reboot' } })
    expect(created.status).toBe(200)
    expect(created.body.data).toMatchObject({
      device_id: device.id,
      command_code: 'reboot',
      status: 'pending',
      created_by: 'Vera Tan',
    })
    const after = await call(t.app, 'GET', url, { token })
    expect(after.body.data.commands[0]).toMatchObject({ id: created.body.data.id, status: 'pending' })
    expect(after.body.data.commands).toHaveLength(
      Math.min(50, (before.body.data.commands as unknown[]).length + 1),
    )
  })

  it('seeds commands in every status', async () => {
    const statuses = new Set<string>()
    for (const d of allDevices.slice(0, 60)) {
      const r = await call(t.app, 'GET', `/api/main/iot/devices/${String(d.id)}`, { token })
      for (const c of r.body.data.commands as { status: string }[]) statuses.add(c.status)
    }
    expect([...statuses].sort()).toEqual(['pending', 'received', 'started'])
  })

  it('returns one TCN device', async () => {
    const d = allTcn[0]
    const r = await call(t.app, 'GET', `/api/main/iot/tcn-devices/${String(d?.id)}`, { token })
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual(d)
  })

  it.each([
    [TCN, { limit: 0, offset: 0 }, 'body.limit'],
    [TCN, { limit: 50, offset: 0, last_login_option: 'yesterday' }, 'body.last_login_option'],
    [TCN, { limit: 50, offset: 0, sort_by: 'alias' }, 'body.sort_by'],
    [TCN, { limit: 50, offset: 0, created_at_lower: -5 }, 'body.created_at_lower'],
    [DEVICES, { limit: 25, offset: 0, screen_type: 9 }, 'body.screen_type'],
    [DEVICES, { limit: 25, offset: 0, device_code_list: [''] }, 'body.device_code_list.0'],
    [DEVICES, { limit: 25 }, 'body.offset'],
  ])('%s answers %j with a 400 naming %s', async (url, body, field) => {
    const r = await call(t.app, 'POST', url, { token, body })
    expect(r.status).toBe(400)
    expect(r.body.error.message).toContain(field)
  })

  it('answers 400 to an unknown command and 404 to an unknown device', async () => {
    const id = String(allDevices[0]?.id)
    const bad = await call(t.app, 'POST', `/api/main/iot/devices/${id}/commands`, {
      token,
      body: { command_code: 'self_destruct' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.error.message).toContain('body.command_code')
    expect((await call(t.app, 'GET', '/api/main/iot/devices/999999', { token })).status).toBe(404)
    expect((await call(t.app, 'GET', '/api/main/iot/tcn-devices/999999', { token })).status).toBe(404)
    const none = await call(t.app, 'POST', '/api/main/iot/devices/999999/commands', {
      token,
      body: { command_code: 'reboot' },
    })
    expect(none.status).toBe(404)
  })

  it("shows another entity none of VEND's devices: empty lists, 404 by id, no command", async () => {
    const cpo = await loginAs(t.app, 'cpo')
    const list = await call(t.app, 'POST', TCN, { token: cpo, body: { limit: 50, offset: 0 } })
    expect(list.body.data).toEqual({ devices: [], count: 0 })
    const screens = await call(t.app, 'POST', DEVICES, { token: cpo, body: { limit: 25, offset: 0 } })
    expect(screens.body.data).toEqual({ devices: [], count: 0 })
    const d = allDevices[1]
    const detail = await call(t.app, 'GET', `/api/main/iot/devices/${String(d?.id)}`, { token: cpo })
    expect(detail.status).toBe(404)
    expect(JSON.stringify(detail.body)).not.toContain(d?.device_code ?? 'x')
    const tcnDetail = await call(t.app, 'GET', `/api/main/iot/tcn-devices/${String(allTcn[1]?.id)}`, {
      token: cpo,
    })
    expect(tcnDetail.status).toBe(404)
    const cmd = await call(t.app, 'POST', `/api/main/iot/devices/${String(d?.id)}/commands`, {
      token: cpo,
      body: { command_code: 'reboot' },
    })
    expect(cmd.status).toBe(404)
  })

  it('answers 403 to a member without the devices policy, and to a read-only member sending a command', async () => {
    const restocker = await loginAs(t.app, 'newstaff')
    for (const url of [TCN, DEVICES]) {
      const r = await call(t.app, 'POST', url, { token: restocker, body: { limit: 25, offset: 0 } })
      expect(r.status).toBe(403)
    }
    const viewer = await loginAs(t.app, 'viewer')
    const id = String(allDevices[0]?.id)
    expect((await call(t.app, 'GET', `/api/main/iot/devices/${id}`, { token: viewer })).status).toBe(200)
    const cmd = await call(t.app, 'POST', `/api/main/iot/devices/${id}/commands`, {
      token: viewer,
      body: { command_code: 'reboot' },
    })
    expect(cmd.status).toBe(403)
  })
})
