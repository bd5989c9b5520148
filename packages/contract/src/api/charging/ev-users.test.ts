import { describe, expect, it } from 'vitest'
import { evUserListQuery } from './ev-users'

describe('evUserListQuery', () => {
  it('defaults paging', () => {
    expect(evUserListQuery.parse({})).toEqual({ limit: 20, offset: 0 })
  })
  it.each([
    ['search trimmed', { search: ' tan ' }, { search: 'tan' }],
    ['registered', { is_registered: 'false' }, { is_registered: 'false' }],
    ['range in ms', { created_from: '1000', created_to: '2000' }, { created_from: 1000, created_to: 2000 }],
    [
      'a one-instant range',
      { created_from: '1000', created_to: '1000' },
      { created_from: 1000, created_to: 1000 },
    ],
  ])('%s', (_name, query, expected) => {
    expect(evUserListQuery.parse(query)).toMatchObject(expected)
  })
  it.each([
    ['registered not a boolean word', { is_registered: 'yes' }, 'is_registered'],
    ['a date as text', { created_from: 'yesterday' }, 'created_from'],
    ['a range the wrong way round', { created_from: '2000', created_to: '1000' }, 'created_to'],
    ['limit over 100', { limit: '500' }, 'limit'],
    ['search over 100 characters', { search: 'x'.repeat(101) }, 'search'],
    ['an unknown key', { name: 'x' }, ''],
  ])('refuses %s', (_name, query, path) => {
    const r = evUserListQuery.safeParse(query)
    expect(r.success).toBe(false)
    if (path) expect(r.error?.issues[0]?.path.join('.')).toBe(path)
  })
})
