import {
  maintainersResponse,
  mtSummaryDetailResponse,
  mtSummaryFilterRequest,
  mtSummaryFilterResponse,
  mtSummaryIdParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { machineScope } from '../machines/machine.service'
import { filterSummaries, getSummary, listMaintainers } from './mt-summary.service'
import { registerExportSource } from '../../exports/export-sources'
import { mtSummaryExportSource } from './mt-summary.export'

// The maintenance summary can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(mtSummaryExportSource)

const READ = { app: 'iot', resource: 'maintenance/*', action: 'read' } as const

export function mtSummaryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/iot/mt-summaries/filter',
    {
      config: { permission: READ },
      schema: {
        tags: ['iot'],
        summary: 'Maintenance summaries of the current entity, filtered and paged (B §7)',
        body: mtSummaryFilterRequest,
        response: { 200: mtSummaryFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await filterSummaries(app.db, app.counts, auth.entityCode, request.body, scope) }
    },
  )

  r.get(
    '/iot/mt-summaries/maintainers',
    {
      config: { permission: READ },
      schema: {
        tags: ['iot'],
        summary: 'The people who maintained machines of the entity (options of the user filter)',
        response: { 200: maintainersResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: { maintainers: await listMaintainers(app.db, auth.entityCode, scope) } }
    },
  )

  r.get(
    '/iot/mt-summaries/:id',
    {
      config: { permission: READ },
      schema: {
        tags: ['iot'],
        summary: 'One maintenance summary with the stock added per slot',
        params: mtSummaryIdParams,
        response: { 200: mtSummaryDetailResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await getSummary(app.db, auth.entityCode, request.params.id, scope) }
    },
  )
}
