import type { Entity } from '@portal/contract'
import { policyAllows } from '@portal/contract'
import type { Db } from '../../../db/database'
import { notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { AuthContext } from '../auth/auth-context'
import { allowedActions } from '../policies/policy.engine'
import { ancestorCodes, findEntityByCode, findEntityById } from './entity.repository'
import type { EntityRow } from './entity.table'
import { administersAny, membershipOf } from '../users/user.repository'

export function toEntity(row: EntityRow): Entity {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    logo_url: row.logo_url,
    preferred_identifier: row.preferred_identifier,
    industries: parseJson<string[]>(row.industries, []),
    ev_backend_url: row.ev_backend_url,
    roles: parseJson<string[]>(row.roles, []),
    parent_code: row.parent_code,
    currency_code: row.currency_code,
    time_zone: row.time_zone,
    require_sso: row.require_sso === 1,
  }
}

/**
 * True when the user owns or administers an entity above this one: the owners and admins of a parent manage its
 * child entities (A §5's child-entity rule; docs/decisions/0076-child-entities.md).
 */
export async function managesFromAbove(db: Db, auth: AuthContext, code: string): Promise<boolean> {
  return administersAny(db, auth.userId, await ancestorCodes(db, code))
}

/** True when `code` is below the caller's current entity (its child entities, their children, ...). */
export async function isBelowCurrent(db: Db, auth: AuthContext, code: string): Promise<boolean> {
  return (await ancestorCodes(db, code)).includes(auth.entityCode)
}

/**
 * An entity is visible to its members, to platform administrators, to the owners and admins of an entity above it,
 * and, below the current entity, to whoever may read entities there (the entity list shows them). Anyone else gets
 * the same 404 as for an entity that does not exist, so codes cannot be probed.
 */
export async function getVisibleEntity(db: Db, auth: AuthContext, idOrCode: string): Promise<Entity> {
  const row = /^\d+$/.test(idOrCode)
    ? ((await findEntityById(db, Number(idOrCode))) ?? (await findEntityByCode(db, idOrCode)))
    : await findEntityByCode(db, idOrCode)
  if (!row) throw notFound('Entity')
  if (auth.isPlatformAdmin || row.code === auth.entityCode) return toEntity(row)
  if ((await membershipOf(db, auth.userId, row.code)) !== undefined) return toEntity(row)
  if (await managesFromAbove(db, auth, row.code)) return toEntity(row)
  if (await isBelowCurrent(db, auth, row.code)) {
    const allowed = await allowedActions(db, auth, 'iam', 'entities/*')
    if (policyAllows(allowed, 'read', false)) return toEntity(row)
  }
  throw notFound('Entity')
}
