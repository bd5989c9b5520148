import { employeeFilterRequest, personFilterRequest } from '@portal/contract'
import type { TFunction } from 'i18next'
import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import {
  employeeFilterBody,
  employeeRangeProblem,
  parseVariant,
  personFilterBody,
  uuidsOf,
} from './closed-loop-filters'

const listOf = listStateOf
const page = (n: number) => ({ limit: 20, offset: (n - 1) * 20 })
const t = ((key: string, o?: { filter?: string }) => (o?.filter ? `${key}(${o.filter})` : key)) as TFunction

const dayStart = (y: number, m: number, d: number) => new Date(y, m - 1, d).getTime()
const dayEnd = (y: number, m: number, d: number) => new Date(y, m - 1, d + 1).getTime() - 1

describe('closed-loop filters', () => {
  it.each([
    [null, 1],
    ['1', 1],
    ['2', 2],
    ['9', 1],
    ['x', 1],
  ])('variant %j is %j', (raw, expected) => {
    expect(parseVariant(raw)).toBe(expected)
  })

  it('reads the picked uuids once each, ignoring empty pieces', () => {
    expect(uuidsOf(listOf({ person: 'a, b,,a' }), 'person')).toEqual(['a', 'b'])
    expect(uuidsOf(listOf({ person: '' }), 'person')).toEqual([])
  })

  it('sends persons 20 a page with only the set filters', () => {
    expect(personFilterBody(listOf({ status: '', q: '', q_in: '' }, 3), page(3))).toEqual({
      limit: 20,
      offset: 40,
    })
    const body = personFilterBody(listOf({ status: 1, q: 'ttsh', q_in: 'hospital_code' }), page(1))
    expect(body).toEqual({
      limit: 20,
      offset: 0,
      status: 1,
      search_key: 'hospital_code',
      search_value: 'ttsh',
    })
    expect(personFilterRequest.safeParse(body).success).toBe(true)
  })

  it('sends the picked persons as person_uuid_list, the spec’s filter of the list (B §7)', () => {
    const body = personFilterBody(listOf({ person: 'p-1,p-2', q_in: 'nonsense', q: '' }), page(1))
    expect(body).toEqual({ limit: 20, offset: 0, person_uuid_list: ['p-1', 'p-2'] })
    expect(personFilterRequest.safeParse(body).success).toBe(true)
  })

  it('nests the employee filters in `filter` (B §7) with the variant, the picked employees and the day ranges', () => {
    const body = employeeFilterBody(
      listOf(
        {
          status: 2,
          sets: ['east'],
          employee: 'e-1',
          collected_from: '2026-11-01',
          collected_to: '2026-11-07',
          created_from: '',
          created_to: '2026-10-31',
          refreshed_from: '2026-11-23',
          refreshed_to: '2026-11-23',
          q: 'CL00',
          q_in: '',
        },
        2,
      ),
      page(2),
      2,
    )
    expect(body).toEqual({
      filter: {
        limit: 20,
        offset: 20,
        balance_type: 2,
        employee_uuid_list: ['e-1'],
        status: 2,
        set_list: ['east'],
        last_collection_from: dayStart(2026, 11, 1),
        last_collection_to: dayEnd(2026, 11, 7),
        created_at_upper: dayEnd(2026, 10, 31),
        last_result_from: dayStart(2026, 11, 23),
        last_result_to: dayEnd(2026, 11, 23),
        search_value: 'CL00',
      },
    })
    expect(employeeFilterRequest.safeParse(body).success).toBe(true)
  })

  it('drops the last-refresh range on the item-balance variant (it never refreshes)', () => {
    const body = employeeFilterBody(
      listOf({ refreshed_from: '2026-11-01', refreshed_to: '2026-11-02', status: '' }),
      page(1),
      1,
    )
    expect(body).toEqual({ filter: { limit: 20, offset: 0, balance_type: 1 } })
  })

  it('refuses a range whose last day is before its first, naming it', () => {
    const list = listOf({ created_from: '2026-11-05', created_to: '2026-11-04' })
    expect(employeeRangeProblem(list, 1, t)).toBe(
      'closedLoop.filter.endBeforeStart(closedLoop.filter.created)',
    )
    expect(employeeRangeProblem(listOf({ created_from: '2026-11-05', created_to: '2026-11-05' }), 1, t)).toBe(
      undefined,
    )
    // The refresh range is not the item-balance variant's: it cannot be wrong there.
    expect(
      employeeRangeProblem(listOf({ refreshed_from: '2026-11-05', refreshed_to: '2026-11-01' }), 1, t),
    ).toBe(undefined)
  })
})
