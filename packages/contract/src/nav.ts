import type { PolicyRef } from './policy'

/** The pseudo-industry of a link shown to every entity. */
export const ALL_INDUSTRIES = 'all'

export interface NavLink {
  readonly path: string
  readonly title: string
  /** Name of the icon; the web app maps names to SVGs. */
  readonly icon: string
  readonly industries: readonly string[]
  /** A link with a policy shows only once the policy check allows it. */
  readonly policy?: PolicyRef
}

const CARBON = ['carbon_credits_cpo', 'carbon_credits_fo', 'carbon_credits_crx'] as const

/**
 * The side navigation of A §2, in its order. Titles are the spec's where it gives one, otherwise ours, made from the
 * path.
 */
export const NAV_LINKS: readonly NavLink[] = [
  { path: '/credits', title: 'Credits', icon: 'credit', industries: ['vending'] },
  { path: '/machine-orders', title: 'Machine Sales', icon: 'cart', industries: ['vending'] },
  {
    path: '/transactions',
    title: 'Transactions',
    icon: 'receipt',
    industries: ['vending', 'covid_nric', 'medicord', 'ev', 'ev-epayments'],
  },
  { path: '/machines', title: 'Machines', icon: 'machine', industries: ['vending', 'cpo'] },
  { path: '/maintenance', title: 'Maintenance', icon: 'wrench', industries: ['vending'] },
  { path: '/promotions', title: 'Promotions', icon: 'tag', industries: ['vending'] },
  {
    path: '/closed-loop',
    title: 'Closed Loop',
    icon: 'badge',
    industries: ['vending', 'covid_nric'],
    policy: { app_code: 'promo', resource_code: 'employees/*', action_code: 'read' },
  },
  { path: '/inventory', title: 'Inventory', icon: 'box', industries: ['vending'] },
  {
    path: '/iam',
    title: 'IAM',
    icon: 'shield',
    industries: ['vending', 'ev', 'busways_ev', 'digital_health_automation'],
    policy: { app_code: 'iam', resource_code: 'users/*', action_code: 'read' },
  },
  { path: '/devices', title: 'Devices', icon: 'device', industries: ['vending'] },
  { path: '/medicord', title: 'Medicord', icon: 'medical', industries: ['medicord'] },
  { path: '/pos-machine-orders', title: 'POS Machine Sales', icon: 'cart', industries: ['cpo', 'ev-kiosk'] },
  { path: '/ev-devices', title: 'EV Devices', icon: 'device', industries: ['cpo'] },
  { path: '/ev-charging-sessions', title: 'Charging Sessions', icon: 'bolt', industries: ['cpo', 'emsp'] },
  { path: '/ev-carbon-data', title: 'EV Carbon Data', icon: 'leaf', industries: [...CARBON] },
  {
    path: '/crx/emissions-category',
    title: 'Emissions Category',
    icon: 'chart',
    industries: ['carbon_credits_crx'],
  },
  {
    path: '/busways-charging-history',
    title: 'Busways Charging History',
    icon: 'bolt',
    industries: ['busways_ev'],
  },
  {
    path: '/busways-charge-locations',
    title: 'Busways Charge Locations',
    icon: 'pin',
    industries: ['busways_ev'],
  },
  { path: '/charge-locations', title: 'Charge Locations', icon: 'pin', industries: ['cpo'] },
  { path: '/users', title: 'Users', icon: 'users', industries: ['emsp'] },
  { path: '/tariff', title: 'Tariff', icon: 'price', industries: ['cpo'] },
  { path: '/srs-buddy', title: 'SRS Buddy', icon: 'medical', industries: ['srs-buddy'] },
  { path: '/payout-history', title: 'Payout History', icon: 'wallet', industries: [...CARBON] },
  { path: '/cpo-partners', title: 'CPO Partners', icon: 'users', industries: ['carbon_credits_fo'] },
  { path: '/digital-health', title: 'Add a case', icon: 'plus', industries: ['digital_health_automation'] },
  {
    path: '/digital-health/cases',
    title: 'Case history',
    icon: 'history',
    industries: ['digital_health_automation'],
  },
  {
    path: '/typeform-campaigns',
    title: 'Typeform Campaigns',
    icon: 'form',
    industries: ['typeform_campaign'],
  },
  {
    path: '/voltnet/emsp/charging-sessions',
    title: 'Voltnet EMSP Charging Sessions',
    icon: 'bolt',
    industries: ['voltnet_emsp'],
  },
  {
    path: '/voltnet/cpo/charging-sessions',
    title: 'Voltnet CPO Charging Sessions',
    icon: 'bolt',
    industries: ['voltnet_cpo'],
  },
  {
    path: '/voltnet/charge-locations',
    title: 'Voltnet Charge Locations',
    icon: 'pin',
    industries: ['voltnet_cpo'],
  },
  { path: '/voltnet/tariffs', title: 'Voltnet Tariffs', icon: 'price', industries: ['voltnet_cpo'] },
  { path: '/drivers', title: 'Drivers', icon: 'car', industries: ['voltnet_emsp'] },
  { path: '/limo/drivers', title: 'Limo Drivers', icon: 'car', industries: ['limo'] },
]

/** True when the link's industries share one with the entity's, or the link is for 'all' (A §1). */
export function industriesOverlap(
  linkIndustries: readonly string[],
  entityIndustries: readonly string[],
): boolean {
  return linkIndustries.some((i) => i === ALL_INDUSTRIES || entityIndustries.includes(i))
}

export type PolicyState = 'loading' | 'allowed' | 'denied'

/**
 * The links to show for an entity (A §2): industries must overlap, and a link with a policy shows only when its
 * policy is allowed (hidden while loading and when denied). No entity, no links.
 */
export function visibleLinks(
  entity: { readonly industries: readonly string[] } | null | undefined,
  policyState: (policy: PolicyRef) => PolicyState,
): NavLink[] {
  if (!entity) return []
  return NAV_LINKS.filter(
    (link) =>
      industriesOverlap(link.industries, entity.industries) &&
      (link.policy === undefined || policyState(link.policy) === 'allowed'),
  )
}
