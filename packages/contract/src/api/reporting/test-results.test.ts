import { describe, expect, it } from 'vitest'
import type { AuthGroupConfig } from './programmes'
import { effectiveAuthConfig } from './programmes'
import {
  flattenFeathersQuery,
  skipOf,
  teamQuery,
  testInstancesQuery,
  testInstancesQueryObject,
} from './team-query'
import { lastFourOf, submissionIssues, submitTestRequest, tiFilterRequest } from './test-results'

describe('skipOf: page N skips (N − 1) × page size', () => {
  it.each([
    [1, 25, 0],
    [2, 25, 25],
    [3, 25, 50],
    [10, 25, 225],
    [2, 10, 10],
    [0, 25, 0],
    [-3, 25, 0],
    [2.7, 25, 25],
    [Number.NaN, 25, 0],
  ])('page %d of %d → skip %d', (page, size, skip) => {
    expect(skipOf(page, size)).toBe(skip)
  })

  it('page 2 never sends skip 0 (the original portal did)', () => {
    expect(teamQuery({ group: 'g-1234567', page: 2 }).$skip).toBe(25)
  })
})

describe('teamQuery', () => {
  it('builds the Feathers query: as=superuser, group, bounds, $limit 25, $skip', () => {
    expect(teamQuery({ group: 'grp-uuid-1', after: 100, upTo: 200, page: 3 })).toEqual({
      as: 'superuser',
      group: 'grp-uuid-1',
      'timeResultRecorded[$gt]': 100,
      'timeResultRecorded[$lte]': 200,
      $limit: 25,
      $skip: 50,
    })
  })

  it('leaves unset bounds out', () => {
    expect(Object.keys(teamQuery({ group: 'grp-uuid-1', page: 1 }))).toEqual([
      'as',
      'group',
      '$limit',
      '$skip',
    ])
  })

  it('asks for the order by the recorded time as Feathers spells it', () => {
    expect(teamQuery({ group: 'grp-uuid-1', page: 1, sort: 1 })['$sort[timeResultRecorded]']).toBe('1')
    expect(teamQuery({ group: 'grp-uuid-1', page: 1, sort: -1 })['$sort[timeResultRecorded]']).toBe('-1')
  })
})

describe('testInstancesQuery parsing', () => {
  const ok = (query: Record<string, unknown>) => testInstancesQuery.safeParse(query)
  it('coerces the text values of a query string', () => {
    const r = ok({
      as: 'superuser',
      group: 'grp-uuid-1',
      'timeResultRecorded[$gt]': '100',
      'timeResultRecorded[$lte]': '200',
      $limit: '25',
      $skip: '25',
    })
    expect(r.success && r.data).toEqual({
      as: 'superuser',
      group: 'grp-uuid-1',
      'timeResultRecorded[$gt]': 100,
      'timeResultRecorded[$lte]': 200,
      $limit: 25,
      $skip: 25,
    })
  })

  it('reads the nested form a qs-style parser gives', () => {
    const r = ok({ group: 'grp-uuid-1', timeResultRecorded: { $gt: '5', $lte: '9' } })
    expect(r.success && r.data['timeResultRecorded[$gt]']).toBe(5)
    expect(r.success && r.data['timeResultRecorded[$lte]']).toBe(9)
  })

  it('defaults to $limit 25 and $skip 0', () => {
    const r = ok({ group: 'grp-uuid-1' })
    expect(r.success && [r.data.$limit, r.data.$skip]).toEqual([25, 0])
  })

  it.each([
    [{ group: 'grp-uuid-1', foo: '1' }, 'foo'],
    [{ group: 'grp-uuid-1', 'timeResultRecorded[$gte]': '1' }, 'timeResultRecorded[$gte]'],
    [{ group: 'grp-uuid-1', as: 'admin' }, 'as'],
    [{ group: 'grp-uuid-1', $limit: '0' }, '$limit'],
    [{ group: 'grp-uuid-1', $limit: '101' }, '$limit'],
    [{ group: 'grp-uuid-1', $skip: '-1' }, '$skip'],
    [{ group: 'grp-uuid-1', 'timeResultRecorded[$gt]': 'yesterday' }, 'timeResultRecorded[$gt]'],
    [
      { group: 'grp-uuid-1', 'timeResultRecorded[$gt]': '9', 'timeResultRecorded[$lte]': '9' },
      'timeResultRecorded[$lte]',
    ],
    [{}, 'group'],
  ])('%j is refused, naming %s', (query, key) => {
    const r = testInstancesQueryObject.safeParse(query)
    expect(r.success).toBe(false)
    const named = r.error?.issues.flatMap((i) => [...i.path.map(String), ...('keys' in i ? i.keys : [])])
    expect(named).toContain(key)
  })

  it('flattenFeathersQuery leaves flat keys and arrays alone', () => {
    expect(flattenFeathersQuery({ a: '1', b: ['x'], c: { $gt: 2 } })).toEqual({
      a: '1',
      b: ['x'],
      'c[$gt]': 2,
    })
    expect(flattenFeathersQuery(null)).toBeNull()
  })
})

