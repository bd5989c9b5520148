import { z } from 'zod'
import { defineCatalogue, type ValueOf } from '../../catalogue'
import { envelope, epochMs, paging } from '../envelope'

/*
 * Carbon credits (step 6; B §3 "Carbon-credit record", A §2 the carbon routes; docs/decisions/0027-carbon-credits.md).
 * The spec names the record's columns but no call: these are ours, in the main API's style (`POST …/filter` with
 * limit/offset → `data.<rows>` and `data.count`). Money is integer minor units with its currency, energy kWh (3
 * decimals), emissions kg CO2e (3 decimals), times epoch ms.
 */

export * from './carbon-maths'
export * from './emissions-categories'
export * from './payouts'
export * from './partners'

/** Who an entity is in a carbon programme: the exchange running it, a charge point operator, or a fleet owner. */
export const CarbonSide = { CRX: 'CRX', CPO: 'CPO', FO: 'FO' } as const
export type CarbonSide = ValueOf<typeof CarbonSide>

export const carbonSides = defineCatalogue('carbon side', [
  [CarbonSide.CRX, 'Carbon exchange'],
  [CarbonSide.CPO, 'Charge point operator'],
  [CarbonSide.FO, 'Fleet owner'],
])

/** A partner of a programme is a CPO or a fleet owner. */
export const PARTNER_ROLES = [CarbonSide.CPO, CarbonSide.FO] as const
export type PartnerRole = (typeof PARTNER_ROLES)[number]
export const partnerRole = z.enum(PARTNER_ROLES)

/** Records a page (the spec gives no page size for this list; 20 like the other lists of the charging screens). */
export const CARBON_RECORD_PAGE_SIZE = 20

/** An entity code as a filter value (the codes of A §3). */
export const carbonEntityCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{1,31}$/, 'Use 2–32 capital letters, digits, dashes or underscores')

const scenarioName = z.string().trim().min(1).max(80)

/**
 * The filters of the records list and of its dashboard (B §3: date range, partner, scenario). Dates are the
 * record's date_time, both ends inclusive. A partner narrows what the caller sees, never widens it.
 */
export const carbonRecordFilterFields = {
  date_time_from: epochMs.optional(),
  date_time_to: epochMs.optional(),
  cpo_entity_code: carbonEntityCode.optional(),
  fo_entity_code: carbonEntityCode.optional(),
  scenario_list: z.array(scenarioName).max(50).optional(),
}

/** POST /carbon/records/filter. */
export const carbonRecordFilterRequest = z.strictObject({ ...paging, ...carbonRecordFilterFields })
export type CarbonRecordFilterRequest = z.input<typeof carbonRecordFilterRequest>
export type CarbonRecordFilter = z.output<typeof carbonRecordFilterRequest>

/** POST /carbon/records/dashboard, and the records export's filters: the list's filters without paging. */
export const carbonRecordFilters = z.strictObject(carbonRecordFilterFields)
export type CarbonRecordFiltersInput = z.input<typeof carbonRecordFilters>
export type CarbonRecordFilters = z.output<typeof carbonRecordFilters>

/** One carbon-credit record: the columns of B §3, then what the screen shows beside them. */
export const carbonRecord = z.object({
  id: z.number().int(),
  cpo_entity_code: z.string(),
  fo_entity_code: z.string(),
  /** Energy of the session, kWh (3 decimals). */
  kWh: z.number(),
  /** When the session ended (its CDR was closed), epoch ms. */
  date_time: epochMs,
  /** kg CO2e (3 decimals): kWh × the scenario's emission factor. */
  emissions_reduced: z.number(),
  /** Minor units of `currency`: the credits' value; cpo_earnings + fo_earnings. */
  total_earnings: z.number().int(),
  cpo_earnings: z.number().int(),
  fo_earnings: z.number().int(),
  /** The emissions category the record was computed with (its name when the record was made). */
  scenario: z.string(),
  /** The CDR (charging detail record) the record comes from: the session's external id. */
  cdr: z.string(),
  /** The verifiable credential of the credit on the programme's registry; null until the month is issued. */
  vc_url: z.string().nullable(),
  currency: z.string(),
  crx_entity_code: z.string(),
  cpo_entity_name: z.string(),
  fo_entity_name: z.string(),
  license_plate: z.string(),
  vehicle_type: z.string(),
  fuel: z.string(),
  /** kg CO2e per kWh (3 decimals) used for this record. */
  emission_factor: z.number(),
  location_name: z.string(),
})
export type CarbonRecord = z.infer<typeof carbonRecord>

