import { z } from 'zod'
import { envelope, epochMs, paging } from '../envelope'

export const namedRef = z.object({ id: z.number().int(), name: z.string() })
export type NamedRef = z.infer<typeof namedRef>

/** A named bundle of policies of one entity. */
export const role = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  entity_code: z.string(),
  policies: z.array(namedRef),
  user_count: z.number().int(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type Role = z.infer<typeof role>
export const roleResponse = envelope(role)

export const roleWriteRequest = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(120, 'Use at most 120 characters'),
  description: z.string().trim().max(500, 'Use at most 500 characters').default(''),
  policy_ids: z.array(z.number().int().positive()).min(1, 'Choose at least one policy').max(50),
})
export type RoleWriteRequest = z.input<typeof roleWriteRequest>

export const roleFilterRequest = z.strictObject({ ...paging, search: z.string().trim().max(200).optional() })
export type RoleFilterRequest = z.input<typeof roleFilterRequest>
export const roleFilterResponse = envelope(z.object({ roles: z.array(role), count: z.number().int() }))
export const roleSearchResponse = envelope(z.object({ roles: z.array(namedRef) }))
