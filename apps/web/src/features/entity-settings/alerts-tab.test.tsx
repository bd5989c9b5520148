import type { AlertRule } from '@portal/contract'
import { ALERT_KINDS, defaultAlertRule } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import type { Answer } from '@/components/alerts/alert-test-data'
import { stubAlertServer, TEST_USER } from '@/components/alerts/alert-test-data'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { AlertsTab } from './alerts-tab'
import { EntitySettingsPage } from './entity-settings-page'

// Every rule on, whatever the defaults: each test turns off what it needs.
const RULES: AlertRule[] = ALERT_KINDS.map((kind) => ({ ...defaultAlertRule(kind), enabled: true }))
const rulesAnswer: Answer = { body: { data: { rules: RULES } } }
const subscription = (email: boolean, address: string | null = 'ops@example.com'): Answer => ({
  body: { data: { email, address } },
})
/** PUT /alerts/rules/{kind} answering the rule as sent. */
const saved = (kind: string) => (body: unknown) => ({
  body: { data: { rule: { ...defaultAlertRule(kind as AlertRule['kind']), ...(body as object) } } },
})

function renderTab(element: React.ReactElement, path = '/entity-settings') {
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider
          router={createMemoryRouter([{ path: '/entity-settings', element }], { initialEntries: [path] })}
        />
      </ToastProvider>
    </QueryClientProvider>,
  )
}

const row = (name: string) => {
  const li = screen.getByText(name, { selector: 'p' }).closest('li')
  if (!li) throw new Error(`no row ${name}`)
  return within(li)
}
const puts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])

