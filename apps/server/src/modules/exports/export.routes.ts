import {
  errorBody,
  exportJobCreateRequest,
  exportJobFilterRequest,
  exportJobFilterResponse,
  exportJobParams,
  exportJobResponse,
  ExportJobStatus,
} from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { createReadStream, existsSync } from 'node:fs'
import { z } from 'zod'
import { HttpError, notFound } from '../../lib/errors'
import type { NeededPermission } from '../../plugins/auth'
import { requireAuth } from '../../plugins/auth'
import { errorResponses } from '../../plugins/responses'
import type { ExportRunner } from './export-runner'
import { jobFilePath } from './export-runner'
import { EXPORT_SOURCES } from './export-sources'
import { filterExports, findVisibleExport, getExport, requestExport } from './export.service'

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}

/**
 * Which export a caller may touch depends on the list it exports, which is in the body or the stored job. The route
 * lets through anyone who may export at least one list (so a member with no such policy gets a 403 at once, and the
 * authorization matrix sees an ordinary policy-protected route); the handler then checks the list's own permission.
 */
function anyExportPermission(): { anyOf: NeededPermission[] } {
  const seen = new Set<string>()
  const anyOf: NeededPermission[] = []
  for (const s of EXPORT_SOURCES) {
    const key = `${s.permission.app}:${s.permission.resource}:${s.permission.action}`
    if (seen.has(key)) continue
    seen.add(key)
    anyOf.push({ ...s.permission })
  }
  return { anyOf }
}

export function exportRoutes(app: FastifyInstance, runner: ExportRunner, exportsDir: string) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const permission = anyExportPermission()

  r.post(
    '/exports',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary: 'Request an export of a list (csv or xlsx) for its current filters; returns the Pending job',
        body: exportJobCreateRequest,
        response: { 200: exportJobResponse, ...errorResponses },
      },
    },
    async (request) => {
      const job = await requestExport(app.db, requireAuth(request), request.body)
      runner.wake()
      return { data: { export_job: job } }
    },
  )

  r.post(
    '/exports/filter',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary: "The export history: the current entity's export jobs, newest first",
        body: exportJobFilterRequest,
        response: { 200: exportJobFilterResponse, ...errorResponses },
      },
    },
    async (request) => ({ data: await filterExports(app.db, requireAuth(request), request.body) }),
  )

  r.get(
    '/exports/:uuid',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary: 'One export job (the portal polls it for progress)',
        params: exportJobParams,
        response: { 200: exportJobResponse, ...errorResponses },
      },
    },
    async (request) => ({
      data: { export_job: await getExport(app.db, requireAuth(request), request.params.uuid) },
    }),
  )

  r.get(
    '/exports/:uuid/download',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary: 'The file of a Ready export job, as an attachment',
        params: exportJobParams,
        response: {
          200: z.unknown().describe('The file: text/csv or xlsx, as an attachment'),
          ...errorResponses,
          409: errorBody.describe('The export is not Ready'),
        },
      },
    },
    async (request, reply) => {
      const job = await findVisibleExport(app.db, requireAuth(request), request.params.uuid)
      if (job.status !== ExportJobStatus.Ready) {
        throw new HttpError(
          409,
          'CONFLICT',
          'This export is not ready: only a Ready export can be downloaded',
        )
      }
      const path = jobFilePath(exportsDir, job)
      if (!existsSync(path)) throw notFound('Export file')
      const name = job.file_name ?? `${job.source}.${job.format}`
      reply
        .header('content-type', CONTENT_TYPES[job.format] ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
      if (job.file_size !== null) reply.header('content-length', String(job.file_size))
      return reply.send(createReadStream(path))
    },
  )
}
