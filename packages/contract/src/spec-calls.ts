import type { Service } from './api/runtime-config'

export type SpecCallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

/**
 * `read` asks for data and is made by opening a screen; `write` changes something and is made by submitting a form
 * or pressing an action (the session calls count as writes: they open, refresh or close a session).
 */
export type SpecCallKind = 'read' | 'write'

/** Where the spec lists the call: A §7 (shell-auth-iam, by its sub-heading) or B §7 (list-screens). */
export type SpecSection =
  | 'A §7 Session'
  | 'A §7 Users'
  | 'A §7 Policies, roles, sets'
  | 'A §7 Entities'
  | 'A §7 Payment configuration'
  | 'A §7 Integration options'
  | 'B §7 Main API'
  | 'B §7 Other services'

export interface SpecCall {
  readonly service: Service
  readonly method: SpecCallMethod
  /**
   * The path on the service's base, with the spec's parameters as `{name}`. Always with a leading slash: the spec
   * writes the charging network's paths without one (`charge-points/{entity_code}/locations`), relative to the same
   * kind of base.
   */
  readonly path: string
  readonly kind: SpecCallKind
  readonly section: SpecSection
}

const call = (
  section: SpecSection,
  kind: SpecCallKind,
  service: Service,
  method: SpecCallMethod,
  path: string,
): SpecCall => ({ service, method, path, kind, section })

const S = 'A §7 Session'
const U = 'A §7 Users'
const P = 'A §7 Policies, roles, sets'
const E = 'A §7 Entities'
const PAY = 'A §7 Payment configuration'
const INT = 'A §7 Integration options'
const B = 'B §7 Main API'
const O = 'B §7 Other services'

/**
 * Every call of the spec's call tables (A §7 and B §7), once each. A call listed twice by the spec is kept under its
 * first listing: `GET /iam/entities` and `GET /entity` (A §7 Entities, again in B §7's table), `GET /iam/users/{id}`
 * (A §7 Users, again as `/iam/users/{user_uuid}` under Entities). Left out, because they are not calls of the
 * portal's service clients:
 * - the session restore "login action … path not shown" (A §7 Session): it is the refresh-token call;
 * - `POST {host}/users/getinfo` (B §7): an external host, asked by the server on the driver pages' behalf
 *   (docs/decisions/0031-user-info-lookup.md).
 * `POST {reportingHost}/ti-filter?csv=true` is the same call as the list with a query flag.
 */
