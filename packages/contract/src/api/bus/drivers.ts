import { z } from 'zod'
import { coded } from '../messages'
import { defineCatalogue, type ValueOf } from '../../catalogue'
import { PAGE_SIZES } from '../../constants'
import { DIAL_CODES, type DialCode, Nationality, nationalities } from '../../enums/locale'
import { envelope, epochMs } from '../envelope'

/*
 * Drivers of the bus network service (B §3 "Driver", B §7, B §9; docs/decisions/0024-drivers.md): the voltnet
 * dashboard's list (`GET /v2/dashboard/drivers`, server-side filters, sort and paging) and the limousine list
 * (`GET /v2/eleccalimo/drivers`, every matching driver; the portal does date range, sort and paging), one driver with
 * their recent charging sessions, adding one driver and importing a csv file. Times are epoch ms; mobile numbers are
 * stored and returned in E.164 (`+6591234567`).
 */

/** The dashboard list's page size (B §9); the portal asks for one more row to learn whether a next page exists. */
export const DRIVER_DASHBOARD_PAGE_SIZE = PAGE_SIZES.driversDashboard
/** The limousine list's page size: sliced in the portal (B §9). */
export const LIMO_DRIVER_PAGE_SIZE = PAGE_SIZES.drivers
/** The most drivers `GET /v2/eleccalimo/drivers` returns; beyond it the answer says `truncated`. */
export const LIMO_DRIVER_LIST_MAX = 10_000
/** Recent sessions on a driver's detail. */
export const DRIVER_RECENT_SESSIONS = 20

// ---------------------------------------------------------------------------------------------------------------
// Mobile numbers with a dial code (A §9).

/** What a mobile number (without the dial code and trunk 0) looks like in each country of A §9's dial codes. */
export const MOBILE_RULES: Record<DialCode, { pattern: RegExp; example: string }> = {
  '65': { pattern: /^[89]\d{7}$/, example: '9123 4567' },
  '60': { pattern: /^1\d{8,9}$/, example: '12-345 6789' },
  '66': { pattern: /^[689]\d{8}$/, example: '81 234 5678' },
  '86': { pattern: /^1\d{10}$/, example: '138 1234 5678' },
  '852': { pattern: /^[4-9]\d{7}$/, example: '5123 4567' },
  '63': { pattern: /^9\d{9}$/, example: '917 123 4567' },
}

const DIAL_CODE_VALUES = DIAL_CODES.map((d) => d.code)
/** Longest first, so +852 is not read as +85… of another code. */
const DIAL_CODES_LONGEST_FIRST = [...DIAL_CODE_VALUES].sort((a, b) => b.length - a.length)

export function isDialCode(value: unknown): value is DialCode {
  return (DIAL_CODE_VALUES as readonly unknown[]).includes(value)
}

/** Spaces, dashes, dots and brackets people type inside phone numbers. */
const PHONE_PUNCTUATION = /[\s\-().]/g

/**
 * A number typed with its country code (`+65 9123 4567`, `0065 91234567`) split into the dial code and the rest;
 * null when it does not start with + or 00 followed by one of the dial codes we offer.
 */
export function splitInternational(text: string): { dialCode: DialCode; local: string } | null {
  const compact = text.replace(PHONE_PUNCTUATION, '')
  const rest = compact.startsWith('+') ? compact.slice(1) : compact.startsWith('00') ? compact.slice(2) : null
  if (rest === null) return null
  const code = DIAL_CODES_LONGEST_FIRST.find((c) => rest.startsWith(c))
  return code === undefined ? null : { dialCode: code, local: rest.slice(code.length) }
}

export type MobileResult = { ok: true; e164: string } | { ok: false; message: string }

/**
 * A mobile number as stored (E.164, `+6591234567`) from a dial code and the number as typed: punctuation and one
 * trunk 0 (`012-345 6789` in Malaysia) are dropped; the rest must look like a mobile number of that country.
 */
