import type { Entity } from '@portal/contract'
import type { Db } from '../../../db/database'
import { notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { AuthContext } from '../auth/auth-context'
import { findEntityByCode, findEntityById } from './entity.repository'
import type { EntityRow } from './entity.table'
import { membershipOf } from '../users/user.repository'

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
  }
}

/**
 * An entity is visible to its members and to platform administrators; anyone else gets the same 404 as for an
 * entity that does not exist, so codes cannot be probed.
 */
export async function getVisibleEntity(db: Db, auth: AuthContext, idOrCode: string): Promise<Entity> {
  const row = /^\d+$/.test(idOrCode)
    ? ((await findEntityById(db, Number(idOrCode))) ?? (await findEntityByCode(db, idOrCode)))
    : await findEntityByCode(db, idOrCode)
  if (!row) throw notFound('Entity')
  if (!auth.isPlatformAdmin && row.code !== auth.entityCode) {
    const relation = await membershipOf(db, auth.userId, row.code)
    if (relation === undefined) throw notFound('Entity')
  }
  return toEntity(row)
}
