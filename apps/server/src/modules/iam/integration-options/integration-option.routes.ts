import {
  deletedResponse,
  findIntegrationType,
  INTEGRATION_GATEWAYS,
  INTEGRATION_TYPES,
  integrationGatewayParams,
  integrationGatewayQuery,
  integrationGatewayResponse,
  integrationGatewaysFor,
  integrationGatewaysQuery,
  integrationGatewaysResponse,
  integrationOptionFilterRequest,
  integrationOptionFilterResponse,
  integrationOptionResponse,
  integrationOptionWriteRequest,
  integrationTypeParams,
  integrationTypeResponse,
  integrationTypesResponse,
  numericIdParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { notFound } from '../../../lib/errors'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import {
  createIntegrationOption,
  deleteIntegrationOption,
  filterIntegrationOptions,
  getIntegrationOption,
  updateIntegrationOption,
} from './integration-option.service'

const tags = ['iam']
const resource = 'integration-options/*'
// The same three levels as payment configuration: read views, edit creates and changes, all also deletes.
const read = { config: { permission: { app: 'iam', resource, action: 'read' } } } as const
const edit = { config: { permission: { app: 'iam', resource, action: 'edit' } } } as const
const all = { config: { permission: { app: 'iam', resource, action: 'all' } } } as const
/** The integration types and gateways are reference data, the same for everyone. */
const signedIn = { config: { permission: 'authenticated' } } as const

const typeOut = (code: string) => {
  const type = findIntegrationType(code)
  if (!type) throw notFound('Integration type')
  return { type_code: type.type_code, name: type.name, fields: type.fields.map((f) => ({ ...f })) }
}

export function integrationOptionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db

  r.post(
    '/iam/integration-options/filter',
    {
      ...read,
      schema: {
        tags,
        summary: "The entity's integration options, paged (secrets masked)",
        body: integrationOptionFilterRequest,
        response: { 200: integrationOptionFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterIntegrationOptions(db, callerOf(request), request.body) }),
  )

  r.post(
    '/iam/integration-options/create',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Connect an outside system (SMS, email, ERP, webhook, CRM, accounting) to the entity',
        body: integrationOptionWriteRequest,
        response: { 200: integrationOptionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createIntegrationOption(db, callerOf(request), request.body) }),
  )

  r.get(
    '/iam/integration-options/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One integration option of the entity (secrets masked)',
        params: numericIdParams,
        response: { 200: integrationOptionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getIntegrationOption(db, callerOf(request), request.params.id) }),
  )

  r.put(
    '/iam/integration-options/:id',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Change an integration option; a secret left out or sent back masked is kept',
        params: numericIdParams,
        body: integrationOptionWriteRequest,
        response: { 200: integrationOptionResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateIntegrationOption(db, callerOf(request), request.params.id, request.body),
    }),
  )

  r.delete(
    '/iam/integration-options/:id',
    {
      ...all,
      schema: {
        tags,
        summary: 'Delete an integration option',
        params: numericIdParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await deleteIntegrationOption(db, callerOf(request), request.params.id)
      return { data: { deleted: true } }
    },
  )

  r.get(
    '/iam/integration-configs/type',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The integration types, with the settings each needs',
        response: { 200: integrationTypesResponse, ...errorResponses },
      },
    },
    () => Promise.resolve({ data: { types: INTEGRATION_TYPES.map((t) => typeOut(t.type_code)) } }),
  )

  r.get(
    '/iam/integration-configs/type/:code',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'One integration type, with the settings it needs',
        params: integrationTypeParams,
        response: { 200: integrationTypeResponse, ...errorResponses },
      },
    },
    (request) => Promise.resolve({ data: typeOut(request.params.code) }),
  )

  r.get(
    '/iam/integration-configs/gateway',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The gateways (providers) of an integration type',
        querystring: integrationGatewaysQuery,
        response: { 200: integrationGatewaysResponse, ...errorResponses },
      },
    },
    (request) =>
      Promise.resolve({
        data: { gateways: integrationGatewaysFor(request.query.type_code).map((g) => ({ ...g })) },
      }),
  )

  r.get(
    '/iam/integration-configs/gateway/:name',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'One integration gateway by name (of a type, when type_code is given)',
        params: integrationGatewayParams,
        querystring: integrationGatewayQuery,
        response: { 200: integrationGatewayResponse, ...errorResponses },
      },
    },
    (request) => {
      const gateway = INTEGRATION_GATEWAYS.find(
        (g) =>
          g.gateway_name === request.params.name &&
          (request.query.type_code === undefined || g.type_code === request.query.type_code),
      )
      if (!gateway) throw notFound('Integration gateway')
      return Promise.resolve({ data: { ...gateway } })
    },
  )
}