describe('tiFilterRequest', () => {
  it('fills paging defaults and keeps the filters', () => {
    const r = tiFilterRequest.parse({ group_id: 'grp-uuid-1', result: 'Positive', tests_list: ['Abbott'] })
    expect(r).toMatchObject({ limit: 25, offset: 0, group_id: 'grp-uuid-1', result: 'Positive' })
  })

  it.each([
    [{ group_id: 'grp-uuid-1', result: 'positive' }, 'result'],
    [{ group_id: 'grp-uuid-1', created_at_lower: 5, created_at_upper: 4 }, 'created_at_upper'],
    [{ group_id: 'grp-uuid-1', search_by: 'name' }, 'search_by'],
    [{ group_id: 'grp-uuid-1', limit: 0 }, 'limit'],
    [{ limit: 25, offset: 0 }, 'group_id'],
  ])('%j is refused at %s', (body, path) => {
    const r = tiFilterRequest.safeParse(body)
    expect(r.success).toBe(false)
    expect(r.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })
})

describe('effectiveAuthConfig (A §5)', () => {
  const full: AuthGroupConfig = {
    credentials: ['testID', 'nationalId'],
    image: { allowed: false, required: false },
    useTestKitLotNo: true,
    useTestKitID: true,
  }
  it('without credentials: image allowed and required, no lot number, no kit ID', () => {
    expect(effectiveAuthConfig({ ...full, credentials: [] })).toEqual({
      credentials: [],
      image: { allowed: true, required: true },
      useTestKitLotNo: false,
      useTestKitID: false,
    })
    expect(effectiveAuthConfig(null)).toEqual(effectiveAuthConfig({ ...full, credentials: [] }))
  })
  it('with credentials: as configured, a required image always allowed', () => {
    expect(effectiveAuthConfig(full)).toEqual(full)
    expect(effectiveAuthConfig({ ...full, image: { allowed: false, required: true } }).image).toEqual({
      allowed: true,
      required: true,
    })
  })
})

describe('submissionIssues', () => {
  const NOW = Date.UTC(2026, 10, 20)
  const config: AuthGroupConfig = {
    credentials: ['testID', 'nationalId'],
    image: { allowed: true, required: false },
    useTestKitLotNo: true,
    useTestKitID: false,
  }
  const valid = {
    credentials: { testID: 'ART-12345', nationalId: 'S1234567D' },
    testKitLotNo: 'LOT-9',
  }
  const paths = (input: Parameters<typeof submissionIssues>[1], c = config) =>
    submissionIssues(c, input, NOW).map((i) => i.path)

  it('a complete submission passes', () => {
    expect(paths(valid)).toEqual([])
    expect(paths({ ...valid, imageUrl: '/uploads/abc.png', submittedAt: NOW - 3_600_000 })).toEqual([])
  })

  it.each([
    ['a missing credential', { ...valid, credentials: { testID: 'ART-12345' } }, ['credentials.nationalId']],
    [
      'a malformed national ID',
      { ...valid, credentials: { ...valid.credentials, nationalId: '1234' } },
      ['credentials.nationalId'],
    ],
    [
      'a malformed test ID',
      { ...valid, credentials: { ...valid.credentials, testID: 'a b' } },
      ['credentials.testID'],
    ],
    [
      'a credential the group does not ask for',
      { ...valid, credentials: { ...valid.credentials, staffId: 'E-1' } },
      ['credentials.staffId'],
    ],
    ['no lot number where the group uses it', { ...valid, testKitLotNo: ' ' }, ['testKitLotNo']],
    ['a kit ID where the group does not use it', { ...valid, testKitID: 'KIT-1' }, ['testKitID']],
    ['a test time in the future', { ...valid, submittedAt: NOW + 3_600_000 }, ['submittedAt']],
    ['a test time over 30 days ago', { ...valid, submittedAt: NOW - 31 * 86_400_000 }, ['submittedAt']],
  ])('%s', (_name, input, expected) => {
    expect(paths(input)).toEqual(expected)
  })

  it('the A §5 fallback requires the image and refuses lot number and kit ID', () => {
    const fallback = effectiveAuthConfig({ ...config, credentials: [] })
    expect(paths({ testKitLotNo: 'LOT', testKitID: 'KIT' }, fallback)).toEqual([
      'testKitLotNo',
      'testKitID',
      'imageUrl',
    ])
    expect(paths({ imageUrl: '/uploads/x.png' }, fallback)).toEqual([])
  })

  it('refuses an image where the group takes none', () => {
    const none = { ...config, image: { allowed: false, required: false } }
    expect(paths({ ...valid, imageUrl: '/uploads/x.png' }, none)).toEqual(['imageUrl'])
  })
})

describe('submitTestRequest', () => {
  it('accepts only uploaded image URLs', () => {
    const base = { group: 'grp-uuid-1', person: 'per-uuid-1', result: 'Negative', testKitProvider: 'Abbott' }
    expect(submitTestRequest.safeParse({ ...base, imageUrl: `/uploads/${'a'.repeat(32)}.png` }).success).toBe(
      true,
    )
    expect(submitTestRequest.safeParse({ ...base, imageUrl: 'https://evil.example/x.png' }).success).toBe(
      false,
    )
    expect(submitTestRequest.safeParse({ ...base, result: 'Maybe' }).success).toBe(false)
    expect(submitTestRequest.safeParse({ ...base, credentials: { pin: '1' } }).success).toBe(false)
  })
})

describe('lastFourOf', () => {
  it.each([
    ['S1234567D', '567D'],
    ['s1234567d', '567D'],
    ['900101-14-5678', '5678'],
  ])('%s → %s', (id, four) => {
    expect(lastFourOf(id)).toBe(four)
  })
})
