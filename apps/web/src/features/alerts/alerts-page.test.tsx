import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { alertOf, stubAlertServer, TEST_USER } from '@/components/alerts/alert-test-data'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { AlertsPage } from './alerts-page'

const ROWS = [
  alertOf({ id: 1 }),
  alertOf({
    id: 2,
    kind: 'slot_stock_low',
    severity: 'warning',
    status: 'resolved',
    subject: 'Lobby Snacks',
    subject_path: '/machines/12',
    machine_id: 12,
    charge_point: null,
    message: 'Slots 3, 7 below 2',
    acknowledged_at: 1_767_001_000_000,
    acknowledged_by: 'ops.lead',
    resolved_at: 1_767_002_000_000,
    resolved_by: null,
    comments: 2,
  }),
]

function renderPage(path = '/alerts') {
  const router = createMemoryRouter(
    [
      { path: '/alerts', element: <AlertsPage /> },
      { path: '/alerts/:id', element: <h1>Alert page</h1> },
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

const filterBodies = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === '/alerts/filter').map((c) => c.body)

beforeEach(() => {
  queryClient.clear()
  window.localStorage.clear()
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

describe('AlertsPage', () => {
  it('lists the unresolved alerts by default, with its columns, links and total', async () => {
    const { calls } = stubAlertServer({
      'POST /alerts/filter': { body: { data: { alerts: ROWS, count: 42 } } },
    })
    renderPage()
    expect(await screen.findByText('42 alerts')).toBeVisible()
    const table = screen.getByRole('table', { name: 'Alerts' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent)
      // The row-selection column (bulk actions) has no text.
      .filter((h) => h !== '')
    expect(headers).toEqual([
      'Alert',
      'Severity',
      'Status',
      'Subject',
      'Message',
      expect.stringContaining('Raised at'),
      'Last seen',
      'Acknowledged by',
      'Resolved',
      'Comments',
    ])
    expect(within(table).getByRole('link', { name: 'Charger offline' })).toHaveAttribute('href', '/alerts/1')
    expect(within(table).getByRole('link', { name: 'CP-0001' })).toHaveAttribute(
      'href',
      '/ev-devices/CP-0001',
    )
    expect(within(table).getByRole('link', { name: 'Lobby Snacks' })).toHaveAttribute('href', '/machines/12')
    const second = within(table).getByRole('link', { name: 'Slot stock low' }).closest('tr')
    expect(second).not.toBeNull()
    const cells = within(second as HTMLElement)
    expect(cells.getByText('Warning')).toBeVisible()
    expect(cells.getByText('Resolved')).toBeVisible()
    expect(cells.getByText('ops.lead')).toBeVisible()
    expect(cells.getByText('Resolved by itself')).toBeVisible()
    expect(cells.getByRole('cell', { name: '2' })).toBeVisible()
    expect(screen.getByRole('button', { name: /Export/ })).toBeVisible()
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveDisplayValue('Open and acknowledged')
    expect(filterBodies(calls)).toEqual([
      { status: ['open', 'acknowledged'], sort: 'raised_at', order: 'desc', limit: 20, offset: 0 },
    ])
  })

  it('keeps the filters in the URL and sends them', async () => {
    const { calls } = stubAlertServer({
      'POST /alerts/filter': { body: { data: { alerts: ROWS, count: 2 } } },
    })
    const user = userEvent.setup()
    const router = renderPage()
    await screen.findByText('2 alerts')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Resolved')
    await waitFor(() => expect(router.state.location.search).toBe('?status=resolved'))
    await user.click(screen.getByRole('button', { name: /^Severity/ }))
    await user.click(screen.getByRole('checkbox', { name: 'Critical' }))
    await waitFor(() => expect(router.state.location.search).toBe('?status=resolved&severity=critical'))
    await waitFor(() =>
      expect(filterBodies(calls).at(-1)).toEqual({
        status: ['resolved'],
        severity: ['critical'],
        sort: 'raised_at',
        order: 'desc',
        limit: 20,
        offset: 0,
      }),
    )
  })

  it('narrows to the machine of the URL (its page’s link), names it, and widens again', async () => {
    const { calls } = stubAlertServer({
      'POST /alerts/filter': (body) => ({
        body: {
          data: {
            alerts: (body as { machine_id?: number }).machine_id === 12 ? [ROWS[1]] : ROWS,
            count: (body as { machine_id?: number }).machine_id === 12 ? 1 : 2,
          },
        },
      }),
    })
    const user = userEvent.setup()
    const router = renderPage('/alerts?machine_id=12')
    expect(await screen.findByText('Machine: Lobby Snacks')).toBeVisible()
    expect(filterBodies(calls)[0]).toMatchObject({ machine_id: 12, status: ['open', 'acknowledged'] })
    await user.click(screen.getByRole('button', { name: 'Remove the filter Machine: Lobby Snacks' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByText('2 alerts')).toBeVisible()
    expect(filterBodies(calls).at(-1)).not.toHaveProperty('machine_id')
  })

  it('shows the no-access state on a 403', async () => {
    stubAlertServer({
      'POST /alerts/filter': { status: 403, body: { error: { code: 'FORBIDDEN', message: 'No access' } } },
    })
    renderPage()
    expect(await screen.findByText("You don't have access to this list")).toBeVisible()
  })

  it('says why a raised range that ends before it starts is not sent', async () => {
    const { calls } = stubAlertServer({ 'POST /alerts/filter': { body: { data: { alerts: [], count: 0 } } } })
    renderPage('/alerts?raised_from=2026-11-05&raised_to=2026-11-01')
    expect(await screen.findByText(/The raised range ends before it starts/)).toBeVisible()
    expect(filterBodies(calls)).toEqual([])
  })
})
