import {
  employeeFilterRequest,
  employeeFilterResponse,
  personDetailResponse,
  personFilterRequest,
  personFilterResponse,
  personUuidParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import {
  canExportEmployees,
  employeeScope,
  filterEmployees,
  filterPersons,
  getPerson,
} from './closed-loop.service'
import { registerExportSource } from '../../exports/export-sources'
import {
  closedLoopRedemptionExportSource,
  closedLoopPersonRedemptionExportSource,
} from './closed-loop.export'

// The closed-loop redemption lists can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(closedLoopRedemptionExportSource)
registerExportSource(closedLoopPersonRedemptionExportSource)

/** Closed-loop persons and employees (B §3, §7). */
export function closedLoopRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/promo/closed-loops/filter',
    {
      config: { permission: { app: 'promo', resource: 'persons/*', action: 'read' } },
      schema: {
        tags: ['promo'],
        summary: 'Closed-loop persons of the current entity, filtered and paged (B §7)',
        body: personFilterRequest,
        response: { 200: personFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const [page, canExport] = await Promise.all([
        filterPersons(app.db, app.counts, auth.entityCode, request.body),
        canExportEmployees(app.db, auth),
      ])
      return { data: { ...page, can_export: canExport } }
    },
  )

  r.get(
    '/promo/closed-loops/:uuid',
    {
      config: { permission: { app: 'promo', resource: 'persons/*', action: 'read' } },
      schema: {
        tags: ['promo'],
        summary: 'One closed-loop person with their employee records and latest redemptions',
        params: personUuidParams,
        response: { 200: personDetailResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await employeeScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await getPerson(app.db, auth.entityCode, request.params.uuid, scope) }
    },
  )

  r.post(
    '/promo/employees/filter',
    {
      config: { permission: { app: 'promo', resource: 'employees/*', action: 'read' } },
      schema: {
        tags: ['promo'],
        summary: 'Closed-loop employees, filtered and paged; the filter is nested in `filter` (B §7)',
        body: employeeFilterRequest,
        response: { 200: employeeFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await employeeScope(app.db, auth.entityCode, request.access?.sets ?? null)
      const [page, canExport] = await Promise.all([
        filterEmployees(app.db, app.counts, auth.entityCode, request.body.filter, scope),
        canExportEmployees(app.db, auth),
      ])
      return { data: { ...page, can_export: canExport } }
    },
  )
}
