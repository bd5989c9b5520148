import type { Alert, AlertActivity } from '@portal/contract'
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
import { AlertPage } from './alert-page'

const RAISED: AlertActivity = {
  id: 1,
  action: 'raised',
  at: 1_767_000_000_000,
  username: null,
  text: 'Offline since 02:10',
}

const detail = (alert: Alert, activity: AlertActivity[]) => ({ body: { data: { alert, activity } } })

function renderPage(path = '/alerts/1') {
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider
          router={createMemoryRouter([{ path: '/alerts/:id', element: <AlertPage /> }], {
            initialEntries: [path],
          })}
        />
      </ToastProvider>
    </QueryClientProvider>,
  )
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
  cleanup()
  vi.restoreAllMocks()
  resetSessionForTests()
  queryClient.clear()
})

describe('AlertPage', () => {
  it('shows the alert and its activity, the server as System', async () => {
    const comment: AlertActivity = {
      id: 2,
      action: 'commented',
      at: RAISED.at + 60_000,
      username: 'ops',
      text: 'On it',
    }
    stubAlertServer({ 'GET /alerts/1': detail(alertOf({ comments: 1 }), [comment, RAISED]) })
    renderPage()
    expect(await screen.findByRole('heading', { level: 1, name: 'Charger offline' })).toBeVisible()
    const overview = screen.getByRole('region', { name: 'Overview' })
    expect(within(overview).getByText('Offline since 02:10')).toBeVisible()
    expect(within(overview).getByRole('link', { name: 'CP-0001' })).toHaveAttribute(
      'href',
      '/ev-devices/CP-0001',
    )
    const steps = within(screen.getByRole('region', { name: 'Activity' })).getAllByRole('listitem')
    expect(steps.map((s) => s.textContent)).toEqual([
      expect.stringMatching(/^Raised by System.*Offline since 02:10$/),
      expect.stringMatching(/^Commented by ops.*On it$/),
    ])
  })

  it('acknowledges with the comment written, and shows the alert as the server answers it', async () => {
    const acknowledged = alertOf({
      status: 'acknowledged',
      acknowledged_at: RAISED.at + 120_000,
      acknowledged_by: 'ops',
    })
    const { calls } = stubAlertServer({
      'GET /alerts/1': detail(alertOf(), [RAISED]),
      'POST /alerts/1/acknowledge': detail(acknowledged, [
        RAISED,
        {
          id: 3,
          action: 'acknowledged',
          at: RAISED.at + 120_000,
          username: 'ops',
          text: 'Sent a technician',
        },
      ]),
    })
    const user = userEvent.setup()
    renderPage()
    await user.type(await screen.findByLabelText('Comment'), 'Sent a technician')
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }))
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Activity' }))
          .getAllByRole('listitem')
          .at(-1)?.textContent,
      ).toMatch(/^Acknowledged by ops.*Sent a technician$/),
    )
    expect(await screen.findByText('Alert acknowledged')).toBeVisible()
    expect(calls.find((c) => c.path === '/alerts/1/acknowledge')?.body).toEqual({
      comment: 'Sent a technician',
    })
    // Acknowledged: it can still be resolved and commented, not acknowledged again.
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeVisible()
    expect(screen.getByLabelText('Comment')).toHaveValue('')
  })

  it('asks for the text of a comment before sending it, and shows the server’s refusal by the field', async () => {
    const { calls } = stubAlertServer({
      'GET /alerts/1': detail(alertOf(), [RAISED]),
      'POST /alerts/1/comments': {
        status: 400,
        body: {
          error: {
            code: 'BAD_REQUEST',
            message: 'body.text: text is too long',
            issues: [{ path: 'body.text', message: 'text is too long' }],
          },
        },
      },
    })
    const user = userEvent.setup()
    renderPage()
    await user.click(await screen.findByRole('button', { name: 'Add comment' }))
    expect(screen.getByText('Write a comment first')).toBeVisible()
    expect(calls.some((c) => c.path === '/alerts/1/comments')).toBe(false)
    await user.type(screen.getByLabelText('Comment'), 'x')
    await user.click(screen.getByRole('button', { name: 'Add comment' }))
    expect(await screen.findByText('text is too long')).toBeVisible()
    expect(screen.getByLabelText('Comment')).toHaveAttribute('aria-invalid', 'true')
  })

  it('offers no action to a user who may only read alerts', async () => {
    stubAlertServer({ 'GET /alerts/1': detail(alertOf(), [RAISED]) }, ['read'])
    renderPage()
    expect(await screen.findByText('You can read this alert but not act on it.')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull()
    expect(screen.queryByLabelText('Comment')).toBeNull()
  })

  it('says an unknown alert is not found', async () => {
    stubAlertServer({})
    renderPage('/alerts/99')
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Alert not found' })).toBeVisible(),
    )
  })
})
