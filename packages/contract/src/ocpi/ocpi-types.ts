import { z } from 'zod'

/*
 * OCPI 2.2.1 common types (types.asciidoc: CiString, DateTime, DisplayText, number, Price, string, URL) and the
 * classes and enumerations more than one module uses: GeoLocation, BusinessDetails, Image, EnergyMix and Hours
 * (defined in mod_locations.asciidoc "Data types", reused by CDRs and Tariffs), ConnectorType/ConnectorFormat/
 * PowerType (Locations and CDRs), TokenType (Locations, CDRs, Tokens), AuthMethod (Sessions and CDRs), ProfileType
 * (Sessions and Tokens).
 *
 * Conventions for every OCPI schema in this folder:
 * - `z.object`, never strict: a receiver must ignore fields it does not know (newer minor versions add some).
 * - `string(n)` and `CiString(n)` are strings of at most n characters. CiString is case-insensitive in OCPI, but the
 *   value is kept as sent: comparing ids case-insensitively is the server's job, and it must echo them unchanged.
 *   The spec's "printable characters only" is not enforced, so one stray line break in a description does not make
 *   a receiver drop a whole Location.
 * - Cardinality `1` is required; `?` and `*` use `ocpiOptional` (absent or null both read as absent); `+` is an
 *   array of at least one.
 * - `number` is a JSON number (finite; the spec writes 4 decimals), `int` an integer.
 */

/** A `string(n)` field: case-sensitive, at most `max` characters. */
export const ocpiString = (max: number) => z.string().max(max)

/** A `CiString(n)` field: compared case-insensitively by the receiver, kept here exactly as sent. */
export const ocpiCiString = (max: number) => z.string().max(max)

/**
 * An optional (`?`) or zero-or-more (`*`) field. OCPI leaves such fields out, but some parties send `null`: both
 * parse to `undefined`, so consumers only ever see the value or `undefined`.
 */
export function ocpiOptional<T extends z.ZodType>(schema: T) {
  return schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional()
}

// RFC 3339 restricted as types.asciidoc shows: always UTC, the `Z` may be left out, fractional seconds optional, no
// offsets (`+00:00` "is not the same as UTC").
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?Z?$/

/**
 * The epoch milliseconds of an OCPI DateTime (`2015-06-29T20:39:09Z`, `2016-12-29T17:45:09.2`: UTC whether or not the
 * `Z` is written), or `undefined` when the text is not one (wrong shape, an offset, 31 February, hour 24, more
 * than the 25 characters of string(25)...).
 * Fractions beyond milliseconds are truncated.
 */
export function parseOcpiDateTime(value: string): number | undefined {
  const match = value.length <= 25 ? DATE_TIME.exec(value) : null
  if (!match) return undefined
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const ms = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3))
  const at = Date.UTC(year, month - 1, day, hour, minute, second, ms)
  const date = new Date(at)
  // Date.UTC rolls 31 February over into March; a round trip catches every out-of-range part.
  const exact =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  return exact ? at : undefined
}

/** Epoch milliseconds as an OCPI DateTime: UTC with `Z`, milliseconds only when there are some. */
export function formatOcpiDateTime(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('.000Z', 'Z')
}

/** OCPI DateTime: string(25), RFC 3339 in UTC. Kept as the string; `parseOcpiDateTime` reads it. */
export const ocpiDateTime = z
  .string()
  .max(25)
  .refine((value) => parseOcpiDateTime(value) !== undefined, {
    message: 'Invalid OCPI DateTime: expected UTC like 2015-06-29T20:39:09Z (fractions allowed, no offset)',
  })
export type OcpiDateTime = z.infer<typeof ocpiDateTime>

/** OCPI URL: string(255), an absolute URL. */
export const ocpiUrl = z.url().max(255)

/** A `number` field. */
export const ocpiNumber = z.number()

/** An `int` field. */
export const ocpiInt = z.number().int()

/** ISO 4217 currency code, string(3) as every module declares it. */
export const ocpiCurrency = ocpiString(3)

/** ISO 3166 alpha-2 country code of the party owning an object (CiString(2)). */
export const ocpiCountryCode = ocpiCiString(2)

/** Party id of the owner (CiString(3), ISO 15118). */
export const ocpiPartyId = ocpiCiString(3)

/** The usual id of an object (CiString(36)). */
export const ocpiId = ocpiCiString(36)

// ---------------------------------------------------------------------------------------------------------------
// types.asciidoc
// ---------------------------------------------------------------------------------------------------------------

/** DisplayText: a text for the end user with its ISO 639-1 language. */
export const ocpiDisplayText = z.object({
  language: ocpiString(2),
  text: ocpiString(512),
})
export type OcpiDisplayText = z.infer<typeof ocpiDisplayText>

