import { z } from 'zod'
import { envelope } from '../envelope'
import { grantInput, userGrant } from './users'

/*
 * Service accounts and their API keys (issue 18, docs/decisions/0114-integrator-keys.md). A service account is a
 * member of the entity that made it, with grants (policies or roles, each on everything or on one set) as a user
 * has; it never signs in. Its keys are sent as `Authorization: Token <key>` (`Bearer <key>` on /api/cases).
 *
 * - POST   /api/main/iam/service-accounts/filter          `{ limit, offset, search? }` → service_accounts, count
 * - POST   /api/main/iam/service-accounts                 `{ name, description?, policy_ids?, grants? }`
 * - GET    /api/main/iam/service-accounts/{id}            (id: the account's uuid)
 * - PUT    /api/main/iam/service-accounts/{id}            `{ name?, description?, policy_ids?, grants? }`
 * - DELETE /api/main/iam/service-accounts/{id}            (revokes its keys)
 * - GET    /api/main/iam/service-accounts/{id}/keys
 * - POST   /api/main/iam/service-accounts/{id}/keys       `{ name, expires_at? }` → key (shown this once), api_key
 * - DELETE /api/main/iam/service-accounts/{id}/keys/{keyId}   (revoke; keyId: the key's uuid)
 * All need edit on iam / users/* (entity owners and admins hold it).
 */

/** The visible start of every key: `pk_<prefix>_<secret>`. */
export const API_KEY_PREFIX = 'pk_'
/** The shape of a key: tells it from a session token (43 base64url characters) before any lookup. */
export const API_KEY_PATTERN = /^pk_[a-z0-9]{8}_[A-Za-z0-9_-]{43}$/

export const serviceAccount = z.object({
  uuid: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  grants: z.array(userGrant),
  /** Keys neither revoked nor expired. */
  active_keys: z.number().int(),
  created_at: z.number().int(),
})
export type ServiceAccount = z.infer<typeof serviceAccount>

export const apiKey = z.object({
  uuid: z.string(),
  name: z.string(),
  prefix: z.string(),
  expires_at: z.number().int().nullable(),
  created_at: z.number().int(),
  created_by: z.string().nullable(),
  last_used_at: z.number().int().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.number().int().nullable(),
})
export type ApiKey = z.infer<typeof apiKey>

const accountName = z
  .string({ error: 'Enter a name' })
  .trim()
  .min(1, 'Enter a name')
  .max(200, 'Use at most 200 characters')
const description = z.string().trim().max(500, 'Use at most 500 characters').nullable()
const policyIds = z.array(z.number().int().positive()).max(50)

export const serviceAccountIdParams = z.strictObject({
  id: z.string().trim().min(1).max(64).describe('the service account uuid'),
})
export const apiKeyParams = z.strictObject({
  id: z.string().trim().min(1).max(64).describe('the service account uuid'),
  keyId: z.string().trim().min(1).max(64).describe('the key uuid'),
})

export const serviceAccountFilterRequest = z.strictObject({
  limit: z.number().int().min(1).max(1000),
  offset: z.number().int().min(0),
  search: z.string().trim().max(200).optional(),
})
export type ServiceAccountFilterRequest = z.input<typeof serviceAccountFilterRequest>
export const serviceAccountFilterResponse = envelope(
  z.object({ service_accounts: z.array(serviceAccount), count: z.number().int() }),
)

/** `policy_ids` are policies on everything; `grants` name a role or policy with an optional set, as for users. */
export const serviceAccountCreateRequest = z.strictObject({
  name: accountName,
  description: description.default(null),
  policy_ids: policyIds.default([]),
  grants: z.array(grantInput).max(50).default([]),
})
export type ServiceAccountCreateRequest = z.input<typeof serviceAccountCreateRequest>

export const serviceAccountUpdateRequest = z.strictObject({
  name: accountName.optional(),
  description: description.optional(),
  policy_ids: policyIds.optional(),
  grants: z.array(grantInput).max(50).optional(),
})
export type ServiceAccountUpdateRequest = z.input<typeof serviceAccountUpdateRequest>

export const serviceAccountResponse = envelope(z.object({ service_account: serviceAccount }))
export const serviceAccountDeleteResponse = envelope(z.object({ deleted: z.literal(true) }))

export const apiKeyCreateRequest = z.strictObject({
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(120, 'Use at most 120 characters'),
  /** Epoch milliseconds, in the future; null or absent: the key does not expire. */
  expires_at: z.number().int().positive().nullable().default(null),
})
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateRequest>
export const apiKeyCreateResponse = envelope(z.object({ key: z.string(), api_key: apiKey }))
export const apiKeyListResponse = envelope(z.object({ api_keys: z.array(apiKey) }))
export const apiKeyResponse = envelope(z.object({ api_key: apiKey }))
