import { policyAllows } from '@portal/contract'
import type { Db } from '../../db/database'
import type { AuthContext } from '../iam/auth/auth-context'
import { allowedActions, setsCovering } from '../iam/policies/policy.engine'
import { setIdsWithDescendants } from '../iam/sets/set.repository'
import type { StoredLiveEvent } from './live.repository'
import { machineIdsInSets } from './live.repository'
import type { LivePermission } from './live-kinds'
import { LIVE_PERMISSION, OWN, permissionKey } from './live-kinds'

/**
 * What one stream may hear: its entity's events, for each permission whether the caller holds read on it and how far
 * (everything, or the machines of the sets the grant names), and the events addressed to the caller alone. The same
 * rules as the list calls: a list limited to sets shows those sets' machines and their orders, and sets limit nothing
 * else.
 */
export interface Audience {
  entityCode: string
  userId: number
  /** By permission key: false (no read), null (everything), or the machine ids the sets reach. */
  reach: ReadonlyMap<string, false | null | ReadonlySet<number>>
}

const PERMISSIONS: LivePermission[] = [
  ...new Map(Object.values(LIVE_PERMISSION).map((p) => [permissionKey(p), p])).values(),
]

async function reachOf(db: Db, auth: AuthContext, p: LivePermission): Promise<false | null | Set<number>> {
  if (p === OWN) return null
  const allowed = await allowedActions(db, auth, p.app, p.resource)
  if (!policyAllows(allowed, 'read', auth.isPlatformAdmin)) return false
  const sets = allowed.length === 0 ? null : setsCovering(allowed, 'read')
  if (sets === null) return null
  const setIds = await setIdsWithDescendants(db, auth.entityCode, sets)
  return new Set(await machineIdsInSets(db, auth.entityCode, setIds))
}

export async function audienceOf(db: Db, auth: AuthContext): Promise<Audience> {
  const reach = new Map<string, false | null | ReadonlySet<number>>()
  for (const p of PERMISSIONS) reach.set(permissionKey(p), await reachOf(db, auth, p))
  return { entityCode: auth.entityCode, userId: auth.userId, reach }
}

export function hears(audience: Audience, event: StoredLiveEvent): boolean {
  if (event.entity_code !== audience.entityCode) return false
  if (event.user_id !== null && event.user_id !== audience.userId) return false
  const reach = audience.reach.get(`${event.app}|${event.resource}`)
  if (reach === undefined || reach === false) return false
  if (reach === null || event.machine_id === null) return true
  return reach.has(event.machine_id)
}
