import axe from 'axe-core'
import type { Service, SpecCall } from '@portal/contract'
import {
  DEFAULT_SERVICE_BASES,
  matchSpecCall,
  SERVICES,
  specCallKey,
  PARAM_ROUTES,
  STATIC_ROUTES,
} from '@portal/contract'
import type { Page, Request } from '@playwright/test'
import { expect, test } from '@playwright/test'
import type { Step, Walk } from './walk-plan'

/** The spec calls a page has made, by key (`main POST /iam/users/search`), and the API calls still in flight. */
export interface CallLog {
  readonly made: ReadonlySet<string>
  readonly calls: ReadonlyMap<string, SpecCall>
  inFlight: () => number
}

const serviceBases = SERVICES.map((service) => ({ service, base: DEFAULT_SERVICE_BASES[service] }))

/** The service and the path on its base of an API request, from the default bases the server serves. */
function serviceOf(url: URL): { service: Service; path: string } | null {
  for (const { service, base } of serviceBases) {
    if (url.pathname.startsWith(`${base}/`)) return { service, path: url.pathname.slice(base.length) }
  }
  return null
}

/** Records every request the page makes to one of the portal's services, mapped to the spec call it is. */
export function recordCalls(page: Page): CallLog {
  const made = new Set<string>()
  const calls = new Map<string, SpecCall>()
  const pending = new Set<Request>()
  page.on('request', (request) => {
    const target = serviceOf(new URL(request.url()))
    if (target === null) return
    // The live stream (issue 16) is a call that lasts as long as the page: it is never "in flight" to wait for.
    if (target.service === 'main' && target.path === '/live') return
    pending.add(request)
    const spec = matchSpecCall(target.service, request.method(), target.path)
    if (spec === undefined) return
    const key = specCallKey(spec)
    made.add(key)
    calls.set(key, spec)
  })
  const done = (request: Request) => pending.delete(request)
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  return { made, calls, inFlight: () => pending.size }
}

/**
 * True once the page shows the address it is at (the shell's `main[data-location]` is written by the router's own
 * location, so a lazily loaded screen has rendered), with its heading, and nothing loading: no pending navigation
 * bar and no busy region.
 */
function pageSettled(): boolean {
  const main = document.querySelector<HTMLElement>('main#main')
  if (main === null || main.dataset.location !== `${location.pathname}${location.search}`) return false
  if (document.querySelector('[data-testid="page-pending"]') !== null) return false
  const shown = (el: Element) => el.checkVisibility()
  // The IAM list stays mounted, hidden, under a detail page (A §2): only what shows counts.
  if (![...main.querySelectorAll('h1')].some(shown)) return false
  // A busy button is an action under way (or the gallery's demonstration of one), not the page loading.
  return ![...main.querySelectorAll('[aria-busy="true"]:not(button)')].some(shown)
}

/** As long as a list may take on a busy machine; a page that has not settled by then is stuck. */
const SETTLE_MS = 15_000

/** Waits until the page has rendered the current address and its API calls have answered. */
export async function settle(page: Page, log: CallLog) {
  await page.waitForFunction(pageSettled, undefined, { timeout: SETTLE_MS })
  // Polled often: an answer usually lands within a frame or two, and the walk takes hundreds of these waits.
  await expect
    .poll(() => log.inFlight(), { message: 'API calls still in flight', intervals: [20, 50, 100] })
    .toBe(0)
  // An answer may have started another render (a detail's second call, a count after the page).
  await page.waitForFunction(pageSettled, undefined, { timeout: SETTLE_MS })
}

/**
 * Moves inside the single-page app without reloading it, as a click on an in-app link does: push the address and
 * let the router hear it. Then waits for the page to settle at it.
 */
export async function goTo(page: Page, log: CallLog, address: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to)
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }))
  }, address)
  await settle(page, log)
  expect(new URL(page.url()).pathname, `opening ${address}`).toBe(new URL(address, page.url()).pathname)
}

