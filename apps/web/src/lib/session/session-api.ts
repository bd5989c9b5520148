import type {
  AuthenticateRequest,
  LoginRequest,
  SmsLoginRequest,
  VerifySmsLoginRequest,
} from '@portal/contract'
import {
  childEntitiesFilterResponse,
  ENTITY_CHILD_CHECK_LIMIT,
  ENTITY_LIST_LIMIT,
  entityListResponse,
  entityResponse,
  entitySwitchResponse,
  loginResponse,
  logoutResponse,
  policyCheckResponse,
  resetPasswordResponse,
  smsLoginResponse,
  userResponse,
} from '@portal/contract'
import { mainApi } from '../http'

export const loginWithPassword = (body: LoginRequest) =>
  mainApi.post('/iam/login', body, loginResponse, { skipReauth: true }).then((r) => r.data)

export const refreshSession = (refreshToken: string) =>
  mainApi
    .post('/iam/refresh-token', { refresh_token: refreshToken }, loginResponse, { skipReauth: true })
    .then((r) => r.data)

export const logoutSession = () => mainApi.post('/iam/logout', {}, logoutResponse, { skipReauth: true })

export const fetchUser = (userUuid: string) =>
  mainApi.get(`/iam/users/${encodeURIComponent(userUuid)}`, userResponse).then((r) => r.data)

export const fetchEntity = (code: string) =>
  mainApi.get(`/iam/entities/${encodeURIComponent(code)}`, entityResponse).then((r) => r.data)

export const authenticateTotp = (body: AuthenticateRequest) =>
  mainApi.post('/iam/authenticate', body, loginResponse, { skipReauth: true }).then((r) => r.data)

export const requestSmsCode = (body: SmsLoginRequest) =>
  mainApi.post('/iam/sms-login', body, smsLoginResponse, { skipReauth: true }).then((r) => r.data)

export const verifySmsCode = (body: VerifySmsLoginRequest) =>
  mainApi.post('/iam/verify-smslogin', body, loginResponse, { skipReauth: true }).then((r) => r.data)

export const changeOwnPassword = (body: { current_password: string; new_password: string }) =>
  mainApi.post('/iam/users/change-password', body, resetPasswordResponse).then((r) => r.data)

/** POST /iam/entities/switch: the session acts in this entity from the next call (A §7); answers the new scope. */
export const switchSessionEntity = (entityCode: string) =>
  mainApi.post('/iam/entities/switch', { entity_code: entityCode }, entitySwitchResponse).then((r) => r.data)

/** GET /iam/entities: the user's entities with their relation (every entity for a platform administrator). */
export const fetchMyEntities = (signal?: AbortSignal) =>
  mainApi
    .get('/iam/entities', entityListResponse, {
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
      childEntitiesFilterResponse,
      signal ? { signal } : {},
    )
    .then((r) => r.data.count)

/** POST /iam/policies/check: the actions the user is allowed on an app's resource in the current entity. */
export const checkPolicy = (policy: { app_code: string; resource_code: string }, signal?: AbortSignal) =>
  mainApi
    .post(
      '/iam/policies/check',
      { app_code: policy.app_code, resource_code: policy.resource_code },
      policyCheckResponse,
      signal ? { signal } : {},
    )
    .then((r) => r.data.allowed_action)
