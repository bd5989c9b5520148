import {
  deletedResponse,
  errorBody,
  webhookCreatedResponse,
  webhookCreateRequest,
  webhookDeliveryListQuery,
  webhookDeliveryListResponse,
  webhookDeliveryParams,
  webhookListResponse,
  webhookParams,
  webhookRedeliverResponse,
  webhookResponse,
  webhookUpdateRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { DEFAULT_RETRY_DELAYS_MS, DEFAULT_TIMEOUT_MS, registerWebhookJobs } from './webhook-delivery.job'
import { webhookHook, WebhookTargets } from './webhook-dispatch'
import type { Resolve } from './webhook-send'
import { systemResolve } from './webhook-send'
import type { WebhookContext } from './webhook.service'
import {
  changeWebhook,
  createWebhook,
  listEntityWebhooks,
  redeliver,
  removeWebhook,
  webhookDeliveries,
} from './webhook.service'

// Entity admins hold every action without a grant (policy.engine), so "admin or edit on webhooks" is this.
const edit = { permission: { app: 'iam', resource: 'webhooks/*', action: 'edit' } } as const
const read = { permission: { app: 'iam', resource: 'webhooks/*', action: 'read' } } as const

export interface WebhookSettings {
  /** In production, loopback addresses are refused too (decision 0112). */
  production: boolean
  /** How host names are resolved (tests give a name whatever addresses they need). */
  resolve?: Resolve
  /** How long an answer is waited for (default 10 s). */
  timeoutMs?: number
  /** The waits between attempts (default: doubling from a minute, ending 24 h after the first). */
  retryDelaysMs?: readonly number[]
  /** How long an entity's active webhooks are kept for the live feed's lookups (default 5 s). */
  cacheMs?: number
}

/**
 * The webhooks API under /api/main (issue 16), the `webhook.deliver` job, and the live feed's hook that queues
 * deliveries on this instance.
 */
export function webhookRoutes(app: FastifyInstance, settings: WebhookSettings): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const rule = { allowLoopback: !settings.production }
  const resolve = settings.resolve ?? systemResolve
  const targets = new WebhookTargets(app.db, settings.cacheMs ?? 5_000)
  const ctx: WebhookContext = { rule, resolve, targets, jobs: app.jobs }
  registerWebhookJobs(app.jobs, app.db, {
    rule,
    resolve,
    timeoutMs: settings.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    retryDelaysMs: settings.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
  })
  app.live.onRecorded(webhookHook(app.db, app.jobs, targets))

  r.get(
    '/webhooks',
    {
      config: read,
      schema: {
        tags: ['webhooks'],
        summary: "The entity's webhooks, with their latest delivery",
        response: { 200: webhookListResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await listEntityWebhooks(app.db, callerOf(request)) }),
  )

  r.post(
    '/webhooks',
    {
      config: edit,
      schema: {
        tags: ['webhooks'],
        summary:
          'Registers a webhook for live events (names from the live stream); answers its secret this once',
        body: webhookCreateRequest,
        response: {
          200: webhookCreatedResponse,
          ...errorResponses,
          409: errorBody.describe('The entity has as many webhooks as it may'),
        },
      },
    },
    async (request) => ({ data: await createWebhook(app.db, callerOf(request), request.body, ctx) }),
  )

  r.put(
    '/webhooks/:id',
    {
      config: edit,
      schema: {
        tags: ['webhooks'],
        summary: 'Pauses or resumes a webhook (status), or changes its url or events',
        params: webhookParams,
        body: webhookUpdateRequest,
        response: { 200: webhookResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await changeWebhook(app.db, callerOf(request), request.params.id, request.body, ctx),
    }),
  )

  r.delete(
    '/webhooks/:id',
    {
      config: edit,
      schema: {
        tags: ['webhooks'],
        summary: 'Deletes a webhook, with its delivery log and the deliveries not yet made',
        params: webhookParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await removeWebhook(app.db, callerOf(request), request.params.id, ctx)
      return { data: { deleted: true } }
    },
  )

  r.get(
    '/webhooks/:id/deliveries',
    {
      config: read,
      schema: {
        tags: ['webhooks'],
        summary: "A webhook's delivery log: every attempt, newest first",
        params: webhookParams,
        querystring: webhookDeliveryListQuery,
        response: { 200: webhookDeliveryListResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await webhookDeliveries(app.db, callerOf(request), request.params.id, request.query),
    }),
  )

  r.post(
    '/webhooks/:id/deliveries/:delivery/redeliver',
    {
      config: edit,
      schema: {
        tags: ['webhooks'],
        summary: 'Sends a delivery again: the same body under the same X-Portal-Delivery',
        params: webhookDeliveryParams,
        response: {
          200: webhookRedeliverResponse,
          ...errorResponses,
          409: errorBody.describe('The webhook is paused, or the delivery is already queued'),
        },
      },
    },
    async (request) => ({
      data: await redeliver(app.db, callerOf(request), request.params.id, request.params.delivery, ctx),
    }),
  )
}