beforeEach(() => {
  queryClient.clear()
  resetSessionForTests({
    status: 'authenticated',
    isLoggedIn: true,
    token: 't',
    user: TEST_USER,
    entityCode: 'CPO',
    viewableApps: ['iam', 'payment'],
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  resetSessionForTests()
  queryClient.clear()
})

describe('AlertsTab', () => {
  it('shows one row per kind: its switch, and its threshold with the unit where it takes one', async () => {
    stubAlertServer({ 'GET /alerts/rules': rulesAnswer, 'GET /alerts/subscription': subscription(false) })
    renderTab(<AlertsTab canEdit />)
    await screen.findByText('Charger offline', { selector: 'p' })
    expect(screen.getAllByRole('switch', { name: / enabled$/ })).toHaveLength(ALERT_KINDS.length)
    expect(row('Charger offline').getByRole('spinbutton', { name: 'Charger offline threshold' })).toHaveValue(
      15,
    )
    expect(row('Charger offline').getByText('minutes')).toBeVisible()
    expect(row('No sale within opening hours').getByText('hours')).toBeVisible()
    expect(row('Slot stock low').getByText('items')).toBeVisible()
    expect(row('Connector faulted').queryByRole('spinbutton')).toBeNull()
    expect(row('Connector faulted').getByText('No threshold')).toBeVisible()
  })

  it('checks a threshold as the contract does before sending, and sends a good one', async () => {
    const { calls } = stubAlertServer({
      'GET /alerts/rules': rulesAnswer,
      'GET /alerts/subscription': subscription(false),
      'PUT /alerts/rules/charger_offline': saved('charger_offline'),
    })
    const user = userEvent.setup()
    renderTab(<AlertsTab canEdit />)
    const input = await screen.findByRole('spinbutton', { name: 'Charger offline threshold' })
    const save = () => user.click(screen.getByRole('button', { name: 'Save Charger offline' }))

    await user.clear(input)
    await user.type(input, '0')
    await save()
    expect(screen.getByText('Threshold must be between 1 and 10,080 minutes')).toBeVisible()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    await user.clear(input)
    await save()
    expect(screen.getByText('Enter a threshold in minutes')).toBeVisible()
    expect(puts(calls)).toEqual([])

    await user.type(input, '30')
    expect(input).not.toHaveAttribute('aria-invalid')
    await save()
    await waitFor(() =>
      expect(puts(calls)).toEqual([['/alerts/rules/charger_offline', { enabled: true, threshold: 30 }]]),
    )
    expect(await screen.findByText('Rule saved')).toBeVisible()
  })

  it('shows the server’s refusal beside the threshold', async () => {
    stubAlertServer({
      'GET /alerts/rules': rulesAnswer,
      'GET /alerts/subscription': subscription(false),
      'PUT /alerts/rules/machine_error': {
        status: 400,
        body: {
          error: {
            code: 'BAD_REQUEST',
            message: 'body.threshold: threshold must be between 1 and 10080 minutes',
            issues: [{ path: 'body.threshold', message: 'threshold must be between 1 and 10080 minutes' }],
          },
        },
      },
    })
    const user = userEvent.setup()
    renderTab(<AlertsTab canEdit />)
    const input = await screen.findByRole('spinbutton', { name: 'Machine in error threshold' })
    await user.clear(input)
    await user.type(input, '20')
    await user.click(screen.getByRole('button', { name: 'Save Machine in error' }))
    expect(
      await row('Machine in error').findByText('threshold must be between 1 and 10080 minutes'),
    ).toBeVisible()
  })

  it('saves every changed rule at once; a kind without a threshold sends none', async () => {
    const { calls } = stubAlertServer({
      'GET /alerts/rules': rulesAnswer,
      'GET /alerts/subscription': subscription(false),
      'PUT /alerts/rules/connector_faulted': saved('connector_faulted'),
      'PUT /alerts/rules/slot_stock_low': saved('slot_stock_low'),
    })
    const user = userEvent.setup()
    renderTab(<AlertsTab canEdit />)
    const saveAll = await screen.findByRole('button', { name: 'Save all changes' })
    expect(saveAll).toBeDisabled()
    await user.click(screen.getByRole('switch', { name: 'Connector faulted enabled' }))
    const stock = screen.getByRole('spinbutton', { name: 'Slot stock low threshold' })
    await user.clear(stock)
    await user.type(stock, '5')
    await user.click(saveAll)
    await waitFor(() =>
      expect(puts(calls).sort()).toEqual([
        ['/alerts/rules/connector_faulted', { enabled: false }],
        ['/alerts/rules/slot_stock_low', { enabled: true, threshold: 5 }],
      ]),
    )
    await waitFor(() => expect(saveAll).toBeDisabled())
  })

  it('is read-only without the edit permission; the e-mail choice stays the user’s own', async () => {
    const { calls } = stubAlertServer({
      'GET /alerts/rules': rulesAnswer,
      'GET /alerts/subscription': subscription(false),
      'PUT /alerts/subscription': subscription(true),
    })
    const user = userEvent.setup()
    renderTab(<AlertsTab canEdit={false} />)
    await screen.findByText('Charger offline', { selector: 'p' })
    for (const sw of screen.getAllByRole('switch', { name: / enabled$/ })) expect(sw).toBeDisabled()
    expect(screen.getByRole('spinbutton', { name: 'Charger offline threshold' })).toBeDisabled()
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull()

    const email = screen.getByRole('switch', { name: 'E-mail me new alerts' })
    expect(email).toHaveAccessibleDescription('Sent to ops@example.com')
    await user.click(email)
    await waitFor(() => expect(email).toHaveAttribute('aria-checked', 'true'))
    expect(puts(calls)).toEqual([['/alerts/subscription', { email: true }]])
  })

  it('says when the account has no e-mail address to send to', async () => {
    stubAlertServer({
      'GET /alerts/rules': rulesAnswer,
      'GET /alerts/subscription': subscription(false, null),
    })
    renderTab(<AlertsTab canEdit />)
    const email = await screen.findByRole('switch', { name: 'E-mail me new alerts' })
    expect(email).toHaveAccessibleDescription(/Your account has no e-mail address/)
    expect(email).toBeDisabled()
  })
})

describe('Entity settings → Alerts', () => {
  it('is a tab for users who may read alerts, opened from the address', async () => {
    stubAlertServer({ 'GET /alerts/rules': rulesAnswer, 'GET /alerts/subscription': subscription(false) }, [
      'read',
    ])
    renderTab(<EntitySettingsPage />, '/entity-settings?tab=alerts')
    const tab = await screen.findByRole('tab', { name: 'Alerts' })
    expect(tab).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText(/You can read them but not change them/)).toBeVisible()
  })

  it('has no Alerts tab for users who may not read alerts', async () => {
    stubAlertServer({}, [])
    renderTab(<EntitySettingsPage />, '/entity-settings?tab=alerts')
    await waitFor(() => expect(screen.queryByText('Loading settings…')).toBeNull())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('tab', { name: 'Alerts' })).toBeNull()
  })
})
