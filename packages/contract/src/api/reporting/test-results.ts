import { z } from 'zod'
import { coded } from '../messages'
import { PAGE_SIZES } from '../../constants'
import { testResults } from '../../enums/health'
import { catalogueSchema, epochMs } from '../envelope'
import type { AuthGroupConfig, CredentialKind } from './programmes'
import { CREDENTIAL_PATTERNS, credentialKinds } from './programmes'

/*
 * Test results of a group (B §3 "Test results", B §7 `POST {reportingHost}/ti-filter`), and a supervisor's test
 * submission (`POST {reportingHost}/testInstances`). docs/decisions/0029-test-programmes.md.
 */

/** Test results page size (B §9). */
export const TEST_RESULTS_PAGE_SIZE = PAGE_SIZES.testResults

/** What the search box searches (B §3): the lot number, the test ID credential, the person's full name. */
export const TEST_SEARCH_FIELDS = ['testKitLotNo', 'credentials.testID', 'fullName'] as const
export type TestSearchField = (typeof TEST_SEARCH_FIELDS)[number]

const uuid = z.string().trim().min(8).max(64)

/**
 * POST /ti-filter (B §7): `group_id` is the group's uuid; created_at bounds are epoch ms, both inclusive;
 * `tests_list` names test kit providers, `users_list` people (uuids). `?csv=true` answers every matching row as CSV.
 */
export const tiFilterRequest = z
  .strictObject({
    limit: z.number().int().min(1).max(1000).default(TEST_RESULTS_PAGE_SIZE),
    offset: z.number().int().min(0).max(100_000_000).default(0),
    group_id: uuid,
    created_at_lower: epochMs.optional(),
    created_at_upper: epochMs.optional(),
    result: catalogueSchema(testResults).optional(),
    test_site: z.string().trim().min(1).max(64).optional(),
    tests_list: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
    users_list: z.array(uuid).max(500).optional(),
    /** Case-insensitive "contains" on `search_by`, or on all three search fields when it is not given. */
    search: z.string().trim().min(1).max(100).optional(),
    search_by: z.enum(TEST_SEARCH_FIELDS).optional(),
  })
  .refine(
    (b) =>
      b.created_at_lower === undefined ||
      b.created_at_upper === undefined ||
      b.created_at_lower <= b.created_at_upper,
    {
      path: ['created_at_upper'],
      message: 'created_at_upper must not be before created_at_lower',
      ...coded('not_before', { other: 'created_at_lower' }),
    },
  )
export type TiFilterRequest = z.input<typeof tiFilterRequest>
export type TiFilter = z.output<typeof tiFilterRequest>

export const tiFilterQuery = z.strictObject({
  csv: z.enum(['true', 'false']).optional().describe('true: every matching row as a CSV file'),
})

/** A test result row (B §3), with what the screens link and sort by. */
export const testInstanceRow = z.object({
  uuid: z.string(),
  testKitProvider: z.string(),
  submittedAt: epochMs,
  result: z.string().describe(`test result: ${testResults.values.join(', ')}`),
  reporterName: z.string(),
  siteRef: z.string(),
  testKitLot: z.string().nullable(),
  testID: z.string().nullable(),
  testKitID: z.string().nullable(),
  fullName: z.string(),
  personUuid: z.string(),
  groupUuid: z.string(),
  createdAt: epochMs,
  timeResultRecorded: epochMs,
  imageUrl: z.string().nullable(),
})
export type TestInstanceRow = z.infer<typeof testInstanceRow>

/** The spec's shape: the rows in `data` and the number of matches in `total`, beside it. */
export const tiFilterResponse = z.object({
  data: z.array(testInstanceRow),
  total: z.number().int().min(0),
})
export type TiFilterResponse = z.infer<typeof tiFilterResponse>

/** The CSV's columns, in order (the row fields; times as ISO 8601 UTC). */
export const TEST_RESULT_CSV_HEADERS = [
  'uuid',
  'fullName',
  'testKitProvider',
  'testKitLot',
  'testKitID',
  'testID',
  'result',
  'siteRef',
  'reporterName',
  'submittedAt',
  'timeResultRecorded',
  'createdAt',
] as const

/** Images are uploaded first (POST /iam/img-upload); a submission names the URL the upload answered. */
export const UPLOADED_IMAGE_URL = /^\/uploads\/[0-9a-f]{32}\.(?:png|jpg|gif|webp)$/

const credentialValue = z.string().trim().min(1).max(64)

