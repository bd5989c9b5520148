import { describe, expect, it } from 'vitest'
import { labelOf } from '../../catalogue'
import {
  DEFAULT_DRIVER_SORT,
  driverDashboardQuery,
  DRIVER_DASHBOARD_PAGE_SIZE,
  driverSortParams,
  driverSorts,
  formatMobile,
  LIMO_DRIVER_PAGE_SIZE,
  limoDriverQuery,
  mobileSearchText,
  newDriverRequest,
  normalizeMobile,
  normalizePlate,
  splitInternational,
  USER_INFO_MAX_FIELDS,
  USER_INFO_MAX_VALUE,
  userInfoFields,
} from './drivers'

describe('page sizes of B §9', () => {
  it('are 20 on the dashboard and 10 on the limousine list', () => {
    expect(DRIVER_DASHBOARD_PAGE_SIZE).toBe(20)
    expect(LIMO_DRIVER_PAGE_SIZE).toBe(10)
  })
})

describe('normalizeMobile', () => {
  it.each([
    ['65', '9123 4567', '+6591234567'],
    ['65', '8123-4567', '+6581234567'],
    ['+65', '91234567', '+6591234567'],
    ['60', '012-345 6789', '+60123456789'],
    ['60', '11 2345 6789', '+601123456789'],
    ['66', '081 234 5678', '+66812345678'],
    ['86', '138 1234 5678', '+8613812345678'],
    ['852', '5123 4567', '+85251234567'],
    ['63', '0917 123 4567', '+639171234567'],
    ['63', '(917) 123.4567', '+639171234567'],
  ])('+%s %s → %s', (code, typed, e164) => {
    expect(normalizeMobile(code, typed)).toEqual({ ok: true, e164 })
  })

  it.each([
    ['65', '6123 4567', 'not a valid Singapore mobile number (for example +65 9123 4567)'],
    ['65', '9123 456', 'not a valid Singapore mobile number (for example +65 9123 4567)'],
    ['60', '2345 6789', 'not a valid Malaysia mobile number (for example +60 12-345 6789)'],
    ['65', '9123 45x7', 'mobile number may contain digits only'],
    ['65', ' - ', 'mobile number is required'],
    ['62', '81234567', 'dial code must be one of 65, 60, 66, 86, 852, 63'],
  ])('+%s %s is refused: %s', (code, typed, message) => {
    expect(normalizeMobile(code, typed)).toEqual({ ok: false, message })
  })
})

describe('splitInternational', () => {
  it.each([
    ['+65 9123 4567', { dialCode: '65', local: '91234567' }],
    ['0065-9123-4567', { dialCode: '65', local: '91234567' }],
    ['+852 5123 4567', { dialCode: '852', local: '51234567' }],
    ['+60123456789', { dialCode: '60', local: '123456789' }],
    ['9123 4567', null],
    ['+62 812 3456 7890', null],
  ])('%s', (text, expected) => {
    expect(splitInternational(text)).toEqual(expected)
  })
})

describe('formatMobile', () => {
  it.each([
    ['+6591234567', '+65 9123 4567'],
    ['+60123456789', '+60 12-345 6789'],
    ['+601123456789', '+60 11-2345 6789'],
    ['+66812345678', '+66 81 234 5678'],
    ['+8613812345678', '+86 138 1234 5678'],
    ['+85251234567', '+852 5123 4567'],
    ['+639171234567', '+63 917 123 4567'],
    ['+659123456', '+65 9123456'],
    ['+12025550123', '+12025550123'],
    ['not a number', 'not a number'],
  ])('%s → %s', (e164, shown) => {
    expect(formatMobile(e164)).toBe(shown)
  })

  it('mobileSearchText drops what people type between digits', () => {
    expect(mobileSearchText('+65 9123-4567')).toBe('+6591234567')
    expect(mobileSearchText('(9123) 45.67')).toBe('91234567')
  })
})

describe('driver sorts (B §9)', () => {
  it('offers the four sorts, latest entry first and by default', () => {
    expect(driverSorts.entries.map((e) => e.label)).toEqual([
      'Latest entry',
      'Earliest entry',
      'A to Z',
      'Z to A',
    ])
    expect(DEFAULT_DRIVER_SORT).toBe('latest')
    expect(labelOf(driverSorts, 'oldest')).toBe('Unknown (oldest)')
  })

  it.each([
    ['latest', 'createdAt', 'desc'],
    ['earliest', 'createdAt', 'asc'],
    ['az', 'name', 'asc'],
    ['za', 'name', 'desc'],
  ] as const)('%s is sortBy %s %s', (sort, sortBy, sortOrder) => {
    expect(driverSortParams(sort)).toEqual({ sortBy, sortOrder })
  })
})

