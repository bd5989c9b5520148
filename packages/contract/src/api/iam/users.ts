import { z } from 'zod'
import type { EntityRelation } from '../../enums/iam'
import { envelope } from '../envelope'
import { mfaModeSchema } from './login'

/**
 * User of A §3. The three entity lists hold entity paths (codes from the root entity down, joined by '/'),
 * each ending in the entity code.
 */
export const user = z.object({
  user_uuid: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  image_url: z.string().nullable(),
  status: z.number().int(),
  is_beep_admin: z.boolean(),
  mfa_primary_mode: mfaModeSchema,
  owned_entities: z.array(z.string()),
  admin_entities: z.array(z.string()),
  authorised_entities: z.array(z.string()),
})
export type User = z.infer<typeof user>
export const userResponse = envelope(user)

export const userIdParams = z.strictObject({
  id: z.string().trim().min(1).max(64).describe('the user uuid'),
})

export interface UserEntityRef {
  code: string
  path: string
  permission: EntityRelation
}

export function entityCodeOfPath(path: string): string {
  const parts = path.split('/').filter((p) => p !== '')
  return parts[parts.length - 1] ?? ''
}

/** The entity list the portal derives from a user: owned (0), then admin (1), then authorised (2). */
export function userEntities(
  u: Pick<User, 'owned_entities' | 'admin_entities' | 'authorised_entities'>,
): UserEntityRef[] {
  const seen = new Set<string>()
  const out: UserEntityRef[] = []
  const add = (paths: readonly string[], permission: EntityRelation) => {
    for (const path of paths) {
      const code = entityCodeOfPath(path)
      if (code === '' || seen.has(code)) continue
      seen.add(code)
      out.push({ code, path, permission })
    }
  }
  add(u.owned_entities, 0)
  add(u.admin_entities, 1)
  add(u.authorised_entities, 2)
  return out
}

/** A role or a policy given to a user in the current entity, on one set or on everything (set_code null). */
export const userGrant = z.object({
  id: z.number().int(),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  policy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  set: z.object({ id: z.number().int(), code: z.string(), name: z.string() }).nullable(),
})
export type UserGrant = z.infer<typeof userGrant>

export const grantInput = z
  .strictObject({
    role_id: z.number().int().positive().nullable().default(null),
    policy_id: z.number().int().positive().nullable().default(null),
    set_id: z.number().int().positive().nullable().default(null),
  })
  .refine((g) => (g.role_id === null) !== (g.policy_id === null), {
    message: 'Give either a role or a policy',
    path: ['role_id'],
  })
export type GrantInput = z.input<typeof grantInput>

/** A user as the IAM list shows them, within the current entity. */
export const userListItem = z.object({
  user_uuid: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  image_url: z.string().nullable(),
  status: z.number().int(),
  relation: z.number().int(),
  mfa_primary_mode: mfaModeSchema,
  grants: z.array(userGrant),
  created_at: z.number().int(),
})
export type UserListItem = z.infer<typeof userListItem>

export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,49}$/

const personName = z.string().trim().min(1, 'Enter a name').max(200, 'Use at most 200 characters')
const email = z.email('Enter a valid email address').max(200).nullable().default(null)
const phone = z
  .string()
  .trim()
  .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number such as +65 8123 4567')
  .nullable()
  .default(null)

export const userCreateRequest = z.strictObject({
  name: personName,
  username: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      USERNAME_PATTERN,
      'Use 3–50 lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit',
    ),
  email,
  phone_number: phone,
  image_url: z.string().max(500).nullable().default(null),
  /** Relation to the current entity: 1 admin or 2 authorised (owners are made by platform administrators). */
  relation: z.union([z.literal(1), z.literal(2)]).default(2),
  grants: z.array(grantInput).max(50).default([]),
})
export type UserCreateRequest = z.input<typeof userCreateRequest>

/** The new user is Pending Activation (2) and gets a one-time link to set their password. */
export const userCreateResponse = envelope(
  z.object({ user: userListItem, activation_link: z.string(), activation_expires_at: z.number().int() }),
)

export const userUpdateRequest = z.strictObject({
  name: personName.optional(),
  email: z.email('Enter a valid email address').max(200).nullable().optional(),
  phone_number: z
    .string()
    .trim()
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number such as +65 8123 4567')
    .nullable()
    .optional(),
  image_url: z.string().max(500).nullable().optional(),
  relation: z.union([z.literal(1), z.literal(2)]).optional(),
  grants: z.array(grantInput).max(50).optional(),
})
export type UserUpdateRequest = z.input<typeof userUpdateRequest>
export const userListItemResponse = envelope(userListItem)

export const userFilterRequest = z.strictObject({
  limit: z.number().int().min(1).max(1000),
  offset: z.number().int().min(0),
  status_list: z.array(z.number().int().min(1).max(4)).max(4).optional(),
  role_id: z.number().int().positive().optional(),
  search: z.string().trim().max(200).optional(),
})
export type UserFilterRequest = z.input<typeof userFilterRequest>
export const userFilterResponse = envelope(
  z.object({ users: z.array(userListItem), count: z.number().int() }),
)

export const userSearchResponse = envelope(
  z.object({ users: z.array(z.object({ user_uuid: z.string(), name: z.string(), username: z.string() })) }),
)

export const userStatusUpdateRequest = z.strictObject({
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
})

export const childEntitiesFilterRequest = z.strictObject({
  limit: z.number().int().min(1).max(1000),
  offset: z.number().int().min(0).default(0),
})
export const childEntitiesFilterResponse = envelope(
  z.object({
    entities: z.array(z.object({ code: z.string(), name: z.string(), parent_code: z.string() })),
    count: z.number().int(),
  }),
)

export const imageUploadResponse = envelope(z.object({ url: z.string() }))
/** Images only, at most 2 MB (POST /iam/img-upload). */
export const IMAGE_UPLOAD_MAX_BYTES = 2 * 1024 * 1024
export const IMAGE_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const
