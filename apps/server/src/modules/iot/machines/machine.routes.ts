import {
  machineDetailResponse,
  machineFilterRequest,
  machineFilterResponse,
  machineIdParams,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { filterMachines, getMachine, machineScope } from './machine.service'
import { registerExportSource } from '../../exports/export-sources'
import { machineExportSource } from './machine.export'

// The machine list can be exported as a job (modules/exports): the module registers its own source when it loads.
registerExportSource(machineExportSource)

export function machineRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/iot/machines/filter',
    {
      config: { permission: { app: 'iot', resource: 'machines/*', action: 'read' } },
      schema: {
        tags: ['iot'],
        summary: 'Machines of the current entity, filtered and paged (B §7)',
        body: machineFilterRequest,
        response: { 200: machineFilterResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await filterMachines(app.db, app.counts, auth.entityCode, request.body, scope) }
    },
  )

  r.get(
    '/iot/machines/:id',
    {
      config: { permission: { app: 'iot', resource: 'machines/*', action: 'read' } },
      schema: {
        tags: ['iot'],
        summary: 'One machine with its items, general settings and service statuses',
        params: machineIdParams,
        response: { 200: machineDetailResponse, ...errorResponses },
      },
    },
    async (request) => {
      const { auth } = callerOf(request)
      const scope = await machineScope(app.db, auth.entityCode, request.access?.sets ?? null)
      return { data: await getMachine(app.db, auth.entityCode, request.params.id, scope) }
    },
  )
}
