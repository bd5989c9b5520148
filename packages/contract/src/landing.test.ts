import { describe, expect, it } from 'vitest'
import { landingPath } from './landing'

describe('landingPath, logged out (A §4)', () => {
  it.each([
    ['/', '/login'],
    ['/machines', '/login'],
    ['/iam/users/42', '/login'],
    ['/login', null],
    ['/digital-health/login', null],
    ['/reset-password', null],
    ['/reset-password/abc123', null],
  ])('on %s → %s', (pathname, target) => {
    expect(landingPath({ loggedIn: false, industries: [], pathname, firstLoad: true })).toBe(target)
    expect(landingPath({ loggedIn: false, industries: ['vending'], pathname, firstLoad: false })).toBe(target)
  })
})

// The demo entities of DESIGN.md, landing from the home page and from the login page.
describe.each([
  { code: 'VEND', industries: ['vending'], home: '/machines' },
  { code: 'CPO', industries: ['cpo', 'carbon_credits_cpo', 'ev-kiosk'], home: '/cpo' },
  { code: 'EMSP', industries: ['emsp'], home: '/emsp' },
  { code: 'FLEET', industries: ['carbon_credits_fo'], home: '/emsp' },
  { code: 'CRX', industries: ['carbon_credits_crx'], home: '/crx' },
  {
    code: 'VOLT',
    industries: ['voltnet_cpo', 'voltnet_emsp', 'voltnet_simple_tariff'],
    home: '/voltnet/emsp/charging-sessions',
  },
  { code: 'BUS', industries: ['busways_ev'], home: '/' },
  { code: 'HEALTH', industries: ['digital_health_automation'], home: '/digital-health' },
  { code: 'MEDI', industries: ['medicord', 'covid_nric'], home: '/' },
  { code: 'LIMO', industries: ['limo'], home: '/' },
  { code: 'CAMP', industries: ['typeform_campaign'], home: '/' },
  { code: 'SRS', industries: ['srs-buddy'], home: '/' },
])('landingPath for $code', ({ industries, home }) => {
  const stay = home === '/' ? null : home

  it(`lands on ${home} after logging in`, () => {
    expect(landingPath({ loggedIn: true, industries, pathname: '/login', firstLoad: false })).toBe(home)
  })

  it(`opens / at ${home} on first load`, () => {
    expect(landingPath({ loggedIn: true, industries, pathname: '/', firstLoad: true })).toBe(stay)
  })

  it('stays on its landing page once there', () => {
    expect(landingPath({ loggedIn: true, industries, pathname: home, firstLoad: false })).toBeNull()
  })
})

describe('landingPath, logged in (A §4 rules in order)', () => {
  it.each([
    // rule 1: leaving a login page or first load, with vending → /machines
    [['vending'], '/login', false, '/machines'],
    [['vending'], '/digital-health/login', false, '/machines'],
    [['vending'], '/', true, '/machines'],
    // a reload of a deep link keeps its page (docs/decisions/0005-landing-first-load.md)
    [['vending'], '/transactions', true, null],
    [['vending'], '/machines/12', true, null],
    [['vending'], '/machines', true, null],
    [['vending'], '/', false, null],
    [['vending'], '/transactions', false, null],
    [['vending', 'cpo'], '/', true, '/machines'],
    [['vending', 'digital_health_automation'], '/digital-health/login', false, '/machines'],
    // rule 2: digital health on /digital-health/login or / → /digital-health
    [['digital_health_automation'], '/digital-health/login', false, '/digital-health'],
    [['digital_health_automation'], '/', false, '/digital-health'],
    [['digital_health_automation'], '/login', false, '/digital-health'],
    [['digital_health_automation'], '/digital-health/cases', true, null],
    [['digital_health_automation', 'cpo'], '/', false, '/digital-health'],
    // rule 3: on /, by industry in the spec's order
    [['vending', 'cpo'], '/', false, '/cpo'],
    [['cpo', 'carbon_credits_crx'], '/', false, '/crx'],
    [['emsp', 'cpo'], '/', false, '/cpo'],
    [['carbon_credits_cpo'], '/', false, '/cpo'],
    [['carbon_credits_fo', 'voltnet_emsp'], '/', false, '/emsp'],
    [['voltnet_cpo', 'voltnet_emsp'], '/', false, '/voltnet/emsp/charging-sessions'],
    [['voltnet_cpo'], '/', false, '/voltnet/cpo/charging-sessions'],
    [['voltnet_cpo'], '/voltnet/tariffs', true, null],
    [['cpo'], '/tariff', false, null],
    // none of these industries: home, and a logged-in user leaves the login page for /
    [['limo'], '/', false, null],
    [['limo'], '/login', false, '/'],
    [[], '/login', true, '/'],
    [[], '/', true, null],
  ])('%j on %s (first load %s) → %s', (industries, pathname, firstLoad, target) => {
    expect(landingPath({ loggedIn: true, industries, pathname, firstLoad })).toBe(target)
  })
})