export function normalizeMobile(dialCode: string, typed: string): MobileResult {
  const code = dialCode.replace(/^\+/, '').trim()
  if (!isDialCode(code))
    return { ok: false, message: `dial code must be one of ${DIAL_CODE_VALUES.join(', ')}` }
  const compact = typed.replace(PHONE_PUNCTUATION, '')
  if (compact === '') return { ok: false, message: 'mobile number is required' }
  if (!/^\d+$/.test(compact)) return { ok: false, message: 'mobile number may contain digits only' }
  const local = compact.startsWith('0') ? compact.slice(1) : compact
  const rule = MOBILE_RULES[code]
  const country = DIAL_CODES.find((d) => d.code === code)?.country ?? code
  if (!rule.pattern.test(local))
    return {
      ok: false,
      message: `not a valid ${country} mobile number (for example +${code} ${rule.example})`,
    }
  return { ok: true, e164: `+${code}${local}` }
}

/**
 * How each country groups a mobile number (digits per group, joined by the separators): Singapore 9123 4567,
 * Malaysia 12-345 6789 or 11-2345 6789, Thailand 81 234 5678, China 138 1234 5678, Hong Kong 5123 4567,
 * Philippines 917 123 4567.
 */
const MOBILE_GROUPS: Record<DialCode, Record<number, readonly [number[], string[]]>> = {
  '65': { 8: [[4, 4], [' ']] },
  '60': {
    9: [
      [2, 3, 4],
      ['-', ' '],
    ],
    10: [
      [2, 4, 4],
      ['-', ' '],
    ],
  },
  '66': {
    9: [
      [2, 3, 4],
      [' ', ' '],
    ],
  },
  '86': {
    11: [
      [3, 4, 4],
      [' ', ' '],
    ],
  },
  '852': { 8: [[4, 4], [' ']] },
  '63': {
    10: [
      [3, 3, 4],
      [' ', ' '],
    ],
  },
}

/** `+6591234567` as people read it: `+65 9123 4567`, `+60 12-345 6789`; anything else as stored. */
export function formatMobile(e164: string): string {
  const split = splitInternational(e164)
  if (!split || !/^\d+$/.test(split.local)) return e164
  const grouping = MOBILE_GROUPS[split.dialCode][split.local.length]
  if (!grouping) return `+${split.dialCode} ${split.local}`
  const [sizes, separators] = grouping
  let at = 0
  let out = ''
  sizes.forEach((size, i) => {
    out += (i > 0 ? (separators[i - 1] ?? ' ') : '') + split.local.slice(at, at + size)
    at += size
  })
  return `+${split.dialCode} ${out}`
}

/**
 * What a list's mobile-number filter matches: the typed text without punctuation (`9123 4567` → `91234567`,
 * `+65 9123` → `+659123`), looked for anywhere in the stored E.164 number.
 */
export function mobileSearchText(typed: string): string {
  return typed.replace(PHONE_PUNCTUATION, '')
}

// ---------------------------------------------------------------------------------------------------------------
// Sorts (B §9): earliest entry, latest entry (default), A to Z, Z to A.

export const DriverSort = { latest: 'latest', earliest: 'earliest', az: 'az', za: 'za' } as const
export type DriverSort = ValueOf<typeof DriverSort>

export const driverSorts = defineCatalogue('driver sort', [
  [DriverSort.latest, 'Latest entry'],
  [DriverSort.earliest, 'Earliest entry'],
  [DriverSort.az, 'A to Z'],
  [DriverSort.za, 'Z to A'],
])
export const DEFAULT_DRIVER_SORT: DriverSort = DriverSort.latest

export const DRIVER_SORT_FIELDS = ['createdAt', 'name'] as const
export type DriverSortField = (typeof DRIVER_SORT_FIELDS)[number]
export type SortOrder = 'asc' | 'desc'

/** The dashboard call's sortBy/sortOrder for one of the four sorts. */
export function driverSortParams(sort: DriverSort): { sortBy: DriverSortField; sortOrder: SortOrder } {
  switch (sort) {
    case DriverSort.earliest:
      return { sortBy: 'createdAt', sortOrder: 'asc' }
    case DriverSort.az:
      return { sortBy: 'name', sortOrder: 'asc' }
    case DriverSort.za:
      return { sortBy: 'name', sortOrder: 'desc' }
    case DriverSort.latest:
      return { sortBy: 'createdAt', sortOrder: 'desc' }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The lists.

const NATIONALITY_MESSAGE = `nationality must be one of ${nationalities.values.join(', ')}`
const nationality = z.enum(Object.values(Nationality), { error: NATIONALITY_MESSAGE })

/** Query text: trimmed; an empty value is the same as leaving the filter out (B §5). */
const textQuery = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? undefined : v))
    .optional()

