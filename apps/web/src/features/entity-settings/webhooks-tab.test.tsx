import type { User, Webhook, WebhookDelivery } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { EntitySettingsPage } from './entity-settings-page'
import { webhookForm } from './webhook-form'
import { WebhooksTab } from './webhooks-tab'

const USER: User = {
  user_uuid: 'u-1',
  name: 'Vera Tan',
  username: 'vending',
  email: null,
  phone_number: null,
  image_url: null,
  status: 1,
  is_beep_admin: false,
  mfa_primary_mode: 'none',
  owned_entities: ['VEND'],
  admin_entities: [],
  authorised_entities: ['VEND'],
}

const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: 3,
  url: 'https://hooks.example.com/portal',
  events: ['machine.status', 'order.created'],
  status: 'active',
  created_at: 1_767_000_000_000,
  created_by: 'vending',
  last_delivery_at: 1_767_000_600_000,
  last_delivery_outcome: 'failed',
  ...over,
})

const attempt = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: '11',
  delivery_uuid: '6f1c6c3e-1d0b-4c55-9a4e-0f3a8e2b9d10',
  event: 'machine.status',
  attempt: 2,
  outcome: 'failed',
  http_status: 500,
  latency_ms: 84,
  response_excerpt: 'database down',
  error: 'Answered HTTP 500',
  at: 1_767_000_600_000,
  ...over,
})

interface Call {
  method: string
  path: string
  body: unknown
}
type Answer = { status?: number; body: unknown }

/**
 * A fetch stub: `routes` maps `METHOD /path` (after /api/main) to an answer or a function of the body; the policy
 * check answers `actions` for every resource; anything else is a 404.
 */
function stubServer(routes: Record<string, Answer | ((body: unknown) => Answer)>, actions: string[]) {
  const calls: Call[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const url = new URL(href, 'http://localhost')
    const method = init?.method ?? 'GET'
    const path = url.pathname.replace(/^\/api\/main/, '')
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path: `${path}${url.search}`, body })
    const json = (a: Answer) =>
      Promise.resolve(
        new Response(JSON.stringify(a.body), {
          status: a.status ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
    if (path === '/iam/policies/check') {
      const asked = (body as { resource_code?: string } | undefined)?.resource_code
      const allowed = asked === 'webhooks/*' ? actions : []
      return json({
        body: { data: { allowed_action: allowed.map((a) => ({ action_code: a, set_code: '*' })) } },
      })
    }
    if (path === '/iam/users/u-1/child-entities/filter')
      return json({ body: { data: { entities: [], count: 0 } } })
    const route = routes[`${method} ${path}`]
    if (route === undefined)
      return json({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } })
    return json(typeof route === 'function' ? route(body) : route)
  })
  return calls
}

const listAnswer = (webhooks: Webhook[]): Answer => ({ body: { data: { webhooks, count: webhooks.length } } })

