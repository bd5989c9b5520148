import { describe, expect, it } from 'vitest'
import type { FilterValue, ListState } from '@/components/data-table/list-state'
import { DEFAULT_RANGE_MS, parsePlates, rangeOf, sessionListQuery } from './session-filters'

function listOf(values: Record<string, FilterValue>): Pick<ListState, 'text' | 'multi' | 'select'> {
  const v = (k: string) => values[k]
  return {
    multi: (k) => (Array.isArray(v(k)) ? (v(k) as (string | number)[]) : []),
    select: (k) => (typeof v(k) === 'string' || typeof v(k) === 'number' ? (v(k) as string | number) : ''),
    text: (k) => (typeof v(k) === 'string' ? (v(k) as string) : ''),
  }
}

const NOW = Date.UTC(2026, 10, 23, 4, 0, 0)
/** The first page as the list asks for it under `probe`: 20 and one row more (B §4). */
const FIRST = { limit: 21, offset: 0 }

describe('session list filters', () => {
  it('opens on the 7 days before now, in ms, 21 rows from the start, rounded costs, the caller entity', () => {
    expect(sessionListQuery(listOf({}), FIRST, NOW, 'CPO')).toEqual({
      last_updated_from: NOW - DEFAULT_RANGE_MS,
      last_updated_to: NOW,
      limit: 21,
      offset: 0,
      round_costs: 'true',
      entity_code: 'CPO',
    })
  })

  it('asks for the page the list asks for', () => {
    const q = sessionListQuery(listOf({}), { limit: 21, offset: 40 }, NOW, 'CPO')
    expect([q.limit, q.offset]).toEqual([21, 40])
  })

  it('leaves out a status the catalogue does not know (a hand-edited URL)', () => {
    const q = sessionListQuery(listOf({ status: ['ACTIVE', 'NAPPING'] }), FIRST, NOW, null)
    expect(q['status[]']).toEqual(['ACTIVE'])
  })

  it('sends every filter that is set, lists only when not empty, and leaves the rest out', () => {
    const q = sessionListQuery(
      listOf({
        from: '1700000000000',
        to: '1700086400000',
        status: ['ACTIVE', 'HOGGING'],
        plates: 'sgx1234a, SJA5678B  sgx1234a',
        evse: ' EVSE-9 ',
        external_id: 'CPO-S00000012',
        auth_ref: 'AUTH1',
        cpo: 'CPO',
        emsp: 'EMSP',
      }),
      FIRST,
      NOW,
      'CPO',
    )
    expect(q).toEqual({
      last_updated_from: 1_700_000_000_000,
      last_updated_to: 1_700_086_400_000,
      limit: 21,
      offset: 0,
      round_costs: 'true',
      entity_code: 'CPO',
      'status[]': ['ACTIVE', 'HOGGING'],
      'license_plate[]': ['SGX1234A', 'SJA5678B'],
      evse_external_id: 'EVSE-9',
      external_id: 'CPO-S00000012',
      authorization_reference: 'AUTH1',
      cpo_entity_code: 'CPO',
      emsp_entity_code: 'EMSP',
    })
  })

  it('ignores a range in the URL that is not ms', () => {
    expect(rangeOf(listOf({ from: 'yesterday', to: '12' }), NOW)).toEqual({
      from: NOW - DEFAULT_RANGE_MS,
      to: 12,
    })
  })

  it.each([
    ['', []],
    ['sgx1234a', ['SGX1234A']],
    ['A, b;c\nd  e', ['A', 'B', 'C', 'D', 'E']],
    ['x x X', ['X']],
  ])('reads the plates %j', (text, expected) => {
    expect(parsePlates(text)).toEqual(expected)
  })
})
