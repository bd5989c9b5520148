import type { Entity, MyEntity, User } from '@portal/contract'
import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { queryClient } from '@/lib/query-client'
import { getSession, resetSessionForTests } from '@/lib/session/session-store'
import { MyTeamsPage } from './my-teams-page'
import { filterTeams, orderTeams } from './team-filter'
import { TeamList } from './team-list'

function entity(code: string, name: string, industries: string[], relation: number | null): MyEntity {
  return {
    id: code.length,
    code,
    name,
    industries,
    relation,
    logo_url: null,
    preferred_identifier: null,
    ev_backend_url: null,
    roles: [],
    parent_code: null,
    currency_code: 'SGD',
    time_zone: 'Asia/Singapore',
  }
}

const VEND = entity('VEND', 'Kopi & Snacks Vending Pte Ltd', ['vending'], 0)
const CPO = entity('CPO', 'SparkGrid Charging', ['cpo', 'carbon_credits_cpo', 'ev-kiosk', 'emsp'], 1)
const EMSP = entity('EMSP', 'RoamCharge Mobility', ['emsp'], 2)
const CRX = entity('CRX', 'Carbon Exchange Asia', ['carbon_credits_crx'], null)
const ALL = [CPO, CRX, VEND, EMSP]

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
  admin_entities: ['CPO'],
  authorised_entities: ['EMSP'],
}

describe('team filter', () => {
  it('finds by name or code, ignoring case and accents', () => {
    expect(filterTeams(ALL, 'spark').map((e) => e.code)).toEqual(['CPO'])
    expect(filterTeams(ALL, ' vend ').map((e) => e.code)).toEqual(['VEND'])
    expect(filterTeams([entity('CAFE', 'Café Olé', [], 0)], 'cafe ole')).toHaveLength(1)
    expect(filterTeams(ALL, '')).toHaveLength(4)
    expect(filterTeams(ALL, 'nothing')).toEqual([])
  })

  it('puts the current entity first and keeps the others in order', () => {
    expect(orderTeams(ALL, 'VEND').map((e) => e.code)).toEqual(['VEND', 'CPO', 'CRX', 'EMSP'])
    expect(orderTeams(ALL, null).map((e) => e.code)).toEqual(['CPO', 'CRX', 'VEND', 'EMSP'])
  })
})

describe('TeamList', () => {
  const renderList = (pendingCode: string | null = null) => {
    const onSwitch = vi.fn()
    render(
      <TeamList
        label="My teams"
        entities={orderTeams(ALL, 'VEND')}
        currentCode="VEND"
        pendingCode={pendingCode}
        onSwitch={onSwitch}
      />,
    )
    const rows = within(screen.getByRole('list', { name: 'My teams' })).getAllByRole('listitem', {
      name: (_, el) => el.hasAttribute('data-code'),
    })
    const row = (code: string) => {
      const found = rows.find((r) => r.getAttribute('data-code') === code)
      if (!found) throw new Error(`no row ${code}`)
      return found
    }
    return { onSwitch, rows, row }
  }

  it('shows each entity with its initials, name, code, industries and relation', () => {
    const { rows, row } = renderList()
    expect(rows.map((r) => r.getAttribute('data-code'))).toEqual(['VEND', 'CPO', 'CRX', 'EMSP'])
    const cpo = within(row('CPO'))
    expect(cpo.getByRole('img', { name: 'SparkGrid Charging' })).toHaveTextContent('SC')
    expect(cpo.getByText('SparkGrid Charging')).toBeInTheDocument()
    expect(cpo.getByText('CPO', { selector: 'p' })).toBeInTheDocument()
    const industries = within(cpo.getByRole('list', { name: 'Industries' }))
    expect(industries.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'CPO',
      'Carbon Credits (CPO)',
      'EV Kiosk',
      '+1 more',
    ])
    expect(cpo.getByText('Admin')).toBeInTheDocument()
    expect(within(row('VEND')).getByText('Owner')).toBeInTheDocument()
    expect(within(row('EMSP')).getByText('Authorised')).toBeInTheDocument()
    // A platform administrator's view of an entity they are not a member of.
    expect(within(row('CRX')).getByText('Not a member')).toBeInTheDocument()
    expect(within(row('CRX')).getByText('—')).toBeInTheDocument()
  })

  it('marks the current entity and offers Switch on the others', async () => {
    const { row, onSwitch } = renderList()
    expect(row('VEND')).toHaveAttribute('aria-current', 'true')
    expect(within(row('VEND')).getByText('Current')).toBeInTheDocument()
    expect(within(row('VEND')).queryByRole('button')).not.toBeInTheDocument()
    await userEvent.click(within(row('CPO')).getByRole('button', { name: 'Switch to SparkGrid Charging' }))
    expect(onSwitch).toHaveBeenCalledWith('CPO')
  })

  it('shows the switch in progress on its row and holds the other switches', () => {
    const { row } = renderList('CPO')
    const busy = within(row('CPO')).getByRole('button', { name: 'Switch to SparkGrid Charging' })
    expect(busy).toBeDisabled()
    expect(busy).toHaveAttribute('aria-busy', 'true')
    expect(busy).toHaveTextContent('Switching…')
    expect(within(row('EMSP')).getByRole('button')).toBeDisabled()
  })
})

type Route = (url: string, init: RequestInit | undefined) => { status: number; body: unknown } | undefined

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

function mockServer(route: Route) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const answer = route(urlOf(input), init) ?? {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'No' } },
    }
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }))
  })
}

