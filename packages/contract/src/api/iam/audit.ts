import { z } from 'zod'
import { envelope, epochMs } from '../envelope'

export const auditQuery = z.strictObject({
  object_type: z.string().trim().min(1, 'object_type is required').max(64),
  object_id: z.string().trim().min(1, 'object_id is required').max(100),
})

/** One change to an IAM object or an entity setting: who, what, before and after, when, from where. */
export const auditEntry = z.object({
  id: z.number().int(),
  at: epochMs,
  actor: z.object({ user_uuid: z.string(), username: z.string(), name: z.string() }).nullable(),
  entity_code: z.string().nullable(),
  action: z.string(),
  object_type: z.string(),
  object_id: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
})
export type AuditEntry = z.infer<typeof auditEntry>
export const auditResponse = envelope(z.object({ entries: z.array(auditEntry) }))
