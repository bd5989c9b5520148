/**
 * The apps of the IAM model (DESIGN.md): each policy statement names one. An entity's industries decide which
 * apps its users may open (`can_view_apps` in the login, refresh and switch responses).
 */
export const APP_CODES = [
  'iam',
  'iot',
  'payment',
  'promo',
  'ev',
  'carbon',
  'health',
  'forms',
  'reporting',
] as const
export type AppCode = (typeof APP_CODES)[number]

const APPS_BY_INDUSTRY: Record<string, readonly AppCode[]> = {
  vending: ['iam', 'iot', 'payment', 'promo'],
  covid_nric: ['iam', 'payment', 'promo', 'reporting'],
  medicord: ['iam', 'payment', 'reporting'],
  ev: ['iam', 'ev', 'payment'],
  'ev-epayments': ['ev', 'payment'],
  'ev-kiosk': ['ev', 'iot', 'payment'],
  cpo: ['iam', 'ev', 'iot', 'payment'],
  emsp: ['iam', 'ev', 'payment'],
  busways_ev: ['iam', 'ev'],
  voltnet_cpo: ['iam', 'ev'],
  voltnet_emsp: ['iam', 'ev'],
  voltnet_simple_tariff: ['ev'],
  voltnet_advance_tariff: ['ev'],
  limo: ['iam', 'ev'],
  carbon_credits_fo: ['iam', 'carbon'],
  carbon_credits_cpo: ['iam', 'carbon'],
  carbon_credits_crx: ['iam', 'carbon'],
  digital_health_automation: ['iam', 'health'],
  typeform_campaign: ['iam', 'forms'],
  'srs-buddy': ['iam', 'promo'],
  fx: ['payment'],
}

/** The apps an entity with these industries offers, in APP_CODES order. */
export function appsForIndustries(industries: readonly string[]): AppCode[] {
  const apps = new Set<AppCode>()
  for (const industry of industries) for (const app of APPS_BY_INDUSTRY[industry] ?? []) apps.add(app)
  return APP_CODES.filter((a) => apps.has(a))
}
