import type { Alert, User } from '@portal/contract'
import { vi } from 'vitest'

/*
 * Test data of the alert screens' tests (the bell, the list, the detail, the rules tab): one alert as the server
 * answers it, a signed-in user, and a fetch stub answering by method and path.
 */

export const TEST_USER: User = {
  user_uuid: 'u-1',
  name: 'Olivia Ops',
  username: 'ops',
  email: 'ops@example.com',
  phone_number: null,
  image_url: null,
  status: 1,
  is_beep_admin: false,
  mfa_primary_mode: 'none',
  owned_entities: [],
  admin_entities: [],
  authorised_entities: ['CPO'],
}

export function alertOf(over: Partial<Alert> = {}): Alert {
  return {
    id: 1,
    kind: 'charger_offline',
    severity: 'critical',
    status: 'open',
    subject: 'CP-0001',
    subject_path: '/ev-devices/CP-0001',
    machine_id: null,
    charge_point: 'CP-0001',
    message: 'Offline since 02:10',
    raised_at: 1_767_000_000_000,
    last_seen_at: 1_767_000_600_000,
    updated_at: 1_767_000_600_000,
    acknowledged_at: null,
    acknowledged_by: null,
    resolved_at: null,
    resolved_by: null,
    comments: 0,
    ...over,
  }
}

export interface Answer {
  status?: number
  body: unknown
}

export interface RecordedCall {
  method: string
  path: string
  body: unknown
}

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url

/**
 * Stubs fetch: `routes` maps `METHOD /path` (after /api/main) to an answer or a function of the request body; the
 * policy check answers `actions` for iam alerts/*; anything else is a 404. Every call is recorded.
 */
export function stubAlertServer(
  routes: Record<string, Answer | ((body: unknown) => Answer)>,
  actions: readonly string[] = ['read', 'edit'],
) {
  const calls: RecordedCall[] = []
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(urlOf(input), 'http://localhost')
    const method = init?.method ?? 'GET'
    const path = url.pathname.replace(/^\/api\/main/, '')
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path, body })
    const json = (answer: Answer) =>
      Promise.resolve(
        new Response(JSON.stringify(answer.body), {
          status: answer.status ?? 200,
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
  return { spy, calls }
}
