import { z } from 'zod'
import { coded } from '../messages'
import { defineCatalogue, type ValueOf } from '../../catalogue'
import { Compliance, TestResult, testResults } from '../../enums/health'
import { dialCodes } from '../../enums/locale'
import { catalogueSchema, envelope, epochMs } from '../envelope'

/*
 * SRS buddy (A §2 `/srs-buddy`, `/srs-buddy/{uuid?}`, industry srs-buddy). The spec gives only the routes, so the
 * scheme and its calls are ours (docs/decisions/0030-srs-buddy-medical-terms-components.md): SRS is a supervised
 * routine self-swab programme in which every enrolled person is paired with a buddy who witnesses their swab. A
 * record is one pair: the person, their buddy, the site and testing interval, the witnessed tests, and its history.
 * Calls on the main API, IAM app `health`, resource `srs-buddies/*`.
 */

/** The list's page size (ours: 25, like the test results of the same programmes). */
export const SRS_BUDDY_PAGE_SIZE = 25
/** The record page's witnessed-tests list. */
export const SRS_TEST_PAGE_SIZE = 10
/** The record page shows this many newest history events. */
export const SRS_EVENT_LIMIT = 100
export const SRS_DAY_MS = 86_400_000

/** Status of a pair. A record without a buddy (theirs left) needs one before its tests can be witnessed. */
export const SrsBuddyStatus = { Active: 'active', Unpaired: 'unpaired', Inactive: 'inactive' } as const
export type SrsBuddyStatus = ValueOf<typeof SrsBuddyStatus>
export const srsBuddyStatuses = defineCatalogue<SrsBuddyStatus>('SRS buddy status', [
  [SrsBuddyStatus.Active, 'Active'],
  [SrsBuddyStatus.Unpaired, 'Needs a buddy'],
  [SrsBuddyStatus.Inactive, 'Inactive'],
])

/** The compliance values (A §9) a pair can have; an inactive record has none. */
export const SRS_COMPLIANCES = [
  Compliance.Compliant,
  Compliance.Pending,
  Compliance.Late,
  Compliance.Failed,
  Compliance.Error,
] as const
export type SrsCompliance = (typeof SRS_COMPLIANCES)[number]
export const srsCompliances = defineCatalogue<SrsCompliance>(
  'SRS compliance',
  SRS_COMPLIANCES.map((c) => [c, c] as const),
)

/** Results after which the swab must be repeated (the result does not count). */
export const SRS_RETEST_RESULTS = [
  TestResult.Error,
  TestResult.Inconclusive,
  TestResult.Indeterminate,
  TestResult.Unknown,
  TestResult.Uninitialised,
] as const
/** Results that keep a pair on schedule: a negative, or a sample collected and awaiting its result. */
export const SRS_OK_RESULTS = [TestResult.Negative, TestResult.Collected] as const

/** When the next witnessed swab is due: an interval after the last one, or after enrolment before the first. */
export function srsNextDueAt(enrolledAt: number, lastTestAt: number | null, intervalDays: number): number {
  return (lastTestAt ?? enrolledAt) + intervalDays * SRS_DAY_MS
}

export interface SrsComplianceInput {
  status: string
  last_result: string | null
  last_test_at: number | null
  next_due_at: number
}

/**
 * A pair's compliance at `now`, the first rule that applies: inactive → none; last result Positive → Failed (needs
 * follow-up); last result invalid → Error (retest); past the due time → Late; no test yet → Pending; else Compliant.
 * The server's compliance filter is the same rules in SQL (tested against this function).
 */
export function srsComplianceOf(record: SrsComplianceInput, now: number): SrsCompliance | null {
  if (record.status === SrsBuddyStatus.Inactive) return null
  if (record.last_result === TestResult.Positive) return Compliance.Failed
  if (record.last_result !== null && !(SRS_OK_RESULTS as readonly string[]).includes(record.last_result))
    return Compliance.Error
  if (record.next_due_at < now) return Compliance.Late
  if (record.last_test_at === null) return Compliance.Pending
  return Compliance.Compliant
}

/** How the list can be ordered; the default puts the most urgent (earliest due) first. */
export const SRS_SORTS = ['next_due', 'last_test', 'name', 'enrolled'] as const
export type SrsSort = (typeof SRS_SORTS)[number]