const list = (entities: MyEntity[]) => ({ status: 200, body: { data: { entities } } })

function renderPage(path = '/my-teams') {
  const router = createMemoryRouter(
    [
      { path: '/my-teams', Component: MyTeamsPage },
      { path: '*', Component: () => <p>Landed</p> },
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

describe('MyTeamsPage', () => {
  beforeEach(() => {
    queryClient.clear()
    const { relation: _relation, ...vend } = VEND
    resetSessionForTests({
      status: 'authenticated',
      isLoggedIn: true,
      token: 't',
      user: USER,
      entityCode: 'VEND',
      entity: vend,
      viewableApps: ['iot'],
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
    resetSessionForTests()
    queryClient.clear()
  })

  it('loads the entities, then lists them with the current one first', async () => {
    mockServer((url) => (url.includes('/iam/entities?limit=1000') ? list(ALL) : undefined))
    renderPage()
    expect(screen.getByRole('heading', { name: 'My teams' })).toBeInTheDocument()
    const listEl = await screen.findByRole('list', { name: 'My teams' })
    expect(screen.getByText('4 organisations')).toBeInTheDocument()
    const codes = [...listEl.querySelectorAll('li[data-code]')].map((li) => li.getAttribute('data-code'))
    expect(codes).toEqual(['VEND', 'CPO', 'CRX', 'EMSP'])
  })

  it('searches by name or code, keeps the search in the address, and can clear it', async () => {
    mockServer((url) => (url.includes('/iam/entities') ? list(ALL) : undefined))
    const router = renderPage()
    await screen.findByRole('list', { name: 'My teams' })
    const search = screen.getByRole('searchbox', { name: 'Search by name or code' })
    await userEvent.type(search, 'emsp')
    expect(screen.getByText('Showing 1 of 4 organisations')).toBeInTheDocument()
    expect(screen.getByText('RoamCharge Mobility')).toBeInTheDocument()
    expect(screen.queryByText('SparkGrid Charging')).not.toBeInTheDocument()
    expect(router.state.location.search).toBe('?q=emsp')
    await userEvent.type(search, 'zzz')
    expect(screen.getByText('No organisation matches “emspzzz”')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(screen.getByText('SparkGrid Charging')).toBeInTheDocument()
  })

  it('says so when the user has no entity', async () => {
    mockServer((url) => (url.includes('/iam/entities') ? list([]) : undefined))
    renderPage()
    expect(await screen.findByText('You are not in any organisation yet')).toBeInTheDocument()
  })

  it('shows the server message when the list fails, and retries', async () => {
    let calls = 0
    mockServer((url) => {
      if (!url.includes('/iam/entities')) return undefined
      calls += 1
      return calls === 1
        ? { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Not for you' } } }
        : list(ALL)
    })
    renderPage()
    expect(await screen.findByText('Your organisations could not be loaded')).toBeInTheDocument()
    expect(screen.getByText('Not for you')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('list', { name: 'My teams' })).toBeInTheDocument()
  })

  it('switches: the session takes the new entity and apps, the cache is dropped, and the landing page opens', async () => {
    const { relation: _relation, ...cpo }: MyEntity = CPO
    const newEntity: Entity = { ...cpo, industries: ['cpo', 'carbon_credits_cpo', 'ev-kiosk'] }
    const fetch = mockServer((url) => {
      if (url.includes('/iam/entities/switch'))
        return {
          status: 200,
          body: { data: { entity_code: 'CPO', entity: newEntity, can_view_apps: ['ev'] } },
        }
      if (url.includes('/iam/entities')) return list(ALL)
      return undefined
    })
    queryClient.setQueryData(['machines', 'filter', 'VEND', {}], { machines: [], count: 0 })
    const router = renderPage()
    const listEl = await screen.findByRole('list', { name: 'My teams' })
    await userEvent.click(within(listEl).getByRole('button', { name: 'Switch to SparkGrid Charging' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/cpo'))
    const switchCall = fetch.mock.calls.find(([url]) => urlOf(url).includes('/iam/entities/switch'))
    expect(switchCall?.[1]?.method).toBe('POST')
    expect(JSON.parse(switchCall?.[1]?.body as string)).toEqual({ entity_code: 'CPO' })
    expect(getSession()).toMatchObject({ entityCode: 'CPO', entity: newEntity, viewableApps: ['ev'] })
    expect(queryClient.getQueryData(['machines', 'filter', 'VEND', {}])).toBeUndefined()
    expect(await screen.findByText('Organisation switched')).toBeInTheDocument()
  })

  it('a failed switch shows the server message and keeps the session where it was', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    mockServer((url) => {
      if (url.includes('/iam/entities/switch'))
        return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Entity not found' } } }
      if (url.includes('/iam/entities')) return list(ALL)
      return undefined
    })
    const router = renderPage()
    const listEl = await screen.findByRole('list', { name: 'My teams' })
    await userEvent.click(within(listEl).getByRole('button', { name: 'Switch to RoamCharge Mobility' }))

    expect(await screen.findByText('Could not switch organisation')).toBeInTheDocument()
    expect(screen.getByText('Entity not found')).toBeInTheDocument()
    expect(errorSpy).toHaveBeenCalled()
    expect(getSession().entityCode).toBe('VEND')
    expect(router.state.location.pathname).toBe('/my-teams')
    expect(within(listEl).getByRole('button', { name: 'Switch to RoamCharge Mobility' })).toBeEnabled()
  })
})
