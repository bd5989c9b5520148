import { z } from 'zod'
import { coded } from '../messages'
import { testResults } from '../../enums/health'
import { epochMs } from '../envelope'
import { TEST_RESULTS_PAGE_SIZE } from './test-results'

/*
 * The team view (B §3 "Team variant", B §7 `GET {reportingHost}/testInstances`): a Feathers-style query.
 * `timeResultRecorded[$gt]` is exclusive, `timeResultRecorded[$lte]` inclusive. Page N skips (N − 1) × 25 rows —
 * the original portal sent `$skip=0` for page 2, showing page 1 again; this one does not.
 */

/** The rows to skip for a 1-based page: page 1 → 0, page 2 → 25. A page below 1 (or not a number) is page 1. */
export function skipOf(page: number, pageSize: number = TEST_RESULTS_PAGE_SIZE): number {
  const p = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1
  return (p - 1) * pageSize
}

export const TEAM_QUERY_KEYS = [
  'as',
  'group',
  'timeResultRecorded[$gt]',
  'timeResultRecorded[$lte]',
  '$limit',
  '$skip',
  '$sort[timeResultRecorded]',
] as const

/** What the portal sends for a page of a group's team view. */
export function teamQuery(input: {
  group: string
  /** Exclusive lower bound (epoch ms). */
  after?: number | undefined
  /** Inclusive upper bound (epoch ms). */
  upTo?: number | undefined
  page: number
  pageSize?: number
  /** The order by the time the result was recorded (1 oldest first, -1 newest first); unset, the service's own. */
  sort?: 1 | -1 | undefined
}): Record<string, string | number> {
  const size = input.pageSize ?? TEST_RESULTS_PAGE_SIZE
  const query: Record<string, string | number> = { as: 'superuser', group: input.group }
  if (input.after !== undefined) query['timeResultRecorded[$gt]'] = input.after
  if (input.upTo !== undefined) query['timeResultRecorded[$lte]'] = input.upTo
  query.$limit = size
  query.$skip = skipOf(input.page, size)
  if (input.sort !== undefined) query['$sort[timeResultRecorded]'] = String(input.sort)
  return query
}

/**
 * A query parsed by a nesting parser (`qs`: `{ timeResultRecorded: { $gt: '1' } }`) written back as the flat
 * bracketed keys Fastify's parser gives, so both arrive at one schema. Anything else is left as it is.
 */
export function flattenFeathersQuery(query: unknown): unknown {
  if (typeof query !== 'object' || query === null || Array.isArray(query)) return query
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      for (const [inner, v] of Object.entries(value as Record<string, unknown>)) out[`${key}[${inner}]`] = v
    } else out[key] = value
  }
  return out
}

const msBound = z.coerce
  .number({ error: 'must be epoch milliseconds' })
  .int()
  .min(0)
  .max(8_640_000_000_000_000)

/**
 * GET /testInstances. `as=superuser` shows every reporter's results in the group; without it, only the results
 * the caller reported. Unknown keys are a 400 naming them.
 */
export const testInstancesQueryObject = z
  .strictObject({
    as: z.literal('superuser').optional(),
    group: z.string().trim().min(8).max(64),
    'timeResultRecorded[$gt]': msBound.optional(),
    'timeResultRecorded[$lte]': msBound.optional(),
    $limit: z.coerce.number().int().min(1).max(100).default(TEST_RESULTS_PAGE_SIZE),
    $skip: z.coerce.number().int().min(0).max(100_000_000).default(0),
    '$sort[timeResultRecorded]': z.enum(['1', '-1']).optional(),
  })
  .refine(
    (q) =>
      q['timeResultRecorded[$gt]'] === undefined ||
      q['timeResultRecorded[$lte]'] === undefined ||
      q['timeResultRecorded[$gt]'] < q['timeResultRecorded[$lte]'],
    {
      path: ['timeResultRecorded[$lte]'],
      message: 'timeResultRecorded[$lte] must be after timeResultRecorded[$gt]',
      ...coded('must_be_after', { other: 'timeResultRecorded[$gt]' }),
    },
  )

/** The same, for a query a nesting parser produced (flattened first). The route uses the flat object above. */
export const testInstancesQuery = z.preprocess(flattenFeathersQuery, testInstancesQueryObject)
export type TestInstancesQuery = z.output<typeof testInstancesQuery>

/** A row of the team view (B §3): who, how to reach them, the last four of their ID, the result and who reported. */
export const teamRow = z.object({
  uuid: z.string(),
  personUuid: z.string(),
  fullName: z.string(),
  mobileNumber: z.string(),
  nationalIdLastFour: z.string(),
  result: z.string().describe(`test result: ${testResults.values.join(', ')}`),
  submittedAt: epochMs,
  timeResultRecorded: epochMs,
  reporterName: z.string(),
})
export type TeamRow = z.infer<typeof teamRow>

/** Feathers' paginated answer. */
export const testInstancesResponse = z.object({
  total: z.number().int().min(0),
  limit: z.number().int().min(1),
  skip: z.number().int().min(0),
  data: z.array(teamRow),
})
export type TestInstancesResponse = z.infer<typeof testInstancesResponse>
