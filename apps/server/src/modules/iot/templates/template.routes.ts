import {
  deletedResponse,
  templateFilterRequest,
  templateFilterResponse,
  templateIdParams,
  templateResponse,
  templateWriteRequest,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { callerOf } from '../../../lib/request-meta'
import { errorResponses } from '../../../plugins/responses'
import {
  createTemplate,
  deleteTemplate,
  filterTemplates,
  getTemplate,
  updateTemplate,
} from './template.service'

const tags = ['iot']
const resource = 'templates/*'
// As elsewhere: read views, edit creates and changes, all also deletes.
const read = { config: { permission: { app: 'iot', resource, action: 'read' } } } as const
const edit = { config: { permission: { app: 'iot', resource, action: 'edit' } } } as const
const all = { config: { permission: { app: 'iot', resource, action: 'all' } } } as const

/** Machine templates (B §2 /templates/machines, §7 /iot/templates). */
export function templateRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>()

  r.post(
    '/iot/templates/filter',
    {
      ...read,
      schema: {
        tags,
        summary:
          'Machine templates of the entity, newest change first, paged by per_page/current_page (B §7)',
        body: templateFilterRequest,
        response: { 200: templateFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await filterTemplates(app.db, app.counts, callerOf(request).auth.entityCode, request.body),
    }),
  )

  r.post(
    '/iot/templates',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Create a machine template; item prices and numbers given as text are made numbers (B §3)',
        body: templateWriteRequest,
        response: { 200: templateResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await createTemplate(app.db, app.counts, callerOf(request), request.body) }),
  )

  r.get(
    '/iot/templates/:id',
    {
      ...read,
      schema: {
        tags,
        summary: 'One machine template with its sections and items',
        params: templateIdParams,
        response: { 200: templateResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await getTemplate(app.db, callerOf(request).auth.entityCode, request.params.id),
    }),
  )

  r.put(
    '/iot/templates/:id',
    {
      ...edit,
      schema: {
        tags,
        summary: 'Replace a machine template; its version goes up by one',
        params: templateIdParams,
        body: templateWriteRequest,
        response: { 200: templateResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: await updateTemplate(app.db, app.counts, callerOf(request), request.params.id, request.body),
    }),
  )

  r.delete(
    '/iot/templates/:id',
    {
      ...all,
      schema: {
        tags,
        summary: 'Delete a machine template',
        params: templateIdParams,
        response: { 200: deletedResponse, ...errorResponses },
      },
    },
    async (request) => {
      await deleteTemplate(app.db, app.counts, callerOf(request), request.params.id)
      return { data: { deleted: true } }
    },
  )
}
