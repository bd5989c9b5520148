import {
  promotionFilterRequest,
  promotionFilterResponse,
  promotionInput,
  promotionResponse,
  promotionUuidParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { createPromotion, filterPromotions, getPromotion, replacePromotion } from './promotion.service'

const resource = 'promotions/*'
const read = { permission: { app: 'promo', resource, action: 'read' } } as const
const edit = { permission: { app: 'promo', resource, action: 'edit' } } as const

/** Promotions of B §3 with their type-specific fields (calls designed in decision 0018). */
export function promotionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/promo/promotions/filter',
    {
      config: read,
      schema: {
        tags: ['promo'],
        summary: 'Promotions of the current entity, newest first, filtered and paged',
        body: promotionFilterRequest,
        response: { 200: promotionFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      return { data: await filterPromotions(app.db, app.counts, auth.entityCode, request.body) }
    },
  )

  r.post(
    '/promo/promotions',
    {
      config: edit,
      schema: {
        tags: ['promo'],
        summary: "Create a promotion; the type's extra fields are required (B §3)",
        body: promotionInput,
        response: { 200: promotionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createPromotion(app.db, app.counts, callerOf(request), request.body) }),
  )

  r.get(
    '/promo/promotions/:uuid',
    {
      config: read,
      schema: {
        tags: ['promo'],
        summary: 'One promotion',
        params: promotionUuidParams,
        response: { 200: promotionResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await getPromotion(app.db, callerOf(request).auth.entityCode, request.params.uuid),
    }),
  )

  r.put(
    '/promo/promotions/:uuid',
    {
      config: edit,
      schema: {
        tags: ['promo'],
        summary: 'Replace a promotion (every field; the extras of its type)',
        params: promotionUuidParams,
        body: promotionInput,
        response: { 200: promotionResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await replacePromotion(app.db, app.counts, callerOf(request), request.params.uuid, request.body),
    }),
  )
}
