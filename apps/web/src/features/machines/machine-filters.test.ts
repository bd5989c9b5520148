import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { machineFilterBody } from './machine-filters'

describe('machine filter body', () => {
  it('sends Show: All and the page, and nothing unset', () => {
    expect(machineFilterBody(listStateOf({ active: 0 }, 3))).toEqual({
      limit: 20,
      offset: 40,
      active_filter: 0,
    })
  })

  it('sends the chosen statuses, VMCs, sets and search as the call names them', () => {
    const body = machineFilterBody(
      listStateOf({
        active: 1,
        overall_status: [4],
        reader_manager_status: [4, 1],
        vmc: [8],
        sets: ['EAST'],
        any_error: true,
        q: 'Raffles',
        q_in: 'location',
      }),
    )
    expect(body).toEqual({
      limit: 20,
      offset: 0,
      active_filter: 1,
      overall_status_list: [4],
      reader_manager_status_list: [4, 1],
      vmc_list: [8],
      set_list: ['EAST'],
      any_error: true,
      search_key: 'location',
      search_value: 'Raffles',
    })
  })

  it('drops values the call does not take instead of sending them', () => {
    const body = machineFilterBody(
      listStateOf({ active: 7, overall_status: [4, 999], vmc: [12345], q: 'x', q_in: 'colour' }),
    )
    expect(body).toEqual({
      limit: 20,
      offset: 0,
      active_filter: 0,
      overall_status_list: [4],
      search_value: 'x',
    })
  })
})