/** Price: an amount in the object's currency, excluding VAT and (optionally) including it. May be negative (credit). */
export const ocpiPrice = z.object({
  excl_vat: ocpiNumber,
  incl_vat: ocpiOptional(ocpiNumber),
})
export type OcpiPrice = z.infer<typeof ocpiPrice>

// ---------------------------------------------------------------------------------------------------------------
// Enumerations shared by several modules
// ---------------------------------------------------------------------------------------------------------------

/** ConnectorType (mod_locations): the socket or plug standard. Values are case-sensitive (IEC_60309_2_single_16). */
export const OCPI_CONNECTOR_TYPES = [
  'CHADEMO',
  'CHAOJI',
  'DOMESTIC_A',
  'DOMESTIC_B',
  'DOMESTIC_C',
  'DOMESTIC_D',
  'DOMESTIC_E',
  'DOMESTIC_F',
  'DOMESTIC_G',
  'DOMESTIC_H',
  'DOMESTIC_I',
  'DOMESTIC_J',
  'DOMESTIC_K',
  'DOMESTIC_L',
  'DOMESTIC_M',
  'DOMESTIC_N',
  'DOMESTIC_O',
  'GBT_AC',
  'GBT_DC',
  'IEC_60309_2_single_16',
  'IEC_60309_2_three_16',
  'IEC_60309_2_three_32',
  'IEC_60309_2_three_64',
  'IEC_62196_T1',
  'IEC_62196_T1_COMBO',
  'IEC_62196_T2',
  'IEC_62196_T2_COMBO',
  'IEC_62196_T3A',
  'IEC_62196_T3C',
  'NEMA_5_20',
  'NEMA_6_30',
  'NEMA_6_50',
  'NEMA_10_30',
  'NEMA_10_50',
  'NEMA_14_30',
  'NEMA_14_50',
  'PANTOGRAPH_BOTTOM_UP',
  'PANTOGRAPH_TOP_DOWN',
  'TESLA_R',
  'TESLA_S',
] as const
export const ocpiConnectorType = z.enum(OCPI_CONNECTOR_TYPES)
export type OcpiConnectorType = z.infer<typeof ocpiConnectorType>

/** ConnectorFormat (mod_locations): socket, or attached cable. */
export const OCPI_CONNECTOR_FORMATS = ['SOCKET', 'CABLE'] as const
export const ocpiConnectorFormat = z.enum(OCPI_CONNECTOR_FORMATS)
export type OcpiConnectorFormat = z.infer<typeof ocpiConnectorFormat>

/** PowerType (mod_locations). */
export const OCPI_POWER_TYPES = ['AC_1_PHASE', 'AC_2_PHASE', 'AC_2_PHASE_SPLIT', 'AC_3_PHASE', 'DC'] as const
export const ocpiPowerType = z.enum(OCPI_POWER_TYPES)
export type OcpiPowerType = z.infer<typeof ocpiPowerType>

/** TokenType (mod_tokens). */
export const OCPI_TOKEN_TYPES = ['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID'] as const
export const ocpiTokenType = z.enum(OCPI_TOKEN_TYPES)
export type OcpiTokenType = z.infer<typeof ocpiTokenType>

/** AuthMethod (mod_cdrs), also used by the Session. */
export const OCPI_AUTH_METHODS = ['AUTH_REQUEST', 'COMMAND', 'WHITELIST'] as const
export const ocpiAuthMethod = z.enum(OCPI_AUTH_METHODS)
export type OcpiAuthMethod = z.infer<typeof ocpiAuthMethod>

/** ProfileType (mod_sessions): the smart-charging preference, also a Token's default. */
export const OCPI_PROFILE_TYPES = ['CHEAP', 'FAST', 'GREEN', 'REGULAR'] as const
export const ocpiProfileType = z.enum(OCPI_PROFILE_TYPES)
export type OcpiProfileType = z.infer<typeof ocpiProfileType>

/** ImageCategory (mod_locations). */
export const OCPI_IMAGE_CATEGORIES = [
  'CHARGER',
  'ENTRANCE',
  'LOCATION',
  'NETWORK',
  'OPERATOR',
  'OTHER',
  'OWNER',
] as const
export const ocpiImageCategory = z.enum(OCPI_IMAGE_CATEGORIES)
export type OcpiImageCategory = z.infer<typeof ocpiImageCategory>

/** EnergySourceCategory (mod_locations). */
export const OCPI_ENERGY_SOURCE_CATEGORIES = [
  'NUCLEAR',
  'GENERAL_FOSSIL',
  'COAL',
  'GAS',
  'GENERAL_GREEN',
  'SOLAR',
  'WIND',
  'WATER',
] as const
export const ocpiEnergySourceCategory = z.enum(OCPI_ENERGY_SOURCE_CATEGORIES)
export type OcpiEnergySourceCategory = z.infer<typeof ocpiEnergySourceCategory>

