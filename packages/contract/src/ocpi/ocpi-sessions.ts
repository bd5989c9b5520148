import { z } from 'zod'
import { ocpiCdrToken, ocpiChargingPeriod } from './ocpi-cdrs'
import {
  ocpiAuthMethod,
  ocpiCiString,
  ocpiCountryCode,
  ocpiCurrency,
  ocpiDateTime,
  ocpiId,
  ocpiNumber,
  ocpiOptional,
  ocpiPartyId,
  ocpiPrice,
  ocpiProfileType,
  ocpiString,
} from './ocpi-types'

/*
 * OCPI 2.2.1 Sessions module (mod_sessions.asciidoc, "Object description" and "Data types"): Session,
 * ChargingPreferences, SessionStatus and ChargingPreferencesResponse (ProfileType is in ocpi-types.ts, the Token
 * uses it too), plus the PATCH body. ChargingPeriod, CdrDimension and CdrToken are defined by mod_cdrs and live in
 * ocpi-cdrs.ts.
 */

/** SessionStatus. */
export const OCPI_SESSION_STATUSES = ['ACTIVE', 'COMPLETED', 'INVALID', 'PENDING', 'RESERVATION'] as const
export const ocpiSessionStatus = z.enum(OCPI_SESSION_STATUSES)
export type OcpiSessionStatus = z.infer<typeof ocpiSessionStatus>

/** ChargingPreferencesResponse: the answer to a PUT of charging preferences. */
export const OCPI_CHARGING_PREFERENCES_RESPONSES = [
  'ACCEPTED',
  'DEPARTURE_REQUIRED',
  'ENERGY_NEED_REQUIRED',
  'NOT_POSSIBLE',
  'PROFILE_TYPE_NOT_SUPPORTED',
] as const
export const ocpiChargingPreferencesResponse = z.enum(OCPI_CHARGING_PREFERENCES_RESPONSES)
export type OcpiChargingPreferencesResponse = z.infer<typeof ocpiChargingPreferencesResponse>

/** ChargingPreferences of a driver for a session (energy_need in kWh; discharge_allowed defaults to false). */
export const ocpiChargingPreferences = z.object({
  profile_type: ocpiProfileType,
  departure_time: ocpiOptional(ocpiDateTime),
  energy_need: ocpiOptional(ocpiNumber),
  discharge_allowed: ocpiOptional(z.boolean()),
})
export type OcpiChargingPreferences = z.infer<typeof ocpiChargingPreferences>

/**
 * Session: a charging session as it runs. `evse_uid` and `connector_id` may be `#NA` for a reservation that has no
 * EVSE yet. An absent total_cost does not mean free.
 */
export const ocpiSession = z.object({
  country_code: ocpiCountryCode,
  party_id: ocpiPartyId,
  id: ocpiId,
  start_date_time: ocpiDateTime,
  end_date_time: ocpiOptional(ocpiDateTime),
  kwh: ocpiNumber,
  cdr_token: ocpiCdrToken,
  auth_method: ocpiAuthMethod,
  authorization_reference: ocpiOptional(ocpiCiString(36)),
  location_id: ocpiCiString(36),
  evse_uid: ocpiCiString(36),
  connector_id: ocpiCiString(36),
  meter_id: ocpiOptional(ocpiString(255)),
  currency: ocpiCurrency,
  charging_periods: ocpiOptional(z.array(ocpiChargingPeriod)),
  total_cost: ocpiOptional(ocpiPrice),
  status: ocpiSessionStatus,
  last_updated: ocpiDateTime,
})
export type OcpiSession = z.infer<typeof ocpiSession>

/**
 * PATCH body of a Session: the changed fields and always last_updated. Charging periods in a PATCH are added to the
 * ones the receiver has (mod_sessions "PATCH Method"); applying them is the server's job.
 */
export const ocpiSessionPatch = ocpiSession.partial().extend({ last_updated: ocpiDateTime })
export type OcpiSessionPatch = z.infer<typeof ocpiSessionPatch>
