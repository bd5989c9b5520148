import type { Entity, OcpiIdentityData, OcpiMessage, OcpiPartner, User } from '@portal/contract'
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
import { connectForm, offerForm } from './roaming-partner-form'
import { RoamingTab } from './roaming-tab'

const USER: User = {
  user_uuid: 'u-1',
  name: 'Ravi Kumar',
  username: 'spark',
  email: null,
  phone_number: null,
  image_url: null,
  status: 1,
  is_beep_admin: false,
  mfa_primary_mode: 'none',
  owned_entities: ['SPARK'],
  admin_entities: [],
  authorised_entities: ['SPARK'],
}

const entityOf = (industries: string[]): Entity => ({
  id: 1,
  code: 'SPARK',
  name: 'Spark Charging',
  industries,
  roles: [],
  logo_url: null,
  preferred_identifier: null,
  ev_backend_url: null,
  parent_code: null,
  currency_code: 'SGD',
  time_zone: 'Asia/Singapore',
})

const IDENTITY: OcpiIdentityData = {
  identities: [{ role: 'CPO', country_code: 'SG', party_id: 'SPK' }],
  roles: ['CPO'],
  versions_url: 'https://portal.example.com/ocpi/versions',
}

const partner = (over: Partial<OcpiPartner> = {}): OcpiPartner => ({
  id: 5,
  name: 'Volt Roam',
  status: 'connected',
  roles: [{ role: 'EMSP', country_code: 'SG', party_id: 'VRM', business_name: 'Volt Roam Pte Ltd' }],
  initiated_by: 'them',
  partner_versions_url: 'https://ocpi.voltroam.example/versions',
  version: '2.2.1',
  endpoints: [
    { identifier: 'locations', role: 'RECEIVER', url: 'https://ocpi.voltroam.example/2.2.1/locations' },
    { identifier: 'tokens', role: 'SENDER', url: 'https://ocpi.voltroam.example/2.2.1/tokens' },
  ],
  created_at: 1_767_000_000_000,
  connected_at: 1_767_000_100_000,
  last_message_at: 1_767_000_600_000,
  sync: [
    {
      module: 'locations',
      last_pull_at: 1_767_000_200_000,
      last_pull_result: 'ok: 12 locations',
      last_push_at: null,
      last_push_result: null,
    },
    {
      module: 'sessions',
      last_pull_at: null,
      last_pull_result: null,
      last_push_at: 1_767_000_500_000,
      last_push_result: 'HTTP 503 from the partner',
    },
  ],
  ...over,
})

const message = (over: Partial<OcpiMessage> = {}): OcpiMessage => ({
  id: '41',
  at: 1_767_000_600_000,
  direction: 'out',
  method: 'GET',
  url: 'https://ocpi.voltroam.example/2.2.1/tokens?offset=0&limit=100',
  module: 'tokens',
  http_status: 200,
  ocpi_status: 1000,
  request_id: 'req-1',
  correlation_id: 'cor-1',
  request_body: null,
  response_body: '{"status_code":1000,"data":[]}',
  latency_ms: 120,
  error: null,
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
 * check answers `actions` for roaming/* and nothing for any other resource; anything else is a 404.
 */
function stubServer(
  routes: Record<string, Answer | ((body: unknown) => Answer | Promise<Answer>)>,
  actions: string[],
) {
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
      const allowed = asked === 'roaming/*' ? actions : []
      return json({
        body: { data: { allowed_action: allowed.map((a) => ({ action_code: a, set_code: '*' })) } },
      })
    }
    if (path === '/iam/users/u-1/child-entities/filter')
      return json({ body: { data: { entities: [], count: 0 } } })
    const route = routes[`${method} ${path}`]
    if (route === undefined)
      return json({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } })
    return typeof route === 'function' ? Promise.resolve(route(body)).then(json) : json(route)
  })
  return calls
}

const identityAnswer: Answer = { body: { data: IDENTITY } }
const listAnswer = (partners: OcpiPartner[]): Answer => ({
  body: { data: { partners, count: partners.length } },
})

