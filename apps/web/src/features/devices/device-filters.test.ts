import { deviceFilterRequest, tcnDeviceFilterRequest } from '@portal/contract'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { deviceFilterBody, parseCodes, rangeProblem, tcnFilterBody } from './device-filters'

const page = { limit: 50, offset: 100 }
const t = ((key: string) => key) as TFunction
const dayStart = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime()
const dayEnd = (y: number, m: number, d: number) => new Date(y, m - 1, d + 1).getTime() - 1

describe('device filters', () => {
  it('sends the TCN list newest first when no header sorts it, with only the set filters', () => {
    const body = tcnFilterBody(listStateOf({ mid: '', code: '', last_login: '', from: '', to: '' }), page)
    expect(body).toEqual({ limit: 50, offset: 100, sort_by: 'created_at_desc' })
    expect(tcnDeviceFilterRequest.safeParse(body).success).toBe(true)
  })

  it('sends the device code search (B §3) beside the MID search, the last login and the created days', () => {
    const body = tcnFilterBody(
      listStateOf(
        { mid: ' 8800 ', code: 'tcn-00', last_login: 'never', from: '2026-11-01', to: '2026-11-30' },
        1,
        { key: 'mid', dir: 'desc' },
      ),
      page,
    )
    expect(body).toEqual({
      limit: 50,
      offset: 100,
      search_by_mid: '8800',
      search_by_device_code: 'tcn-00',
      last_login_option: 'never',
      created_at_lower: dayStart(2026, 11, 1),
      created_at_upper: dayEnd(2026, 11, 30),
      sort_by: 'mid_desc',
    })
    expect(tcnDeviceFilterRequest.safeParse(body).success).toBe(true)
  })

  it.each([
    [{ key: 'last_login', dir: 'asc' } as const, 'last_login_asc'],
    [{ key: 'created_at', dir: 'asc' } as const, 'created_at_asc'],
    // A column the call cannot sort (a hand-written address) falls back to the default.
    [{ key: 'firmware_version', dir: 'asc' } as const, 'created_at_desc'],
  ])('a TCN header sort %j is sort_by %s', (sort, expected) => {
    expect(tcnFilterBody(listStateOf({}, 1, sort), page).sort_by).toBe(expected)
  })

  it('sends the dashboard list with its screen type, device codes and header sort', () => {
    const body = deviceFilterBody(
      listStateOf({ codes: 'D-1, D-2\nD-1', screen: 3, from: '', to: '' }, 1, {
        key: 'last_seen',
        dir: 'asc',
      }),
      { limit: 25, offset: 0 },
    )
    expect(body).toEqual({
      limit: 25,
      offset: 0,
      screen_type: 3,
      device_code_list: ['D-1', 'D-2'],
      sort_by: 'last_seen_asc',
    })
    expect(deviceFilterRequest.safeParse(body).success).toBe(true)
  })

  it('reads typed device codes split by commas, spaces and new lines, each once', () => {
    expect(parseCodes(' a,b  c\nb ')).toEqual(['a', 'b', 'c'])
  })

  it('refuses a created range that ends before it starts', () => {
    expect(rangeProblem(listStateOf({ from: '2026-11-02', to: '2026-11-01' }), t)).toBe(
      'devices.filter.endBeforeStart',
    )
    expect(rangeProblem(listStateOf({ from: '2026-11-02', to: '2026-11-02' }), t)).toBeUndefined()
    expect(rangeProblem(listStateOf({ from: '', to: '2026-11-01' }), t)).toBeUndefined()
  })
})
