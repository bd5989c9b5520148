import {
  machineIdParams,
  machineItemsResponse,
  machineItemsUpdateRequest,
  machineSettingsResponse,
  machineSettingsUpdateRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import { updateMachineItems, updateMachineSettings } from './machine-settings.service'

const edit = { config: { permission: { app: 'iot', resource: 'machines/*', action: 'edit' } } } as const

/** Editing a machine: its general settings and its slot items (docs/decisions/0016-catalogue.md). */
export function machineSettingsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.put(
    '/iot/machines/:id/settings',
    {
      ...edit,
      schema: {
        tags: ['iot'],
        summary: "Replace a machine's general settings (B §3)",
        params: machineIdParams,
        body: machineSettingsUpdateRequest,
        response: { 200: machineSettingsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateMachineSettings(
        app.db,
        app.counts,
        callerOf(request),
        request.params.id,
        request.body,
      ),
    }),
  )

  r.put(
    '/iot/machines/:id/items',
    {
      ...edit,
      schema: {
        tags: ['iot'],
        summary: 'Change price, stock, capacity and is_enabled of the slots listed; answers every slot',
        params: machineIdParams,
        body: machineItemsUpdateRequest,
        response: { 200: machineItemsResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: {
        items: await updateMachineItems(
          app.db,
          app.counts,
          callerOf(request),
          request.params.id,
          request.body,
        ),
      },
    }),
  )
}