function renderAt(element: ReactElement, path = '/entity-settings?tab=roaming') {
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

function signIn(industries: string[] = ['cpo']) {
  resetSessionForTests({
    status: 'authenticated',
    isLoggedIn: true,
    token: 't',
    user: USER,
    entityCode: 'SPARK',
    entity: entityOf(industries),
    viewableApps: ['iam'],
  })
}

beforeEach(() => {
  queryClient.clear()
  signIn()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  resetSessionForTests()
  queryClient.clear()
})

describe('the partner forms', () => {
  const messages = (schema: typeof offerForm | typeof connectForm, draft: unknown) => {
    const result = schema.safeParse(draft)
    const out: Record<string, string> = {}
    for (const issue of result.error?.issues ?? []) out[issue.path.map(String).join('.')] ??= issue.message
    return out
  }

  it('refuses what the server refuses, and sends the codes in capitals', () => {
    expect(
      messages(offerForm, { name: ' ', roles: [{ role: 'EMSP', country_code: 'S', party_id: 'TOOLONG' }] }),
    ).toEqual({
      name: 'name: enter the partner’s name',
      'roles.0.country_code': 'country_code: two letters (ISO 3166-1 alpha-2), like SG',
      'roles.0.party_id': 'party_id: three letters or digits, like SPK',
    })
    expect(
      offerForm.parse({ name: ' Volt ', roles: [{ role: 'EMSP', country_code: 'sg', party_id: 'vrm' }] }),
    ).toEqual({ name: 'Volt', roles: [{ role: 'EMSP', country_code: 'SG', party_id: 'VRM' }] })
    expect(messages(connectForm, { name: 'Volt', versions_url: 'not a url', token: 'a b' })).toEqual({
      versions_url: 'versions_url: enter the partner’s versions URL, like https://ocpi.example.com/versions',
      token: 'token: printable characters, no spaces',
    })
  })
})

describe('RoamingTab', () => {
  it('shows our identity and the partners, with what an editor may do with each', async () => {
    stubServer(
      {
        'GET /ocpi/identity': identityAnswer,
        'GET /ocpi/partners': listAnswer([
          partner(),
          partner({
            id: 6,
            name: 'Hub Asia',
            status: 'pending',
            roles: [{ role: 'HUB', country_code: 'MY', party_id: 'HBA', business_name: null }],
            initiated_by: 'them',
            version: null,
            partner_versions_url: null,
            endpoints: [],
            connected_at: null,
            last_message_at: null,
          }),
          partner({ id: 7, name: 'Charge Link', status: 'suspended' }),
        ]),
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={2} />)

    const identity = await screen.findByRole('region', { name: 'Our identity' })
    const parties = within(await within(identity).findByRole('table', { name: 'Our party per role' }))
    const cpo = within(parties.getByRole('rowheader', { name: /^CPO/ }).closest('tr') as HTMLElement)
    expect(cpo.getByText('SG')).toBeVisible()
    expect(cpo.getByText('SPK')).toBeVisible()
    expect(within(identity).getByLabelText('Our versions URL')).toHaveTextContent(IDENTITY.versions_url)
    await user.click(within(identity).getByRole('button', { name: 'Copy Our versions URL' }))
    expect(await navigator.clipboard.readText()).toBe(IDENTITY.versions_url)
    expect(within(identity).getByRole('button', { name: 'Edit our identity' })).toBeVisible()

    const table = await screen.findByRole('table', { name: 'Roaming partners' })
    const connected = within((await within(table).findByText('Volt Roam')).closest('tr') as HTMLElement)
    expect(connected.getByText('Connected')).toBeVisible()
    expect(connected.getByText('EMSP SG·VRM')).toBeVisible()
    expect(connected.getByText('2.2.1')).toBeVisible()
    expect(connected.getByRole('button', { name: 'Suspend Volt Roam' })).toBeVisible()
    // The name opens the partner's details (so does a click anywhere on the row but its buttons).
    expect(connected.getByRole('link', { name: 'Volt Roam' })).toHaveAttribute(
      'href',
      '/entity-settings?tab=roaming&partner=5',
    )
    const pending = within(within(table).getByText('Hub Asia').closest('tr') as HTMLElement)
    expect(pending.getByText('Pending')).toBeVisible()
    expect(pending.getByText('HUB MY·HBA')).toBeVisible()
    expect(pending.getAllByText('Never')).toHaveLength(2)
    expect(pending.queryByRole('button', { name: /^(Suspend|Resume)/ })).toBeNull()
    expect(pending.getByRole('button', { name: 'Delete Hub Asia' })).toBeVisible()
    const suspended = within(within(table).getByText('Charge Link').closest('tr') as HTMLElement)
    expect(suspended.getByText('Suspended')).toBeVisible()
    expect(suspended.getByRole('button', { name: 'Resume Charge Link' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Add partner' })).toBeVisible()
  })

  it('says how to add the first partner when there is none', async () => {
    stubServer({ 'GET /ocpi/identity': identityAnswer, 'GET /ocpi/partners': listAnswer([]) }, [
      'read',
      'edit',
    ])
    renderAt(<RoamingTab level={2} />)
    expect(await screen.findByText('No roaming partners yet')).toBeVisible()
    expect(screen.getByText(/give them a token A and our versions URL/)).toBeVisible()
    expect(screen.getByRole('button', { name: 'Add partner' })).toBeVisible()
    expect(screen.queryByRole('table', { name: 'Roaming partners' })).toBeNull()
  })

  it('shows the list’s error with a way to try again', async () => {
    // A server error is tried once more before the table shows it.
    let failures = 2
    stubServer(
      {
        'GET /ocpi/identity': identityAnswer,
        'GET /ocpi/partners': () =>
          failures-- > 0
            ? { status: 500, body: { error: { code: 'INTERNAL', message: 'The database did not answer' } } }
            : listAnswer([partner()]),
      },
      ['read'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={1} />)
    expect(await screen.findByText('The database did not answer', {}, { timeout: 5000 })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Volt Roam')).toBeVisible()
  })

  it('adds a partner that connects to us, and shows token A and our versions URL once', async () => {
    const calls = stubServer(
      {
        'GET /ocpi/identity': identityAnswer,
        'GET /ocpi/partners': listAnswer([]),
        'POST /ocpi/partners': (body) => ({
          body: {
            data: {
              ...partner({
                id: 9,
                status: 'pending',
                initiated_by: 'them',
                version: null,
                endpoints: [],
                connected_at: null,
                last_message_at: null,
              }),
              ...(body as object),
              roles: [{ role: 'EMSP', country_code: 'SG', party_id: 'VRM', business_name: null }],
              token_a: 'tok-A-shown-once-9f2c',
              versions_url: IDENTITY.versions_url,
            },
          },
        }),
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={2} />)
    await screen.findByText('No roaming partners yet')
    await user.click(screen.getByRole('button', { name: 'Add partner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add partner' })
    expect(within(dialog).getByRole('radio', { name: /The partner connects to us/ })).toBeChecked()
    await user.click(within(dialog).getByRole('button', { name: 'Create token A' }))
    expect(await within(dialog).findByText('enter the partner’s name')).toBeVisible()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    const form = within(within(dialog).getByRole('form', { name: 'The partner connects to us' }))
    await user.type(form.getByLabelText('Name'), 'Volt Roam')
    // A CPO roams with eMSPs: the first role is offered as one.
    expect(form.getByLabelText('Role')).toHaveValue('EMSP')
    await user.type(form.getByLabelText('Country code'), 'sg')
    await user.type(form.getByLabelText('Party id'), 'vrm')
    await user.click(within(dialog).getByRole('button', { name: 'Create token A' }))

    const shown = await screen.findByRole('dialog', { name: 'Copy token A now' })
    expect(within(shown).getByLabelText('Token A')).toHaveTextContent('tok-A-shown-once-9f2c')
    expect(within(shown).getByLabelText('Our versions URL')).toHaveTextContent(IDENTITY.versions_url)
    expect(within(shown).getByText(/it is not shown again/)).toBeVisible()
    await user.click(within(shown).getByRole('button', { name: 'Copy Token A' }))
    expect(await navigator.clipboard.readText()).toBe('tok-A-shown-once-9f2c')
    expect(within(shown).getByRole('button', { name: 'Copy Our versions URL' })).toBeVisible()
    expect(
      calls.filter((c) => c.method === 'POST' && c.path === '/ocpi/partners').map((c) => c.body),
    ).toEqual([{ name: 'Volt Roam', roles: [{ role: 'EMSP', country_code: 'SG', party_id: 'VRM' }] }])

    await user.click(within(shown).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.queryByText('tok-A-shown-once-9f2c')).toBeNull()
  })

  it('connects to a partner with its token A, shows its progress, and why the handshake failed', async () => {
    // The handshake takes its time: each answer waits until the test lets it go.
    const answers: ((a: Answer) => void)[] = []
    let partners: OcpiPartner[] = []
    const calls = stubServer(
      {
        'GET /ocpi/identity': identityAnswer,
        'GET /ocpi/partners': () => listAnswer(partners),
        'POST /ocpi/partners/connect': () => new Promise<Answer>((resolve) => answers.push(resolve)),
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={2} />)
    await screen.findByText('No roaming partners yet')
    await user.click(screen.getByRole('button', { name: 'Add partner' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add partner' })
    await user.click(within(dialog).getByRole('radio', { name: /We connect to the partner/ }))
    const form = within(within(dialog).getByRole('form', { name: 'We connect to the partner' }))
    expect(within(dialog).queryByRole('form', { name: 'The partner connects to us' })).toBeNull()
    await user.type(form.getByLabelText('Name'), 'Volt Roam')
    await user.type(form.getByLabelText("Partner's versions URL"), ' https://ocpi.voltroam.example/versions ')
    await user.type(form.getByLabelText('Their token A'), 'their-token-a')
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }))

    const busy = await within(dialog).findByRole('button', { name: 'Connecting…' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(within(dialog).getByText(/this can take a few seconds/)).toBeVisible()
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [
        '/ocpi/partners/connect',
        { name: 'Volt Roam', versions_url: 'https://ocpi.voltroam.example/versions', token: 'their-token-a' },
      ],
    ])
    answers[0]?.({
      status: 502,
      body: {
        error: {
          code: 'BAD_GATEWAY',
          message: 'The partner’s versions URL answered HTTP 401: token A was refused',
        },
      },
    })
    expect(
      await within(dialog).findByText('The partner’s versions URL answered HTTP 401: token A was refused'),
    ).toBeVisible()
    expect(within(dialog).getByRole('button', { name: 'Connect' })).toBeEnabled()

    // Tried again, it connects: the dialog closes and the partner is listed as connected.
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }))
    await within(dialog).findByRole('button', { name: 'Connecting…' })
    partners = [partner({ initiated_by: 'us' })]
    answers[1]?.({ body: { data: partners[0] } })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(screen.getByText('Partner connected')).toBeVisible()
    const table = await screen.findByRole('table', { name: 'Roaming partners' })
    const row = within(within(table).getByText('Volt Roam').closest('tr') as HTMLElement)
    expect(row.getByText('Connected')).toBeVisible()
  })

  it('suspends a partner, and deletes one after saying it unregisters from it', async () => {
    const calls = stubServer(
      {
        'GET /ocpi/identity': identityAnswer,
        'GET /ocpi/partners': listAnswer([partner()]),
        'PUT /ocpi/partners/5': (body) => ({ body: { data: { ...partner(), ...(body as object) } } }),
        'DELETE /ocpi/partners/5': { body: { data: { deleted: true, partner_told: false } } },
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={2} />)
    await user.click(await screen.findByRole('button', { name: 'Suspend Volt Roam' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')).toEqual([
        { method: 'PUT', path: '/ocpi/partners/5', body: { status: 'suspended' } },
      ]),
    )
    // The button acted on the row without opening the partner.
    expect(screen.getByRole('table', { name: 'Roaming partners' })).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Delete Volt Roam' }))
    const confirm = await screen.findByRole('dialog', { name: 'Unregister and delete this partner?' })
    expect(within(confirm).getByText(/We unregister from Volt Roam: the partner is told/)).toBeVisible()
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([])
    await user.click(within(confirm).getByRole('button', { name: 'Unregister and delete' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/ocpi/partners/5']),
    )
    // It was connected and did not acknowledge: the operator is told.
    expect(await screen.findByText(/Volt Roam could not be told we unregister/)).toBeVisible()
  })

  it('edits our identity, and shows the server’s refusal beside the field', async () => {
    const calls = stubServer(
      {
        'GET /ocpi/identity': identityAnswer,
        'GET /ocpi/partners': listAnswer([]),
        'PUT /ocpi/identity': {
          status: 400,
          body: {
            error: {
              code: 'BAD_REQUEST',
              message: 'body.identities.0.party_id: SG·VRM is another entity’s party',
              issues: [{ path: 'body.identities.0.party_id', message: 'SG·VRM is another entity’s party' }],
            },
          },
        },
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={2} />)
    await user.click(await screen.findByRole('button', { name: 'Edit our identity' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit our identity' })
    const party = within(dialog).getByLabelText('CPO party id')
    expect(party).toHaveValue('SPK')
    await user.clear(party)
    await user.type(party, 'vrm')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await within(dialog).findByText('SG·VRM is another entity’s party')).toBeVisible()
    expect(within(dialog).getByLabelText('CPO party id')).toHaveAttribute('aria-invalid', 'true')
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { identities: [{ role: 'CPO', country_code: 'SG', party_id: 'VRM' }] },
    ])
  })

  it('opens a partner’s details from its row', async () => {
    stubServer(
      {
        'GET /ocpi/identity': identityAnswer,
        'GET /ocpi/partners': listAnswer([partner()]),
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': { body: { data: { messages: [], count: 0 } } },
      },
      ['read'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={1} />)
    const table = await screen.findByRole('table', { name: 'Roaming partners' })
    await user.click(await within(table).findByText('2.2.1'))
    expect(await screen.findByRole('heading', { name: /Volt Roam/ })).toBeVisible()
    expect(await screen.findByRole('table', { name: 'Endpoints' })).toBeVisible()
  })

  it('offers nothing to change to a reader', async () => {
    stubServer({ 'GET /ocpi/identity': identityAnswer, 'GET /ocpi/partners': listAnswer([partner()]) }, [
      'read',
    ])
    renderAt(<RoamingTab level={1} />)
    await screen.findByText('Volt Roam')
    await screen.findByText('SPK')
    expect(screen.queryByRole('button', { name: 'Add partner' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit our identity' })).toBeNull()
    expect(screen.queryByRole('button', { name: /^(Suspend|Resume|Delete)/ })).toBeNull()
    expect(screen.getByRole('link', { name: 'Volt Roam' })).toHaveAttribute(
      'href',
      '/entity-settings?tab=roaming&partner=5',
    )
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull()
  })
})

describe('a partner’s details', () => {
  it('shows its endpoints and message log, filters the failed ones, and opens a message’s bodies', async () => {
    const failed = message({
      id: '42',
      direction: 'in',
      method: 'PUT',
      url: '/ocpi/2.2.1/sessions/SG/VRM/S-1',
      module: 'sessions',
      http_status: 200,
      ocpi_status: 2001,
      request_body: '{"id":"S-1","kwh":"oops"}',
      response_body: '{"status_code":2001,"status_message":"Invalid kwh"}',
      latency_ms: 8,
    })
    const calls = stubServer(
      {
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': (body) => {
          const onlyFailed = (body as { failed?: boolean }).failed === true
          const messages = onlyFailed ? [failed] : [failed, message()]
          return { body: { data: { messages, count: messages.length } } }
        },
      },
      ['read'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={1} />, '/entity-settings?tab=roaming&partner=5')

    expect(await screen.findByRole('heading', { name: /Volt Roam/ })).toBeVisible()
    expect(await screen.findByRole('table', { name: 'Synchronisation' })).toBeVisible()
    expect(screen.queryByRole('button', { name: /^Pull/ })).toBeNull()
    const endpoints = within(await screen.findByRole('table', { name: 'Endpoints' }))
    const locations = within(endpoints.getByText('locations').closest('tr') as HTMLElement)
    expect(locations.getByText('RECEIVER')).toBeVisible()
    expect(locations.getByText('https://ocpi.voltroam.example/2.2.1/locations')).toBeVisible()

    const log = await screen.findByRole('table', { name: 'Message log' })
    await within(log).findByText('/ocpi/2.2.1/sessions/SG/VRM/S-1')
    const rows = within(log).getAllByRole('row').slice(1)
    expect(rows).toHaveLength(2)
    const first = within(rows[0] as HTMLElement)
    expect(first.getByText(/In$/)).toBeVisible()
    expect(first.getByText('PUT')).toBeVisible()
    expect(first.getByText('sessions')).toBeVisible()
    expect(first.getByText('2001')).toBeVisible()
    expect(first.getByText('8 ms')).toBeVisible()
    expect(within(rows[1] as HTMLElement).getByText(/Out$/)).toBeVisible()
    expect(calls.filter((c) => c.path === '/ocpi/partners/5/messages/filter').map((c) => c.body)).toEqual([
      { limit: 50, offset: 0 },
    ])

    await user.click(screen.getByRole('checkbox', { name: 'Failed only' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/ocpi/partners/5/messages/filter').map((c) => c.body)).toEqual([
        { limit: 50, offset: 0 },
        { failed: true, limit: 50, offset: 0 },
      ]),
    )
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(2))

    const open = within(log).getByRole('button', { name: /^Show the bodies of the message at/ })
    expect(open).toHaveAttribute('aria-expanded', 'false')
    await user.click(open)
    expect(open).toHaveAttribute('aria-expanded', 'true')
    expect(within(log).getByLabelText('Request body')).toHaveTextContent('"kwh": "oops"')
    expect(within(log).getByLabelText('Response body')).toHaveTextContent('"status_message": "Invalid kwh"')
    expect(screen.getByRole('link', { name: /All partners/ })).toHaveAttribute(
      'href',
      '/entity-settings?tab=roaming',
    )
  })

  it('shows how each module last synchronised, and lets an editor pull one now', async () => {
    const calls = stubServer(
      {
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': { body: { data: { messages: [], count: 0 } } },
        'POST /ocpi/partners/5/sync': { body: { data: { queued: true } } },
      },
      ['read', 'edit'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={2} />, '/entity-settings?tab=roaming&partner=5')
    const sync = within(await screen.findByRole('table', { name: 'Synchronisation' }))
    const locations = within(sync.getByText('locations').closest('tr') as HTMLElement)
    expect(locations.getByText('ok: 12 locations')).toBeVisible()
    expect(locations.getByText('Never')).toBeVisible()
    const sessions = within(sync.getByText('sessions').closest('tr') as HTMLElement)
    expect(sessions.getByText('HTTP 503 from the partner')).toBeVisible()
    await user.click(screen.getByRole('button', { name: 'Pull locations now' }))
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/ocpi/partners/5/sync').map((c) => c.body)).toEqual([
        { module: 'locations' },
      ]),
    )
    expect(await screen.findByText('Pull of locations queued')).toBeVisible()
  })

  it('filters by direction and module', async () => {
    const calls = stubServer(
      {
        'GET /ocpi/partners/5': { body: { data: partner() } },
        'POST /ocpi/partners/5/messages/filter': { body: { data: { messages: [], count: 0 } } },
      },
      ['read'],
    )
    const user = userEvent.setup()
    renderAt(<RoamingTab level={1} />, '/entity-settings?tab=roaming&partner=5')
    expect(await screen.findByText('No messages yet')).toBeVisible()
    await user.selectOptions(screen.getByLabelText('Direction'), 'out')
    await user.selectOptions(screen.getByLabelText('Module'), 'cdrs')
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/ocpi/partners/5/messages/filter').at(-1)?.body).toEqual({
        direction: 'out',
        module: 'cdrs',
        limit: 50,
        offset: 0,
      }),
    )
  })
})

describe('the Roaming tab of entity settings', () => {
  it('is there for an entity playing an OCPI role and a user who may read roaming, and not otherwise', async () => {
    const routes = {
      'GET /ocpi/identity': identityAnswer,
      'GET /ocpi/partners': listAnswer([partner()]),
      'GET /alerts/rules': { body: { data: { rules: [] } } },
    }
    stubServer(routes, ['read'])
    renderAt(<EntitySettingsPage />)
    expect(await screen.findByRole('tab', { name: 'Roaming' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText('Volt Roam')).toBeVisible()
    expect(screen.getByText('View only')).toBeVisible()

    // No policy: no tab.
    cleanup()
    queryClient.clear()
    vi.restoreAllMocks()
    stubServer(routes, [])
    renderAt(<EntitySettingsPage />)
    await waitFor(() => expect(screen.queryByText('Loading entity settings')).toBeNull())
    expect(screen.queryByRole('tab', { name: 'Roaming' })).toBeNull()

    // An entity with no OCPI role: no tab, whatever the policy says.
    cleanup()
    queryClient.clear()
    vi.restoreAllMocks()
    signIn(['vending'])
    const calls = stubServer(routes, ['read', 'edit'])
    renderAt(<EntitySettingsPage />)
    await waitFor(() => expect(screen.queryByText('Loading entity settings')).toBeNull())
    expect(screen.queryByRole('tab', { name: 'Roaming' })).toBeNull()
    expect(
      calls.some((c) => (c.body as { resource_code?: string } | undefined)?.resource_code === 'roaming/*'),
    ).toBe(false)
  })
})
