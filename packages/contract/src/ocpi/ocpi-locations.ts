import { z } from 'zod'
import {
  ocpiBusinessDetails,
  ocpiCiString,
  ocpiConnectorFormat,
  ocpiConnectorType,
  ocpiCountryCode,
  ocpiDateTime,
  ocpiDisplayText,
  ocpiEnergyMix,
  ocpiGeoLocation,
  ocpiHours,
  ocpiId,
  ocpiImage,
  ocpiInt,
  ocpiOptional,
  ocpiPartyId,
  ocpiPowerType,
  ocpiString,
  ocpiTokenType,
  ocpiUrl,
} from './ocpi-types'

/*
 * OCPI 2.2.1 Locations module (mod_locations.asciidoc, "Object description" and "Data types"): Location, EVSE,
 * Connector, AdditionalGeoLocation, PublishTokenType, StatusSchedule and their enumerations, plus the PATCH bodies.
 * GeoLocation, BusinessDetails, Image, EnergyMix and Hours are shared with other modules and live in ocpi-types.ts.
 */

/** Capability of an EVSE. */
export const OCPI_CAPABILITIES = [
  'CHARGING_PROFILE_CAPABLE',
  'CHARGING_PREFERENCES_CAPABLE',
  'CHIP_CARD_SUPPORT',
  'CONTACTLESS_CARD_SUPPORT',
  'CREDIT_CARD_PAYABLE',
  'DEBIT_CARD_PAYABLE',
  'PED_TERMINAL',
  'REMOTE_START_STOP_CAPABLE',
  'RESERVABLE',
  'RFID_READER',
  'START_SESSION_CONNECTOR_REQUIRED',
  'TOKEN_GROUP_CAPABLE',
  'UNLOCK_CAPABLE',
] as const
export const ocpiCapability = z.enum(OCPI_CAPABILITIES)
export type OcpiCapability = z.infer<typeof ocpiCapability>

/** Facility a Location belongs to. */
export const OCPI_FACILITIES = [
  'HOTEL',
  'RESTAURANT',
  'CAFE',
  'MALL',
  'SUPERMARKET',
  'SPORT',
  'RECREATION_AREA',
  'NATURE',
  'MUSEUM',
  'BIKE_SHARING',
  'BUS_STOP',
  'TAXI_STAND',
  'TRAM_STOP',
  'METRO_STATION',
  'TRAIN_STATION',
  'AIRPORT',
  'PARKING_LOT',
  'CARPOOL_PARKING',
  'FUEL_STATION',
  'WIFI',
] as const
export const ocpiFacility = z.enum(OCPI_FACILITIES)
export type OcpiFacility = z.infer<typeof ocpiFacility>

/** ParkingRestriction of an EVSE's parking spot. */
export const OCPI_PARKING_RESTRICTIONS = [
  'EV_ONLY',
  'PLUGGED',
  'DISABLED',
  'CUSTOMERS',
  'MOTORCYCLES',
] as const
export const ocpiParkingRestriction = z.enum(OCPI_PARKING_RESTRICTIONS)
export type OcpiParkingRestriction = z.infer<typeof ocpiParkingRestriction>

/** ParkingType of a Location. */
export const OCPI_PARKING_TYPES = [
  'ALONG_MOTORWAY',
  'PARKING_GARAGE',
  'PARKING_LOT',
  'ON_DRIVEWAY',
  'ON_STREET',
  'UNDERGROUND_GARAGE',
] as const
export const ocpiParkingType = z.enum(OCPI_PARKING_TYPES)
export type OcpiParkingType = z.infer<typeof ocpiParkingType>

/** Status of an EVSE (REMOVED is how an EVSE is deleted). */
export const OCPI_STATUSES = [
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'REMOVED',
  'RESERVED',
  'UNKNOWN',
] as const
export const ocpiStatus = z.enum(OCPI_STATUSES)
export type OcpiStatus = z.infer<typeof ocpiStatus>

/** AdditionalGeoLocation: a related point (an entrance, a parking lot), same patterns as GeoLocation. */
export const ocpiAdditionalGeoLocation = ocpiGeoLocation.extend({
  name: ocpiOptional(ocpiDisplayText),
})
export type OcpiAdditionalGeoLocation = z.infer<typeof ocpiAdditionalGeoLocation>

/**
 * PublishTokenType: a token whose owner may be shown an unpublished Location. The spec's SHALLs are checked: at
 * least one of uid, visual_number, group_id; `type` with `uid`; `issuer` with `visual_number`.
 */
export const ocpiPublishTokenType = z
  .object({
    uid: ocpiOptional(ocpiCiString(36)),
    type: ocpiOptional(ocpiTokenType),
    visual_number: ocpiOptional(ocpiString(64)),
    issuer: ocpiOptional(ocpiString(64)),
    group_id: ocpiOptional(ocpiCiString(36)),
  })
  .superRefine((token, ctx) => {
    if (token.uid === undefined && token.visual_number === undefined && token.group_id === undefined)
      ctx.addIssue({ code: 'custom', message: 'One of uid, visual_number or group_id is required', path: [] })
    if (token.uid !== undefined && token.type === undefined)
      ctx.addIssue({ code: 'custom', message: 'type is required when uid is set', path: ['type'] })
    if (token.visual_number !== undefined && token.issuer === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'issuer is required when visual_number is set',
        path: ['issuer'],
      })
  })
