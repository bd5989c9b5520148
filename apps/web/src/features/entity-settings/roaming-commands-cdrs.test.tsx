import type { Entity, OcpiCdrView, OcpiCommandView, OcpiPartner, User } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { resetSessionForTests } from '@/lib/session/session-store'
import { awaitsResult, RESULT_WAIT_MS } from './api/roaming-commands'
import { cdrFilterOf, moneyText } from './roaming-cdrs'
import { commandForm, commandTarget, CONNECTOR_NEEDS_EVSE } from './roaming-command-draft'
import { RoamingTab } from './roaming-tab'

/*
 * The Commands and CDRs cards of a partner's details (issue 17): the send form checks what the server checks, the
 * list says which commands still wait for a result, and the cards read and filter what the server answers.
 */

const USER: User = {
  user_uuid: 'u-1',
  name: 'Elena Ong',
  username: 'emsp',
  email: null,
  phone_number: null,
  image_url: null,
  status: 1,
  is_beep_admin: false,
  mfa_primary_mode: 'none',
  owned_entities: ['EMSP'],
  admin_entities: [],
  authorised_entities: ['EMSP'],
}

const ENTITY: Entity = {
  id: 1,
  code: 'EMSP',
  name: 'RoamCharge Mobility',
  industries: ['emsp'],
  roles: [],
  logo_url: null,
  preferred_identifier: null,
  ev_backend_url: null,
  parent_code: null,
  currency_code: 'SGD',
  time_zone: 'Asia/Singapore',
}

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0)

const partner = (over: Partial<OcpiPartner> = {}): OcpiPartner => ({
  id: 5,
  name: 'Spark CPO',
  status: 'connected',
  roles: [{ role: 'CPO', country_code: 'SG', party_id: 'SPK', business_name: null }],
  initiated_by: 'us',
  partner_versions_url: 'https://ocpi.spark.example/versions',
  version: '2.2.1',
  endpoints: [
    { identifier: 'locations', role: 'SENDER', url: 'https://ocpi.spark.example/2.2.1/locations' },
    { identifier: 'commands', role: 'RECEIVER', url: 'https://ocpi.spark.example/2.2.1/commands' },
  ],
  created_at: NOW - 86_400_000,
  connected_at: NOW - 86_000_000,
  last_message_at: NOW - 60_000,
  sync: [],
  ...over,
})

const command = (over: Partial<OcpiCommandView> = {}): OcpiCommandView => ({
  id: 1,
  uid: 'c-1',
  command: 'START_SESSION',
  direction: 'out',
  request: JSON.stringify({
    response_url: 'https://portal.example/ocpi/emsp/2.2.1/commands/START_SESSION/c-1',
    location_id: 'LOC1',
    evse_uid: '3256',
    connector_id: '1',
  }),
  response: 'ACCEPTED',
  result: 'ACCEPTED',
  message: null,
  token_uid: 'TOKEN-1',
  authorization_reference: null,
  session_uid: null,
  requested_by: 'Elena Ong',
  created_at: NOW - 120_000,
  updated_at: NOW - 110_000,
  ...over,
})

const cdr = (over: Partial<OcpiCdrView> = {}): OcpiCdrView => ({
  id: 1,
  cdr_id: 'CDR-1',
  direction: 'in',
  session_uid: 'sess-0001',
  start_date_time: NOW - 7_200_000,
  end_date_time: NOW - 3_600_000,
  total_energy: 15.5,
  currency: 'SGD',
  total_excl_vat: 12.34,
  total_incl_vat: 13.45,
  our_total_excl_vat: 11,
  flagged: true,
  flag_reason: 'Our pricing: 11.00 excl. VAT; the CDR says 12.34',
  created_at: NOW - 3_000_000,
  ...over,
})

/** Each field's first message, as the form shows it beside the field. */
const messages = (draft: Record<string, string>) => {
  const result = commandForm.safeParse({
    command: 'START_SESSION',
    location_id: '',
    evse_uid: '',
    connector_id: '',
    token_uid: '',
    session_id: '',
    ...draft,
  })
  const out: Record<string, string> = {}
  for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join('.')] ??= issue.message
  return out
}

