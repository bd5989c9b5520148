import type { AllowedAction, PolicyStatement } from '@portal/contract'
import { actionCovers, EntityRelation, resourceMatches } from '@portal/contract'
import type { Db } from '../../../db/database'
import { parseJson } from '../../../lib/json'
import type { AuthContext } from '../auth/auth-context'
import { membershipOf } from '../users/user.repository'
import { grantedStatements } from './policy.repository'

/** Owners and admins of an entity hold every action on everything in it (docs/decisions/0012-iam-model.md). */
const FULL: AllowedAction[] = [{ action_code: '*', set_code: '*' }]

/**
 * POST /iam/policies/check: the actions the user holds on an app and resource in the current entity, each with
 * the set it applies to ('*' for everything). A statement matches when its app is the app or '*', and its
 * resource pattern covers the resource asked about.
 */
export async function allowedActions(
  db: Db,
  auth: AuthContext,
  appCode: string,
  resourceCode: string,
): Promise<AllowedAction[]> {
  const relation =
    auth.membership?.entityCode === auth.entityCode
      ? (auth.membership.relation ?? undefined)
      : await membershipOf(db, auth.userId, auth.entityCode)
  if (relation === EntityRelation.Owned || relation === EntityRelation.Admin) return FULL
  if (relation === undefined) return []
  const out = new Map<string, AllowedAction>()
  for (const row of await grantedStatements(db, auth.userId, auth.entityCode)) {
    for (const st of parseJson<PolicyStatement[]>(row.statements, [])) {
      if (st.app_code !== '*' && st.app_code !== appCode) continue
      if (!resourceMatches(st.resource_code, resourceCode)) continue
      const set = row.set_code ?? '*'
      out.set(`${st.action_code}|${set}`, { action_code: st.action_code, set_code: set })
    }
  }
  return [...out.values()]
}

/** Which sets an action reaches: everything (null), or only these set codes. */
export function setsCovering(allowed: readonly AllowedAction[], needed: string): string[] | null {
  const covering = allowed.filter((a) => actionCovers(a.action_code, needed))
  if (covering.some((a) => a.set_code === '*')) return null
  return [...new Set(covering.map((a) => a.set_code))]
}
