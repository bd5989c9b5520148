import {
  apiKeyCreateRequest,
  apiKeyCreateResponse,
  apiKeyListResponse,
  apiKeyParams,
  apiKeyResponse,
  serviceAccountCreateRequest,
  serviceAccountDeleteResponse,
  serviceAccountFilterRequest,
  serviceAccountFilterResponse,
  serviceAccountIdParams,
  serviceAccountResponse,
  serviceAccountUpdateRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { createKey, listKeys, revokeKey } from './api-key.service'
import {
  createServiceAccount,
  deleteServiceAccount,
  filterServiceAccounts,
  getServiceAccount,
  updateServiceAccountOf,
} from './service-account.service'

const tags = ['iam']
/** Managing service accounts is managing users (docs/decisions/0114): entity owners and admins hold it. */
const manage = { config: { permission: { app: 'iam', resource: 'users/*', action: 'edit' } } } as const

export function serviceAccountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db

  r.post(
    '/iam/service-accounts/filter',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Service accounts of the current entity, paged',
        body: serviceAccountFilterRequest,
        response: { 200: serviceAccountFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterServiceAccounts(db, callerOf(request), request.body) }),
  )

  r.post(
    '/iam/service-accounts',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Add a service account: a member that never signs in and calls the API with its keys',
        body: serviceAccountCreateRequest,
        response: { 200: serviceAccountResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { service_account: await createServiceAccount(db, callerOf(request), request.body) },
    }),
  )

  r.get(
    '/iam/service-accounts/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'One service account with its grants',
        params: serviceAccountIdParams,
        response: { 200: serviceAccountResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { service_account: await getServiceAccount(db, callerOf(request), request.params.id) },
    }),
  )

  r.put(
    '/iam/service-accounts/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Change a service account: name, description, policies and grants',
        params: serviceAccountIdParams,
        body: serviceAccountUpdateRequest,
        response: { 200: serviceAccountResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        service_account: await updateServiceAccountOf(db, callerOf(request), request.params.id, request.body),
      },
    }),
  )

  r.delete(
    '/iam/service-accounts/:id',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Delete a service account; its keys stop working at once',
        params: serviceAccountIdParams,
        response: { 200: serviceAccountDeleteResponse, ...errorResponses },
      },
    },
    async (request) => {
      await deleteServiceAccount(db, callerOf(request), request.params.id)
      return { data: { deleted: true as const } }
    },
  )

  r.get(
    '/iam/service-accounts/:id/keys',
    {
      ...manage,
      schema: {
        tags,
        summary: "A service account's API keys, with when and from where each was last used",
        params: serviceAccountIdParams,
        response: { 200: apiKeyListResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: { api_keys: await listKeys(db, callerOf(request), request.params.id) } }),
  )

  r.post(
    '/iam/service-accounts/:id/keys',
    {
      ...manage,
      schema: {
        tags,
        summary:
          'A new API key (send it as `Authorization: Token <key>`); the key is in this answer only, never again',
        params: serviceAccountIdParams,
        body: apiKeyCreateRequest,
        response: { 200: apiKeyCreateResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createKey(db, callerOf(request), request.params.id, request.body) }),
  )

  r.delete(
    '/iam/service-accounts/:id/keys/:keyId',
    {
      ...manage,
      schema: {
        tags,
        summary: 'Revoke an API key: refused from the next request on, on every server',
        params: apiKeyParams,
        response: { 200: apiKeyResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        api_key: await revokeKey(db, callerOf(request), request.params.id, request.params.keyId),
      },
    }),
  )
}
