import { describe, expect, it } from 'vitest'
import type { ListState } from '@/components/data-table/list-state'
import { userListQuery } from './user-filters'

function listOf(values: Record<string, string>): Pick<ListState, 'text' | 'select'> {
  return { text: (k) => values[k] ?? '', select: (k) => values[k] ?? '' }
}
const FIRST = { limit: 20, offset: 0 }

describe('userListQuery', () => {
  it('sends only paging when nothing is set', () => {
    expect(userListQuery(listOf({}), FIRST)).toEqual({ limit: 20, offset: 0 })
  })
  it('asks for the page the list asks for', () => {
    expect(userListQuery(listOf({}), { limit: 20, offset: 40 })).toMatchObject({ limit: 20, offset: 40 })
  })
  it.each([
    ['search, trimmed', { search: '  tan ' }, { search: 'tan' }],
    ['a blank search is left out', { search: '   ' }, {}],
    ['registered', { registered: 'true' }, { is_registered: 'true' }],
    ['not registered', { registered: 'false' }, { is_registered: 'false' }],
    ['any registration is left out', { registered: '' }, {}],
  ])('%s', (_name, values, expected) => {
    const q = userListQuery(listOf(values), FIRST)
    const { limit: _l, offset: _o, ...rest } = q
    expect(rest).toEqual(expected)
  })
  it('turns the created days into ms, the whole "to" day included', () => {
    const q = userListQuery(listOf({ created_from: '2026-11-01', created_to: '2026-11-03' }), FIRST)
    expect(q.created_from).toBe(new Date('2026-11-01T00:00:00').getTime())
    expect(q.created_to).toBe(new Date('2026-11-04T00:00:00').getTime() - 1)
  })
  it('leaves out a half-typed date', () => {
    expect(userListQuery(listOf({ created_from: '2026-13-45' }), FIRST).created_from).toBeUndefined()
  })
})
