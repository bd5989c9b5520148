import { EntityRelation } from '@portal/contract'
import type { Db } from '../db/database'
import type { Caller } from '../lib/request-meta'
import { authenticate } from '../modules/iam/auth/auth.service'
import { createPolicy } from '../modules/iam/policies/policy.service'
import { createKey } from '../modules/iam/service-accounts/api-key.service'
import { createServiceAccount } from '../modules/iam/service-accounts/service-account.service'
import { membershipOf } from '../modules/iam/users/user.repository'

/*
 * The authorization matrix's extra caller (issue 18): a service account's API key standing for "the right user" of a
 * route. The account is made in the right user's current entity with the same power: an owner or admin holds
 * everything there by relation, so its account gets one policy of every action on everything; any other member's
 * account gets a copy of that member's grants (roles, policies and their sets).
 */

const keys = new Map<string, Promise<string | null>>()

async function mirror(db: Db, token: string): Promise<string | null> {
  const auth = await authenticate(db, token)
  if (auth === null || auth.apiKey) return null
  const caller: Caller = { auth, ip: null, sets: null }
  const relation = await membershipOf(db, auth.userId, auth.entityCode)
  if (relation === undefined) return null
  const grants =
    relation === EntityRelation.Owned || relation === EntityRelation.Admin
      ? [
          {
            role_id: null,
            set_id: null,
            policy_id: (
              await createPolicy(db, caller, {
                name: `Matrix key ${auth.username}`,
                description: '',
                statements: [{ app_code: '*', resource_code: '*', action_code: '*' }],
              })
            ).id,
          },
        ]
      : await db
          .selectFrom('iam_grant')
          .where('entity_code', '=', auth.entityCode)
          .where('user_id', '=', auth.userId)
          .select(['role_id', 'policy_id', 'set_id'])
          .execute()
  const account = await createServiceAccount(db, caller, {
    name: `Matrix key of ${auth.username}`,
    description: null,
    policy_ids: [],
    grants,
  })
  return (await createKey(db, caller, account.uuid, { name: 'matrix', expires_at: null })).key
}

/**
 * The key of a service account with the token's user's power in their entity, made once per token (null: the token
 * is not a member's session, e.g. a platform administrator outside the entity).
 */
export function serviceAccountKeyFor(db: Db, token: string): Promise<string | null> {
  let key = keys.get(token)
  if (!key) {
    key = mirror(db, token)
    keys.set(token, key)
  }
  return key
}
