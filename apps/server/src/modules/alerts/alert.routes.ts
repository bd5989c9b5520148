import {
  alertActionBody,
  alertCommentBody,
  alertFilterRequest,
  alertFilterResponse,
  alertIdParams,
  alertKindParams,
  alertResponse,
  alertRuleResponse,
  alertRulesResponse,
  alertRuleUpdate,
  alertSubscription,
  alertSubscriptionResponse,
  alertSummaryResponse,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { registerExportSource } from '../exports/export-sources'
import { alertExportSource } from './alert.export'
import {
  actOnAlert,
  alertDetail,
  alertRules,
  alertSubscriptionOf,
  alertSummary,
  filterAlerts,
  setAlertSubscription,
  updateAlertRule,
} from './alert.service'

const read = { permission: { app: 'iam', resource: 'alerts/*', action: 'read' } } as const
const edit = { permission: { app: 'iam', resource: 'alerts/*', action: 'edit' } } as const
const tags = ['alerts']

/** Alerts and their rules (issue 16, docs/decisions/0111-alerts.md), under /api/main. */
export function alertRoutes(app: FastifyInstance): void {
  registerExportSource(alertExportSource)
  const r = app.withTypeProvider<ZodTypeProvider>()
  const tell = app.live.tell.bind(app.live)

  r.post(
    '/alerts/filter',
    {
      config: read,
      schema: {
        tags,
        summary: "The entity's alerts, newest first by default",
        body: alertFilterRequest,
        response: { 200: alertFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterAlerts(app.db, callerOf(request), request.body) }),
  )
  r.get(
    '/alerts/summary',
    {
      config: read,
      schema: {
        tags,
        summary: 'Open and acknowledged counts and the newest unresolved alerts (the notification centre)',
        response: { 200: alertSummaryResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await alertSummary(app.db, callerOf(request)) }),
  )
  r.get(
    '/alerts/rules',
    {
      config: read,
      schema: {
        tags,
        summary: "The entity's rule for every kind (the default where it kept it)",
        response: { 200: alertRulesResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: { rules: await alertRules(app.db, callerOf(request)) } }),
  )
  r.put(
    '/alerts/rules/:kind',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Turns a rule on or off and sets its threshold',
        params: alertKindParams,
        body: alertRuleUpdate,
        response: { 200: alertRuleResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { rule: await updateAlertRule(app.db, callerOf(request), request.params.kind, request.body) },
    }),
  )
  r.get(
    '/alerts/subscription',
    {
      config: { permission: 'authenticated' },
      schema: {
        tags,
        summary: "Whether the caller gets the entity's new alerts by e-mail, and at which address",
        response: { 200: alertSubscriptionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await alertSubscriptionOf(app.db, callerOf(request)) }),
  )
  r.put(
    '/alerts/subscription',
    {
      config: read,
      schema: {
        tags,
        summary: "Starts or stops the caller's alert e-mails (they need to be able to read alerts)",
        body: alertSubscription,
        response: { 200: alertSubscriptionResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await setAlertSubscription(app.db, callerOf(request), request.body.email) }),
  )
  r.get(
    '/alerts/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'One alert with its activity: who did what, when',
        params: alertIdParams,
        response: { 200: alertResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await alertDetail(app.db, callerOf(request), request.params.id) }),
  )
  // A person's three steps on an alert: each answers the alert with its activity.
  const steps = [
    {
      path: 'acknowledge',
      action: 'acknowledge',
      summary: 'Acknowledges an open alert, with an optional comment',
    },
    { path: 'resolve', action: 'resolve', summary: 'Resolves an alert by hand, with an optional comment' },
  ] as const
  for (const step of steps)
    r.post(
      `/alerts/:id/${step.path}`,
      {
        config: edit,
        schema: {
          tags,
          summary: step.summary,
          params: alertIdParams,
          body: alertActionBody,
          response: { 200: alertResponse, ...errorResponses },
        },
      },
      async (request) => ({
        data: await actOnAlert(
          app.db,
          callerOf(request),
          request.params.id,
          step.action,
          request.body.comment,
          tell,
        ),
      }),
    )
  r.post(
    '/alerts/:id/comments',
    {
      config: edit,
      schema: {
        tags,
        summary: 'Adds a comment to an alert',
        params: alertIdParams,
        body: alertCommentBody,
        response: { 200: alertResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await actOnAlert(
        app.db,
        callerOf(request),
        request.params.id,
        'comment',
        request.body.text,
        tell,
      ),
    }),
  )
}
