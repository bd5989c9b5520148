import { describe, expect, it } from 'vitest'
import { listStateOf } from '@/components/data-table/list-state-of'
import { caseFilterBody, DEFAULT_CASE_SORT, sortMapOf } from './case-filters'

const listOf = listStateOf
const PAGE = { limit: 20, offset: 0 }

describe('case list request (POST /cases/filter)', () => {
  it('pages as asked and sorts by the newest edit, sending no unset filter', () => {
    expect(caseFilterBody(listOf({}, 1, DEFAULT_CASE_SORT), PAGE)).toEqual({
      limit: 20,
      offset: 0,
      sort: { lastEditedDate: -1 },
    })
    expect(caseFilterBody(listOf({}), { limit: 20, offset: 40 }).offset).toBe(40)
  })

  it.each([
    [{ key: 'caseNo', dir: 'asc' as const }, { caseNo: 1 }],
    [{ key: 'urgency', dir: 'desc' as const }, { urgency: -1 }],
    [{ key: 'createdAt', dir: 'desc' as const }, { createdAt: -1 }],
    // A key the call does not sort by (a hand-edited URL) is the default order.
    [{ key: 'patientName', dir: 'asc' as const }, { lastEditedDate: -1 }],
    [null, { lastEditedDate: -1 }],
  ])('the order %j is the sort map %j', (sort, map) => {
    expect(sortMapOf(sort)).toEqual(map)
  })

  it('sends every filter by its request name, dates as local day bounds in ms', () => {
    const body = caseFilterBody(
      listOf(
        {
          caseNo: ' HEALTH-000042 ',
          patient: 'tan',
          template: ['diabetes_review'],
          // A value the catalogue does not know is left out, not sent.
          status: ['open', 'in_review', 'lost'],
          urgency: ['emergency'],
          site: ['TPY'],
          createdBy: ['u-1'],
          created_from: '2026-11-01',
          created_to: '2026-11-02',
          edited_from: '2026-11-03',
        },
        1,
        { key: 'caseNo', dir: 'asc' },
      ),
      PAGE,
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
