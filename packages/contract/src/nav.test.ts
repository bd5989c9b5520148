import { describe, expect, it } from 'vitest'
import { industriesOverlap, NAV_LINKS, visibleLinks, type PolicyState } from './nav'
import type { PolicyRef } from './policy'

// A §2 "Side navigation", row by row: path, title, industries.
const SPEC_TABLE: readonly (readonly [string, string, readonly string[]])[] = [
  ['/credits', 'Credits', ['vending']],
  ['/machine-orders', 'Machine Sales', ['vending']],
  ['/transactions', 'Transactions', ['vending', 'covid_nric', 'medicord', 'ev', 'ev-epayments']],
  ['/machines', 'Machines', ['vending', 'cpo']],
  ['/maintenance', 'Maintenance', ['vending']],
  ['/promotions', 'Promotions', ['vending']],
  ['/closed-loop', 'Closed Loop', ['vending', 'covid_nric']],
  ['/inventory', 'Inventory', ['vending']],
  ['/iam', 'IAM', ['vending', 'ev', 'busways_ev', 'digital_health_automation']],
  ['/devices', 'Devices', ['vending']],
  ['/medicord', 'Medicord', ['medicord']],
  ['/pos-machine-orders', 'POS Machine Sales', ['cpo', 'ev-kiosk']],
  ['/ev-devices', 'EV Devices', ['cpo']],
  ['/ev-charging-sessions', 'Charging Sessions', ['cpo', 'emsp']],
  ['/ev-carbon-data', 'EV Carbon Data', ['carbon_credits_cpo', 'carbon_credits_fo', 'carbon_credits_crx']],
  ['/crx/emissions-category', 'Emissions Category', ['carbon_credits_crx']],
  ['/busways-charging-history', 'Busways Charging History', ['busways_ev']],
  ['/busways-charge-locations', 'Busways Charge Locations', ['busways_ev']],
  ['/charge-locations', 'Charge Locations', ['cpo']],
  ['/users', 'Users', ['emsp']],
  ['/tariff', 'Tariff', ['cpo']],
  ['/srs-buddy', 'SRS Buddy', ['srs-buddy']],
  ['/payout-history', 'Payout History', ['carbon_credits_cpo', 'carbon_credits_fo', 'carbon_credits_crx']],
  ['/cpo-partners', 'CPO Partners', ['carbon_credits_fo']],
  ['/digital-health', 'Add a case', ['digital_health_automation']],
  ['/digital-health/cases', 'Case history', ['digital_health_automation']],
  ['/typeform-campaigns', 'Typeform Campaigns', ['typeform_campaign']],
  ['/voltnet/emsp/charging-sessions', 'Voltnet EMSP Charging Sessions', ['voltnet_emsp']],
  ['/voltnet/cpo/charging-sessions', 'Voltnet CPO Charging Sessions', ['voltnet_cpo']],
  ['/voltnet/charge-locations', 'Voltnet Charge Locations', ['voltnet_cpo']],
  ['/voltnet/tariffs', 'Voltnet Tariffs', ['voltnet_cpo']],
  ['/drivers', 'Drivers', ['voltnet_emsp']],
  ['/limo/drivers', 'Limo Drivers', ['limo']],
]

describe('NAV_LINKS', () => {
  it('is the spec table, in order', () => {
    expect(NAV_LINKS.map((l) => [l.path, l.title, l.industries])).toEqual(SPEC_TABLE)
  })

  it('gives only /closed-loop and /iam a policy, as the spec says', () => {
    expect(NAV_LINKS.filter((l) => l.policy).map((l) => [l.path, l.policy])).toEqual([
      ['/closed-loop', { app_code: 'promo', resource_code: 'employees/*', action_code: 'read' }],
      ['/iam', { app_code: 'iam', resource_code: 'users/*', action_code: 'read' }],
    ])
  })

  it('names an icon for every link', () => {
    for (const link of NAV_LINKS) expect(link.icon).toMatch(/^[a-z-]+$/)
  })
})

describe('industriesOverlap', () => {
  it.each([
    [['vending'], ['vending'], true],
    [['vending', 'cpo'], ['cpo', 'ev-kiosk'], true],
    [['emsp'], ['cpo'], false],
    [['all'], ['limo'], true],
    [['all'], [], true],
    [['vending'], [], false],
    [[], ['vending'], false],
  ])('%j with %j → %s', (link, entity, overlap) => {
    expect(industriesOverlap(link, entity)).toBe(overlap)
  })
})

const allowed = (): PolicyState => 'allowed'
const denied = (): PolicyState => 'denied'
const loading = (): PolicyState => 'loading'

