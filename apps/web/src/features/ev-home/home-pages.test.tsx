import type { CpoHome, EmspHome } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { CpoHomePage } from './cpo-home-page'
import { EmspHomePage } from './emsp-home-page'

const NOW = Date.UTC(2026, 10, 23, 4, 0, 0)
const TODAY = Date.UTC(2026, 10, 22, 16)
const MONTH = Date.UTC(2026, 9, 31, 16)

const trend = Array.from({ length: 30 }, (_, i) => ({
  day: TODAY - (29 - i) * 86_400_000,
  sessions: i,
  energy_kwh: i * 10,
  revenue: i === 0 ? [] : [{ currency: 'SGD', incl_vat: i * 5 }],
}))

const CPO_HOME: CpoHome = {
  currency: 'SGD',
  currencies: ['SGD', 'MYR'],
  generated_at: NOW,
  today: {
    from: TODAY,
    to: NOW,
    sessions: 154,
    energy_kwh: 4265.1,
    revenue: [
      { currency: 'SGD', incl_vat: 2449.83, excl_vat: 2247.5 },
      { currency: 'MYR', incl_vat: 2239.37, excl_vat: 2073.56 },
    ],
    refunded: [],
  },
  month: {
    from: MONTH,
    to: NOW,
    sessions: 3239,
    energy_kwh: 90639.4,
    revenue: [{ currency: 'SGD', incl_vat: 47473.73, excl_vat: 43553.32 }],
    refunded: [
      { currency: 'SGD', amount: 76.5 },
      { currency: 'MYR', amount: 279.45 },
    ],
  },
  active_sessions: { charging: 28, hogging: 13, total: 41 },
  trend,
  network: {
    locations: 80,
    chargers: 209,
    chargers_online: 203,
    chargers_offline: 6,
    evses: 334,
    connectors: 345,
    evses_by_status: [
      { status: 'AVAILABLE', count: 239 },
      { status: 'BLOCKED', count: 0 },
      { status: 'CHARGING', count: 95 },
    ],
  },
  top_locations: [
    {
      uid: 'loc-1',
      name: 'SparkGrid Fast Hub Geylang',
      address: '151 Geylang East Ave 1',
      sessions: 84,
      energy_kwh: 4453.1,
      revenue: [{ currency: 'SGD', incl_vat: 4149.02 }],
    },
  ],
}

const EMPTY_EMSP: EmspHome = {
  currency: 'SGD',
  currencies: ['SGD'],
  generated_at: NOW,
  today: { from: TODAY, to: NOW, sessions: 0, energy_kwh: 0, revenue: [], refunded: [] },
  month: { from: MONTH, to: NOW, sessions: 0, energy_kwh: 0, revenue: [], refunded: [] },
  active_sessions: { charging: 0, hogging: 0, total: 0 },
  trend: trend.map((p) => ({ ...p, sessions: 0, energy_kwh: 0, revenue: [] })),
  users: { total: 0, registered: 0, active_this_month: 0 },
  top_partners: [],
}

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/** Answers the home call with `answer` (status and body), and anything else 404. */
function mockServer(path: string, answer: () => { status: number; body: unknown }) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const a = urlOf(input).includes(path)
      ? answer()
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No' } } }
    return Promise.resolve(new Response(JSON.stringify(a.body), { status: a.status }))
  })
}

function renderAt(path: string, Component: () => React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path, Component },
      { path: '*', Component: () => <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  )
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>,
  )
  return router
}

function signIn(code: string, name: string, industries: string[]) {
  resetSessionForTests({
    status: 'authenticated',
    isLoggedIn: true,
    token: 't',
    entityCode: code,
    entity: {
      id: 1,
      code,
      name,
      industries,
      roles: [],
      logo_url: null,
      preferred_identifier: null,
      ev_backend_url: null,
      parent_code: null,
      currency_code: 'SGD',
      time_zone: 'Asia/Singapore',
    },
    viewableApps: ['ev'],
  })
}