describe('the send form', () => {
  it('asks for what each command needs, with the contract’s messages', () => {
    expect(messages({ location_id: ' ' })).toEqual({
      location_id: 'location_id: enter the partner’s location id',
      token_uid: 'token_uid: enter the uid of one of your tokens',
    })
    expect(messages({ command: 'STOP_SESSION', location_id: 'LOC1' })).toEqual({
      session_id: 'session_id: enter the partner’s session id',
    })
    expect(messages({ command: 'UNLOCK_CONNECTOR', location_id: 'LOC1', session_id: 'S1' })).toEqual({
      evse_uid: 'evse_uid: enter the EVSE’s uid',
      connector_id: 'connector_id: enter the connector’s id',
    })
    expect(messages({ command: 'STOP_SESSION', session_id: 'S'.repeat(37) })).toEqual({
      session_id: 'session_id: at most 36 characters',
    })
    expect(messages({ command: 'RESERVE_NOW' })).toEqual({
      command: 'command: one of START_SESSION, STOP_SESSION, UNLOCK_CONNECTOR',
    })
  })

  it('refuses a connector named without its EVSE, as the server does', () => {
    expect(messages({ location_id: 'LOC1', connector_id: '1', token_uid: 'T1' })).toEqual({
      evse_uid: CONNECTOR_NEEDS_EVSE,
    })
  })

  it('sends the chosen command’s fields only, trimmed, leaving out an empty optional id', () => {
    const draft = {
      location_id: ' LOC1 ',
      evse_uid: ' ',
      connector_id: '',
      token_uid: 'T1',
      session_id: 'left over from another command',
    }
    expect(commandForm.parse({ ...draft, command: 'START_SESSION' })).toEqual({
      command: 'START_SESSION',
      location_id: 'LOC1',
      token_uid: 'T1',
    })
    expect(commandForm.parse({ ...draft, command: 'STOP_SESSION' })).toEqual({
      command: 'STOP_SESSION',
      session_id: 'left over from another command',
    })
    expect(
      commandForm.parse({ ...draft, command: 'UNLOCK_CONNECTOR', evse_uid: '3256', connector_id: '1' }),
    ).toEqual({ command: 'UNLOCK_CONNECTOR', location_id: 'LOC1', evse_uid: '3256', connector_id: '1' })
  })
})

describe('a command in the list', () => {
  it('waits for a result only while one may come', () => {
    const at = (over: Partial<OcpiCommandView>) => awaitsResult(command(over), NOW)
    expect(at({ result: null })).toBe(true)
    // Sent, not answered yet.
    expect(at({ result: null, response: null })).toBe(true)
    expect(at({ result: 'EVSE_OCCUPIED' })).toBe(false)
    // Refused at once, or never delivered: no result will come.
    expect(at({ result: null, response: 'REJECTED' })).toBe(false)
    expect(at({ result: null, response: null, message: 'Not delivered: HTTP 503' })).toBe(false)
    // A partner that never posts its result does not keep the page polling.
    expect(at({ result: null, created_at: NOW - RESULT_WAIT_MS })).toBe(false)
  })

  it('reads its target from its OCPI body', () => {
    expect(commandTarget(command().request)).toEqual({
      kind: 'place',
      location_id: 'LOC1',
      evse_uid: '3256',
      connector_id: '1',
    })
    expect(commandTarget('{"response_url":"x","location_id":"LOC1"}')).toEqual({
      kind: 'place',
      location_id: 'LOC1',
      evse_uid: null,
      connector_id: null,
    })
    expect(commandTarget('{"response_url":"x","session_id":"S-1"}')).toEqual({
      kind: 'session',
      session_id: 'S-1',
    })
    expect(commandTarget('not json')).toBeNull()
    expect(commandTarget('[]')).toBeNull()
  })
})

describe('the CDR list’s filters and amounts', () => {
  it('reads the filters from the address, dropping what the server would refuse', () => {
    expect(cdrFilterOf(new URLSearchParams())).toEqual({ limit: 20, offset: 0 })
    expect(
      cdrFilterOf(new URLSearchParams({ cdr_direction: 'in', cdr_flagged: '1', cdr_offset: '40' })),
    ).toEqual({ direction: 'in', flagged: true, limit: 20, offset: 40 })
    expect(
      cdrFilterOf(new URLSearchParams({ cdr_direction: 'sideways', cdr_flagged: 'yes', cdr_offset: '-3' })),
    ).toEqual({ limit: 20, offset: 0 })
  })

  it('writes amounts with the currency’s own digits', () => {
    expect(moneyText(12.3, 'SGD')).toBe('SGD 12.30')
    expect(moneyText(500, 'JPY')).toBe('JPY 500')
    expect(moneyText(12.345, 'KWD')).toBe('KWD 12.345')
    expect(moneyText(1234.5, 'SGD')).toBe('SGD 1,234.50')
  })
})

