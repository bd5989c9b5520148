import { z } from 'zod'
import {
  ocpiCountryCode,
  ocpiCurrency,
  ocpiDateTime,
  ocpiDisplayText,
  ocpiEnergyMix,
  ocpiId,
  ocpiInt,
  ocpiNumber,
  ocpiOptional,
  ocpiPartyId,
  ocpiPrice,
  ocpiString,
  ocpiTimeOfDay,
  ocpiUrl,
} from './ocpi-types'

/*
 * OCPI 2.2.1 Tariffs module (mod_tariffs.asciidoc, "Object description" and "Data types"): Tariff, TariffElement,
 * PriceComponent, TariffRestrictions and their enumerations. Prices are excluding VAT, in the tariff's currency;
 * `vat` is a percentage and its absence means no VAT applies (not the same as 0).
 */

/** DayOfWeek of a TariffRestrictions. */
export const OCPI_DAYS_OF_WEEK = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const
export const ocpiDayOfWeek = z.enum(OCPI_DAYS_OF_WEEK)
export type OcpiDayOfWeek = z.infer<typeof ocpiDayOfWeek>

/** ReservationRestrictionType: the element prices a reservation, or one that expired unused. */
export const OCPI_RESERVATION_RESTRICTION_TYPES = ['RESERVATION', 'RESERVATION_EXPIRES'] as const
export const ocpiReservationRestrictionType = z.enum(OCPI_RESERVATION_RESTRICTION_TYPES)
export type OcpiReservationRestrictionType = z.infer<typeof ocpiReservationRestrictionType>

/** TariffDimensionType: what a PriceComponent prices (ENERGY per kWh, TIME and PARKING_TIME per hour, FLAT once). */
export const OCPI_TARIFF_DIMENSION_TYPES = ['ENERGY', 'FLAT', 'PARKING_TIME', 'TIME'] as const
export const ocpiTariffDimensionType = z.enum(OCPI_TARIFF_DIMENSION_TYPES)
export type OcpiTariffDimensionType = z.infer<typeof ocpiTariffDimensionType>

/** TariffType: which sessions a tariff is for; absent means all. */
export const OCPI_TARIFF_TYPES = [
  'AD_HOC_PAYMENT',
  'PROFILE_CHEAP',
  'PROFILE_FAST',
  'PROFILE_GREEN',
  'REGULAR',
] as const
export const ocpiTariffType = z.enum(OCPI_TARIFF_TYPES)
export type OcpiTariffType = z.infer<typeof ocpiTariffType>

/**
 * PriceComponent. step_size is in Wh for ENERGY and seconds for the time types (no unit for FLAT); the spec gives
 * no minimum, and its own free-of-charge example uses 0.
 */
export const ocpiPriceComponent = z.object({
  type: ocpiTariffDimensionType,
  price: ocpiNumber,
  vat: ocpiOptional(ocpiNumber),
  step_size: ocpiInt,
})
export type OcpiPriceComponent = z.infer<typeof ocpiPriceComponent>

/** A local calendar date in TariffRestrictions, with the spec's pattern. */
const ocpiDate = ocpiString(10).regex(/^([12][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$/)

/**
 * TariffRestrictions: when an element applies, all set restrictions holding together. Times and dates are local
 * (the Location's time_zone); end_time before start_time wraps past midnight; durations are seconds.
 */
export const ocpiTariffRestrictions = z.object({
  start_time: ocpiOptional(ocpiTimeOfDay),
  end_time: ocpiOptional(ocpiTimeOfDay),
  start_date: ocpiOptional(ocpiDate),
  end_date: ocpiOptional(ocpiDate),
  min_kwh: ocpiOptional(ocpiNumber),
  max_kwh: ocpiOptional(ocpiNumber),
  min_current: ocpiOptional(ocpiNumber),
  max_current: ocpiOptional(ocpiNumber),
  min_power: ocpiOptional(ocpiNumber),
  max_power: ocpiOptional(ocpiNumber),
  min_duration: ocpiOptional(ocpiInt),
  max_duration: ocpiOptional(ocpiInt),
  day_of_week: ocpiOptional(z.array(ocpiDayOfWeek)),
  reservation: ocpiOptional(ocpiReservationRestrictionType),
})
export type OcpiTariffRestrictions = z.infer<typeof ocpiTariffRestrictions>

/** TariffElement: price components that share restrictions. */
export const ocpiTariffElement = z.object({
  price_components: z.array(ocpiPriceComponent).min(1),
  restrictions: ocpiOptional(ocpiTariffRestrictions),
})
export type OcpiTariffElement = z.infer<typeof ocpiTariffElement>

/** Tariff. min_price/max_price bound a session's total (excl. and incl. VAT separately). */
export const ocpiTariff = z.object({
  country_code: ocpiCountryCode,
  party_id: ocpiPartyId,
  id: ocpiId,
  currency: ocpiCurrency,
  type: ocpiOptional(ocpiTariffType),
  tariff_alt_text: ocpiOptional(z.array(ocpiDisplayText)),
  tariff_alt_url: ocpiOptional(ocpiUrl),
  min_price: ocpiOptional(ocpiPrice),
  max_price: ocpiOptional(ocpiPrice),
  elements: z.array(ocpiTariffElement).min(1),
  start_date_time: ocpiOptional(ocpiDateTime),
  end_date_time: ocpiOptional(ocpiDateTime),
  energy_mix: ocpiOptional(ocpiEnergyMix),
  last_updated: ocpiDateTime,
})
export type OcpiTariff = z.infer<typeof ocpiTariff>