// The demo entities of DESIGN.md, with the links each sees when its policies are allowed, and when they are not.
const DEMO: readonly {
  code: string
  industries: string[]
  withPolicies: string[]
  withoutPolicies: string[]
}[] = [
  {
    code: 'VEND',
    industries: ['vending'],
    withPolicies: [
      '/credits',
      '/machine-orders',
      '/transactions',
      '/machines',
      '/maintenance',
      '/promotions',
      '/closed-loop',
      '/inventory',
      '/iam',
      '/devices',
    ],
    withoutPolicies: [
      '/credits',
      '/machine-orders',
      '/transactions',
      '/machines',
      '/maintenance',
      '/promotions',
      '/inventory',
      '/devices',
    ],
  },
  {
    code: 'CPO',
    industries: ['cpo', 'carbon_credits_cpo', 'ev-kiosk'],
    withPolicies: [
      '/machines',
      '/pos-machine-orders',
      '/ev-devices',
      '/ev-charging-sessions',
      '/ev-carbon-data',
      '/charge-locations',
      '/tariff',
      '/payout-history',
    ],
    withoutPolicies: [
      '/machines',
      '/pos-machine-orders',
      '/ev-devices',
      '/ev-charging-sessions',
      '/ev-carbon-data',
      '/charge-locations',
      '/tariff',
      '/payout-history',
    ],
  },
  {
    code: 'EMSP',
    industries: ['emsp'],
    withPolicies: ['/ev-charging-sessions', '/users'],
    withoutPolicies: ['/ev-charging-sessions', '/users'],
  },
  {
    code: 'FLEET',
    industries: ['carbon_credits_fo'],
    withPolicies: ['/ev-carbon-data', '/payout-history', '/cpo-partners'],
    withoutPolicies: ['/ev-carbon-data', '/payout-history', '/cpo-partners'],
  },
  {
    code: 'CRX',
    industries: ['carbon_credits_crx'],
    withPolicies: ['/ev-carbon-data', '/crx/emissions-category', '/payout-history'],
    withoutPolicies: ['/ev-carbon-data', '/crx/emissions-category', '/payout-history'],
  },
  {
    code: 'VOLT',
    industries: ['voltnet_cpo', 'voltnet_emsp', 'voltnet_simple_tariff'],
    withPolicies: [
      '/voltnet/emsp/charging-sessions',
      '/voltnet/cpo/charging-sessions',
      '/voltnet/charge-locations',
      '/voltnet/tariffs',
      '/drivers',
    ],
    withoutPolicies: [
      '/voltnet/emsp/charging-sessions',
      '/voltnet/cpo/charging-sessions',
      '/voltnet/charge-locations',
      '/voltnet/tariffs',
      '/drivers',
    ],
  },
  {
    code: 'BUS',
    industries: ['busways_ev'],
    withPolicies: ['/iam', '/busways-charging-history', '/busways-charge-locations'],
    withoutPolicies: ['/busways-charging-history', '/busways-charge-locations'],
  },
  {
    code: 'HEALTH',
    industries: ['digital_health_automation'],
    withPolicies: ['/iam', '/digital-health', '/digital-health/cases'],
    withoutPolicies: ['/digital-health', '/digital-health/cases'],
  },
  {
    code: 'MEDI',
    industries: ['medicord', 'covid_nric'],
    withPolicies: ['/transactions', '/closed-loop', '/medicord'],
    withoutPolicies: ['/transactions', '/medicord'],
  },
  { code: 'LIMO', industries: ['limo'], withPolicies: ['/limo/drivers'], withoutPolicies: ['/limo/drivers'] },
  {
    code: 'CAMP',
    industries: ['typeform_campaign'],
    withPolicies: ['/typeform-campaigns'],
    withoutPolicies: ['/typeform-campaigns'],
  },
  { code: 'SRS', industries: ['srs-buddy'], withPolicies: ['/srs-buddy'], withoutPolicies: ['/srs-buddy'] },
]

describe('visibleLinks per demo entity', () => {
  it.each(DEMO)('$code with policies allowed', ({ industries, withPolicies }) => {
    expect(visibleLinks({ industries }, allowed).map((l) => l.path)).toEqual(withPolicies)
  })

  it.each(DEMO)('$code with policies denied', ({ industries, withoutPolicies }) => {
    expect(visibleLinks({ industries }, denied).map((l) => l.path)).toEqual(withoutPolicies)
  })

  it.each(DEMO)('$code while policies load', ({ industries, withoutPolicies }) => {
    expect(visibleLinks({ industries }, loading).map((l) => l.path)).toEqual(withoutPolicies)
  })
})

describe('visibleLinks', () => {
  it('shows nothing without an entity', () => {
    expect(visibleLinks(null, allowed)).toEqual([])
    expect(visibleLinks(undefined, allowed)).toEqual([])
  })

  it('shows nothing to an entity with no industries', () => {
    expect(visibleLinks({ industries: [] }, allowed)).toEqual([])
  })

  it('decides each policy on its own', () => {
    const state = (policy: PolicyRef): PolicyState => (policy.app_code === 'iam' ? 'allowed' : 'denied')
    const paths = visibleLinks({ industries: ['vending'] }, state).map((l) => l.path)
    expect(paths).toContain('/iam')
    expect(paths).not.toContain('/closed-loop')
  })

  it('asks about a link policy only when the industries match', () => {
    const asked: string[] = []
    visibleLinks({ industries: ['limo'] }, (policy) => {
      asked.push(policy.app_code)
      return 'allowed'
    })
    expect(asked).toEqual([])
  })
})
