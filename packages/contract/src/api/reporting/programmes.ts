import { z } from 'zod'
import { defineCatalogue, type ValueOf } from '../../catalogue'
import { compliances, testResults } from '../../enums/health'
import { nationalities } from '../../enums/locale'
import { catalogueSchema, envelope, epochMs } from '../envelope'

/*
 * Health and test programmes (A §2 /covid, /medicord; A §3 "Auth group configuration"; A §5 fallback):
 * programmes → groups → people, on the reporting service (docs/decisions/0029-test-programmes.md).
 */

/** The two programmes, each shown to entities with its industry. */
export const Programme = { covid: 'covid', medicord: 'medicord' } as const
export type Programme = ValueOf<typeof Programme>

export const programmes = defineCatalogue('programme', [
  [Programme.covid, 'Covid-19 testing'],
  [Programme.medicord, 'Medicord'],
])

/** The industry (A §1) that gives an entity each programme. */
export const PROGRAMME_INDUSTRY: Record<Programme, string> = {
  covid: 'covid_nric',
  medicord: 'medicord',
}

/** The credentials a test submission can ask for (A §3 "credentials list"). */
export const CredentialKind = {
  testID: 'testID',
  nationalId: 'nationalId',
  passportNo: 'passportNo',
  staffId: 'staffId',
} as const
export type CredentialKind = ValueOf<typeof CredentialKind>

export const credentialKinds = defineCatalogue('credential', [
  [CredentialKind.testID, 'Test ID'],
  [CredentialKind.nationalId, 'National ID (NRIC/FIN)'],
  [CredentialKind.passportNo, 'Passport number'],
  [CredentialKind.staffId, 'Staff ID'],
])

/** The format each credential must have (checked by the form and again by the server). */
export const CREDENTIAL_PATTERNS: Record<CredentialKind, RegExp> = {
  testID: /^[A-Za-z0-9-]{4,40}$/,
  // Singapore NRIC/FIN (S1234567D) or Malaysian MyKad (900101-14-5678, dashes optional).
  nationalId: /^(?:[STFGM]\d{7}[A-Z]|\d{6}-?\d{2}-?\d{4})$/i,
  passportNo: /^[A-Za-z0-9]{6,12}$/,
  staffId: /^[A-Za-z0-9-]{2,20}$/,
}

/** Auth group configuration (A §3): what a test submission for the group asks for. */
export const authGroupConfig = z.object({
  credentials: z.array(catalogueSchema(credentialKinds)).max(4),
  image: z.object({ allowed: z.boolean(), required: z.boolean() }),
  useTestKitLotNo: z.boolean(),
  useTestKitID: z.boolean(),
})
export type AuthGroupConfig = z.infer<typeof authGroupConfig>

/**
 * The configuration a submission form follows. A §5: with no credentials the fallback applies — image allowed and
 * required, no lot number, no kit ID. A required image is always allowed.
 */
export function effectiveAuthConfig(config: AuthGroupConfig | null | undefined): AuthGroupConfig {
  if (!config || config.credentials.length === 0) {
    return {
      credentials: [],
      image: { allowed: true, required: true },
      useTestKitLotNo: false,
      useTestKitID: false,
    }
  }
  return {
    credentials: [...new Set(config.credentials)],
    image: { allowed: config.image.allowed || config.image.required, required: config.image.required },
    useTestKitLotNo: config.useTestKitLotNo,
    useTestKitID: config.useTestKitID,
  }
}

export const testSchedule = z.object({
  periodDays: z.number().int().min(1).max(31),
  testsPerPeriod: z.number().int().min(1).max(7),
  dueDays: z.number().int().min(1).max(31),
})

export const period = z.object({ start: epochMs, due: epochMs, end: epochMs })

const complianceCountsSchema = z.object(
  Object.fromEntries(compliances.values.map((v) => [v, z.number().int().min(0)])) as Record<
    (typeof compliances.values)[number],
    z.ZodNumber
  >,
)

