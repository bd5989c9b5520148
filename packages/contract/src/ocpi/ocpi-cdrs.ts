import { z } from 'zod'
import { ocpiTariff } from './ocpi-tariffs'
import {
  ocpiAuthMethod,
  ocpiCiString,
  ocpiConnectorFormat,
  ocpiConnectorType,
  ocpiCountryCode,
  ocpiCurrency,
  ocpiDateTime,
  ocpiGeoLocation,
  ocpiId,
  ocpiInt,
  ocpiNumber,
  ocpiOptional,
  ocpiPartyId,
  ocpiPowerType,
  ocpiPrice,
  ocpiString,
  ocpiTokenType,
} from './ocpi-types'

/*
 * OCPI 2.2.1 CDRs module (mod_cdrs.asciidoc, "Object description" and "Data types"): CDR, CdrToken, CdrLocation,
 * CdrDimension, ChargingPeriod, SignedData, SignedValue and CdrDimensionType. The Session (ocpi-sessions.ts) reuses
 * CdrToken and ChargingPeriod from here.
 */

/**
 * CdrDimensionType. CURRENT, ENERGY_EXPORT, ENERGY_IMPORT, POWER and STATE_OF_CHARGE are "Session only" in the
 * spec; CDRs are not refused for carrying them, as the spec gives a receiver nothing to do about it.
 */
export const OCPI_CDR_DIMENSION_TYPES = [
  'CURRENT',
  'ENERGY',
  'ENERGY_EXPORT',
  'ENERGY_IMPORT',
  'MAX_CURRENT',
  'MIN_CURRENT',
  'MAX_POWER',
  'MIN_POWER',
  'PARKING_TIME',
  'POWER',
  'RESERVATION_TIME',
  'STATE_OF_CHARGE',
  'TIME',
] as const
export const ocpiCdrDimensionType = z.enum(OCPI_CDR_DIMENSION_TYPES)
export type OcpiCdrDimensionType = z.infer<typeof ocpiCdrDimensionType>

/** CdrDimension: a volume in the type's unit (kWh, hours, A, kW, %). Energy and current may be negative. */
export const ocpiCdrDimension = z.object({
  type: ocpiCdrDimensionType,
  volume: ocpiNumber,
})
export type OcpiCdrDimension = z.infer<typeof ocpiCdrDimension>

/** ChargingPeriod: lasts until the next period starts, the last one until the session ends. */
export const ocpiChargingPeriod = z.object({
  start_date_time: ocpiDateTime,
  dimensions: z.array(ocpiCdrDimension).min(1),
  tariff_id: ocpiOptional(ocpiCiString(36)),
})
export type OcpiChargingPeriod = z.infer<typeof ocpiChargingPeriod>

/** CdrToken: the token that started the session, with its owner. */
export const ocpiCdrToken = z.object({
  country_code: ocpiCountryCode,
  party_id: ocpiPartyId,
  uid: ocpiCiString(36),
  type: ocpiTokenType,
  contract_id: ocpiCiString(36),
})
export type OcpiCdrToken = z.infer<typeof ocpiCdrToken>

/**
 * CdrLocation: the Location as it was at the session's start, with only the EVSE and Connector used. `evse_uid`,
 * `evse_id` and `connector_id` may be `#NA` for a reservation that never became a session. `address` and `state`
 * take the Location's lengths (255 and 45, see ocpiLocation): the text still says 45 and 20 here, but a CdrLocation
 * copies the Location's address, so it has to hold what a Location may.
 */
export const ocpiCdrLocation = z.object({
  id: ocpiId,
  name: ocpiOptional(ocpiString(255)),
  address: ocpiString(255),
  city: ocpiString(45),
  postal_code: ocpiOptional(ocpiString(10)),
  state: ocpiOptional(ocpiString(45)),
  country: ocpiString(3),
  coordinates: ocpiGeoLocation,
  evse_uid: ocpiCiString(36),
  evse_id: ocpiCiString(48),
  connector_id: ocpiCiString(36),
  connector_standard: ocpiConnectorType,
  connector_format: ocpiConnectorFormat,
  connector_power_type: ocpiPowerType,
})
export type OcpiCdrLocation = z.infer<typeof ocpiCdrLocation>

/**
 * SignedValue: one signed meter value (nature Start, End, Intermediate...). `plain_data` accepts 5000 characters:
 * the 2.2.1 text says 512, which its erratum (2.2.1-d2) calls a mistake.
 */
export const ocpiSignedValue = z.object({
  nature: ocpiCiString(32),
  plain_data: ocpiString(5000),
  signed_data: ocpiString(5000),
})
export type OcpiSignedValue = z.infer<typeof ocpiSignedValue>

/** SignedData: calibration-law (Eichrecht) signed values of the session. */
export const ocpiSignedData = z.object({
  encoding_method: ocpiCiString(36),
  encoding_method_version: ocpiOptional(ocpiInt),
  public_key: ocpiOptional(ocpiString(512)),
  signed_values: z.array(ocpiSignedValue).min(1),
  url: ocpiOptional(ocpiString(512)),
})
export type OcpiSignedData = z.infer<typeof ocpiSignedData>

/** CDR: a finished session and its costs. Times in hours, energy in kWh, money in `currency`. */
export const ocpiCdr = z
  .object({
    country_code: ocpiCountryCode,
    party_id: ocpiPartyId,
    // 39, not 36: a credit CDR may append to the id of the CDR it credits.
    id: ocpiCiString(39),
    start_date_time: ocpiDateTime,
    end_date_time: ocpiDateTime,
    session_id: ocpiOptional(ocpiCiString(36)),
    cdr_token: ocpiCdrToken,
    auth_method: ocpiAuthMethod,
    authorization_reference: ocpiOptional(ocpiCiString(36)),
    cdr_location: ocpiCdrLocation,
    meter_id: ocpiOptional(ocpiString(255)),
    currency: ocpiCurrency,
    tariffs: ocpiOptional(z.array(ocpiTariff)),
    charging_periods: z.array(ocpiChargingPeriod).min(1),
    signed_data: ocpiOptional(ocpiSignedData),
    total_cost: ocpiPrice,
    total_fixed_cost: ocpiOptional(ocpiPrice),
    total_energy: ocpiNumber,
    total_energy_cost: ocpiOptional(ocpiPrice),
    total_time: ocpiNumber,
    total_time_cost: ocpiOptional(ocpiPrice),
    total_parking_time: ocpiOptional(ocpiNumber),
    total_parking_cost: ocpiOptional(ocpiPrice),
    total_reservation_cost: ocpiOptional(ocpiPrice),
    remark: ocpiOptional(ocpiString(255)),
    invoice_reference_id: ocpiOptional(ocpiCiString(39)),
    credit: ocpiOptional(z.boolean()),
    credit_reference_id: ocpiOptional(ocpiCiString(39)),
    home_charging_compensation: ocpiOptional(z.boolean()),
    last_updated: ocpiDateTime,
  })
  .superRefine((cdr, ctx) => {
    // "When set to true, this is a Credit CDR, and the field credit_reference_id needs to be set as well."
    if (cdr.credit === true && cdr.credit_reference_id === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'credit_reference_id is required on a credit CDR',
        path: ['credit_reference_id'],
      })
  })
export type OcpiCdr = z.infer<typeof ocpiCdr>
