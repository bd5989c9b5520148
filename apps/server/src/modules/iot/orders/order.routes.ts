import {
  machineOrderDetailResponse,
  orderItemCountRequest,
  orderItemCountResponse,
  orderItemFilterRequest,
  orderItemFilterResponse,
  orderUuidParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { machineScope } from '../machines/machine.service'
import { countOrderItems, filterOrderItems, getOrder } from './order.service'
import { registerExportSource } from '../../exports/export-sources'
import { orderItemExportSource } from './order.export'

// The order items can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(orderItemExportSource)

const permission = { app: 'iot', resource: 'orders/*', action: 'read' } as const

/**
 * Machine order items and orders (B §7). POS machine orders (CPO's kiosks) use the same calls: they are the orders
 * of the signed-in entity's machines (docs/decisions/0014-orders-transactions.md).
 */
export function orderRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/iot/orders/items-filter',
    {
      config: { permission },
      schema: {
        tags: ['iot'],
        summary: 'Machine order items of the current entity, newest first, filtered and paged (B §7)',
        body: orderItemFilterRequest,
        response: { 200: orderItemFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await filterOrderItems(app.db, auth.entityCode, request.body, scope) }
    },
  )

  r.post(
    '/iot/orders/items/count',
    {
      config: { permission },
      schema: {
        tags: ['iot'],
        summary: 'How many machine order items match the filters (capped, cached)',
        body: orderItemCountRequest,
        response: { 200: orderItemCountResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await countOrderItems(app.db, app.counts, auth.entityCode, request.body, scope) }
    },
  )

  r.get(
    '/iot/orders/:uuid',
    {
      config: { permission },
      schema: {
        tags: ['iot'],
        summary: 'One machine order with its items, stages and payments',
        params: orderUuidParams,
        response: { 200: machineOrderDetailResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await getOrder(app.db, auth.entityCode, request.params.uuid, scope) }
    },
  )
}