/** Each order's own direction when `sort_order` is not sent: due and name ascending, the dates newest first. */
export const SRS_SORT_DEFAULT_ORDER: Record<SrsSort, 'asc' | 'desc'> = {
  next_due: 'asc',
  last_test: 'desc',
  name: 'asc',
  enrolled: 'desc',
}

const paging = (pageSize: number) => ({
  limit: z.number().int().min(1).max(500).default(pageSize),
  offset: z.number().int().min(0).max(100_000_000).default(0),
})

/**
 * POST /srs/buddies/filter: `search` is a case-insensitive "contains" on the reference, the person's and the buddy's
 * names and mobile numbers, and the site; `last_test_lower/upper` bound the last witnessed swab (epoch ms, both
 * inclusive). Response `data.buddies`, `data.count`.
 */
export const srsBuddyFilterRequest = z
  .strictObject({
    ...paging(SRS_BUDDY_PAGE_SIZE),
    search: z.string().trim().min(1).max(100).optional(),
    status_list: z.array(catalogueSchema(srsBuddyStatuses)).max(3).optional(),
    compliance_list: z.array(catalogueSchema(srsCompliances)).max(5).optional(),
    site_list: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    last_test_lower: epochMs.optional(),
    last_test_upper: epochMs.optional(),
    sort_by: z.enum(SRS_SORTS).default('next_due'),
    /** The direction of `sort_by` (a column header clicked twice); absent, the order's own (SRS_SORT_DEFAULT_ORDER). */
    sort_order: z.enum(['asc', 'desc']).optional(),
  })
  .refine(
    (b) =>
      b.last_test_lower === undefined ||
      b.last_test_upper === undefined ||
      b.last_test_lower <= b.last_test_upper,
    {
      path: ['last_test_upper'],
      message: 'last_test_upper must not be before last_test_lower',
      ...coded('not_before', { other: 'last_test_lower' }),
    },
  )
export type SrsBuddyFilterRequest = z.input<typeof srsBuddyFilterRequest>
export type SrsBuddyFilter = z.output<typeof srsBuddyFilterRequest>

export const srsPerson = z.object({
  name: z.string(),
  dial_code: z.string(),
  mobile_number: z.string(),
  /** Only the last four characters of the national ID are kept (as in the test programmes). */
  national_id_last_four: z.string(),
})
export type SrsPerson = z.infer<typeof srsPerson>

/** One pair as the list shows it. */
export const srsBuddy = z.object({
  uuid: z.string(),
  /** The reference printed on the pair's cards: SRS-000123. */
  reference: z.string(),
  person: srsPerson,
  /** Null while the record needs a buddy. */
  buddy: srsPerson.nullable(),
  site: z.string(),
  interval_days: z.number().int(),
  status: z.string().describe(`status: ${srsBuddyStatuses.values.join(', ')}`),
  compliance: z
    .string()
    .nullable()
    .describe(`compliance now: ${srsCompliances.values.join(', ')}; null when inactive`),
  last_test_at: epochMs.nullable(),
  last_result: z.string().nullable(),
  next_due_at: epochMs,
  /** Witnessed swabs in the 30 days before now. */
  tests_30d: z.number().int().min(0),
  enrolled_at: epochMs,
  updated_at: epochMs,
})
export type SrsBuddy = z.infer<typeof srsBuddy>

export const srsBuddyFilterResponse = envelope(
  z.object({ buddies: z.array(srsBuddy), count: z.number().int().min(0) }),
)
export type SrsBuddyFilterData = z.infer<typeof srsBuddyFilterResponse>['data']

/** What happened to a record, newest first on its page. */
export const SRS_EVENT_ACTIONS = [
  'enrolled',
  'buddy_assigned',
  'buddy_reassigned',
  /** The buddy left the programme (the site roster's sync, not an operator): the record needs a new one. */
  'buddy_removed',
  'deactivated',
  'reactivated',
] as const
export type SrsEventAction = (typeof SRS_EVENT_ACTIONS)[number]

