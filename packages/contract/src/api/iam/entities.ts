import { z } from 'zod'
import { envelope } from '../envelope'

/** Entity (organisation) fields of A §3. */
export const entity = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  logo_url: z.string().nullable(),
  preferred_identifier: z.string().nullable(),
  industries: z.array(z.string()),
  ev_backend_url: z.string().nullable(),
  roles: z.array(z.string()),
  parent_code: z.string().nullable(),
  currency_code: z.string(),
  time_zone: z.string(),
  /**
   * Members whose home entity this is sign in with single sign-on only (docs/decisions/0118-single-sign-on.md).
   * Always in the server's answers; optional so older clients and fixtures stay valid.
   */
  require_sso: z.boolean().optional(),
})
export type Entity = z.infer<typeof entity>
export const entityResponse = envelope(entity)

export const entityIdOrCodeParams = z.strictObject({
  id: z.string().trim().min(1).max(64).describe('the entity id or its code'),
})

const industry = z.string().trim().min(1).max(64)
const entityCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,31}$/, 'Use 2–32 capital letters, digits, dashes or underscores')

export const entityCreateRequest = z.strictObject({
  code: entityCode,
  name: z.string().trim().min(1, 'Enter a name').max(200),
  industries: z.array(industry).min(1, 'Choose at least one industry').max(30),
  roles: z.array(z.string().trim().min(1).max(32)).max(10).default([]),
  parent_code: entityCode.nullable().default(null),
  currency_code: z.string().trim().toUpperCase().length(3, 'Use a 3-letter currency code').default('SGD'),
  time_zone: z.string().trim().min(1).max(64).default('Asia/Singapore'),
  logo_url: z.string().max(500).nullable().default(null),
  preferred_identifier: z.string().trim().max(64).nullable().default(null),
  ev_backend_url: z.url('Enter a full URL').max(500).nullable().default(null),
})
export type EntityCreateRequest = z.input<typeof entityCreateRequest>

/** POST /iam/entities/clinic: a digital-health clinic under the current entity. */
export const clinicCreateRequest = z.strictObject({
  code: entityCode,
  name: z.string().trim().min(1, 'Enter a name').max(200),
  logo_url: z.string().max(500).nullable().default(null),
})
export type ClinicCreateRequest = z.input<typeof clinicCreateRequest>

export const entityUpdateRequest = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(200).optional(),
  industries: z.array(industry).min(1, 'Choose at least one industry').max(30).optional(),
  roles: z.array(z.string().trim().min(1).max(32)).max(10).optional(),
  currency_code: z.string().trim().toUpperCase().length(3, 'Use a 3-letter currency code').optional(),
  time_zone: z.string().trim().min(1).max(64).optional(),
  logo_url: z.string().max(500).nullable().optional(),
  preferred_identifier: z.string().trim().max(64).nullable().optional(),
  ev_backend_url: z.url('Enter a full URL').max(500).nullable().optional(),
  require_sso: z.boolean().optional(),
})
export type EntityUpdateRequest = z.input<typeof entityUpdateRequest>

export const entityCodeParams = z.strictObject({ code: z.string().trim().min(1).max(64) })

export const entityFilterRequest = z.strictObject({
  limit: z.number().int().min(1).max(1000),
  offset: z.number().int().min(0),
  search: z.string().trim().max(200).optional(),
  industry: z.string().trim().max(64).optional(),
  parent_code: z.string().trim().max(64).optional(),
})
export type EntityFilterRequest = z.input<typeof entityFilterRequest>
export const entityFilterResponse = envelope(z.object({ entities: z.array(entity), count: z.number().int() }))

/** An entity of the signed-in user with their relation to it (owner 0, admin 1, authorised 2). */
export const myEntity = entity.extend({ relation: z.number().int().nullable() })
export type MyEntity = z.infer<typeof myEntity>
/** GET /iam/entities (and on the charging client with limit=1000): data.entities. */
export const entityListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
})
export const entityListResponse = envelope(z.object({ entities: z.array(myEntity) }))
/** GET /entity: a plain results list. */
export const entityResultsResponse = z.object({ results: z.array(myEntity) })

export const entitySwitchRequest = z.strictObject({
  entity_code: z.string().trim().min(1, 'entity_code is required').max(64),
})
/** The new scope: the entity, and the apps the user may open in it (A §6). */
export const entitySwitchResponse = envelope(
  z.object({ entity_code: z.string(), entity, can_view_apps: z.array(z.string()) }),
)
