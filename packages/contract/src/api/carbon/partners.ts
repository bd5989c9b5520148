import { z } from 'zod'
import { vehicleTypes } from '../../enums/carbon'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

/*
 * Partners of a carbon programme (A §2 /cpo-partners, /crx, /crx/cpo-details/{entity}, /crx/fo-details/{entity}):
 * who shares records with whom, on what split, and how much they made together.
 * docs/decisions/0027-carbon-credits.md.
 */

export const PARTNER_PAGE_SIZE = 20
export const VEHICLE_PAGE_SIZE = 20

const role = z.enum(['CPO', 'FO'])

/** POST /carbon/partners/filter: a CPO's fleet owners, a fleet owner's CPOs, the exchange's partners of a role. */
export const carbonPartnerFilterRequest = z.strictObject({
  ...paging,
  role: role.optional(),
  /** Name or code contains. */
  search: z.string().trim().max(80).optional(),
})
export type CarbonPartnerFilterRequest = z.input<typeof carbonPartnerFilterRequest>
export type CarbonPartnerFilter = z.output<typeof carbonPartnerFilterRequest>

/** The figures of records (all time). Money in minor units of the programme's currency. */
const figures = {
  records: z.number().int().min(0),
  kWh: z.number(),
  emissions_reduced: z.number(),
  /** The records' total credit value. */
  total_earnings: z.number().int(),
  /** What the partner earned of it. */
  partner_earnings: z.number().int(),
  /** What the caller earned of it (the exchange: the total). */
  own_earnings: z.number().int(),
}

export const carbonPartner = z.object({
  entity_code: z.string(),
  name: z.string(),
  role,
  /** The earliest partnership's start. */
  since: epochMs,
  /** The CPO's share of the split with the caller (percent); null for the exchange, which is on no split. */
  cpo_share_percent: z.number().nullable(),
  /** How many partners of the other role it works with (what the exchange sees). */
  counterparts: z.number().int().min(0),
  currency: z.string(),
  ...figures,
})
export type CarbonPartner = z.infer<typeof carbonPartner>

export const carbonPartnerFilterResponse = envelope(
  z.object({ partners: z.array(carbonPartner), count: z.number().int().min(0) }),
)
export type CarbonPartnerFilterData = z.infer<typeof carbonPartnerFilterResponse>['data']

export const carbonPartnerParams = z.strictObject({
  entity: z.string().trim().toUpperCase().min(2).max(32).describe('the partner entity code'),
})

/** GET /carbon/partners/{entity}: a partner of the exchange's programme, with its partnerships. */
export const carbonPartnerDetail = z.object({
  entity_code: z.string(),
  name: z.string(),
  role,
  payment_bank: z.string(),
  joined_at: epochMs,
  currency: z.string(),
  ...figures,
  /** Its partners of the other role, each with the split and the figures of their shared records. */
  partnerships: z.array(
    z.object({
      entity_code: z.string(),
      name: z.string(),
      role,
      cpo_share_percent: z.number(),
      since: epochMs,
      ...figures,
    }),
  ),
  /** Enrolled vehicles (fleet owners) or charging locations with records (CPOs). */
  vehicles: z.number().int().min(0),
  locations: z.number().int().min(0),
  /** Its five best locations (CPOs) by credit value. */
  top_locations: z.array(
    z.object({
      location_id: z.number().int(),
      name: z.string(),
      records: z.number().int(),
      kWh: z.number(),
      emissions_reduced: z.number(),
      total_earnings: z.number().int(),
    }),
  ),
  /** Its records by scenario. */
  scenarios: z.array(
    z.object({
      scenario: z.string(),
      records: z.number().int(),
      kWh: z.number(),
      emissions_reduced: z.number(),
    }),
  ),
})
export type CarbonPartnerDetail = z.infer<typeof carbonPartnerDetail>

export const carbonPartnerDetailResponse = envelope(z.object({ partner: carbonPartnerDetail }))

/** POST /carbon/vehicles/filter: the exchange sees every enrolled vehicle, a fleet owner its own. */
export const carbonVehicleFilterRequest = z.strictObject({
  ...paging,
  fo_entity_code: z.string().trim().toUpperCase().min(2).max(32).optional(),
  /** Plate contains. */
  search: z.string().trim().max(20).optional(),
  vehicle_type_list: z.array(catalogueSchema(vehicleTypes)).max(10).optional(),
})
export type CarbonVehicleFilterRequest = z.input<typeof carbonVehicleFilterRequest>
export type CarbonVehicleFilter = z.output<typeof carbonVehicleFilterRequest>

export const carbonVehicle = z.object({
  id: z.number().int(),
  license_plate: z.string(),
  /** vehicleTypes and fuels values (shown through labelOf, so an unknown one reads "Unknown (value)"). */
  vehicle_type: z.string(),
  fuel: z.string(),
  fo_entity_code: z.string(),
  fo_entity_name: z.string(),
  enrolled_at: epochMs,
  /** The category its sessions are counted with; null while the exchange has none for its type and fuel. */
  scenario: z.string().nullable(),
})
export type CarbonVehicle = z.infer<typeof carbonVehicle>

export const carbonVehicleFilterResponse = envelope(
  z.object({ vehicles: z.array(carbonVehicle), count: z.number().int().min(0) }),
)
export type CarbonVehicleFilterData = z.infer<typeof carbonVehicleFilterResponse>['data']