interface Call {
  method: string
  path: string
  body: unknown
}
type Answer = { status?: number; body: unknown }

/** Answers `METHOD /path` (after /api/main) from `routes`; the roaming policy allows `actions`; else 404. */
function stubServer(routes: Record<string, Answer | ((body: unknown) => Answer)>, actions: string[]): Call[] {
  const calls: Call[] = []
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const url = new URL(href, 'http://localhost')
    const method = init?.method ?? 'GET'
    const path = url.pathname.replace(/^\/api\/main/, '')
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path, body })
    const json = (a: Answer) =>
      Promise.resolve(
        new Response(JSON.stringify(a.body), {
          status: a.status ?? 200,
          headers: { 'content-type': 'application/json' },
        }),
      )
    if (path === '/iam/policies/check')
      return json({
        body: { data: { allowed_action: actions.map((a) => ({ action_code: a, set_code: '*' })) } },
      })
    const route = routes[`${method} ${path}`]
    if (route === undefined)
      return json({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } })
    return json(typeof route === 'function' ? route(body) : route)
  })
  return calls
}

const noMessages: Answer = { body: { data: { messages: [], count: 0 } } }
const cdrList = (cdrs: OcpiCdrView[], count = cdrs.length): Answer => ({ body: { data: { cdrs, count } } })

