import { z } from 'zod'
import { tariffComponentTypes } from '../enums/ev-charging'
import { catalogueSchema, epochMs } from '../api/envelope'

// The OCPI 2.2.1 shapes the EV screens and the server share (docs/decisions/0020-ev-charging-model.md). Prices are
// decimals in the tariff's currency, excluding VAT, as OCPI writes them; vat is a percentage (9 means 9 %).

/** A tariff element's price component (OCPI PriceComponent). step_size: Wh for ENERGY, seconds for time types. */
export const priceComponent = z.object({
  type: catalogueSchema(tariffComponentTypes),
  price: z.number().min(0).max(100_000),
  vat: z.number().min(0).max(100).nullable(),
  step_size: z.number().int().min(1).max(86_400).default(1),
})
export type PriceComponent = z.output<typeof priceComponent>

/** OCPI TariffRestrictions, the subset the portal shows and prices: times of day (HH:MM) and days of week. */
export const tariffRestrictions = z.object({
  start_time: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .optional(),
  end_time: z
    .string()
    .regex(/^\d{2}:\d{2}$/)
    .optional(),
  day_of_week: z
    .array(z.enum(['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY']))
    .optional(),
  min_kwh: z.number().min(0).optional(),
  max_kwh: z.number().min(0).optional(),
})
export type TariffRestrictions = z.output<typeof tariffRestrictions>

export const tariffElement = z.object({
  price_components: z.array(priceComponent).min(1).max(10),
  restrictions: tariffRestrictions.optional(),
})
export type TariffElement = z.output<typeof tariffElement>

/**
 * OCPI CdrDimensionType subset: the spec names ENERGY (kWh) and TIME (hours); sessions metered over OCPP also carry
 * MAX_POWER (kW), the highest power seen in the period. Pricing reads ENERGY and TIME only.
 */
export const DimensionType = { ENERGY: 'ENERGY', TIME: 'TIME', MAX_POWER: 'MAX_POWER' } as const
export const cdrDimension = z.object({
  type: z.enum(['ENERGY', 'TIME', 'MAX_POWER']),
  volume: z.number().min(0),
})
export type CdrDimension = z.output<typeof cdrDimension>

/**
 * Stages of a session (B §4): CHARGING while energy flows, then the parking stages after charging ends. Grace is
 * free parking right after charging, blackout is a window in which idle fees are not charged (e.g. at night), and
 * regular parking is charged as PARKING_TIME.
 */
export const SessionStage = {
  CHARGING: 'CHARGING',
  PARKING_GRACE: 'PARKING_GRACE',
  PARKING_BLACKOUT: 'PARKING_BLACKOUT',
  PARKING_REGULAR: 'PARKING_REGULAR',
} as const
export type SessionStage = (typeof SessionStage)[keyof typeof SessionStage]
export const SESSION_STAGES = Object.values(SessionStage)

/** OCPI ChargingPeriod with the portal's session_stage; a period lasts until the next one (or the session end). */
export const chargingPeriod = z.object({
  start_date_time: epochMs,
  dimensions: z.array(cdrDimension),
  session_stage: z.enum(SESSION_STAGES as [SessionStage, ...SessionStage[]]).default('CHARGING'),
})
export type ChargingPeriod = z.output<typeof chargingPeriod>

/** A cost split into excl./incl. VAT, in minor units (cents). */
export interface CostPair {
  excl_vat: number
  incl_vat: number
}
