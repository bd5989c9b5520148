import type { Db } from '../../../db/database'
import { HttpError } from '../../../lib/errors'
import { membershipsOf } from '../users/user.repository'
import type { AppUserRow } from '../users/user.table'
import { entityRequiresSso } from './sso.repository'

export const SSO_REQUIRED =
  'Your organisation requires single sign-on: use "Sign in with SSO" instead of a password'

/**
 * Whether the user must sign in with SSO: their home entity (the one a session starts in) requires it. Platform
 * administrators never do: they are the way back in when the identity provider is down or misconfigured
 * (break-glass), and they belong to the platform rather than to the entity.
 */
export async function ssoRequiredFor(
  db: Db,
  user: Pick<AppUserRow, 'id' | 'is_platform_admin' | 'default_entity_code'>,
): Promise<boolean> {
  if (user.is_platform_admin === 1) return false
  const home = user.default_entity_code ?? (await membershipsOf(db, user.id))[0]?.entity_code
  return home !== undefined && (await entityRequiresSso(db, home))
}

/** Password, SMS and reset-link sign-in refuse a user whose entity requires SSO, with a 403 saying so. */
export async function refuseIfSsoRequired(
  db: Db,
  user: Pick<AppUserRow, 'id' | 'is_platform_admin' | 'default_entity_code'>,
): Promise<void> {
  if (await ssoRequiredFor(db, user)) throw new HttpError(403, 'FORBIDDEN', SSO_REQUIRED)
}