export const SPEC_CALLS: readonly SpecCall[] = [
  call(S, 'write', 'main', 'POST', '/iam/login'),
  call(S, 'write', 'main', 'POST', '/iam/authenticate'),
  call(S, 'write', 'main', 'POST', '/iam/verify-smslogin'),
  call(S, 'write', 'main', 'POST', '/iam/sms-login'),
  call(S, 'write', 'main', 'POST', '/iam/refresh-token'),
  call(S, 'write', 'main', 'POST', '/iam/logout'),

  call(U, 'read', 'main', 'GET', '/iam/users/{id}'),
  call(U, 'write', 'main', 'POST', '/iam/users'),
  call(U, 'write', 'main', 'PUT', '/iam/users/{id}'),
  call(U, 'read', 'main', 'POST', '/iam/users/filter'),
  call(U, 'read', 'main', 'POST', '/iam/users/search'),
  call(U, 'write', 'main', 'PUT', '/iam/users/{id}/status/update'),
  call(U, 'write', 'main', 'POST', '/iam/users/reset-password-link'),
  call(U, 'write', 'main', 'POST', '/iam/img-upload'),
  call(U, 'read', 'main', 'POST', '/iam/users/{id}/child-entities/filter'),
  call(U, 'write', 'main', 'PUT', '/iam/users/{id}/authenticator/register'),
  call(U, 'write', 'main', 'PUT', '/iam/users/{id}/authenticator/confirm'),
  call(U, 'write', 'main', 'PUT', '/iam/users/{id}/authenticator/disable'),

  call(P, 'read', 'main', 'POST', '/iam/policies/check'),
  call(P, 'read', 'main', 'GET', '/iam/policies/{id}'),
  call(P, 'write', 'main', 'PUT', '/iam/policies/{id}'),
  call(P, 'write', 'main', 'DELETE', '/iam/policies/{id}'),
  call(P, 'write', 'main', 'POST', '/iam/policies'),
  call(P, 'read', 'main', 'POST', '/iam/policies/filter'),
  call(P, 'read', 'main', 'POST', '/iam/policies/search'),
  call(P, 'read', 'main', 'GET', '/iam/policies/apps'),
  call(P, 'read', 'main', 'GET', '/iam/policies/actions'),
  call(P, 'read', 'main', 'GET', '/iam/policies/resource'),
  call(P, 'read', 'main', 'GET', '/iam/roles/{id}'),
  call(P, 'write', 'main', 'PUT', '/iam/roles/{id}'),
  call(P, 'write', 'main', 'DELETE', '/iam/roles/{id}'),
  call(P, 'write', 'main', 'POST', '/iam/roles'),
  call(P, 'read', 'main', 'POST', '/iam/roles/filter'),
  call(P, 'read', 'main', 'POST', '/iam/roles/search'),
  call(P, 'read', 'main', 'GET', '/iam/sets/{id}'),
  call(P, 'write', 'main', 'PUT', '/iam/sets/{id}'),
  call(P, 'read', 'main', 'GET', '/iam/sets/{id}/parents'),
  call(P, 'write', 'main', 'POST', '/iam/sets'),
  call(P, 'read', 'main', 'POST', '/iam/sets/filter'),
  call(P, 'read', 'main', 'POST', '/iam/sets/search'),
  call(P, 'read', 'main', 'POST', '/iam/sets/search/resource'),

  call(E, 'write', 'main', 'POST', '/iam/entities'),
  call(E, 'write', 'main', 'POST', '/iam/entities/clinic'),
  call(E, 'read', 'main', 'POST', '/iam/entities/filter'),
  call(E, 'write', 'main', 'POST', '/iam/entities/switch'),
  call(E, 'read', 'main', 'GET', '/iam/entities/{id}'),
  call(E, 'write', 'main', 'PUT', '/iam/entities/{code}'),
  call(E, 'read', 'main', 'GET', '/iam/entities'),
  call(E, 'read', 'charging', 'GET', '/iam/entities'),
  call(E, 'read', 'main', 'GET', '/entity'),

  call(PAY, 'write', 'main', 'POST', '/payment/payment-configs/user'),
  call(PAY, 'read', 'main', 'POST', '/payment/payment-configs/user/filter'),
  call(PAY, 'write', 'main', 'DELETE', '/payment/payment-configs/user/{id}'),
  call(PAY, 'write', 'main', 'PUT', '/payment/payment-configs/user-bulk'),
  call(PAY, 'read', 'main', 'GET', '/payment/payment-configs/method'),
  call(PAY, 'read', 'main', 'GET', '/payment/payment-configs/gateway'),
  call(PAY, 'write', 'main', 'POST', '/payment/payment-configs/entity'),
  call(PAY, 'read', 'main', 'POST', '/payment/payment-configs/entity/filter'),
  call(PAY, 'read', 'main', 'GET', '/payment/payment-configs/entity/{id}'),
  call(PAY, 'write', 'main', 'PUT', '/payment/payment-configs/entity/{id}'),
  call(PAY, 'write', 'main', 'DELETE', '/payment/payment-configs/entity/{id}'),

  call(INT, 'read', 'main', 'POST', '/iam/integration-options/filter'),
  call(INT, 'write', 'main', 'POST', '/iam/integration-options/create'),
  call(INT, 'read', 'main', 'GET', '/iam/integration-options/{id}'),
  call(INT, 'write', 'main', 'PUT', '/iam/integration-options/{id}'),
  call(INT, 'write', 'main', 'DELETE', '/iam/integration-options/{id}'),
  call(INT, 'read', 'main', 'GET', '/iam/integration-configs/type'),
  call(INT, 'read', 'main', 'GET', '/iam/integration-configs/type/{code}'),
  call(INT, 'read', 'main', 'GET', '/iam/integration-configs/gateway'),
  call(INT, 'read', 'main', 'GET', '/iam/integration-configs/gateway/{name}'),

  call(B, 'read', 'main', 'POST', '/iot/templates/filter'),
  call(B, 'read', 'main', 'GET', '/iot/templates/{id}'),
  call(B, 'write', 'main', 'DELETE', '/iot/templates/{id}'),
  call(B, 'write', 'main', 'POST', '/iot/templates'),
  call(B, 'read', 'main', 'POST', '/iot/orders/items-filter'),
  call(B, 'read', 'main', 'POST', '/iot/orders/items/count'),
  call(B, 'read', 'main', 'POST', '/iot/machines/filter'),
  call(B, 'read', 'main', 'POST', '/iot/mt-summaries/filter'),
  call(B, 'read', 'main', 'POST', '/payment/transaction/filter'),
  call(B, 'read', 'main', 'POST', '/iot/skus/filter'),
  call(B, 'read', 'main', 'POST', '/iot/tcn-devices/filter'),
  call(B, 'read', 'main', 'POST', '/iot/devices/filter'),
  call(B, 'read', 'main', 'POST', '/iot/orders/creditlogs/filter'),
  call(B, 'read', 'main', 'POST', '/promo/closed-loops/filter'),
  call(B, 'read', 'main', 'POST', '/promo/employees/filter'),

  call(O, 'read', 'forms', 'POST', '/forms/campaign/filter'),
  call(O, 'read', 'cases', 'POST', '/cases/filter'),
  call(O, 'read', 'reporting', 'POST', '/ti-filter'),
  call(O, 'read', 'reporting', 'GET', '/testInstances'),
  call(O, 'read', 'bus', 'GET', '/v2/eleccalimo/drivers'),
  call(O, 'read', 'bus', 'GET', '/v2/dashboard/drivers'),
  call(O, 'read', 'charging', 'GET', '/charge-points/{entity_code}/locations'),
  call(O, 'read', 'charging', 'GET', '/charge-points/{entity_code}/locations/count'),
  call(O, 'read', 'charging', 'GET', '/charging-sessions/sessions'),
  call(O, 'read', 'bus', 'GET', '/v3/dashboard/sessions'),
  call(O, 'read', 'bus', 'GET', '/v3/dashboard/sessions/{id}'),
  call(O, 'read', 'bus', 'POST', '/v1/dashboard/charging-sessions'),
  call(O, 'read', 'bus', 'POST', '/v1/dashboard/charging-sessions/count'),
  call(O, 'read', 'charging', 'GET', '/pricing/tariffs'),
]

/** The key a call is known by in lists and messages: `main POST /iam/users/search`. */
export function specCallKey(c: Pick<SpecCall, 'service' | 'method' | 'path'>): string {
  return `${c.service} ${c.method} ${c.path}`
}

/** A path template as a whole-path matcher: each `{param}` is one non-empty segment. */
function templatePattern(path: string): RegExp {
  const escaped = path.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${escaped.join('[^/]+')}$`)
}

const MATCHERS = SPEC_CALLS.map((c) => ({ call: c, pattern: templatePattern(c.path) }))

/**
 * The spec call a request is, from its service, method and path on the service's base (no query), or undefined.
 * A literal path wins over a template (`/iam/users/filter` is not `/iam/users/{id}` with id "filter"), and the spec
 * has no two templates that match one path otherwise.
 */
export function matchSpecCall(service: Service, method: string, path: string): SpecCall | undefined {
  const candidates = MATCHERS.filter(
    (m) => m.call.service === service && m.call.method === method.toUpperCase() && m.pattern.test(path),
  )
  return candidates.find((m) => !m.call.path.includes('{'))?.call ?? candidates[0]?.call
}