/** EnvironmentalImpactCategory (mod_locations). */
export const OCPI_ENVIRONMENTAL_IMPACT_CATEGORIES = ['NUCLEAR_WASTE', 'CARBON_DIOXIDE'] as const
export const ocpiEnvironmentalImpactCategory = z.enum(OCPI_ENVIRONMENTAL_IMPACT_CATEGORIES)
export type OcpiEnvironmentalImpactCategory = z.infer<typeof ocpiEnvironmentalImpactCategory>

// ---------------------------------------------------------------------------------------------------------------
// Classes of mod_locations "Data types" that other modules reuse
// ---------------------------------------------------------------------------------------------------------------

/** GeoLocation (WGS 84): decimal degrees as strings, at least 5 decimals, in the spec's own patterns. */
export const ocpiGeoLocation = z.object({
  latitude: ocpiString(10).regex(/^-?[0-9]{1,2}\.[0-9]{5,7}$/),
  longitude: ocpiString(11).regex(/^-?[0-9]{1,3}\.[0-9]{5,7}$/),
})
export type OcpiGeoLocation = z.infer<typeof ocpiGeoLocation>

/** Image: a link to a photo or logo. width/height are int(5). */
export const ocpiImage = z.object({
  url: ocpiUrl,
  thumbnail: ocpiOptional(ocpiUrl),
  category: ocpiImageCategory,
  type: ocpiCiString(4),
  width: ocpiOptional(ocpiInt.min(0).max(99_999)),
  height: ocpiOptional(ocpiInt.min(0).max(99_999)),
})
export type OcpiImage = z.infer<typeof ocpiImage>

/** BusinessDetails: operator, suboperator or owner. */
export const ocpiBusinessDetails = z.object({
  name: ocpiString(100),
  website: ocpiOptional(ocpiUrl),
  logo: ocpiOptional(ocpiImage),
})
export type OcpiBusinessDetails = z.infer<typeof ocpiBusinessDetails>

/** EnergySource: a share (0–100 %) of the energy mix. */
export const ocpiEnergySource = z.object({
  source: ocpiEnergySourceCategory,
  percentage: ocpiNumber.min(0).max(100),
})
export type OcpiEnergySource = z.infer<typeof ocpiEnergySource>

/** EnvironmentalImpact: grams per kWh of a category. */
export const ocpiEnvironmentalImpact = z.object({
  category: ocpiEnvironmentalImpactCategory,
  amount: ocpiNumber,
})
export type OcpiEnvironmentalImpact = z.infer<typeof ocpiEnvironmentalImpact>

/** EnergyMix of a Location or a Tariff. */
export const ocpiEnergyMix = z.object({
  is_green_energy: z.boolean(),
  energy_sources: ocpiOptional(z.array(ocpiEnergySource)),
  environ_impact: ocpiOptional(z.array(ocpiEnvironmentalImpact)),
  supplier_name: ocpiOptional(ocpiString(64)),
  energy_product_name: ocpiOptional(ocpiString(64)),
})
export type OcpiEnergyMix = z.infer<typeof ocpiEnergyMix>

/** Local time of day as OCPI writes it in Hours and TariffRestrictions: 24 h, leading zeros. */
export const ocpiTimeOfDay = ocpiString(5).regex(/^([0-1][0-9]|2[0-3]):[0-5][0-9]$/)

/**
 * RegularHours: a weekday (1 = Monday … 7 = Sunday) and a local period. The spec asks period_end to be later than
 * period_begin; that is not enforced, as parties write closing at midnight in different ways.
 */
export const ocpiRegularHours = z.object({
  weekday: ocpiInt.min(1).max(7),
  period_begin: ocpiTimeOfDay,
  period_end: ocpiTimeOfDay,
})
export type OcpiRegularHours = z.infer<typeof ocpiRegularHours>

/** ExceptionalPeriod: a UTC period of exceptional opening or closing. */
export const ocpiExceptionalPeriod = z.object({
  period_begin: ocpiDateTime,
  period_end: ocpiDateTime,
})
export type OcpiExceptionalPeriod = z.infer<typeof ocpiExceptionalPeriod>

/** Hours: opening or access hours. */
export const ocpiHours = z.object({
  twentyfourseven: z.boolean(),
  regular_hours: ocpiOptional(z.array(ocpiRegularHours)),
  exceptional_openings: ocpiOptional(z.array(ocpiExceptionalPeriod)),
  exceptional_closings: ocpiOptional(z.array(ocpiExceptionalPeriod)),
})
export type OcpiHours = z.infer<typeof ocpiHours>