describe('driverDashboardQuery', () => {
  it('defaults to the newest 20 first', () => {
    expect(driverDashboardQuery.parse({})).toEqual({ sortBy: 'createdAt', limit: 20, offset: 0 })
  })

  it('coerces the wire text and reads a single repeated key as a list', () => {
    expect(
      driverDashboardQuery.parse({
        limit: '21',
        offset: '40',
        createdAtFrom: '1000',
        createdAtTo: '1000',
        'subscribedCpoEntities[]': 'volt',
        isRegistered: 'true',
        name: '  tan ',
        email: '',
      }),
    ).toEqual({
      limit: 21,
      offset: 40,
      createdAtFrom: 1000,
      createdAtTo: 1000,
      'subscribedCpoEntities[]': ['VOLT'],
      isRegistered: 'true',
      name: 'tan',
      email: undefined,
      sortBy: 'createdAt',
    })
  })

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '201' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ sortBy: 'email' }, 'sortBy'],
    [{ sortOrder: 'up' }, 'sortOrder'],
    [{ nationality: 'Japanese' }, 'nationality'],
    [{ isRegistered: 'yes' }, 'isRegistered'],
    [{ createdAtFrom: 'yesterday' }, 'createdAtFrom'],
    [{ createdAtFrom: '2000', createdAtTo: '1999' }, 'createdAtTo'],
    [{ colour: 'red' }, ''],
  ])('%j is refused at %s', (query, path) => {
    const result = driverDashboardQuery.safeParse(query)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })

  it('the limousine query takes the filters only', () => {
    expect(limoDriverQuery.safeParse({ name: 'Lim', nationality: 'Thai' }).success).toBe(true)
    expect(limoDriverQuery.safeParse({ limit: '10' }).success).toBe(false)
  })
})

describe('newDriverRequest', () => {
  const valid = {
    name: ' Tan Wei Ming ',
    dialCode: '65',
    mobileNumber: '9123 4567',
    email: ' WeiMing.Tan@Example.com ',
    nationality: 'Singaporean',
  }

  it('accepts a driver and fills the defaults', () => {
    expect(newDriverRequest.parse(valid)).toEqual({
      name: 'Tan Wei Ming',
      dialCode: '65',
      mobileNumber: '9123 4567',
      email: 'weiming.tan@example.com',
      nationality: 'Singaporean',
      isRegistered: false,
      subscribedCpoEntities: [],
    })
  })

  it.each([
    [{ name: '  ' }, 'name', 'name is required'],
    [{ name: undefined }, 'name', 'name is required'],
    [{ dialCode: '62' }, 'dialCode', 'dialCode must be one of 65, 60, 66, 86, 852, 63'],
    [
      { mobileNumber: '6123 4567' },
      'mobileNumber',
      'not a valid Singapore mobile number (for example +65 9123 4567)',
    ],
    [{ mobileNumber: '' }, 'mobileNumber', 'mobile number is required'],
    [{ email: 'weiming.tan@' }, 'email', 'not a valid email address'],
    [{ email: '' }, 'email', 'email is required'],
    [
      { nationality: 'Japanese' },
      'nationality',
      'nationality must be one of Singaporean, Malaysian, Thai, Indonesian',
    ],
    [{ isRegistered: 'yes' }, 'isRegistered', 'isRegistered must be true or false'],
    [{ licensePlate: 'SG-X!' }, 'licensePlate', 'not a valid license plate'],
  ])('%j is refused at %s', (change, path, message) => {
    const result = newDriverRequest.safeParse({ ...valid, ...change })
    expect(result.success).toBe(false)
    const issue = result.error?.issues.find((i) => i.path.join('.') === path)
    expect(issue?.message).toBe(message)
  })

  it('names a wrong number together with the other fields, and not twice for an empty one', () => {
    const paths = (body: object) =>
      newDriverRequest
        .safeParse({ ...valid, ...body })
        .error?.issues.map((i) => [i.path.join('.'), i.message])
    expect(paths({ name: '', mobileNumber: '6123 4567' })).toEqual([
      ['name', 'name is required'],
      ['mobileNumber', 'not a valid Singapore mobile number (for example +65 9123 4567)'],
    ])
    expect(paths({ email: 'x', mobileNumber: '' })).toEqual([
      ['mobileNumber', 'mobile number is required'],
      ['email', 'not a valid email address'],
    ])
    expect(paths({ dialCode: '1', mobileNumber: '6123 4567' })).toEqual([
      ['dialCode', 'dialCode must be one of 65, 60, 66, 86, 852, 63'],
    ])
  })

  it('normalizePlate upper-cases and drops spaces; empty is none', () => {
    expect(normalizePlate(' sgx 1234 a')).toBe('SGX1234A')
    expect(normalizePlate('')).toBeNull()
    expect(normalizePlate(null)).toBeNull()
  })
})

describe('userInfoFields (the external host answer shown on the driver pages)', () => {
  it.each([
    [
      'the object under data',
      { data: { name: 'Tan Wei', tier: 'Gold', points: 120 } },
      [
        { key: 'name', value: 'Tan Wei' },
        { key: 'tier', value: 'Gold' },
        { key: 'points', value: '120' },
      ],
    ],
    [
      'the answer itself when it has no data object',
      { name: 'Tan Wei', verified: true },
      [
        { key: 'name', value: 'Tan Wei' },
        { key: 'verified', value: 'true' },
      ],
    ],
    [
      'nested values, nulls and blanks left out',
      { data: { a: { b: 1 }, c: [1], d: null, e: '  ', f: ' x ' } },
      [{ key: 'f', value: 'x' }],
    ],
  ])('takes %s', (_, answer, expected) => {
    expect(userInfoFields(answer)).toEqual(expected)
  })

  it.each([
    ['null', null],
    ['a list', [{ name: 'x' }]],
    ['text', 'not found'],
    ['an object with nothing to show', { data: { nested: { a: 1 } } }],
  ])('answers null for %s', (_, answer) => {
    expect(userInfoFields(answer)).toBeNull()
  })

  it('keeps at most USER_INFO_MAX_FIELDS fields and cuts long values', () => {
    const many = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${String(i)}`, 'v'.repeat(600)]))
    const fields = userInfoFields(many) ?? []
    expect(fields).toHaveLength(USER_INFO_MAX_FIELDS)
    expect(fields[0]?.value).toHaveLength(USER_INFO_MAX_VALUE)
  })
})