const uuid = z.string().trim().min(8).max(64)
const filterPaging = {
  limit: z.number().int().min(1).max(1000).default(25),
  offset: z.number().int().min(0).max(100_000_000).default(0),
}

/** POST /groups/filter: the caller's groups, by name. */
export const testGroupFilterRequest = z.strictObject({
  ...filterPaging,
  programme: catalogueSchema(programmes).optional(),
  search: z.string().trim().min(1).max(100).optional(),
})
export type TestGroupFilterRequest = z.input<typeof testGroupFilterRequest>

/** A group (team, site or company) of a programme, with the compliance of its people in the current period. */
export const testGroup = z.object({
  uuid: z.string(),
  programme: z.string().describe(`programme: ${programmes.values.join(', ')}`),
  name: z.string(),
  /** The group's default test site. */
  siteRef: z.string(),
  schedule: testSchedule,
  /** The configuration submissions follow: A §5's fallback already applied. */
  authConfig: authGroupConfig,
  memberCount: z.number().int().min(0),
  period,
  compliance: complianceCountsSchema,
  testsInPeriod: z.number().int().min(0),
  lastTestAt: epochMs.nullable(),
})
export type TestGroup = z.infer<typeof testGroup>

export const testGroupFilterResponse = envelope(
  z.object({ groups: z.array(testGroup), count: z.number().int().min(0) }),
)

export const uuidParams = z.strictObject({ uuid: uuid.describe('uuid') })

/** GET /groups/{uuid}: the group, and the values its result filters offer. */
export const testGroupResponse = envelope(
  z.object({
    group: testGroup,
    /** Test sites used in the group's results (the test_site filter). */
    sites: z.array(z.string()),
    /** Test kit providers used in the group's results (the tests_list filter). */
    testKitProviders: z.array(z.string()),
  }),
)

/** POST /people/filter: people of a group or programme, by name. */
export const testPersonFilterRequest = z.strictObject({
  ...filterPaging,
  group_id: uuid.optional(),
  programme: catalogueSchema(programmes).optional(),
  /** Case-insensitive: full name, mobile number or the last four of the national ID. */
  search: z.string().trim().min(1).max(100).optional(),
})
export type TestPersonFilterRequest = z.input<typeof testPersonFilterRequest>

export const testPerson = z.object({
  uuid: z.string(),
  fullName: z.string(),
  dialCode: z.string(),
  /** With its dial code: "+65 9123 4567". */
  mobileNumber: z.string(),
  /** Only the last four characters of the national ID are kept. */
  nationalIdLastFour: z.string(),
  nationality: z.string().describe(`nationality: ${nationalities.values.join(', ')}`),
  exempted: z.boolean(),
  groupUuid: z.string(),
  groupName: z.string(),
  programme: z.string(),
  /** In the group's current period. */
  compliance: z.string().describe(`compliance: ${compliances.values.join(', ')}`),
  lastTest: z
    .object({
      result: z.string().describe(`test result: ${testResults.values.join(', ')}`),
      submittedAt: epochMs,
    })
    .nullable(),
})
export type TestPerson = z.infer<typeof testPerson>

export const testPersonFilterResponse = envelope(
  z.object({ people: z.array(testPerson), count: z.number().int().min(0) }),
)

/** A person's compliance in one period, newest first on the person's page. */
export const personPeriod = period.extend({
  compliance: z.string(),
  tests: z.number().int().min(0),
})
export type PersonPeriod = z.infer<typeof personPeriod>

/** GET /people/{uuid}: the person, their group's configuration, and their compliance over the recent periods. */
export const testPersonResponse = envelope(
  z.object({
    person: testPerson,
    group: testGroup.pick({
      uuid: true,
      name: true,
      programme: true,
      siteRef: true,
      schedule: true,
      authConfig: true,
    }),
    periods: z.array(personPeriod),
  }),
)
export type TestPersonDetail = z.infer<typeof testPersonResponse>['data']

/** How many recent periods a person's page shows. */
export const PERSON_PERIODS = 8
