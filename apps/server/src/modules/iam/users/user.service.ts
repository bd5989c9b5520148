import type { User } from '@portal/contract'
import { mfaModeSchema } from '@portal/contract'
import type { Db } from '../../../db/database'
import { notFound } from '../../../lib/errors'
import { checkPermission } from '../../../plugins/auth'
import type { AuthContext } from '../auth/auth-context'
import { entityPath } from '../entities/entity.repository'
import { findUserByUuid, isMemberOf, membershipsOf } from './user.repository'
import type { AppUserRow } from './user.table'

export async function toUser(db: Db, row: AppUserRow): Promise<User> {
  const memberships = await membershipsOf(db, row.id)
  const paths = { 0: [] as string[], 1: [] as string[], 2: [] as string[] }
  for (const m of memberships) {
    const list = paths[m.relation as 0 | 1 | 2]
    if (list) list.push(await entityPath(db, m.entity_code))
  }
  const mode = mfaModeSchema.safeParse(row.mfa_primary_mode)
  return {
    user_uuid: row.user_uuid,
    name: row.name,
    username: row.username,
    email: row.email,
    phone_number: row.phone_number,
    image_url: row.image_url,
    status: row.status,
    is_beep_admin: row.is_platform_admin === 1,
    mfa_primary_mode: mode.success ? mode.data : 'none',
    owned_entities: paths[0],
    admin_entities: paths[1],
    authorised_entities: paths[2],
  }
}

/**
 * A user is visible to themself, to platform administrators, and to whoever may read users in the caller's
 * current entity when the user belongs to it; anyone else gets the same 404 as for an unknown user.
 */
export async function getVisibleUser(db: Db, auth: AuthContext, userUuid: string): Promise<User> {
  const row = await findUserByUuid(db, userUuid)
  if (!row) throw notFound('User')
  if (row.id !== auth.userId && !auth.isPlatformAdmin) {
    if (!(await isMemberOf(db, row.id, auth.entityCode))) throw notFound('User')
    await checkPermission(db, auth, { app: 'iam', resource: 'users/*', action: 'read' })
  }
  return toUser(db, row)
}
