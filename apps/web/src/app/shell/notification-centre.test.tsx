import type { Alert, LiveEvent } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { alertOf, stubAlertServer, TEST_USER } from '@/components/alerts/alert-test-data'
import { ToastProvider } from '@/components/ui/toast/toast'
import type { LiveListener } from '@/lib/live/live-connection'
import { live } from '@/lib/live/live-store'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { badgeText, NotificationCentre } from './notification-centre'

function summary(open: number, latest: Alert[] = [], acknowledged = 0) {
  return { body: { data: { open, acknowledged, latest } } }
}

function renderBell() {
  const router = createMemoryRouter(
    [
      { path: '/', element: <NotificationCentre /> },
      { path: '/alerts', element: <h1>Alerts list</h1> },
      { path: '/alerts/:id', element: <h1>Alert page</h1> },
    ],
    { initialEntries: ['/'] },
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

beforeEach(() => {
  queryClient.clear()
  resetSessionForTests({
    status: 'authenticated',
    isLoggedIn: true,
    token: 't',
    user: TEST_USER,
    entityCode: 'CPO',
    viewableApps: ['iam'],
  })
})
afterEach(() => {
  // Unmounted first: a cache cleared under a mounted list would ask the real network again.
  cleanup()
  vi.restoreAllMocks()
  resetSessionForTests()
  queryClient.clear()
})

describe('NotificationCentre', () => {
  it('shows the open count on the bell, names it for screen readers, and lists the newest alerts', async () => {
    const latest = [
      alertOf({
        id: 7,
        kind: 'machine_error',
        severity: 'critical',
        subject: 'Lobby Snacks',
        message: 'Error',
      }),
      alertOf({
        id: 8,
        kind: 'slot_stock_low',
        severity: 'warning',
        subject: 'Gym Drinks',
        message: 'Slot 3 at 1',
      }),
    ]
    stubAlertServer({ 'GET /alerts/summary': summary(3, latest, 2) })
    const user = userEvent.setup()
    const router = renderBell()
    const bell = await screen.findByRole('button', { name: 'Alerts: 3 open' })
    expect(bell).toHaveAttribute('data-testid', 'alert-bell')
    expect(screen.getByTestId('alert-count')).toHaveTextContent('3')

    await user.click(bell)
    const panel = screen.getByRole('dialog', { name: 'Alerts' })
    expect(within(panel).getByRole('heading', { name: 'Alerts' })).toBeVisible()
    expect(within(panel).getByText('3 open · 2 acknowledged')).toBeVisible()
    const first = within(panel).getByRole('link', { name: /Machine in error/ })
    expect(first).toHaveAttribute('href', '/alerts/7')
    expect(first).toHaveTextContent('Lobby Snacks')
    expect(first).toHaveTextContent('Critical')
    expect(within(panel).getByRole('link', { name: /Slot stock low/ })).toHaveTextContent('Warning')
    expect(within(panel).getByRole('link', { name: 'See all alerts' })).toHaveAttribute('href', '/alerts')

    await user.click(first)
    expect(router.state.location.pathname).toBe('/alerts/7')
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('hides the badge at zero and caps it at 99+', async () => {
    expect(badgeText(99)).toBe('99')
    expect(badgeText(100)).toBe('99+')
    stubAlertServer({ 'GET /alerts/summary': summary(0) })
    renderBell()
    const bell = await screen.findByRole('button', { name: 'Alerts: none open' })
    expect(bell).toBeVisible()
    await waitFor(() => expect(bell).toHaveAttribute('data-count', '0'))
    expect(screen.queryByTestId('alert-count')).toBeNull()
  })

  it('shows "99+" past 99 open alerts, in the name as on the badge, and the number in the tooltip', async () => {
    stubAlertServer({ 'GET /alerts/summary': summary(1234) })
    renderBell()
    const bell = await screen.findByRole('button', { name: 'Alerts: 99+ open' })
    expect(bell).toBeVisible()
    expect(bell).toHaveAttribute('title', 'Alerts: 1,234 open')
    expect(screen.getByTestId('alert-count')).toHaveTextContent('99+')
  })

  it('is not shown to a user who may not read alerts, and asks nothing of the alerts', async () => {
    const { calls } = stubAlertServer({ 'GET /alerts/summary': summary(5) }, [])
    renderBell()
    await waitFor(() => expect(calls.some((c) => c.path === '/iam/policies/check')).toBe(true))
    // The check has answered: still no bell, and the summary was never asked for.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('alert-bell')).toBeNull()
    expect(calls.some((c) => c.path === '/alerts/summary')).toBe(false)
  })

  it('reads the count again when an alert is raised, without a reload', async () => {
    const listeners: LiveListener[] = []
    vi.spyOn(live, 'onEvent').mockImplementation((listener) => {
      listeners.push(listener)
      return () => undefined
    })
    let open = 1
    stubAlertServer({ 'GET /alerts/summary': () => summary(open) })
    renderBell()
    expect(await screen.findByRole('button', { name: 'Alerts: 1 open' })).toBeVisible()
    open = 2
    const raised: LiveEvent = { id: '41', name: 'alert.raised', data: { alert_id: 9 } }
    for (const listener of listeners) listener(raised)
    expect(await screen.findByRole('button', { name: 'Alerts: 2 open' }, { timeout: 4000 })).toBeVisible()
    expect(screen.getByTestId('alert-count')).toHaveTextContent('2')
  })
})
