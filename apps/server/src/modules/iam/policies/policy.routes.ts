import {
  actionsQuery,
  actionsResponse,
  ACTIONS,
  apps,
  appsResponse,
  deletedResponse,
  IAM_RESOURCES,
  numericIdParams,
  policyCheckRequest,
  policyCheckResponse,
  policyFilterRequest,
  policyFilterResponse,
  policyResponse,
  policySearchResponse,
  policyWriteRequest,
  resourcesQuery,
  resourcesResponse,
  searchRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { allowedActions } from './policy.engine'
import {
  createPolicy,
  deletePolicy,
  filterPolicies,
  getPolicy,
  searchPolicies,
  updatePolicy,
} from './policy.service'

const tags = ['iam']
const read = { config: { permission: { app: 'iam', resource: 'policies/*', action: 'read' } } } as const
const edit = { config: { permission: { app: 'iam', resource: 'policies/*', action: 'edit' } } } as const
const signedIn = { config: { permission: 'authenticated' } } as const

export function policyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db

  r.post(
    '/iam/policies/check',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The actions the caller holds on an app and resource in the current entity',
        body: policyCheckRequest,
        response: { 200: policyCheckResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { app_code, resource_code } = request.body
      return {
        data: { allowed_action: await allowedActions(db, callerOf(request).auth, app_code, resource_code) },
      }
    },
  )

  r.get(
    '/iam/policies/apps',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The apps a policy statement can name',
        response: { 200: appsResponse, ...errorResponses },
      },
    },
    () =>
      Promise.resolve({ data: { apps: apps.entries.map((e) => ({ app_code: e.value, name: e.label })) } }),
  )

  r.get(
    '/iam/policies/actions',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The actions (read, edit, all, *)',
        querystring: actionsQuery,
        response: { 200: actionsResponse, ...errorResponses },
      },
    },
    (request) => {
      const name = request.query.name?.toLowerCase()
      const actions = ACTIONS.entries
        .filter((e) => !name || e.value.includes(name) || e.label.toLowerCase().includes(name))
        .map((e) => ({ action_code: e.value, name: e.label }))
      return Promise.resolve({ data: { actions } })
    },
  )

  r.get(
    '/iam/policies/resource',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The resources a policy statement can name, optionally by name, app or code',
        querystring: resourcesQuery,
        response: { 200: resourcesResponse, ...errorResponses },
      },
    },
    (request) => {
      const { name, app_code, resource_code } = request.query
      const resources = IAM_RESOURCES.filter(
        (res) =>
          (!app_code || res.app_code === app_code) &&
          (!resource_code || res.resource_code.startsWith(resource_code)) &&
          (!name || res.name.toLowerCase().includes(name.toLowerCase())),
      ).map((res) => ({ ...res }))
      return Promise.resolve({ data: { resources } })
    },
  )

  r.post(
    '/iam/policies/filter',
    {
      ...read,
      schema: {
        tags,
        summary: 'Policies the entity can use (presets and its own), paged',
        body: policyFilterRequest,
        response: { 200: policyFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterPolicies(db, callerOf(request), request.body) }),
  )

  r.post(
    '/iam/policies/search',
    {
      ...read,
      schema: {
        tags,
        summary: 'Policies by name, for pickers',
        body: searchRequest,
        response: { 200: policySearchResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { policies: await searchPolicies(db, callerOf(request), request.body.query, request.body.limit) },
    }),
  )

  r.post(
    '/iam/policies',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Create a custom policy',
        body: policyWriteRequest,
        response: { 200: policyResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createPolicy(db, callerOf(request), request.body) }),
  )

  r.get(
    '/iam/policies/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One policy',
        params: numericIdParams,
        response: { 200: policyResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getPolicy(db, callerOf(request), request.params.id) }),
  )

  r.put(
    '/iam/policies/:id',
    {
      ...edit,
      schema: {
        tags,
        summary: "Change one of the entity's custom policies",
        params: numericIdParams,
        body: policyWriteRequest,
        response: { 200: policyResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await updatePolicy(db, callerOf(request), request.params.id, request.body) }),
  )

  r.delete(
    '/iam/policies/:id',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Delete a custom policy that no role or user holds',
        params: numericIdParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await deletePolicy(db, callerOf(request), request.params.id)
      return { data: { deleted: true } }
    },
  )
}
