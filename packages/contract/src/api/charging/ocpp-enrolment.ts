import { z } from 'zod'
import { OCPP_IDENTITY_PATTERN, OCPP_PROTOCOLS } from '../../ev/ocpp'
import { envelope, epochMs } from '../envelope'

/*
 * Chargers that are not in the database yet (issue 14, docs/decisions/0107-ocpp-enrolment.md). With
 * PORTAL_OCPP_ACCEPT_UNKNOWN on, an unknown identity presenting its entity's enrolment password connects; its
 * BootNotification is answered Pending and it waits, listed here, until an operator commissions it (the "Add charger"
 * form, `POST /charge-points/devices` with its identity) or dismisses it.
 *
 * - GET /charge-points/enrolment: whether this server accepts unknown chargers, whether the entity has an enrolment
 *   password, and the chargers waiting.
 * - POST /charge-points/enrolment/password: a new enrolment password, shown this once; the previous one stops
 *   letting new chargers in at once (chargers already waiting or commissioned keep working).
 * - DELETE /charge-points/enrolment/pending/{identity}: dismisses a waiting charger and closes its connection.
 */

export const ocppPendingCharger = z.object({
  identity: z.string(),
  ocpp_version: z.enum(OCPP_PROTOCOLS),
  vendor: z.string(),
  model: z.string(),
  serial_number: z.string(),
  firmware_version: z.string(),
  /** Where it connected from, as the server saw it. */
  remote_address: z.string(),
  first_seen_at: epochMs,
  last_seen_at: epochMs,
  /** Its last BootNotification (a waiting charger sends one at every interval); null until it boots. */
  boot_at: epochMs.nullable(),
})
export type OcppPendingCharger = z.infer<typeof ocppPendingCharger>

export const ocppEnrolmentResponse = envelope(
  z.object({
    /** PORTAL_OCPP_ACCEPT_UNKNOWN: off by default, when no unknown charger gets in whatever it presents. */
    accept_unknown: z.boolean(),
    password_set: z.boolean(),
    password_set_at: epochMs.nullable(),
    pending: z.array(ocppPendingCharger),
  }),
)
export type OcppEnrolmentData = z.infer<typeof ocppEnrolmentResponse>['data']

export const ocppEnrolmentPasswordResponse = envelope(
  z.object({ password: z.string(), password_set_at: epochMs }),
)
export type OcppEnrolmentPasswordData = z.infer<typeof ocppEnrolmentPasswordResponse>['data']

export const ocppPendingParams = z.strictObject({
  identity: z.string().regex(OCPP_IDENTITY_PATTERN, 'an OCPP identity'),
})

/** How many chargers may wait per entity: a leaked enrolment password must not fill the database. */
export const MAX_PENDING_CHARGERS = 200
