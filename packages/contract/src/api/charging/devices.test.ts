import { describe, expect, it } from 'vitest'
import { itLabels, itListsValues } from '../../test-support'
import {
  DEVICE_OFFLINE_AFTER_MS,
  DeviceConnectivity,
  deviceConnectivities,
  deviceConnectivity,
  EvDeviceSort,
  evDeviceListQuery,
  evDeviceSorts,
} from './devices'

itListsValues(deviceConnectivities, DeviceConnectivity, 2)
itLabels(deviceConnectivities, [
  ['ONLINE', 'Online'],
  ['OFFLINE', 'Offline'],
  ['LOST', 'Unknown (LOST)'],
])
itListsValues(evDeviceSorts, EvDeviceSort, 3)

describe('deviceConnectivity: online by heartbeat age', () => {
  const now = 1_800_000_000_000
  it.each([
    ['never sent a heartbeat', null, 'OFFLINE'],
    ['a heartbeat just now', now, 'ONLINE'],
    ['exactly at the threshold', now - DEVICE_OFFLINE_AFTER_MS, 'ONLINE'],
    ['1 ms past the threshold', now - DEVICE_OFFLINE_AFTER_MS - 1, 'OFFLINE'],
    ['a day ago', now - 86_400_000, 'OFFLINE'],
    ['a clock ahead of ours', now + 60_000, 'ONLINE'],
  ])('%s → %s', (_name, heartbeat, expected) => {
    expect(deviceConnectivity(heartbeat, now)).toBe(expected)
  })
  it('uses a 15-minute threshold', () => {
    expect(DEVICE_OFFLINE_AFTER_MS).toBe(900_000)
  })
})

describe('evDeviceListQuery', () => {
  it('defaults paging and sort', () => {
    expect(evDeviceListQuery.parse({})).toEqual({ sort_by: 'created_at', limit: 20, offset: 0 })
  })
  it.each([
    ['one repeated value becomes a list', { 'ocpp_status[]': 'FAULTED' }, { 'ocpp_status[]': ['FAULTED'] }],
    ['several', { 'protocol[]': ['OCPI', 'STEVE'] }, { 'protocol[]': ['OCPI', 'STEVE'] }],
    ['bare key', { ocpp_status: 'AVAILABLE' }, { ocpp_status: ['AVAILABLE'] }],
    ['search is trimmed', { search: '  ABB ' }, { search: 'ABB' }],
    ['connectivity', { connectivity: 'OFFLINE' }, { connectivity: 'OFFLINE' }],
    ['numbers from text', { limit: '50', offset: '100' }, { limit: 50, offset: 100 }],
  ])('%s', (_name, query, expected) => {
    expect(evDeviceListQuery.parse(query)).toMatchObject(expected)
  })
  it.each([
    ['an unknown OCPP status', { 'ocpp_status[]': 'BROKEN' }, 'ocpp_status[]'],
    ['an unknown protocol', { 'protocol[]': 'HTTP' }, 'protocol[]'],
    ['an unknown connectivity', { connectivity: 'online' }, 'connectivity'],
    ['an unknown sort', { sort_by: 'name' }, 'sort_by'],
    ['limit 0', { limit: '0' }, 'limit'],
    ['limit over 100', { limit: '101' }, 'limit'],
    ['a negative offset', { offset: '-1' }, 'offset'],
    ['an unknown key', { status: 'x' }, ''],
  ])('refuses %s', (_name, query, path) => {
    const r = evDeviceListQuery.safeParse(query)
    expect(r.success).toBe(false)
    if (path) expect(r.error?.issues[0]?.path.join('.').startsWith(path)).toBe(true)
  })
})