/** POST /testInstances: a supervisor submits a test result for a member of a group (Feathers "create"). */
export const submitTestRequest = z.strictObject({
  group: uuid,
  person: uuid,
  result: catalogueSchema(testResults),
  testKitProvider: z.string().trim().min(1, 'testKitProvider is required').max(100),
  testKitLotNo: z.string().trim().min(1).max(64).optional(),
  testKitID: z.string().trim().min(1).max(64).optional(),
  credentials: z
    .strictObject({
      testID: credentialValue.optional(),
      nationalId: credentialValue.optional(),
      passportNo: credentialValue.optional(),
      staffId: credentialValue.optional(),
    })
    .default({}),
  imageUrl: z.string().regex(UPLOADED_IMAGE_URL, 'imageUrl must be an uploaded image').optional(),
  siteRef: z.string().trim().min(1).max(64).optional(),
  /** When the test was taken; default now. */
  submittedAt: epochMs.optional(),
})
export type SubmitTestRequest = z.input<typeof submitTestRequest>
export type SubmitTest = z.output<typeof submitTestRequest>

export const submitTestResponse = z.object({ data: testInstanceRow })

/** How far back a supervisor may date a test, and how far ahead of the server's clock is tolerated. */
export const SUBMISSION_MAX_AGE_MS = 30 * 86_400_000
export const SUBMISSION_CLOCK_SKEW_MS = 5 * 60_000

export interface SubmissionIssue {
  path: string
  message: string
}

/**
 * The checks a submission must pass against its group's configuration (use the effective one, A §5): every
 * credential asked for is given and well formed and no other is sent; the lot number and kit ID exactly when the
 * group uses them; the image when required, never when not allowed; a test time neither in the future nor older
 * than 30 days. The portal shows these beside the fields; the server answers them as a 400.
 */
export function submissionIssues(
  config: AuthGroupConfig,
  input: {
    credentials?: Partial<Record<CredentialKind, string | undefined>>
    testKitLotNo?: string | undefined
    testKitID?: string | undefined
    imageUrl?: string | undefined
    submittedAt?: number | undefined
  },
  now: number,
): SubmissionIssue[] {
  const issues: SubmissionIssue[] = []
  const given = input.credentials ?? {}
  for (const kind of credentialKinds.values) {
    const value = given[kind]?.trim() ?? ''
    const label = credentialKinds.entries.find((e) => e.value === kind)?.label ?? kind
    const path = `credentials.${kind}`
    if (config.credentials.includes(kind)) {
      if (value === '') issues.push({ path, message: `${label} is required` })
      else if (!CREDENTIAL_PATTERNS[kind].test(value))
        issues.push({ path, message: `${label} is not in a valid format` })
    } else if (value !== '') {
      issues.push({ path, message: `${label} is not asked for by this group` })
    }
  }
  const lot = input.testKitLotNo?.trim() ?? ''
  if (config.useTestKitLotNo && lot === '')
    issues.push({ path: 'testKitLotNo', message: 'The test kit lot number is required' })
  if (!config.useTestKitLotNo && lot !== '')
    issues.push({ path: 'testKitLotNo', message: 'This group does not record a test kit lot number' })
  const kit = input.testKitID?.trim() ?? ''
  if (config.useTestKitID && kit === '')
    issues.push({ path: 'testKitID', message: 'The test kit ID is required' })
  if (!config.useTestKitID && kit !== '')
    issues.push({ path: 'testKitID', message: 'This group does not record a test kit ID' })
  const image = input.imageUrl ?? ''
  if (config.image.required && image === '')
    issues.push({ path: 'imageUrl', message: 'A photo of the test is required' })
  if (!config.image.allowed && !config.image.required && image !== '')
    issues.push({ path: 'imageUrl', message: 'This group does not take photos of tests' })
  if (input.submittedAt !== undefined) {
    if (input.submittedAt > now + SUBMISSION_CLOCK_SKEW_MS)
      issues.push({ path: 'submittedAt', message: 'The test time cannot be in the future' })
    else if (input.submittedAt < now - SUBMISSION_MAX_AGE_MS)
      issues.push({ path: 'submittedAt', message: 'The test time can be at most 30 days ago' })
  }
  return issues
}

/** The last four characters of a national ID, upper case, dashes ignored: what is stored and shown. */
export function lastFourOf(nationalId: string): string {
  return nationalId.replaceAll('-', '').trim().toUpperCase().slice(-4)
}
