import type { DriverUserInfo, UserInfoVariant } from '@portal/contract'
import { userInfoFields } from '@portal/contract'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../../db/database'
import { notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { findDriver } from './driver.repository'

/** The host gets this long to answer: the driver page waits for nothing longer (docs/decisions/0031). */
export const USER_INFO_TIMEOUT_MS = 3000

const OFF: DriverUserInfo = { enabled: false, available: false, fields: [] }
const UNAVAILABLE: DriverUserInfo = { enabled: true, available: false, fields: [] }

/**
 * A driver's profile from the external user-info host: `POST {host}/users/getinfo` with the variant and who the
 * driver is (A §7; the spec does not show the payload, docs/decisions/0031 gives ours). The driver must be the
 * caller's (404 otherwise, as for the driver itself). With no host configured the lookup is off; a host that fails,
 * times out or answers something unusable is logged, and the page shows the driver without the profile.
 */
export async function driverUserInfo(
  db: Db,
  caller: Caller,
  driverId: string,
  variant: UserInfoVariant,
  host: string | null,
  log: FastifyBaseLogger,
): Promise<DriverUserInfo> {
  const row = await findDriver(db, caller.auth.entityCode, driverId)
  if (!row) throw notFound('Driver')
  if (host === null) return OFF
  const url = `${host}/users/getinfo`
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        variant,
        entityCode: caller.auth.entityCode,
        uuid: row.uuid,
        mobileNumber: row.mobile_number,
        email: row.email,
      }),
      signal: AbortSignal.timeout(USER_INFO_TIMEOUT_MS),
    })
    if (response.status === 404) return UNAVAILABLE
    if (!response.ok) {
      log.warn({ url, variant, status: response.status }, 'user-info lookup failed')
      return UNAVAILABLE
    }
    const fields = userInfoFields(await response.json())
    if (fields === null) {
      log.warn({ url, variant }, 'user-info lookup answered no profile fields')
      return UNAVAILABLE
    }
    return { enabled: true, available: true, fields }
  } catch (err) {
    log.warn({ url, variant, err }, 'user-info lookup failed')
    return UNAVAILABLE
  }
}
