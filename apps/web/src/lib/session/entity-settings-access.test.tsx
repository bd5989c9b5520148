import type { User } from '@portal/contract'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '@/lib/i18n'
import { ToastProvider } from '@/components/ui/toast/toast'
import { entitySettingsAccess } from './entity-settings-access'
import { resetSessionForTests } from './session-store'
import { useEntitySettingsAccess } from './use-entity-settings-access'

const READ = [{ action_code: 'read', set_code: '' }]

describe('entitySettingsAccess (A §5)', () => {
  it('allows a platform administrator whatever the checks say', () => {
    expect(entitySettingsAccess(true, 'loading', 'loading')).toBe('allowed')
    expect(entitySettingsAccess(true, 'error', 'error')).toBe('allowed')
    expect(entitySettingsAccess(true, [], 0)).toBe('allowed')
  })

  it('allows when the payment-configs check returns an allowed action, even while the child count loads', () => {
    expect(entitySettingsAccess(false, READ, 0)).toBe('allowed')
    expect(entitySettingsAccess(false, READ, 'loading')).toBe('allowed')
    expect(entitySettingsAccess(false, READ, 'error')).toBe('allowed')
  })

  it('allows with at least one child entity, even while the policy check loads or after it failed', () => {
    expect(entitySettingsAccess(false, [], 1)).toBe('allowed')
    expect(entitySettingsAccess(false, 'loading', 3)).toBe('allowed')
    expect(entitySettingsAccess(false, 'error', 1)).toBe('allowed')
  })

  it('is loading while a check that could still allow has not answered', () => {
    expect(entitySettingsAccess(false, 'loading', 'loading')).toBe('loading')
    expect(entitySettingsAccess(false, [], 'loading')).toBe('loading')
    expect(entitySettingsAccess(false, 'loading', 0)).toBe('loading')
    expect(entitySettingsAccess(false, 'error', 'loading')).toBe('loading')
  })

  it('denies with no allowed action and no child entity; a failed check counts as no', () => {
    expect(entitySettingsAccess(false, [], 0)).toBe('denied')
    expect(entitySettingsAccess(false, 'error', 0)).toBe('denied')
    expect(entitySettingsAccess(false, [], 'error')).toBe('denied')
    expect(entitySettingsAccess(false, 'error', 'error')).toBe('denied')
  })
})

const USER: User = {
  user_uuid: 'u-1',
  name: 'Farah Iskandar',
  username: 'finance',
  email: null,
  phone_number: null,
  image_url: null,
  status: 1,
  is_beep_admin: false,
  mfa_primary_mode: 'none',
  owned_entities: [],
  admin_entities: [],
  authorised_entities: ['VEND'],
}

type Answer = { status: number; body: unknown }
const ok = (data: unknown): Answer => ({ status: 200, body: { data } })
const fail: Answer = { status: 500, body: { error: { code: 'INTERNAL', message: 'Boom' } } }

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

function mockServer(policy: Answer, children: Answer) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation((input) => {
    const answer = urlOf(input).includes('/iam/policies/check') ? policy : children
    return Promise.resolve(new Response(JSON.stringify(answer.body), { status: answer.status }))
  })
}

function Probe() {
  return <output>{useEntitySettingsAccess()}</output>
}

function renderProbe() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  )
  return render(<Probe />, { wrapper })
}

describe('useEntitySettingsAccess', () => {
  beforeEach(() => {
    resetSessionForTests({
      status: 'authenticated',
      isLoggedIn: true,
      token: 't',
      user: USER,
      entityCode: 'VEND',
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
    resetSessionForTests()
  })

  it('asks the server nothing for a platform administrator', () => {
    const fetch = mockServer(ok({ allowed_action: [] }), ok({ entities: [], count: 0 }))
    resetSessionForTests({
      status: 'authenticated',
      isLoggedIn: true,
      token: 't',
      user: USER,
      isPlatformAdmin: true,
    })
    renderProbe()
    expect(screen.getByRole('status')).toHaveTextContent('allowed')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('allows a user the payment-configs policy grants an action', async () => {
    mockServer(ok({ allowed_action: READ }), ok({ entities: [], count: 0 }))
    renderProbe()
    expect(screen.getByRole('status')).toHaveTextContent('loading')
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('allowed'))
  })

  it('sends the child-entity check with limit 1 for the signed-in user', async () => {
    const fetch = mockServer(ok({ allowed_action: [] }), ok({ entities: [], count: 1 }))
    renderProbe()
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('allowed'))
    const call = fetch.mock.calls.find(([url]) => urlOf(url).includes('/child-entities/filter'))
    expect(call && urlOf(call[0])).toContain('/iam/users/u-1/child-entities/filter')
    expect(JSON.parse(call?.[1]?.body as string)).toEqual({ limit: 1, offset: 0 })
  })

  it('denies with neither, and a failed policy check shows the policy toast', async () => {
    mockServer(fail, ok({ entities: [], count: 0 }))
    renderProbe()
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('denied'))
    expect(await screen.findByText('Failed to fetch requested policy')).toBeInTheDocument()
    expect(screen.getByText('The action requiring the policy will remain disabled')).toBeInTheDocument()
  })
})
