import { DIGITAL_HEALTH_LOGIN_PATH, LOGIN_PATH } from './routes'

export interface LandingInput {
  readonly loggedIn: boolean
  /** The current entity's industries (empty when unknown). */
  readonly industries: readonly string[]
  readonly pathname: string
  /** True on the first navigation after the app loads. */
  readonly firstLoad: boolean
}

const LOGIN_PAGES: readonly string[] = [LOGIN_PATH, DIGITAL_HEALTH_LOGIN_PATH]

/** A §4 step 3: on / the first matching industry decides the landing page. */
const HOME_BY_INDUSTRY: readonly (readonly [readonly string[], string])[] = [
  [['carbon_credits_crx'], '/crx'],
  [['cpo', 'carbon_credits_cpo'], '/cpo'],
  [['emsp', 'carbon_credits_fo'], '/emsp'],
  [['voltnet_emsp'], '/voltnet/emsp/charging-sessions'],
  [['voltnet_cpo'], '/voltnet/cpo/charging-sessions'],
]

function step(input: LandingInput): string | null {
  const { industries, pathname, firstLoad } = input
  const has = (industry: string) => industries.includes(industry)
  const onLoginPage = LOGIN_PAGES.includes(pathname)

  // "First load" is read as the app opening at its root: a reload of a deep link (a filtered list, a machine)
  // keeps its page, because lists keep their state in the URL (docs/decisions/0005-landing-first-load.md).
  if ((onLoginPage || (firstLoad && pathname === '/')) && has('vending')) return '/machines'
  if (has('digital_health_automation') && (pathname === DIGITAL_HEALTH_LOGIN_PATH || pathname === '/')) {
    return '/digital-health'
  }
  if (pathname === '/' || onLoginPage) {
    const match = HOME_BY_INDUSTRY.find(([wanted]) => wanted.some(has))
    if (match) return match[1]
  }
  return onLoginPage ? '/' : null
}

/**
 * Where to redirect (A §4), or null to stay. Logged out: to /login, except on a login page or a reset-password
 * page. The spec names only /login, but it also sends logged-out users to /digital-health/login (failed refresh,
 * session expired), so that page must stay reachable too. Logged in: the spec's three rules, in order; a logged-in user left on a login page goes home. When a rule
 * sends a user from a login page to /, the rules for / are applied at once, so the answer is the final page (one
 * redirect instead of two).
 */
export function landingPath(input: LandingInput): string | null {
  const { loggedIn, pathname } = input
  if (!loggedIn)
    return LOGIN_PAGES.includes(pathname) || pathname.includes('/reset-password') ? null : LOGIN_PATH
  const first = step(input)
  if (first !== '/') return first
  return step({ ...input, pathname: '/', firstLoad: false }) ?? '/'
}
