import { describe, expect, it } from 'vitest'
import type { FilterValue, ListState } from '@/components/data-table/list-state'
import { caseFilterBody, sortMapOf } from './case-filters'

function listOf(values: Record<string, FilterValue>, page = 1): ListState {
  const v = (k: string) => values[k]
  return {
    page,
    values,
    multi: (k) => (Array.isArray(v(k)) ? (v(k) as (string | number)[]) : []),
    select: (k) => (typeof v(k) === 'string' || typeof v(k) === 'number' ? (v(k) as string | number) : ''),
    toggle: (k) => v(k) === true,
    text: (k) => (typeof v(k) === 'string' ? (v(k) as string) : ''),
    setPage: () => undefined,
    setFilter: () => undefined,
    toggleOption: () => undefined,
    reset: () => undefined,
    activeCount: 0,
  }
}

describe('case list request (POST /cases/filter)', () => {
  it('pages by 20 and sorts by the newest edit, sending no unset filter', () => {
    expect(caseFilterBody(listOf({ sort: 'lastEditedDate:-1' }))).toEqual({
      limit: 20,
      offset: 0,
      sort: { lastEditedDate: -1 },
    })
    expect(caseFilterBody(listOf({ sort: 'lastEditedDate:-1' }, 3)).offset).toBe(40)
  })

  it.each([
    ['caseNo:1', { caseNo: 1 }],
    ['urgency:-1', { urgency: -1 }],
    ['createdAt:-1', { createdAt: -1 }],
    ['patientName:1', { lastEditedDate: -1 }],
    ['caseNo:asc', { lastEditedDate: -1 }],
    ['', { lastEditedDate: -1 }],
  ])('sort %j is the map %j', (value, map) => {
    expect(sortMapOf(value)).toEqual(map)
  })

  it('sends every filter by its request name, dates as local day bounds in ms', () => {
    const body = caseFilterBody(
      listOf({
        sort: 'caseNo:1',
        caseNo: ' HEALTH-000042 ',
        patient: 'tan',
        template: ['diabetes_review'],
        status: ['open', 'in_review'],
        urgency: ['emergency'],
        site: ['TPY'],
        createdBy: ['u-1'],
        created_from: '2026-11-01',
        created_to: '2026-11-02',
        edited_from: '2026-11-03',
      }),
    )
    expect(body).toEqual({
      limit: 20,
      offset: 0,
      sort: { caseNo: 1 },
      caseNo: 'HEALTH-000042',
      patientName: 'tan',
      caseTemplate: ['diabetes_review'],
      status: ['open', 'in_review'],
      urgency: ['emergency'],
      siteCode: ['TPY'],
      createdBy: ['u-1'],
      createdFrom: new Date(2026, 10, 1).getTime(),
      createdTo: new Date(2026, 10, 3).getTime() - 1,
      editedFrom: new Date(2026, 10, 3).getTime(),
    })
  })
})
