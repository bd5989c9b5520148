import {
  deletedResponse,
  gatewaysForMethod,
  numericIdParams,
  paymentGatewaysQuery,
  paymentGatewaysResponse,
  paymentMembersQuery,
  paymentMembersResponse,
  paymentMethods,
  paymentMethodsQuery,
  paymentMethodsResponse,
  paymentOptionFilterRequest,
  paymentOptionFilterResponse,
  paymentOptionResponse,
  paymentOptionWriteRequest,
  userPaymentConfigBulkRequest,
  userPaymentConfigBulkResponse,
  userPaymentConfigCreateRequest,
  userPaymentConfigFilterRequest,
  userPaymentConfigFilterResponse,
  userPaymentConfigResponse,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import {
  createPaymentOption,
  deletePaymentOption,
  filterPaymentOptions,
  getPaymentOption,
  updatePaymentOption,
} from './payment-option.service'
import {
  bulkUpdateUserConfigs,
  createUserConfig,
  deleteUserConfig,
  filterUserConfigs,
  findMembers,
} from './user-payment-config.service'

const tags = ['payment']
const resource = 'payment-configs/*'
// The payment-config access levels of A §6: read (1) views, edit (2) creates and changes, all (3) also deletes.
const read = { config: { permission: { app: 'payment', resource, action: 'read' } } } as const
const edit = { config: { permission: { app: 'payment', resource, action: 'edit' } } } as const
const all = { config: { permission: { app: 'payment', resource, action: 'all' } } } as const
/** The catalogues (methods, gateways) are reference data: the same for everyone, nothing of the entity. */
const signedIn = { config: { permission: 'authenticated' } } as const

const contains = (text: string, part: string | undefined) =>
  part === undefined || part === '' || text.toLowerCase().includes(part.toLowerCase())

export function paymentConfigRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const db = app.db

  r.get(
    '/payment/payment-configs/method',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Every payment method of the catalogue (optionally those whose name contains `name`)',
        querystring: paymentMethodsQuery,
        response: { 200: paymentMethodsResponse, ...errorResponses },
      },
    },
    (request) =>
      Promise.resolve({
        data: {
          methods: paymentMethods.entries
            .filter((e) => contains(e.label, request.query.name))
            .map((e) => ({ method_code: e.value, name: e.label })),
        },
      }),
  )

  r.get(
    '/payment/payment-configs/gateway',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The gateways that can process a payment method, with the settings each needs',
        querystring: paymentGatewaysQuery,
        response: { 200: paymentGatewaysResponse, ...errorResponses },
      },
    },
    (request) =>
      Promise.resolve({
        data: {
          gateways: gatewaysForMethod(request.query.method_code)
            .filter(
              (g) => contains(g.name, request.query.name) || contains(g.gateway_code, request.query.name),
            )
            .map((g) => ({ gateway_code: g.gateway_code, name: g.name, fields: [...g.fields] })),
        },
      }),
  )

  r.post(
    '/payment/payment-configs/entity',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Add a payment option to the entity: a method through a gateway, with its settings',
        body: paymentOptionWriteRequest,
        response: { 200: paymentOptionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createPaymentOption(db, callerOf(request), request.body) }),
  )

  r.post(
    '/payment/payment-configs/entity/filter',
    {
      ...read,
      schema: {
        tags,
        summary: "The entity's payment options, paged (secrets masked)",
        body: paymentOptionFilterRequest,
        response: { 200: paymentOptionFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterPaymentOptions(db, callerOf(request), request.body) }),
  )

  r.get(
    '/payment/payment-configs/entity/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One payment option of the entity (secrets masked)',
        params: numericIdParams,
        response: { 200: paymentOptionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getPaymentOption(db, callerOf(request), request.params.id) }),
  )

  r.put(
    '/payment/payment-configs/entity/:id',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Change a payment option; a secret left out or sent back masked is kept',
        params: numericIdParams,
        body: paymentOptionWriteRequest,
        response: { 200: paymentOptionResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await updatePaymentOption(db, callerOf(request), request.params.id, request.body),
    }),
  )

  r.delete(
    '/payment/payment-configs/entity/:id',
    {
      ...all,
      schema: {
        tags,
        summary: 'Delete a payment option and the user configs that use it',
        params: numericIdParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await deletePaymentOption(db, callerOf(request), request.params.id)
      return { data: { deleted: true } }
    },
  )

  r.post(
    '/payment/payment-configs/user',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Let a member of the entity use one of its payment options, with an optional daily limit',
        body: userPaymentConfigCreateRequest,
        response: { 200: userPaymentConfigResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createUserConfig(db, callerOf(request), request.body) }),
  )

  r.post(
    '/payment/payment-configs/user/filter',
    {
      ...read,
      schema: {
        tags,
        summary: "The entity's user payment configs, paged",
        body: userPaymentConfigFilterRequest,
        response: { 200: userPaymentConfigFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterUserConfigs(db, callerOf(request), request.body) }),
  )

  r.get(
    '/payment/payment-configs/user/members',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Members of the entity a user payment config can be given to, by name or username',
        querystring: paymentMembersQuery,
        response: { 200: paymentMembersResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { users: await findMembers(db, callerOf(request), request.query.query, request.query.limit) },
    }),
  )

  r.delete(
    '/payment/payment-configs/user/:id',
    {
      ...all,
      schema: {
        tags,
        summary: 'Delete a user payment config',
        params: numericIdParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await deleteUserConfig(db, callerOf(request), request.params.id)
      return { data: { deleted: true } }
    },
  )

  r.put(
    '/payment/payment-configs/user-bulk',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Enable, disable or set the daily limit of many user payment configs: all or nothing',
        body: userPaymentConfigBulkRequest,
        response: { 200: userPaymentConfigBulkResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { configs: await bulkUpdateUserConfigs(db, callerOf(request), request.body.configs) },
    }),
  )
}
