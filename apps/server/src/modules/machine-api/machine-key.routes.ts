import { machineApiKeyResponse, machineApiKeyStatusResponse, machineIdParams } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { machineKeyStatus, rotateMachineKey } from './machine-key.service'

const edit = { permission: { app: 'iot', resource: 'machines/*', action: 'edit' } } as const
const read = { permission: { app: 'iot', resource: 'machines/*', action: 'read' } } as const

/** A machine's API key, from the portal's side (issue 15): under /api/main. */
export function machineKeyRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>()
  r.post(
    '/iot/machines/:id/api-key',
    {
      config: edit,
      schema: {
        tags: ['iot'],
        summary:
          "Creates or rotates the machine's API key, shown this once; the previous key stops working at once",
        params: machineIdParams,
        response: { 200: machineApiKeyResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await rotateMachineKey(app.db, callerOf(request), request.params.id) }),
  )
  r.get(
    '/iot/machines/:id/api-key',
    {
      config: read,
      schema: {
        tags: ['iot'],
        summary:
          'Whether the machine has an API key, when it was made and when it was last used (never the key)',
        params: machineIdParams,
        response: { 200: machineApiKeyStatusResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await machineKeyStatus(app.db, callerOf(request), request.params.id) }),
  )
}
