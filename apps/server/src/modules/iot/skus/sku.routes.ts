import {
  numericIdParams,
  skuFilterRequest,
  skuFilterResponse,
  skuResponse,
  skuWriteRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { createSku, filterSkus, getSku, updateSku } from './sku.service'

const tags = ['iot']
const read = { config: { permission: { app: 'iot', resource: 'skus/*', action: 'read' } } } as const
const edit = { config: { permission: { app: 'iot', resource: 'skus/*', action: 'edit' } } } as const

/** The entity's SKUs (B §2 /inventory, §7 POST /iot/skus/filter); the write calls are ours (decision 0016). */
export function skuRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/iot/skus/filter',
    {
      ...read,
      schema: {
        tags,
        summary: 'SKUs of the current entity, searched and paged, with the count (B §7)',
        body: skuFilterRequest,
        response: { 200: skuFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await filterSkus(app.db, app.counts, callerOf(request).auth.entityCode, request.body),
    }),
  )

  r.post(
    '/iot/skus',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Create an SKU; its code is unique within the entity',
        body: skuWriteRequest,
        response: { 200: skuResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createSku(app.db, app.counts, callerOf(request), request.body) }),
  )

  r.get(
    '/iot/skus/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One SKU of the entity',
        params: numericIdParams,
        response: { 200: skuResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await getSku(app.db, callerOf(request).auth.entityCode, request.params.id) }),
  )

  r.put(
    '/iot/skus/:id',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Change every field of an SKU',
        params: numericIdParams,
        body: skuWriteRequest,
        response: { 200: skuResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateSku(app.db, app.counts, callerOf(request), request.params.id, request.body),
    }),
  )
}