function renderDetails(level: 1 | 2, query = '') {
  render(
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider
          router={createMemoryRouter([{ path: '/entity-settings', element: <RoamingTab level={level} /> }], {
            initialEntries: [`/entity-settings?tab=roaming&partner=5${query}`],
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
    user: USER,
    entityCode: 'EMSP',
    entity: ENTITY,
    viewableApps: ['iam'],
  })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.useRealTimers()
  resetSessionForTests()
  queryClient.clear()
})

describe('the Commands card', () => {
  it('lists the commands both ways with their answers, and offers nothing to send to a reader', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW)
    stubServer(
      {
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': noMessages,
        'POST /ocpi/partners/5/cdrs/filter': cdrList([]),
        'GET /ocpi/partners/5/commands': {
          body: {
            data: {
              commands: [
                command({ id: 3, result: null }),
                command({
                  id: 2,
                  command: 'STOP_SESSION',
                  direction: 'in',
                  request: '{"response_url":"x","session_id":"S-77"}',
                  response: 'UNKNOWN_SESSION',
                  result: null,
                  message: 'No session S-77',
                  requested_by: 'Spark CPO',
                }),
                command({ id: 1, result: 'EVSE_OCCUPIED', message: 'Someone is charging there' }),
              ],
            },
          },
        },
      },
      ['read'],
    )
    renderDetails(1)
    const table = await screen.findByRole('table', { name: 'Commands' })
    const rows = within(table).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(3)
    const [waiting, refused, done] = rows.map((r) => within(r))
    expect(waiting?.getByText(/Sent$/)).toBeVisible()
    expect(waiting?.getByText('Start session')).toBeVisible()
    expect(waiting?.getByText('Location LOC1')).toBeVisible()
    expect(waiting?.getByText('EVSE 3256')).toBeVisible()
    expect(waiting?.getByText('Connector 1')).toBeVisible()
    expect(waiting?.getByText('Waiting')).toHaveAttribute('data-tone', 'info')
    expect(refused?.getByText(/Received$/)).toBeVisible()
    expect(refused?.getByText('Session S-77')).toBeVisible()
    expect(refused?.getByText('Unknown session')).toBeVisible()
    expect(refused?.queryByText('Waiting')).toBeNull()
    expect(refused?.getByText('No session S-77')).toBeVisible()
    expect(done?.getByText('EVSE occupied')).toHaveAttribute('data-tone', 'warning')
    expect(done?.getByText('Someone is charging there')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Send a command' })).toBeNull()
  })

  it('offers to send only to a connected partner taking commands', async () => {
    const routes = {
      'POST /ocpi/partners/5/messages/filter': noMessages,
      'POST /ocpi/partners/5/cdrs/filter': cdrList([]),
      'GET /ocpi/partners/5/commands': { body: { data: { commands: [] } } },
    }
    stubServer({ ...routes, 'GET /ocpi/partners/5': { body: { data: partner({ endpoints: [] }) } } }, [
      'read',
      'edit',
    ])
    renderDetails(2)
    expect(await screen.findByText('No commands yet')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Send a command' })).toBeNull()

    cleanup()
    queryClient.clear()
    vi.restoreAllMocks()
    stubServer({ ...routes, 'GET /ocpi/partners/5': { body: { data: partner({ status: 'suspended' }) } } }, [
      'read',
      'edit',
    ])
    renderDetails(2)
    expect(await screen.findByText('No commands yet')).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Send a command' })).toBeNull()
  })

  it('sends a command, shows the server’s refusal beside the field, and the partner’s answer', async () => {
    const calls = stubServer(
      {
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': noMessages,
        'POST /ocpi/partners/5/cdrs/filter': cdrList([]),
        'GET /ocpi/partners/5/commands': { body: { data: { commands: [] } } },
        'POST /ocpi/partners/5/commands': (body) =>
          (body as { location_id?: string }).location_id === 'LOC9'
            ? {
                status: 400,
                body: {
                  error: {
                    code: 'BAD_REQUEST',
                    message: 'body.location_id: Spark CPO has no location LOC9',
                    issues: [{ path: 'body.location_id', message: 'Spark CPO has no location LOC9' }],
                  },
                },
              }
            : { body: { data: command({ id: 9, result: null }) } },
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderDetails(2)
    await user.click(await screen.findByRole('button', { name: 'Send a command' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Send a command' }))
    expect(dialog.getByLabelText('Command')).toHaveValue('START_SESSION')

    // Checked here first: nothing is sent until the form holds a request.
    await user.click(dialog.getByRole('button', { name: 'Send' }))
    expect(await dialog.findByText('enter the partner’s location id')).toBeVisible()
    expect(dialog.getByText('enter the uid of one of your tokens')).toBeVisible()
    expect(calls.some((c) => c.method === 'POST' && c.path === '/ocpi/partners/5/commands')).toBe(false)

    await user.type(dialog.getByLabelText('Location id'), 'LOC9')
    await user.type(dialog.getByLabelText('Token uid'), 'TOKEN-1')
    await user.click(dialog.getByRole('button', { name: 'Send' }))
    expect(await dialog.findByText('Spark CPO has no location LOC9')).toBeVisible()
    expect(dialog.getByLabelText('Location id')).toHaveAttribute('aria-invalid', 'true')

    await user.clear(dialog.getByLabelText('Location id'))
    await user.type(dialog.getByLabelText('Location id'), 'LOC1')
    await user.type(dialog.getByLabelText('EVSE uid (optional)'), '3256')
    await user.click(dialog.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Spark CPO accepted the command')).toBeVisible()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/ocpi/partners/5/commands').map((c) => c.body),
    ).toEqual([
      { command: 'START_SESSION', location_id: 'LOC9', token_uid: 'TOKEN-1' },
      { command: 'START_SESSION', location_id: 'LOC1', evse_uid: '3256', token_uid: 'TOKEN-1' },
    ])
    // The list is read again to show it.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/ocpi/partners/5/commands' && c.method === 'GET').length).toBe(
        2,
      ),
    )
  })

  it('asks for a stop’s session id, and says when the partner refuses at once', async () => {
    stubServer(
      {
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': noMessages,
        'POST /ocpi/partners/5/cdrs/filter': cdrList([]),
        'GET /ocpi/partners/5/commands': { body: { data: { commands: [] } } },
        'POST /ocpi/partners/5/commands': {
          body: {
            data: command({
              command: 'STOP_SESSION',
              response: 'UNKNOWN_SESSION',
              result: null,
              message: 'No such session',
            }),
          },
        },
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderDetails(2)
    await user.click(await screen.findByRole('button', { name: 'Send a command' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Send a command' }))
    await user.selectOptions(dialog.getByLabelText('Command'), 'STOP_SESSION')
    expect(dialog.queryByLabelText('Location id')).toBeNull()
    await user.type(dialog.getByLabelText('Session id'), 'S-1')
    await user.click(dialog.getByRole('button', { name: 'Send' }))
    expect(await screen.findByText('Spark CPO answered: Unknown session')).toBeVisible()
    expect(screen.getByText('No such session')).toBeVisible()
  })
})

describe('the CDRs card', () => {
  it('lists the CDRs with their totals and marks the ones to review', async () => {
    stubServer(
      {
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': noMessages,
        'GET /ocpi/partners/5/commands': { body: { data: { commands: [] } } },
        'POST /ocpi/partners/5/cdrs/filter': cdrList([
          cdr(),
          cdr({
            id: 2,
            cdr_id: 'CDR-2',
            direction: 'out',
            session_uid: null,
            currency: 'JPY',
            total_excl_vat: 500,
            total_incl_vat: 550,
            our_total_excl_vat: null,
            flagged: false,
            flag_reason: null,
          }),
        ]),
      },
      ['read'],
    )
    renderDetails(1)
    const table = await screen.findByRole('table', { name: 'CDRs' })
    const [flagged, sent] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r))
    expect(flagged?.getByText('CDR-1')).toBeVisible()
    expect(flagged?.getByText(/Received$/)).toBeVisible()
    expect(flagged?.getByText('sess-0001')).toBeVisible()
    expect(flagged?.getByText('15.5 kWh')).toBeVisible()
    expect(flagged?.getByText('SGD 12.34')).toBeVisible()
    expect(flagged?.getByText('SGD 13.45')).toBeVisible()
    expect(flagged?.getByText('SGD 11.00')).toBeVisible()
    const review = flagged?.getByText('Review').closest('[data-tone]')
    expect(review).toHaveAttribute('data-tone', 'warning')
    expect(review).toHaveAttribute('title', 'Our pricing: 11.00 excl. VAT; the CDR says 12.34')
    expect(sent?.getByText(/Sent$/)).toBeVisible()
    expect(sent?.getByText('JPY 500')).toBeVisible()
    expect(sent?.queryByText('Review')).toBeNull()
    // No session screen takes a uid: the session is text, not a link.
    expect(within(table).queryByRole('link')).toBeNull()
  })

  it('filters by direction and review flag, and pages', async () => {
    const calls = stubServer(
      {
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': noMessages,
        'GET /ocpi/partners/5/commands': { body: { data: { commands: [] } } },
        'POST /ocpi/partners/5/cdrs/filter': (body) => {
          const offset = (body as { offset: number }).offset
          return cdrList([cdr({ id: offset + 1, cdr_id: `CDR-${String(offset + 1)}` })], 45)
        },
      },
      ['read'],
    )
    const user = userEvent.setup()
    renderDetails(1)
    const card = within(await screen.findByRole('region', { name: 'CDRs' }))
    expect(await card.findByText('CDR-1')).toBeVisible()
    await user.selectOptions(card.getByLabelText('CDR direction'), 'in')
    await user.click(card.getByRole('checkbox', { name: 'Flagged for review' }))
    await user.click(card.getByRole('button', { name: 'Older' }))
    expect(await card.findByText('CDR-21')).toBeVisible()
    const sent = calls.filter((c) => c.path === '/ocpi/partners/5/cdrs/filter').map((c) => c.body)
    expect(sent[0]).toEqual({ limit: 20, offset: 0 })
    expect(sent.at(-1)).toEqual({ direction: 'in', flagged: true, limit: 20, offset: 20 })
    // The message log's own direction filter is still the one named Direction.
    expect(screen.getByLabelText('Direction')).toBeVisible()
  })

  it('says when there is none, and when the list failed', async () => {
    stubServer(
      {
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': noMessages,
        'GET /ocpi/partners/5/commands': {
          status: 503,
          body: { error: { code: 'UNAVAILABLE', message: 'Database unavailable' } },
        },
        'POST /ocpi/partners/5/cdrs/filter': cdrList([]),
      },
      ['read'],
    )
    renderDetails(1)
    expect(await screen.findByText('No CDRs yet')).toBeVisible()
    expect(await screen.findByText('The commands could not be loaded', {}, { timeout: 5000 })).toBeVisible()
    expect(screen.getByText('Database unavailable')).toBeVisible()
  })
})
