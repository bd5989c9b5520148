import type { OcppPasswordData } from '@portal/contract'
import type { Db } from '../../db/database'
import { badRequest, notFound } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import { generateOcppPassword, hashOcppPassword } from './ocpp-password'
import { findOwnCharger, setChargerPassword, setCommissioned } from './ocpp.repository'

/**
 * Sets or rotates a charger's OCPP password: generated here, returned this once, stored as a hash. A charger already
 * connected stays connected (it was authenticated at its upgrade); from its next connection only the new password
 * opens the socket, so the operator configures it on the charger (1.6 AuthorizationKey, 2.0.1 BasicAuthPassword).
 */
export async function rotateOcppPassword(
  db: Db,
  caller: Caller,
  uid: string,
  now = Date.now(),
): Promise<OcppPasswordData> {
  const charger = await findOwnCharger(db, caller.auth.entityCode, uid)
  if (!charger) throw notFound('EV device')
  if (charger.ocpp_identity === null)
    throw badRequest('This charger has no OCPP identity yet: give it one before setting its OCPP password')
  const password = generateOcppPassword()
  await db.transaction().execute(async (trx) => {
    await setChargerPassword(trx, charger.id, hashOcppPassword(password), now)
    // Never the password itself, nor its hash: only that it was set.
    await auditChange(
      trx,
      caller,
      charger.password_set ? 'ocpp_password_rotated' : 'ocpp_password_set',
      'ev_charge_point',
      uid,
      { ocpp_identity: charger.ocpp_identity, password_set: charger.password_set },
      { ocpp_identity: charger.ocpp_identity, password_set: true },
    )
  })
  return { identity: charger.ocpp_identity, password, password_set_at: now }
}

/**
 * Commissions a registered charger (issue 14): its boots are Accepted from now on. Idempotent. Returns its identity,
 * so that the route can ask a connected charger waiting Pending to reconnect and boot again at once.
 */
export async function commissionCharger(
  db: Db,
  caller: Caller,
  uid: string,
  now = Date.now(),
): Promise<{ identity: string | null; changed: boolean }> {
  const charger = await findOwnCharger(db, caller.auth.entityCode, uid)
  if (!charger) throw notFound('EV device')
  if (charger.commissioned) return { identity: charger.ocpp_identity, changed: false }
  await db.transaction().execute(async (trx) => {
    await setCommissioned(trx, charger.id, now)
    await auditChange(
      trx,
      caller,
      'ev_charger_commissioned',
      'ev_charge_point',
      uid,
      { commissioned: false },
      { commissioned: true },
    )
  })
  return { identity: charger.ocpp_identity, changed: true }
}
