import type { Generated, Insertable, Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/database'

// Row types of the carbon tables (migration 20261124-0033-carbon; docs/decisions/0027-carbon-credits.md). Times are
// epoch ms, days and months UTC+8 starts; money integer minor units; energy Wh; emissions grams CO2e.

export interface CarbonProgrammeTable {
  id: Generated<number>
  entity_code: string
  name: string
  currency: string
  credit_price_per_tonne: number
  registry_url: string
  started_at: number
  created_at: number
  updated_at: number
}

export interface CarbonPartnerTable {
  id: Generated<number>
  crx_entity_code: string
  entity_code: string
  /** 'CPO' or 'FO'. */
  role: string
  payment_bank: string
  joined_at: number
  created_at: number
}

export interface CarbonPartnershipTable {
  id: Generated<number>
  crx_entity_code: string
  cpo_entity_code: string
  fo_entity_code: string
  /** The CPO's share of each record's value, basis points; the fleet owner has the rest. */
  cpo_share_bps: number
  since: number
  created_at: number
}

export interface CarbonEmissionsCategoryTable {
  id: Generated<number>
  entity_code: string
  name: string
  vehicle_type: string
  fuel: string
  /** g CO2e per kWh. */
  emission_factor_g: number
  description: string
  created_at: number
  updated_at: number
}

export interface CarbonVehicleTable {
  id: Generated<number>
  crx_entity_code: string
  fo_entity_code: string
  license_plate: string
  vehicle_type: string
  fuel: string
  enrolled_at: number
  created_at: number
}

export interface CarbonRecordTable {
  id: Generated<number>
  crx_entity_code: string
  cpo_entity_code: string
  fo_entity_code: string
  session_id: number
  cdr: string
  location_id: number
  location_name: string
  license_plate: string
  vehicle_type: string
  fuel: string
  category_id: number | null
  scenario: string
  energy_wh: number
  date_time: number
  emission_factor_g: number
  credit_price_per_tonne: number
  cpo_share_bps: number
  emissions_reduced_g: number
  total_earnings: number
  cpo_earnings: number
  fo_earnings: number
  currency: string
  vc_url: string | null
  created_at: number
}

export interface CarbonRecordDailyTable {
  crx_entity_code: string
  day: number
  cpo_entity_code: string
  fo_entity_code: string
  location_id: number
  scenario: string
  location_name: string
  records: number
  energy_wh: number
  emissions_reduced_g: number
  total_earnings: number
  cpo_earnings: number
  fo_earnings: number
}

/** carbon_record_daily without the location: totals, the series, scenarios, partners, the list's count. */
export type CarbonScenarioDailyTable = Omit<CarbonRecordDailyTable, 'location_id' | 'location_name'>

/** carbon_record_daily without the scenario: the locations' breakdowns. */
export type CarbonLocationDailyTable = Omit<CarbonRecordDailyTable, 'scenario'>

export interface CarbonPayoutTable {
  id: Generated<number>
  uuid: string
  crx_entity_code: string
  entity_code: string
  role: string
  period: number
  date: number
  description: string
  payment_bank: string
  total: number
  currency: string
  records: number
  /** PayoutStatus: 'Pending' or 'Paid'. */
  status: string
  paid_at: number | null
  created_at: number
  updated_at: number
}

export interface CarbonInvoiceTable {
  id: Generated<number>
  uuid: string
  invoice_no: string
  crx_entity_code: string
  entity_code: string
  role: string
  payout_id: number
  date: number
  year_payable: number
  total: number
  currency: string
  created_at: number
}

// A type alias, not an interface: Kysely's withTables wants an indexable record of tables.
export type CarbonTables = {
  carbon_programme: CarbonProgrammeTable
  carbon_partner: CarbonPartnerTable
  carbon_partnership: CarbonPartnershipTable
  carbon_emissions_category: CarbonEmissionsCategoryTable
  carbon_vehicle: CarbonVehicleTable
  carbon_record: CarbonRecordTable
  carbon_record_daily: CarbonRecordDailyTable
  carbon_scenario_daily: CarbonScenarioDailyTable
  carbon_location_daily: CarbonLocationDailyTable
  carbon_payout: CarbonPayoutTable
  carbon_invoice: CarbonInvoiceTable
}

/** The app's database with the carbon tables (kept here, so the area adds its tables without editing database.ts). */
export type CarbonDb = Kysely<Database & CarbonTables>

export function carbonDb(db: Kysely<Database>): CarbonDb {
  return db.withTables<CarbonTables>()
}

export type CarbonProgrammeRow = Selectable<CarbonProgrammeTable>
export type CarbonEmissionsCategoryRow = Selectable<CarbonEmissionsCategoryTable>
export type CarbonRecordRow = Selectable<CarbonRecordTable>
export type CarbonPayoutRow = Selectable<CarbonPayoutTable>
export type NewCarbonRecordRow = Insertable<CarbonRecordTable>
