import { describe, expect, it } from 'vitest'
import { inOrder, moveColumn, toggleColumn } from '@/components/data-table/column-order'
import { columnsOfView, currentState, filtersOf, isCleanUrl, isModified, paramsOfView } from './view-state'

describe('saved view state', () => {
  const url = new URLSearchParams(
    'status=1&status=4&search_value=east&sort=alias&order=desc&page=3&view=7&page_size=50',
  )

  it('reads the filters and sort from the URL, not the page, the page size or the view', () => {
    expect(filtersOf(url)).toEqual({ status: ['1', '4'], search_value: 'east', sort: 'alias', order: 'desc' })
    expect(currentState(url, ['stock', 'alias'], 50)).toEqual({
      filters: { status: ['1', '4'], search_value: 'east', sort: 'alias', order: 'desc' },
      columns: ['stock', 'alias'],
      page_size: 50,
    })
  })

  it('applies a view: its filters, its page size unless the screen’s own, its id, page 1', () => {
    const state = { filters: { status: ['1', '4'], sort: 'alias' }, columns: ['alias'], page_size: 50 }
    expect(paramsOfView(state, 7, 20).toString()).toBe('status=1&status=4&sort=alias&page_size=50&view=7')
    expect(paramsOfView({ ...state, page_size: 20 }, 7, 20).toString()).toBe(
      'status=1&status=4&sort=alias&view=7',
    )
    // Applying and reading back gives the same view.
    const back = currentState(paramsOfView(state, 7, 20), ['alias'], 50)
    expect(isModified(state, back)).toBe(false)
  })

  it('keeps the view’s columns the table has, in the view’s order', () => {
    const state = { filters: {}, columns: ['stock', 'gone', 'alias'], page_size: 20 }
    expect(columnsOfView(state, ['alias', 'serial_number', 'stock'])).toEqual(['stock', 'alias'])
    expect(columnsOfView({ ...state, columns: ['gone'] }, ['alias'])).toBeNull()
  })

  it('tells a modified view: filters, order of columns, page size; not the order of repeated values', () => {
    const view = { filters: { status: ['1', '4'] }, columns: ['alias', 'stock'], page_size: 20 }
    expect(isModified(view, { ...view, filters: { status: ['4', '1'] } })).toBe(false)
    expect(isModified(view, { ...view, filters: { status: ['4'] } })).toBe(true)
    expect(isModified(view, { ...view, columns: ['stock', 'alias'] })).toBe(true)
    expect(isModified(view, { ...view, page_size: 50 })).toBe(true)
  })

  it('applies a default only to a clean URL', () => {
    expect(isCleanUrl(new URLSearchParams(''))).toBe(true)
    expect(isCleanUrl(new URLSearchParams('status=1'))).toBe(false)
  })
})

describe('column order', () => {
  const ids = ['a', 'b', 'c', 'd']
  it('moves a column up and down, and not past the ends', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b'])
    expect(moveColumn(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c'])
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c'])
  })
  it('shows a column again after its nearest shown neighbour on screen, and hides one', () => {
    expect(toggleColumn(ids, ['c', 'a'], 'b')).toEqual(['c', 'a', 'b'])
    expect(toggleColumn(ids, ['c', 'd'], 'a')).toEqual(['a', 'c', 'd'])
    expect(toggleColumn(ids, ['c', 'a'], 'c')).toEqual(['a'])
  })
  it('orders the columns as the visible ids say', () => {
    expect(inOrder([{ id: 'a' }, { id: 'b' }, { id: 'c' }], ['c', 'a']).map((c) => c.id)).toEqual(['c', 'a'])
  })
})