/** The route as a matcher of paths that fill each of its parameters (`/iam/roles/:id?` matches `/iam/roles/7`). */
function filledRoute(route: string): RegExp {
  const segments = route
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${segments.join('/')}$`)
}

/** Static paths of routes.ts: a link to one (`/inventory/skus/create`) is never a detail, whatever it matches. */
const STATIC_PATHS: readonly string[] = STATIC_ROUTES.map((r) => r.path)

/** The route of routes.ts a path opens: a static route first, as React Router ranks them, else a parameterised one. */
export function routeOf(pathname: string): string | undefined {
  if (STATIC_PATHS.includes(pathname)) return pathname
  return PARAM_ROUTES.find((route) => {
    const source = route.path
      .split('/')
      .slice(1)
      .map((segment) =>
        segment.endsWith('?') ? '(?:/[^/]+)?' : segment.startsWith(':') ? '/[^/]+' : `/${segment}`,
      )
      .join('')
    return new RegExp(`^${source}$`).test(pathname)
  })?.path
}

/**
 * Follows the first visible link of the page to `target` (see walk-plan.ts `open`), as a person clicks it, and
 * waits for the page it opens to settle. A create form's "new" is no detail and is passed over.
 */
export async function openFirst(page: Page, log: CallLog, target: string) {
  const marked = await page.evaluate(
    ({ param, pattern, staticPaths }) => {
      for (const old of document.querySelectorAll('[data-walk-open]')) old.removeAttribute('data-walk-open')
      const route = pattern === null ? null : new RegExp(pattern)
      for (const a of document.querySelectorAll<HTMLAnchorElement>('main a[href]')) {
        if (!a.checkVisibility()) continue
        const url = new URL(a.href, location.href)
        if (url.origin !== location.origin) continue
        const fits =
          param !== null
            ? url.pathname === location.pathname && url.searchParams.has(param)
            : route !== null &&
              route.test(url.pathname) &&
              !staticPaths.includes(url.pathname) &&
              !url.pathname.split('/').includes('new')
        if (!fits) continue
        a.setAttribute('data-walk-open', '')
        return `${url.pathname}${url.search}`
      }
      return null
    },
    {
      param: target.startsWith('?') ? target.slice(1) : null,
      pattern: target.startsWith('?') ? null : filledRoute(target).source,
      staticPaths: STATIC_PATHS,
    },
  )
  if (marked === null) throw new Error(`No link to ${target} on ${new URL(page.url()).pathname}`)
  const expected = new URL(marked, page.url())
  await page.locator('[data-walk-open]').click({ timeout: SETTLE_MS })
  // The click starts a navigation that may not have begun yet: wait for the address first, or `settle` could find
  // the old page settled and the walk move on from the wrong place.
  await page.waitForURL((url) => url.pathname === expected.pathname, { timeout: SETTLE_MS })
  await settle(page, log)
  expect(new URL(page.url()).pathname, `opening ${target}`).toBe(expected.pathname)
}

/** Runs one step of a walk (walk-plan.ts). */
export async function runStep(page: Page, log: CallLog, step: Step) {
  const main = page.locator('main#main')
  if ('go' in step) return goTo(page, log, step.go)
  if ('open' in step) return openFirst(page, log, step.open)
  if ('view' in step) {
    const url = new URL(page.url())
    const [name = '', value = ''] = step.view.split('=')
    url.searchParams.set(name, value)
    return goTo(page, log, `${url.pathname}${url.search}`)
  }
  const timeout = SETTLE_MS
  // A button's name may carry a sign ("+ Add role or policy"): matched as a part, the way a person reads it.
  if ('press' in step) await main.getByRole('button', { name: step.press }).click({ timeout })
  else if ('pick' in step) {
    // A list still open from the step before may cover this picker (one under the other on a phone): close it.
    if ((await main.locator('[role="combobox"][aria-expanded="true"]').count()) > 0)
      await page.keyboard.press('Escape')
    const combobox = main.getByRole('combobox', { name: step.pick, exact: true })
    await combobox.click({ timeout })
    await expect(combobox).toHaveAttribute('aria-expanded', 'true')
  } else {
    await main
      .getByRole('combobox', { name: step.choose.select, exact: true })
      .selectOption({ label: step.choose.option }, { timeout })
  }
  await settle(page, log)
}

/** Whether a step shows a new state of the page worth an axe run: a page, a dialog, a picker's open list. */
export function showsNewState(step: Step): boolean {
  return !('choose' in step)
}

/** A step as the report names it. */
export function stepName(step: Step): string {
  if ('go' in step) return step.go
  if ('open' in step) return `open ${step.open}`
  if ('view' in step) return `view ${step.view}`
  if ('press' in step) return `press ${step.press}`
  if ('pick' in step) return `pick ${step.pick}`
  return `choose ${step.choose.option} in ${step.choose.select}`
}

export interface AxeFinding {
  readonly address: string
  readonly rule: string
  readonly impact: string
  readonly targets: readonly string[]
}

/** WCAG 2.0 and 2.1, levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

type AxeWindow = Window & { axe?: typeof axe }

/**
 * Runs axe on the page as it is and returns its serious and critical violations. The engine is put into the page
 * once and then stays, since the walk never reloads the app: @axe-core/playwright's builder injects it again on
 * every run, which cost more than the run itself on most pages.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => (window as AxeWindow).axe !== undefined))) await page.evaluate(axe.source)
  const violations = await page.evaluate(async (tags) => {
    const engine = (window as AxeWindow).axe
    if (engine === undefined) throw new Error('axe is not in the page')
    const result = await engine.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })
    return result.violations.map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      targets: v.nodes.map((n) => n.target.join(' ')),
    }))
  }, WCAG_TAGS)
  const address = new URL(page.url())
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ ...v, address: `${address.pathname}${address.search}`, targets: v.targets.slice(0, 5) }))
}

/** One line per finding, so a failure reads as a list of what to fix. */
export function describeFindings(findings: readonly AxeFinding[]): string[] {
  return findings.map((f) => `${f.address}: ${f.impact} ${f.rule} on ${f.targets.join(' | ')}`)
}

/**
 * Walks a user's steps in one page load: the first address is loaded (the session is restored from the fixture's
 * cookie), every later step moves inside the app. Every request is recorded; axe runs on each page once it settles.
 */
export async function walkRoutes(page: Page, walk: Walk): Promise<{ log: CallLog; findings: AxeFinding[] }> {
  const log = recordCalls(page)
  const findings: AxeFinding[] = []
  const [first, ...rest] = walk.steps
  if (first === undefined || !('go' in first))
    throw new Error(`${walk.user}'s walk must start with an address`)
  await page.goto(first.go)
  await settle(page, log)
  findings.push(...(await axeFindings(page)))
  for (const step of rest) {
    await test.step(stepName(step), async () => {
      await runStep(page, log, step)
      if (showsNewState(step)) findings.push(...(await axeFindings(page)))
    })
  }
  return { log, findings }
}

/** The signed-out pages, each loaded afresh (there is no app to move inside), checked with axe. */
export async function walkVisitor(page: Page, addresses: readonly string[]): Promise<AxeFinding[]> {
  const findings: AxeFinding[] = []
  for (const address of addresses) {
    await page.goto(address)
    await expect(page.locator('main h1')).toBeVisible()
    findings.push(...(await axeFindings(page)))
  }
  return findings
}
