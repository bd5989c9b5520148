import { z } from 'zod'
import { fuels, vehicleTypes } from '../../enums/carbon'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

/*
 * Emissions categories (A §2 /crx/emissions-category and /crx/emissions-category/{id?}): the exchange's scenarios,
 * one per vehicle type and fuel, each with the net emission factor a kWh of charging avoids. A record's `scenario`
 * is its category's name. docs/decisions/0027-carbon-credits.md.
 */

export const EMISSIONS_CATEGORY_PAGE_SIZE = 20

/** The largest factor accepted, kg CO2e per kWh (no road vehicle avoids more than a few kg per kWh). */
export const MAX_EMISSION_FACTOR = 5

/** POST /carbon/emissions-categories and PUT /carbon/emissions-categories/{id}. */
export const emissionsCategoryWrite = z.strictObject({
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(80, 'Use at most 80 characters'),
  vehicle_type: catalogueSchema(vehicleTypes),
  fuel: catalogueSchema(fuels),
  /** kg CO2e avoided per kWh charged, up to 3 decimals (stored as grams). */
  emission_factor: z
    .number({ error: 'Enter the emission factor in kg CO2e per kWh' })
    .positive('The emission factor must be more than 0')
    .max(MAX_EMISSION_FACTOR, `The emission factor is at most ${String(MAX_EMISSION_FACTOR)} kg CO2e per kWh`)
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'Use at most 3 decimals'),
  description: z.string().trim().max(500, 'Use at most 500 characters').default(''),
})
export type EmissionsCategoryWriteInput = z.input<typeof emissionsCategoryWrite>
export type EmissionsCategoryWrite = z.output<typeof emissionsCategoryWrite>

export const emissionsCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  vehicle_type: z.string(),
  fuel: z.string(),
  /** kg CO2e per kWh (3 decimals). */
  emission_factor: z.number(),
  description: z.string(),
  /** Enrolled vehicles of this type and fuel: their sessions are counted with this category. */
  vehicles: z.number().int().min(0),
  created_at: epochMs,
  updated_at: epochMs,
})
export type EmissionsCategory = z.infer<typeof emissionsCategory>

export const emissionsCategoryResponse = envelope(z.object({ category: emissionsCategory }))

/** POST /carbon/emissions-categories/filter: name contains `search`; optional type and fuel lists. */
export const emissionsCategoryFilterRequest = z.strictObject({
  ...paging,
  search: z.string().trim().max(80).optional(),
  vehicle_type_list: z.array(catalogueSchema(vehicleTypes)).max(10).optional(),
  fuel_list: z.array(catalogueSchema(fuels)).max(10).optional(),
})
export type EmissionsCategoryFilterRequest = z.input<typeof emissionsCategoryFilterRequest>
export type EmissionsCategoryFilter = z.output<typeof emissionsCategoryFilterRequest>

export const emissionsCategoryFilterResponse = envelope(
  z.object({ categories: z.array(emissionsCategory), count: z.number().int().min(0) }),
)
export type EmissionsCategoryFilterData = z.infer<typeof emissionsCategoryFilterResponse>['data']