export const srsBuddyEvent = z.object({
  id: z.number().int(),
  at: epochMs,
  action: z.string().describe(`action: ${SRS_EVENT_ACTIONS.join(', ')}`),
  /** The operator who did it; null for the enrolment import. */
  actor_name: z.string().nullable(),
  reason: z.string(),
  from_buddy: z.string().nullable(),
  to_buddy: z.string().nullable(),
})
export type SrsBuddyEvent = z.infer<typeof srsBuddyEvent>

/** GET /srs/buddies/{uuid}: the record, its totals and history. */
export const srsBuddyDetail = srsBuddy.extend({
  tests_total: z.number().int().min(0),
  events: z.array(srsBuddyEvent),
})
export type SrsBuddyDetail = z.infer<typeof srsBuddyDetail>
export const srsBuddyResponse = envelope(z.object({ buddy: srsBuddyDetail }))

export const srsUuidParams = z.strictObject({ uuid: z.string().trim().min(8).max(64).describe('uuid') })

/** POST /srs/buddies/{uuid}/tests/filter: the record's witnessed swabs, newest first. */
export const srsTestFilterRequest = z.strictObject({ ...paging(SRS_TEST_PAGE_SIZE) })
export type SrsTestFilterRequest = z.input<typeof srsTestFilterRequest>

export const srsTest = z.object({
  uuid: z.string(),
  tested_at: epochMs,
  result: z.string().describe(`test result: ${testResults.values.join(', ')}`),
  /** The buddy who witnessed it, as they were named then. */
  witness_name: z.string(),
  test_kit_lot_no: z.string(),
})
export type SrsTest = z.infer<typeof srsTest>
export const srsTestFilterResponse = envelope(z.object({ tests: z.array(srsTest), count: z.number().int() }))
export type SrsTestFilterData = z.infer<typeof srsTestFilterResponse>['data']

const reason = z
  .string()
  .trim()
  .min(3, 'Give a reason of at least 3 characters')
  .max(500, 'Keep the reason under 500 characters')

/** A Singapore NRIC/FIN's last four: three digits and a letter (as the test programmes keep them). */
export const SRS_LAST_FOUR_PATTERN = /^\d{3}[A-Z]$/
export const SRS_MOBILE_PATTERN = /^\d{6,12}$/

/** PUT /srs/buddies/{uuid}/buddy: assign a buddy to a record that needs one, or replace its buddy. */
export const srsReassignRequest = z.strictObject({
  name: z
    .string()
    .trim()
    .min(2, 'Enter the buddy’s full name')
    .max(100, 'Keep the name under 100 characters'),
  dial_code: catalogueSchema(dialCodes),
  mobile_number: z
    .string()
    .trim()
    .regex(SRS_MOBILE_PATTERN, 'Enter 6 to 12 digits, without the country code or spaces'),
  national_id_last_four: z
    .string()
    .trim()
    .toUpperCase()
    .regex(SRS_LAST_FOUR_PATTERN, 'Enter the last four characters of the national ID, e.g. 567D'),
  reason,
})
export type SrsReassignRequest = z.input<typeof srsReassignRequest>

/** PUT /srs/buddies/{uuid}/status: deactivate (active or unpaired → inactive) or reactivate (inactive → back). */
export const srsStatusRequest = z.strictObject({
  status: z.enum([SrsBuddyStatus.Active, SrsBuddyStatus.Inactive]),
  reason,
})
export type SrsStatusRequest = z.input<typeof srsStatusRequest>

/** The rules of a reassignment that span fields and the record: the new buddy is neither the person nor the same. */
export function reassignIssues(
  request: { dial_code: string; mobile_number: string },
  record: { person: SrsPerson; buddy: SrsPerson | null },
): { path: string; message: string }[] {
  const same = (p: SrsPerson | null) =>
    p !== null && p.dial_code === request.dial_code && p.mobile_number === request.mobile_number.trim()
  if (same(record.person))
    return [{ path: 'mobile_number', message: 'The buddy cannot be the person themselves' }]
  if (same(record.buddy))
    return [{ path: 'mobile_number', message: 'This is already the buddy of this record' }]
  return []
}

/** The status a reactivated record returns to: active with its buddy, or needing one. */
export function reactivatedStatus(hasBuddy: boolean): SrsBuddyStatus {
  return hasBuddy ? SrsBuddyStatus.Active : SrsBuddyStatus.Unpaired
}