export const carbonRecordFilterResponse = envelope(
  z.object({ records: z.array(carbonRecord), count: z.number().int().min(0) }),
)
export type CarbonRecordFilterData = z.infer<typeof carbonRecordFilterResponse>['data']

/** The figures of a set of records: the dashboard's tiles and each row of its breakdowns. */
const carbonFigures = {
  records: z.number().int().min(0),
  kWh: z.number(),
  /** kg CO2e. */
  emissions_reduced: z.number(),
  /** What the caller earned (minor units): its side's earnings; the exchange's is the records' total. */
  rebates: z.number().int(),
}

export const carbonDashboard = z.object({
  currency: z.string(),
  /** Which sides the caller's figures are for (most entities have one). */
  sides: z.array(z.enum([CarbonSide.CRX, CarbonSide.CPO, CarbonSide.FO])),
  summary: z.object({
    ...carbonFigures,
    total_earnings: z.number().int(),
    cpo_earnings: z.number().int(),
    fo_earnings: z.number().int(),
  }),
  /** Per UTC+8 day (the day's start, epoch ms), oldest first; days without records are left out. */
  series: z.array(z.object({ day: epochMs, ...carbonFigures })),
  /** Per scenario, largest emissions first; percentage is the share of the emissions reduced (adds up to 100). */
  scenarios: z.array(z.object({ scenario: z.string(), ...carbonFigures, percentage: z.number() })),
  /**
   * The five partners the caller earned most with: a CPO's fleet owners, a fleet owner's CPOs; the exchange gets
   * five of each role.
   */
  top_partners: z.array(
    z.object({ entity_code: z.string(), name: z.string(), role: partnerRole, ...carbonFigures }),
  ),
  /** The five charging locations the caller earned most at. */
  top_locations: z.array(
    z.object({
      location_id: z.number().int(),
      name: z.string(),
      cpo_entity_code: z.string(),
      ...carbonFigures,
    }),
  ),
})
export type CarbonDashboard = z.infer<typeof carbonDashboard>

export const carbonDashboardResponse = envelope(z.object({ dashboard: carbonDashboard }))

/** GET /carbon/programme: the caller's programme, its sides in it, and the filters' options. */
export const carbonProgramme = z.object({
  entity_code: z.string(),
  entity_name: z.string(),
  name: z.string(),
  currency: z.string(),
  /** Minor units per tonne of CO2e. */
  credit_price_per_tonne: z.number().int(),
  registry_url: z.string(),
  started_at: epochMs,
})
export type CarbonProgramme = z.infer<typeof carbonProgramme>

export const carbonProgrammeResponse = envelope(
  z.object({
    /** Null when the entity takes part in no programme. */
    programme: carbonProgramme.nullable(),
    sides: z.array(z.enum([CarbonSide.CRX, CarbonSide.CPO, CarbonSide.FO])),
    /** Everyone the caller shares records with (the exchange: every partner), for the partner filter. */
    partners: z.array(z.object({ entity_code: z.string(), name: z.string(), role: partnerRole })),
    /** The scenarios of the caller's records, for the scenario filter. */
    scenarios: z.array(z.string()),
  }),
)
export type CarbonProgrammeData = z.infer<typeof carbonProgrammeResponse>['data']
