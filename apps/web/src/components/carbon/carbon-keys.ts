import type {
  CarbonInvoiceFilterRequest,
  CarbonPartnerFilterRequest,
  CarbonPayoutFilterRequest,
  CarbonRecordFilterRequest,
  CarbonRecordFiltersInput,
  CarbonVehicleFilterRequest,
  EmissionsCategoryFilterRequest,
  PartnerRole,
} from '@portal/contract'

/**
 * Every query key of the carbon area, defined once (docs/decisions/0027-carbon-credits.md): the carbon screens and
 * the exchange's (CRX) screens read the same calls. Each key starts with `carbonKeys.area(entity)`, so a write (an
 * emissions category) refetches everything of the area at once.
 */
export const carbonKeys = {
  area: (entityCode: string | null) => ['carbon', entityCode] as const,
  programme: (entityCode: string | null) => [...carbonKeys.area(entityCode), 'programme'] as const,
  records: (entityCode: string | null, body: CarbonRecordFilterRequest) =>
    [...carbonKeys.area(entityCode), 'records', body] as const,
  dashboard: (entityCode: string | null, filters: CarbonRecordFiltersInput) =>
    [...carbonKeys.area(entityCode), 'dashboard', filters] as const,
  payouts: (entityCode: string | null, body: CarbonPayoutFilterRequest) =>
    [...carbonKeys.area(entityCode), 'payouts', body] as const,
  invoices: (entityCode: string | null, body: CarbonInvoiceFilterRequest) =>
    [...carbonKeys.area(entityCode), 'invoices', body] as const,
  partners: (entityCode: string | null, body: CarbonPartnerFilterRequest) =>
    [...carbonKeys.area(entityCode), 'partners', body] as const,
  partner: (entityCode: string | null, partner: string, role: PartnerRole) =>
    [...carbonKeys.area(entityCode), 'partner', partner, role] as const,
  vehicles: (entityCode: string | null, body: CarbonVehicleFilterRequest) =>
    [...carbonKeys.area(entityCode), 'vehicles', body] as const,
  categories: (entityCode: string | null, body: EmissionsCategoryFilterRequest) =>
    [...carbonKeys.area(entityCode), 'categories', body] as const,
  category: (entityCode: string | null, id: number | null) =>
    [...carbonKeys.area(entityCode), 'category', id] as const,
}
