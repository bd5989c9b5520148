import type {
  AuthenticateRequest,
  LoginRequest,
  SmsLoginRequest,
  VerifySmsLoginRequest,
} from '@portal/contract'
import { ENTITY_CHILD_CHECK_LIMIT, ENTITY_LIST_LIMIT } from '@portal/contract'
import { mainApi } from '../http'

// Loaded beside the first request that needs it, and once: the schemas are not part of the first download.
const schemas = () => import('./session-schemas')
const loginResponse = () => schemas().then((m) => m.loginResponse)

export const loginWithPassword = (body: LoginRequest) =>
  mainApi.post('/iam/login', body, loginResponse, { skipReauth: true }).then((r) => r.data)

/**
 * The refresh token travels only in the HttpOnly cookie the server sets at sign-in (docs/decisions/0093): the
 * body's field stays empty, and the header proves the call comes from the portal's own scripts.
 */
export const REFRESH_CSRF_HEADER = 'x-portal-csrf'
export const refreshSession = () =>
  mainApi
    .post('/iam/refresh-token', { refresh_token: '' }, loginResponse, {
      skipReauth: true,
      headers: { [REFRESH_CSRF_HEADER]: '1' },
    })
    .then((r) => r.data)

export const logoutSession = () =>
  mainApi.post('/iam/logout', {}, () => schemas().then((m) => m.logoutResponse), { skipReauth: true })

export const fetchUser = (userUuid: string) =>
  mainApi
    .get(`/iam/users/${encodeURIComponent(userUuid)}`, () => schemas().then((m) => m.userResponse))
    .then((r) => r.data)

export const fetchEntity = (code: string) =>
  mainApi
    .get(`/iam/entities/${encodeURIComponent(code)}`, () => schemas().then((m) => m.entityResponse))
    .then((r) => r.data)

export const authenticateTotp = (body: AuthenticateRequest) =>
  mainApi.post('/iam/authenticate', body, loginResponse, { skipReauth: true }).then((r) => r.data)

export const requestSmsCode = (body: SmsLoginRequest) =>
  mainApi
    .post('/iam/sms-login', body, () => schemas().then((m) => m.smsLoginResponse), { skipReauth: true })
    .then((r) => r.data)

export const verifySmsCode = (body: VerifySmsLoginRequest) =>
  mainApi.post('/iam/verify-smslogin', body, loginResponse, { skipReauth: true }).then((r) => r.data)

export const changeOwnPassword = (body: { current_password: string; new_password: string }) =>
  mainApi
    .post('/iam/users/change-password', body, () => schemas().then((m) => m.resetPasswordResponse))
    .then((r) => r.data)

/** POST /iam/entities/switch: the session acts in this entity from the next call (A §7); answers the new scope. */
export const switchSessionEntity = (entityCode: string) =>
  mainApi
    .post('/iam/entities/switch', { entity_code: entityCode }, () =>
      schemas().then((m) => m.entitySwitchResponse),
    )
    .then((r) => r.data)

/** GET /iam/entities: the user's entities with their relation (every entity for a platform administrator). */
export const fetchMyEntities = (signal?: AbortSignal) =>
  mainApi
    .get('/iam/entities', () => schemas().then((m) => m.entityListResponse), {
      query: { limit: ENTITY_LIST_LIMIT },
      ...(signal ? { signal } : {}),
    })
    .then((r) => r.data.entities)

/** POST /iam/users/{id}/child-entities/filter with limit 1: only `data.count` matters (A §5). */
export const countChildEntities = (userUuid: string, signal?: AbortSignal) =>
  mainApi
    .post(
      `/iam/users/${encodeURIComponent(userUuid)}/child-entities/filter`,
      { limit: ENTITY_CHILD_CHECK_LIMIT, offset: 0 },
      () => schemas().then((m) => m.childEntitiesFilterResponse),
      signal ? { signal } : {},
    )
    .then((r) => r.data.count)

/** POST /iam/policies/check: the actions the user is allowed on an app's resource in the current entity. */
export const checkPolicy = (policy: { app_code: string; resource_code: string }, signal?: AbortSignal) =>
  mainApi
    .post(
      '/iam/policies/check',
      { app_code: policy.app_code, resource_code: policy.resource_code },
      () => schemas().then((m) => m.policyCheckResponse),
      signal ? { signal } : {},
    )
    .then((r) => r.data.allowed_action)
