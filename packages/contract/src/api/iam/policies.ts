import { z } from 'zod'
import { APP_CODES } from '../../apps'
import { envelope, epochMs, paging } from '../envelope'

export const policyCheckRequest = z.strictObject({
  app_code: z.string().trim().min(1, 'app_code is required').max(64),
  resource_code: z.string().trim().min(1, 'resource_code is required').max(200),
})
export type PolicyCheckRequest = z.infer<typeof policyCheckRequest>

export const allowedAction = z.object({ action_code: z.string(), set_code: z.string() })
export type AllowedAction = z.infer<typeof allowedAction>

/** POST /iam/policies/check → data.allowed_action (A §7). */
export const policyCheckResponse = envelope(z.object({ allowed_action: z.array(allowedAction) }))

export const ACTION_CODES = ['read', 'edit', 'all', '*'] as const

/** One statement of a policy: an action on a resource (wildcards allowed) of an app. */
export const policyStatement = z.strictObject({
  app_code: z.union([z.enum(APP_CODES), z.literal('*')]),
  resource_code: z
    .string()
    .trim()
    .min(1, 'resource_code is required')
    .max(200)
    .regex(/^(\*|[a-z0-9-]+(\/([a-z0-9-]+|\*))*)$/, "Use a path such as 'machines/*', or '*'"),
  action_code: z.enum(ACTION_CODES),
})
export type PolicyStatement = z.infer<typeof policyStatement>

export const POLICY_TYPES = ['preset', 'custom'] as const

export const policy = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** preset: offered to every entity, read-only; custom: the entity's own. */
  type: z.enum(['unknown', ...POLICY_TYPES]),
  entity_code: z.string().nullable(),
  statements: z.array(policyStatement),
  role_count: z.number().int(),
  user_count: z.number().int(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type Policy = z.infer<typeof policy>
export const policyResponse = envelope(policy)

const name = z.string().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters')
const description = z.string().trim().max(500, 'Use at most 500 characters').default('')

export const policyWriteRequest = z.strictObject({
  name,
  description,
  statements: z.array(policyStatement).min(1, 'Add at least one statement').max(100),
})
export type PolicyWriteRequest = z.input<typeof policyWriteRequest>

export const policyFilterRequest = z.strictObject({
  ...paging,
  search: z.string().trim().max(200).optional(),
  type: z.enum(POLICY_TYPES).optional(),
})
export type PolicyFilterRequest = z.input<typeof policyFilterRequest>
export const policyFilterResponse = envelope(z.object({ policies: z.array(policy), count: z.number().int() }))

export const searchRequest = z.strictObject({
  query: z.string().trim().max(200).default(''),
  limit: z.number().int().min(1).max(50).default(10),
})
export type SearchRequest = z.input<typeof searchRequest>

export const policySearchResponse = envelope(
  z.object({ policies: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.string() })) }),
)

export const appsResponse = envelope(
  z.object({ apps: z.array(z.object({ app_code: z.string(), name: z.string() })) }),
)
export const actionsQuery = z.strictObject({ name: z.string().trim().max(50).optional() })
export const actionsResponse = envelope(
  z.object({ actions: z.array(z.object({ action_code: z.string(), name: z.string() })) }),
)
export const resourcesQuery = z.strictObject({
  name: z.string().trim().max(100).optional(),
  app_code: z.string().trim().max(64).optional(),
  resource_code: z.string().trim().max(200).optional(),
})
export const resourcesResponse = envelope(
  z.object({
    resources: z.array(z.object({ app_code: z.string(), resource_code: z.string(), name: z.string() })),
  }),
)

export const numericIdParams = z.strictObject({ id: z.coerce.number().int().positive() })
export const deletedResponse = envelope(z.object({ deleted: z.boolean() }))