describe('CPO home', () => {
  beforeEach(() => {
    queryClient.clear()
    signIn('CPO', 'SparkGrid Charging', ['cpo'])
  })
  afterEach(() => {
    vi.restoreAllMocks()
    resetSessionForTests()
    queryClient.clear()
  })

  it('shows skeletons, then the figures, each linking to the list behind it', async () => {
    mockServer('/home/cpo', () => ({ status: 200, body: { data: { summary: CPO_HOME } } }))
    renderAt('/cpo', CpoHomePage)
    expect(screen.getByRole('status', { name: 'Loading the overview' })).toBeInTheDocument()
    const today = await screen.findByRole('region', { name: 'Today' })
    expect(screen.getByText('SparkGrid Charging · charge point operator')).toBeInTheDocument()

    const sessions = within(today).getByRole('link', { name: /Sessions/ })
    expect(sessions).toHaveAttribute(
      'href',
      `/ev-charging-sessions?from=${String(TODAY)}&to=${String(NOW)}&cpo=CPO`,
    )
    expect(sessions).toHaveTextContent('154')
    expect(within(today).getByRole('link', { name: /Plugged in now/ })).toHaveAttribute(
      'href',
      '/ev-charging-sessions?status=ACTIVE&status=HOGGING&cpo=CPO',
    )
    // Money of two currencies: never added; the second under the first, then both excl. tax.
    expect(within(today).getByText('SGD 2,449.83')).toBeInTheDocument()
    expect(within(today).getByText('+ MYR 2,239.37')).toBeInTheDocument()
    expect(within(today).getByText('SGD 2,247.50 · MYR 2,073.56 excl. tax')).toBeInTheDocument()
    const month = screen.getByRole('region', { name: 'This month' })
    expect(within(month).getByText('SGD 76.50')).toBeInTheDocument()
    expect(within(month).getByText('+ MYR 279.45')).toBeInTheDocument()

    const network = screen.getByRole('region', { name: 'Network' })
    expect(within(network).getByRole('link', { name: /^Offline .*: 6$/ })).toHaveAttribute(
      'href',
      '/ev-devices?connectivity=OFFLINE',
    )
    expect(within(network).getByRole('link', { name: /^CHARGING/ })).toHaveAttribute(
      'href',
      '/charge-locations?evse_status=CHARGING&country=ALL',
    )
    // A status without EVSEs is left out of the bar and its legend.
    expect(within(network).queryByText('BLOCKED')).not.toBeInTheDocument()

    const top = screen.getByRole('table', { name: 'Top locations this month' })
    expect(within(top).getByRole('link', { name: 'SparkGrid Fast Hub Geylang' })).toHaveAttribute(
      'href',
      '/charge-locations/loc-1',
    )
    // The trend's numbers are in a table for screen readers; the revenue choice offers each currency.
    expect(screen.getByRole('radio', { name: 'Revenue (MYR)' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('radio', { name: 'Energy (kWh)' }))
    expect(screen.getByRole('radio', { name: 'Energy (kWh)' })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByText('4,350 kWh in the last 30 days')).toBeInTheDocument()
  })

  it('says so when the network is empty', async () => {
    const empty: CpoHome = {
      ...CPO_HOME,
      today: { ...CPO_HOME.today, sessions: 0, revenue: [] },
      month: { ...CPO_HOME.month, sessions: 0, revenue: [], refunded: [] },
      active_sessions: { charging: 0, hogging: 0, total: 0 },
      trend: EMPTY_EMSP.trend,
      network: {
        locations: 0,
        chargers: 0,
        chargers_online: 0,
        chargers_offline: 0,
        evses: 0,
        connectors: 0,
        evses_by_status: [],
      },
      top_locations: [],
    }
    mockServer('/home/cpo', () => ({ status: 200, body: { data: { summary: empty } } }))
    renderAt('/cpo', CpoHomePage)
    expect(await screen.findByText('No charging network yet')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to charge locations' })).toHaveAttribute(
      'href',
      '/charge-locations',
    )
  })

  it('shows the error with a retry that asks again', async () => {
    let calls = 0
    mockServer('/home/cpo', () => {
      calls++
      // The query client tries a server error once more before showing it.
      return calls <= 2
        ? { status: 500, body: { error: { code: 'INTERNAL', message: 'Database unavailable' } } }
        : { status: 200, body: { data: { summary: CPO_HOME } } }
    })
    renderAt('/cpo', CpoHomePage)
    expect(
      await screen.findByText('The overview could not be loaded', undefined, { timeout: 4000 }),
    ).toBeInTheDocument()
    expect(screen.getByText('Database unavailable')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('region', { name: 'Today' })).toBeInTheDocument()
  })

  it('shows no access on 403', async () => {
    mockServer('/home/cpo', () => ({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'No' } } }))
    renderAt('/cpo', CpoHomePage)
    expect(await screen.findByText("You don't have access to this overview")).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument()
  })
})

describe('EMSP home for an entity without customers (a fleet owner)', () => {
  beforeEach(() => {
    queryClient.clear()
    signIn('FLEET', 'Lion City Fleet Owners', ['carbon_credits_fo'])
  })
  afterEach(() => {
    vi.restoreAllMocks()
    resetSessionForTests()
    queryClient.clear()
  })

  it('says honestly there is nothing yet, without calling it an EMSP, and offers its own screens', async () => {
    mockServer('/home/emsp', () => ({ status: 200, body: { data: { summary: EMPTY_EMSP } } }))
    renderAt('/emsp', EmspHomePage)
    expect(await screen.findByText('No charging customers yet')).toBeInTheDocument()
    expect(screen.queryByText(/e-mobility service provider$/)).not.toBeInTheDocument()
    const elsewhere = screen.getByRole('navigation', { name: "Your organisation's screens" })
    expect(within(elsewhere).getByRole('link', { name: 'EV Carbon Data' })).toHaveAttribute(
      'href',
      '/ev-carbon-data',
    )
    expect(within(elsewhere).queryByRole('link', { name: 'Users' })).not.toBeInTheDocument()
  })
})