function renderAt(element: ReactElement, path = '/entity-settings?tab=webhooks') {
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

beforeEach(() => {
  queryClient.clear()
  resetSessionForTests({
    status: 'authenticated',
    isLoggedIn: true,
    token: 't',
    user: USER,
    entityCode: 'VEND',
    viewableApps: ['iam'],
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  resetSessionForTests()
  queryClient.clear()
})

describe('the add form', () => {
  const messages = (draft: { url: string; events: string[] }) => {
    const result = webhookForm.safeParse(draft)
    const out: Record<string, string> = {}
    for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join('.')] ??= issue.message
    return out
  }

  it('refuses what the server refuses, beside the field', () => {
    expect(messages({ url: '', events: [] })).toEqual({
      url: 'Enter the address the events are sent to',
      events: 'Choose at least one event',
    })
    expect(messages({ url: 'ftp://example.com/x', events: ['machine.status'] })).toEqual({
      url: 'Use an http:// or https:// address',
    })
    expect(messages({ url: 'https://me:pw@example.com/x', events: ['machine.status'] })).toEqual({
      url: 'Leave the user name and password out of the address',
    })
  })

  it('sends the address trimmed and the events as ticked', () => {
    expect(webhookForm.parse({ url: '  https://example.com/h ', events: ['order.created'] })).toEqual({
      url: 'https://example.com/h',
      events: ['order.created'],
    })
  })
})

describe('WebhooksTab', () => {
  it('lists the webhooks with their status and last delivery, and what an editor may do with each', async () => {
    stubServer(
      {
        'GET /webhooks': listAnswer([
          hook(),
          hook({
            id: 4,
            url: 'https://b.example/h',
            status: 'paused',
            last_delivery_at: null,
            last_delivery_outcome: null,
          }),
        ]),
      },
      ['read', 'edit'],
    )
    renderAt(<WebhooksTab level={2} />)
    const table = await screen.findByRole('table', { name: 'Webhooks' })
    const first = within(
      (await within(table).findByText('https://hooks.example.com/portal')).closest('tr') as HTMLElement,
    )
    expect(first.getByText('machine.status, order.created')).toBeVisible()
    expect(first.getByText('Active')).toBeVisible()
    expect(first.getByText('Failed')).toBeVisible()
    expect(
      first.getByRole('button', { name: 'Pause the webhook to https://hooks.example.com/portal' }),
    ).toBeVisible()
    expect(
      first.getByRole('link', { name: 'Deliveries of the webhook to https://hooks.example.com/portal' }),
    ).toHaveAttribute('href', '/entity-settings?tab=webhooks&webhook=3')
    const second = within(within(table).getByText('https://b.example/h').closest('tr') as HTMLElement)
    expect(second.getByText('Paused')).toBeVisible()
    expect(second.getByText('Never')).toBeVisible()
    expect(second.getByRole('button', { name: 'Resume the webhook to https://b.example/h' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeVisible()
  })

  it('offers only the delivery log to a reader', async () => {
    stubServer({ 'GET /webhooks': listAnswer([hook()]) }, ['read'])
    renderAt(<WebhooksTab level={1} />)
    await screen.findByText('https://hooks.example.com/portal')
    expect(screen.queryByRole('button', { name: 'Add webhook' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Pause/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull()
    expect(screen.getByRole('link', { name: /^Deliveries of/ })).toBeVisible()
  })

  it('adds a webhook and shows its secret once, saying it will not be shown again', async () => {
    const calls = stubServer(
      {
        'GET /webhooks': listAnswer([]),
        'POST /webhooks': (body) => ({
          body: {
            data: {
              ...hook({
                id: 9,
                url: 'https://new.example/h',
                events: ['session.stopped'],
                last_delivery_at: null,
                last_delivery_outcome: null,
              }),
              secret: 'whsec_shown-once',
              ...(body as object),
            },
          },
        }),
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<WebhooksTab level={2} />)
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' })
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(await within(dialog).findByText('Enter the address the events are sent to')).toBeVisible()
    expect(within(dialog).getByText('Choose at least one event')).toBeVisible()
    // Nothing sent to the webhooks (the table's saved-views menu reads its views with a POST of its own).
    expect(calls.filter((c) => c.method === 'POST' && c.path.startsWith('/webhooks'))).toEqual([])

    await user.type(within(dialog).getByLabelText('Address'), 'https://new.example/h')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Charging session stopped' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    const secret = await screen.findByRole('dialog', { name: 'Copy the signing secret now' })
    expect(within(secret).getByLabelText('Signing secret')).toHaveTextContent('whsec_shown-once')
    expect(within(secret).getByText(/You will not see this secret again/)).toBeVisible()
    expect(within(secret).getByRole('button', { name: 'Copy' })).toBeVisible()
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/webhooks').map((c) => c.body)).toEqual([
      { url: 'https://new.example/h', events: ['session.stopped'] },
    ])
  })

  it('shows the server’s refusal of the address beside the field', async () => {
    stubServer(
      {
        'GET /webhooks': listAnswer([]),
        'POST /webhooks': {
          status: 400,
          body: {
            error: {
              code: 'BAD_REQUEST',
              message: 'body.url: 10.0.0.7 is a private address, which webhooks may not reach',
              issues: [
                { path: 'body.url', message: '10.0.0.7 is a private address, which webhooks may not reach' },
              ],
            },
          },
        },
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<WebhooksTab level={2} />)
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' })
    await user.type(within(dialog).getByLabelText('Address'), 'http://10.0.0.7/h')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Machine status changed' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create' }))
    expect(
      await within(dialog).findByText('10.0.0.7 is a private address, which webhooks may not reach'),
    ).toBeVisible()
    expect(within(dialog).getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true')
  })

  it('pauses a webhook, and deletes one after asking', async () => {
    const calls = stubServer(
      {
        'GET /webhooks': listAnswer([hook()]),
        'PUT /webhooks/3': (body) => ({ body: { data: { ...hook(), ...(body as object) } } }),
        'DELETE /webhooks/3': { body: { data: { deleted: true } } },
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<WebhooksTab level={2} />)
    await user.click(await screen.findByRole('button', { name: /^Pause the webhook/ }))
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/webhooks/3', body: { status: 'paused' } },
      ]),
    )
    await user.click(screen.getByRole('button', { name: /^Delete the webhook/ }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' })
    expect(
      within(confirm).getByText(/Nothing more is sent to https:\/\/hooks.example.com\/portal/),
    ).toBeVisible()
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/webhooks/3']),
    )
  })

  it('shows a webhook’s delivery log when the address names it, and redelivers one', async () => {
    const calls = stubServer(
      {
        'GET /webhooks': listAnswer([hook()]),
        'GET /webhooks/3/deliveries': {
          body: {
            data: {
              deliveries: [
                attempt({
                  id: '12',
                  attempt: 3,
                  outcome: 'pending',
                  http_status: null,
                  latency_ms: null,
                  error: null,
                  response_excerpt: null,
                }),
                attempt(),
                attempt({
                  id: '10',
                  attempt: 1,
                  outcome: 'failed',
                  error: 'Timed out after 10 s',
                  http_status: null,
                  latency_ms: 10_000,
                  response_excerpt: null,
                }),
              ],
              count: 3,
              count_capped: false,
            },
          },
        },
        [`POST /webhooks/3/deliveries/${attempt().delivery_uuid}/redeliver`]: {
          body: {
            data: attempt({
              id: '12',
              attempt: 3,
              outcome: 'pending',
              http_status: null,
              latency_ms: null,
              error: null,
              response_excerpt: null,
            }),
          },
        },
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<WebhooksTab level={2} />, '/entity-settings?tab=webhooks&webhook=3')
    const table = await screen.findByRole('table', { name: 'Deliveries' })
    await within(table).findByText('Timed out after 10 s')
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    // The queued attempt says when it is due, and is not sent again while it waits.
    const pending = within(rows[0] as HTMLElement)
    expect(pending.getByText(/^Due /)).toBeVisible()
    expect(pending.getByText('Pending')).toBeVisible()
    expect(pending.queryByRole('button')).toBeNull()
    const latest = within(rows[1] as HTMLElement)
    expect(latest.getByText('machine.status')).toBeVisible()
    expect(latest.getByText('500')).toBeVisible()
    expect(latest.getByText('84 ms')).toBeVisible()
    expect(latest.getByText('Answered HTTP 500 · database down')).toBeVisible()
    expect(within(rows[2] as HTMLElement).getByText('Timed out after 10 s')).toBeVisible()
    expect(calls.some((c) => c.path === '/webhooks/3/deliveries?limit=25&offset=0')).toBe(true)
    await user.click(latest.getByRole('button', { name: `Send delivery ${attempt().delivery_uuid} again` }))
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
        `/webhooks/3/deliveries/${attempt().delivery_uuid}/redeliver`,
      ]),
    )
    expect(screen.getByRole('link', { name: /All webhooks/ })).toHaveAttribute(
      'href',
      '/entity-settings?tab=webhooks',
    )
  })
})

describe('the Webhooks tab of entity settings', () => {
  it('is there for a user who may read webhooks, and not for one who may not', async () => {
    stubServer(
      { 'GET /webhooks': listAnswer([hook()]), 'GET /alerts/rules': { body: { data: { rules: [] } } } },
      ['read'],
    )
    renderAt(<EntitySettingsPage />)
    expect(await screen.findByRole('tab', { name: 'Webhooks' })).toHaveAttribute('aria-selected', 'true')
    cleanup()
    queryClient.clear()
    vi.restoreAllMocks()
    stubServer({ 'GET /alerts/rules': { body: { data: { rules: [] } } } }, [])
    renderAt(<EntitySettingsPage />)
    await waitFor(() => expect(screen.queryByText('Loading entity settings')).toBeNull())
    expect(screen.queryByRole('tab', { name: 'Webhooks' })).toBeNull()
  })
})