export type OcpiPublishTokenType = z.infer<typeof ocpiPublishTokenType>

/** StatusSchedule: a planned status of an EVSE (informational only). */
export const ocpiStatusSchedule = z.object({
  period_begin: ocpiDateTime,
  period_end: ocpiOptional(ocpiDateTime),
  status: ocpiStatus,
})
export type OcpiStatusSchedule = z.infer<typeof ocpiStatusSchedule>

/** Connector: a socket or cable of an EVSE. Voltage in V, amperage in A, power in W. */
export const ocpiConnector = z.object({
  id: ocpiId,
  standard: ocpiConnectorType,
  format: ocpiConnectorFormat,
  power_type: ocpiPowerType,
  max_voltage: ocpiInt,
  max_amperage: ocpiInt,
  max_electric_power: ocpiOptional(ocpiInt),
  tariff_ids: ocpiOptional(z.array(ocpiCiString(36))),
  terms_and_conditions: ocpiOptional(ocpiUrl),
  last_updated: ocpiDateTime,
})
export type OcpiConnector = z.infer<typeof ocpiConnector>

/** EVSE: what powers one EV at a time; its connectors cannot be used simultaneously. */
export const ocpiEvse = z.object({
  uid: ocpiId,
  evse_id: ocpiOptional(ocpiCiString(48)),
  status: ocpiStatus,
  status_schedule: ocpiOptional(z.array(ocpiStatusSchedule)),
  capabilities: ocpiOptional(z.array(ocpiCapability)),
  connectors: z.array(ocpiConnector).min(1),
  floor_level: ocpiOptional(ocpiString(4)),
  coordinates: ocpiOptional(ocpiGeoLocation),
  physical_reference: ocpiOptional(ocpiString(16)),
  directions: ocpiOptional(z.array(ocpiDisplayText)),
  parking_restrictions: ocpiOptional(z.array(ocpiParkingRestriction)),
  images: ocpiOptional(z.array(ocpiImage)),
  last_updated: ocpiDateTime,
})
export type OcpiEvse = z.infer<typeof ocpiEvse>

/**
 * Location. `address` and `state` accept 255 and 45 characters: the 2.2.1 text says 45 and 20, which its erratum
 * (2.2.1-d2, "Earlier releases … mistakenly gave maximum lengths of 45 and 20") corrects; a receiver accepting the
 * longer values loses nothing.
 */
export const ocpiLocation = z.object({
  country_code: ocpiCountryCode,
  party_id: ocpiPartyId,
  id: ocpiId,
  publish: z.boolean(),
  publish_allowed_to: ocpiOptional(z.array(ocpiPublishTokenType)),
  name: ocpiOptional(ocpiString(255)),
  address: ocpiString(255),
  city: ocpiString(45),
  postal_code: ocpiOptional(ocpiString(10)),
  state: ocpiOptional(ocpiString(45)),
  country: ocpiString(3),
  coordinates: ocpiGeoLocation,
  related_locations: ocpiOptional(z.array(ocpiAdditionalGeoLocation)),
  parking_type: ocpiOptional(ocpiParkingType),
  evses: ocpiOptional(z.array(ocpiEvse)),
  directions: ocpiOptional(z.array(ocpiDisplayText)),
  operator: ocpiOptional(ocpiBusinessDetails),
  suboperator: ocpiOptional(ocpiBusinessDetails),
  owner: ocpiOptional(ocpiBusinessDetails),
  facilities: ocpiOptional(z.array(ocpiFacility)),
  time_zone: ocpiString(255),
  opening_times: ocpiOptional(ocpiHours),
  /** Default true when absent (spec). */
  charging_when_closed: ocpiOptional(z.boolean()),
  images: ocpiOptional(z.array(ocpiImage)),
  energy_mix: ocpiOptional(ocpiEnergyMix),
  last_updated: ocpiDateTime,
})
export type OcpiLocation = z.infer<typeof ocpiLocation>

// PATCH bodies: only the fields that change, but always last_updated ("Any request to the PATCH method SHALL contain
// the last_updated field"). Nested objects in a PATCH are whole objects, so only the top level is partial.

export const ocpiLocationPatch = ocpiLocation.partial().extend({ last_updated: ocpiDateTime })
export type OcpiLocationPatch = z.infer<typeof ocpiLocationPatch>

export const ocpiEvsePatch = ocpiEvse.partial().extend({ last_updated: ocpiDateTime })
export type OcpiEvsePatch = z.infer<typeof ocpiEvsePatch>

export const ocpiConnectorPatch = ocpiConnector.partial().extend({ last_updated: ocpiDateTime })
export type OcpiConnectorPatch = z.infer<typeof ocpiConnectorPatch>
