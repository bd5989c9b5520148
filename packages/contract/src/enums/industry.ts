import { defineCatalogue, type ValueOf } from '../catalogue'

/** The industries of A §1, plus ev-epayments and ev-kiosk which the navigation refers to. */
export const Industry = {
  vending: 'vending',
  covid_nric: 'covid_nric',
  ev: 'ev',
  cpo: 'cpo',
  emsp: 'emsp',
  busways_ev: 'busways_ev',
  medicord: 'medicord',
  'srs-buddy': 'srs-buddy',
  carbon_credits_fo: 'carbon_credits_fo',
  carbon_credits_cpo: 'carbon_credits_cpo',
  carbon_credits_crx: 'carbon_credits_crx',
  typeform_campaign: 'typeform_campaign',
  digital_health_automation: 'digital_health_automation',
  voltnet_cpo: 'voltnet_cpo',
  voltnet_emsp: 'voltnet_emsp',
  limo: 'limo',
  voltnet_simple_tariff: 'voltnet_simple_tariff',
  voltnet_advance_tariff: 'voltnet_advance_tariff',
  fx: 'fx',
  'ev-epayments': 'ev-epayments',
  'ev-kiosk': 'ev-kiosk',
} as const
export type Industry = ValueOf<typeof Industry>

export const industries = defineCatalogue('industry', [
  [Industry.vending, 'Vending'],
  [Industry.covid_nric, 'COVID NRIC'],
  [Industry.ev, 'EV'],
  [Industry.cpo, 'CPO'],
  [Industry.emsp, 'EMSP'],
  [Industry.busways_ev, 'Busways EV'],
  [Industry.medicord, 'Medicord'],
  [Industry['srs-buddy'], 'SRS Buddy'],
  [Industry.carbon_credits_fo, 'Carbon Credits (Fleet Operator)'],
  [Industry.carbon_credits_cpo, 'Carbon Credits (CPO)'],
  [Industry.carbon_credits_crx, 'Carbon Credits (CRX)'],
  [Industry.typeform_campaign, 'Typeform Campaign'],
  [Industry.digital_health_automation, 'Digital Health Automation'],
  [Industry.voltnet_cpo, 'Voltnet CPO'],
  [Industry.voltnet_emsp, 'Voltnet EMSP'],
  [Industry.limo, 'Limo'],
  [Industry.voltnet_simple_tariff, 'Voltnet Simple Tariff'],
  [Industry.voltnet_advance_tariff, 'Voltnet Advance Tariff'],
  [Industry.fx, 'FX'],
  [Industry['ev-epayments'], 'EV ePayments'],
  [Industry['ev-kiosk'], 'EV Kiosk'],
])

/** The three carbon-credit industries: carbon mode applies when an entity has any of them (B §3). */
export const CARBON_CREDIT_INDUSTRIES = [
  Industry.carbon_credits_cpo,
  Industry.carbon_credits_fo,
  Industry.carbon_credits_crx,
] as const

export function isCarbonMode(entityIndustries: readonly string[]): boolean {
  return CARBON_CREDIT_INDUSTRIES.some((i) => entityIndustries.includes(i))
}
