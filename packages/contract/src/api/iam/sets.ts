import { z } from 'zod'
import { envelope, epochMs, paging } from '../envelope'

export const setFilterRequest = z.strictObject({
  ...paging,
  search: z.string().trim().max(200).optional(),
  parent_id: z.number().int().positive().nullable().optional(),
})
export type SetFilterRequest = z.input<typeof setFilterRequest>

/** A named, hierarchical group of resources of one entity (DESIGN.md), e.g. a region holding machines. */
export const resourceSet = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  parent_id: z.number().int().nullable(),
  /** The resources in the set, as `machines/<id>` codes. */
  resource_count: z.number().int(),
  created_at: epochMs,
})
export type ResourceSet = z.infer<typeof resourceSet>
export const setResource = z.object({ resource_code: z.string(), name: z.string() })
export type SetResource = z.infer<typeof setResource>

export const setDetail = resourceSet.extend({
  resources: z.array(setResource),
  children: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
})
export const setResponse = envelope(setDetail)

/** POST /iam/sets/filter → data.sets, data.count. */
export const setFilterResponse = envelope(z.object({ sets: z.array(resourceSet), count: z.number().int() }))

const setCode = z
  .string()
  .trim()
  .min(1, 'Enter a code')
  .max(64, 'Use at most 64 characters')
  .regex(/^[a-z0-9][a-z0-9-]*$/, 'Use lower-case letters, digits and dashes')

export const setWriteRequest = z.strictObject({
  code: setCode,
  name: z.string().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters'),
  description: z.string().trim().max(500, 'Use at most 500 characters').default(''),
  parent_id: z.number().int().positive().nullable().default(null),
  resource_codes: z
    .array(z.string().regex(/^machines\/\d+$/, "Use resource codes such as 'machines/12'"))
    .max(5000)
    .default([]),
})
export type SetWriteRequest = z.input<typeof setWriteRequest>

/** GET /iam/sets/{id}/parents: the chain from the root set down to the set's parent. */
export const setParentsResponse = envelope(
  z.object({ parents: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })) }),
)
export const setSearchResponse = envelope(
  z.object({ sets: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })) }),
)

/** POST /iam/sets/search/resource: resources of the entity to put in a set. */
export const setResourceSearchRequest = z.strictObject({
  query: z.string().trim().max(200).default(''),
  resource_type: z.enum(['machines']).default('machines'),
  limit: z.number().int().min(1).max(50).default(20),
})
export const setResourceSearchResponse = envelope(z.object({ resources: z.array(setResource) }))