const msQuery = z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional()
const entityCode = z.string().trim().toUpperCase().min(1).max(64)

/** A repeated query key (`subscribedCpoEntities[]=CPO&subscribedCpoEntities[]=VOLT`): one value arrives as a string. */
function repeatedQuery<T extends z.ZodType>(item: T, max: number) {
  return z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(item).max(max),
    )
    .optional()
}

/** The filters both calls take (B §7). */
export const driverFilterFields = {
  mobileNumber: textQuery(40).describe('part of the mobile number; spaces and dashes are ignored'),
  name: textQuery(200).describe('part of the name, any case'),
  email: textQuery(200).describe('part of the email address, any case'),
  nationality: nationality.optional(),
  isRegistered: z.enum(['true', 'false']).optional(),
}

/** GET /v2/dashboard/drivers (B §7): filters, created range (ms, both ends inclusive), sort and paging. */
export const driverDashboardQuery = z
  .strictObject({
    ...driverFilterFields,
    'subscribedCpoEntities[]': repeatedQuery(entityCode, 50).describe(
      'drivers subscribed to any of these CPO entities',
    ),
    subscribedCpoEntities: repeatedQuery(entityCode, 50),
    createdAtFrom: msQuery.describe('created at or after, epoch ms'),
    createdAtTo: msQuery.describe('created at or before, epoch ms'),
    sortBy: z.enum(DRIVER_SORT_FIELDS).default('createdAt'),
    sortOrder: z.enum(['asc', 'desc']).optional().describe('default: desc by createdAt, asc by name'),
    limit: z.coerce.number().int().min(1).max(200).default(DRIVER_DASHBOARD_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .refine(
    (q) => q.createdAtFrom === undefined || q.createdAtTo === undefined || q.createdAtFrom <= q.createdAtTo,
    {
      path: ['createdAtTo'],
      message: 'createdAtTo must not be before createdAtFrom',
      ...coded('not_before', { other: 'createdAtFrom' }),
    },
  )
export type DriverDashboardFilter = z.output<typeof driverDashboardQuery>

/** What the portal sends to the dashboard call (query values are text on the wire; the server coerces them). */
export interface DriverDashboardQuery {
  mobileNumber?: string
  name?: string
  email?: string
  nationality?: Nationality
  isRegistered?: 'true' | 'false'
  'subscribedCpoEntities[]'?: string[]
  createdAtFrom?: number
  createdAtTo?: number
  sortBy?: DriverSortField
  sortOrder?: SortOrder
  limit?: number
  offset?: number
}

/** GET /v2/eleccalimo/drivers (B §7): the filters only; the portal does date range, sort and paging. */
export const limoDriverQuery = z.strictObject(driverFilterFields)
export type LimoDriverFilter = z.output<typeof limoDriverQuery>
export interface LimoDriverQuery {
  mobileNumber?: string
  name?: string
  email?: string
  nationality?: Nationality
  isRegistered?: 'true' | 'false'
}

/** One driver: B §3's fields, and the id the detail route takes. */
export const driver = z.object({
  id: z.string().describe('the driver id of /drivers/{driverId}'),
  name: z.string(),
  mobileNumber: z.string().describe('E.164, e.g. +6591234567'),
  email: z.string(),
  nationality: z.string(),
  createdAt: epochMs,
  isRegistered: z.boolean(),
  subscribedCpoEntities: z.array(z.string()),
})
export type Driver = z.infer<typeof driver>

export const driverListResponse = envelope(z.object({ drivers: z.array(driver) }))
export type DriverListData = z.infer<typeof driverListResponse>['data']

export const limoDriverListResponse = envelope(
  z.object({
    drivers: z.array(driver),
    /** More drivers matched than LIMO_DRIVER_LIST_MAX: narrow the filters. */
    truncated: z.boolean(),
  }),
)
export type LimoDriverListData = z.infer<typeof limoDriverListResponse>['data']

// ---------------------------------------------------------------------------------------------------------------
// One driver.

export const driverParams = z.strictObject({
  driverId: z.string().trim().min(1).max(64).describe('driver id'),
})

export const driverDetail = driver.extend({
  licensePlate: z.string().nullable(),
  updatedAt: epochMs,
})
export type DriverDetail = z.infer<typeof driverDetail>

/** One of the driver's charging sessions, money in currency units (incl. VAT). */
export const driverSession = z.object({
  uid: z.string(),
  status: z.string(),
  locationName: z.string(),
  evseId: z.string(),
  licensePlate: z.string().nullable(),
  kWh: z.number(),
  totalCost: z.number(),
  currency: z.string(),
  startDateTime: epochMs,
  endDateTime: epochMs.nullable(),
})
export type DriverSession = z.infer<typeof driverSession>

export const driverSummary = z.object({
  sessions: z.number().int(),
  kWh: z.number(),
  /** What the driver's sessions cost, incl. VAT, per currency (currency units). */
  spend: z.array(z.object({ currency: z.string(), amount: z.number() })),
  lastSessionAt: epochMs.nullable(),
})
export type DriverSummary = z.infer<typeof driverSummary>

export const driverDetailResponse = envelope(
  z.object({
    driver: driverDetail,
    summary: driverSummary,
    /** The newest DRIVER_RECENT_SESSIONS sessions, newest start first. */
    sessions: z.array(driverSession),
  }),
)
export type DriverDetailData = z.infer<typeof driverDetailResponse>['data']

// ---------------------------------------------------------------------------------------------------------------
// The driver's profile from the external user-info host (A §7: POST {host}/users/getinfo, two variants).

/** The two user-info variants: the voltnet dashboard's drivers and the limousine fleet's. */
export const USER_INFO_VARIANTS = ['dashboard', 'eleccalimo'] as const
export type UserInfoVariant = (typeof USER_INFO_VARIANTS)[number]

/** At most this many fields of the host's answer are shown, each key and value cut to these lengths. */
export const USER_INFO_MAX_FIELDS = 30
export const USER_INFO_MAX_KEY = 64
export const USER_INFO_MAX_VALUE = 500

/**
 * GET …/drivers/{driverId}/user-info. `enabled`: a host is configured. `available`: it answered with a profile
 * (false when it failed, timed out or knew nothing; the failure is logged by the server, and the page works on).
 */
export const driverUserInfoResponse = envelope(
  z.object({
    enabled: z.boolean(),
    available: z.boolean(),
    fields: z.array(z.object({ key: z.string(), value: z.string() })),
  }),
)
export type DriverUserInfo = z.infer<typeof driverUserInfoResponse>['data']

/**
 * The host's answer as fields: the object under `data` when there is one, else the answer itself; its scalar
 * values (text, numbers, true/false) in the host's order, nested objects and lists left out. Anything else → null.
 */
export function userInfoFields(answer: unknown): DriverUserInfo['fields'] | null {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
  if (!isObject(answer)) return null
  const profile = isObject(answer.data) ? answer.data : answer
  const fields: DriverUserInfo['fields'] = []
  for (const [key, value] of Object.entries(profile)) {
    if (fields.length >= USER_INFO_MAX_FIELDS) break
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue
    const text = String(value).trim()
    if (text === '') continue
    fields.push({ key: key.slice(0, USER_INFO_MAX_KEY), value: text.slice(0, USER_INFO_MAX_VALUE) })
  }
  return fields.length > 0 ? fields : null
}

// ---------------------------------------------------------------------------------------------------------------
// Adding drivers.

const PLATE = /^[A-Z0-9]{2,12}$/

/** POST /v2/dashboard/drivers and /v2/eleccalimo/drivers: one driver. */
export const newDriverRequest = z
  .strictObject({
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(200, 'name is at most 200 characters'),
    dialCode: z.enum(DIAL_CODE_VALUES, { error: `dialCode must be one of ${DIAL_CODE_VALUES.join(', ')}` }),
    mobileNumber: z
      .string({ error: 'mobile number is required' })
      .trim()
      .min(1, 'mobile number is required')
      .max(40, 'mobile number is too long'),
    email: z
      .string({ error: 'email is required' })
      .trim()
      .toLowerCase()
      .min(1, 'email is required')
      .max(200, 'email is at most 200 characters')
      .pipe(z.email('not a valid email address')),
    nationality,
    isRegistered: z.boolean({ error: 'isRegistered must be true or false' }).default(false),
    subscribedCpoEntities: z
      .array(entityCode, { error: 'subscribedCpoEntities must be a list of entity codes' })
      .max(50)
      .default([]),
    licensePlate: z
      .string()
      .trim()
      .toUpperCase()
      .max(20)
      .refine((v) => v === '' || PLATE.test(v.replace(/\s/g, '')), 'not a valid license plate')
      .nullable()
      .optional(),
  })
  // The number is checked against the dial code even when other fields are wrong, so a form shows every message at
  // once; it is left to the fields' own messages when the dial code is unknown or the number empty.
  .refine((body) => normalizeMobile(body.dialCode, body.mobileNumber).ok, {
    path: ['mobileNumber'],
    error: (issue) => {
      const body = issue.input as { dialCode: string; mobileNumber: string }
      const mobile = normalizeMobile(body.dialCode, body.mobileNumber)
      return mobile.ok ? undefined : mobile.message
    },
    when: (payload) => {
      const body = payload.value as { dialCode?: unknown; mobileNumber?: unknown } | null
      return (
        typeof body === 'object' &&
        body !== null &&
        isDialCode(body.dialCode) &&
        typeof body.mobileNumber === 'string' &&
        body.mobileNumber.trim() !== ''
      )
    },
  })
export type NewDriverRequest = z.input<typeof newDriverRequest>
export type NewDriver = z.output<typeof newDriverRequest>

/** The fields of the request, as a form names them. */
export const NEW_DRIVER_FIELDS = [
  'name',
  'dialCode',
  'mobileNumber',
  'email',
  'nationality',
  'isRegistered',
  'subscribedCpoEntities',
  'licensePlate',
] as const

export const newDriverResponse = envelope(z.object({ driver: driverDetail }))

/** A plate as stored: upper case without spaces; empty → null. */
export function normalizePlate(plate: string | null | undefined): string | null {
  const compact = (plate ?? '').replace(/\s/g, '').toUpperCase()
  return compact === '' ? null : compact
}

// ---------------------------------------------------------------------------------------------------------------
// The csv import.

/** Largest csv file accepted (bytes) and most data rows per file. */
export const DRIVER_CSV_MAX_BYTES = 1024 * 1024
export const DRIVER_CSV_MAX_ROWS = 1000

/** `?dryRun=true`: check the file and answer the report without adding anyone (the portal's preview). */
export const driverImportQuery = z.strictObject({
  dryRun: z.enum(['true', 'false']).default('false'),
})

export const DriverImportStatus = { added: 'added', ready: 'ready', rejected: 'rejected' } as const
export type DriverImportStatus = ValueOf<typeof DriverImportStatus>

export const driverImportIssue = z.object({ path: z.string(), message: z.string() })

export const driverImportRow = z.object({
  /** The line of the file (the header is line 1). */
  line: z.number().int(),
  name: z.string(),
  /** E.164 when it could be read, else as typed. */
  mobileNumber: z.string(),
  email: z.string(),
  /** added: written; ready: would be written (dry run); rejected: see issues. */
  status: z.enum([DriverImportStatus.added, DriverImportStatus.ready, DriverImportStatus.rejected]),
  issues: z.array(driverImportIssue),
  driverId: z.string().nullable(),
})
export type DriverImportRow = z.infer<typeof driverImportRow>

export const driverImportReport = z.object({
  dryRun: z.boolean(),
  fileName: z.string(),
  /** Data rows read (blank lines are skipped). */
  total: z.number().int(),
  /** Rows added (or, in a dry run, that would be). */
  accepted: z.number().int(),
  rejected: z.number().int(),
  /** Header columns that are not ours, left out. */
  ignoredColumns: z.array(z.string()),
  rows: z.array(driverImportRow),
})
export type DriverImportReport = z.infer<typeof driverImportReport>

export const driverImportResponse = envelope(z.object({ report: driverImportReport }))
