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
import { z } from 'zod'
import { HttpError, notFound } from '../../lib/errors'
import type { NeededPermission } from '../../plugins/auth'
import { callerOf } from '../../lib/request-meta'
import { errorResponses } from '../../plugins/responses'
import { exportSources } from './export-sources'
import type { ExportJobOptions, ExportWritePayload } from './export-write.job'
import { CONTENT_TYPES, EXPORT_WRITE, exportFileKey, registerExportJobs } from './export-write.job'
import { filterExports, findVisibleExport, getExport, requestExport } from './export.service'

export interface ExportSettings {
  maxPendingPerUser: number
  retentionDays: number
  /** The job handlers' settings (tests pass their own sources); `false` registers no export jobs here. */
  jobs?: ExportJobOptions | false
}

/**
 * Which export a caller may touch depends on the list it exports, which is in the body or the stored job. The route
 * lets through anyone who may export at least one list (so a member with no such policy gets a 403 at once, and the
 * authorization matrix sees an ordinary policy-protected route); the handler then checks the list's own permission.
 */
export function anyExportPermission(): { anyOf: NeededPermission[] } {
  const seen = new Set<string>()
  const anyOf: NeededPermission[] = []
  for (const s of exportSources()) {
    const key = `${s.permission.app}:${s.permission.resource}:${s.permission.action}`
    if (seen.has(key)) continue
    seen.add(key)
    anyOf.push({ ...s.permission })
  }
  return { anyOf }
}

/** The export API; the files are written by the export.write job on whichever instance claims it. */
export function exportRoutes(app: FastifyInstance, settings: ExportSettings) {
  const r = app.withTypeProvider<ZodTypeProvider>()
  const permission = anyExportPermission()
  const storage = app.storage.exports
  if (settings.jobs !== false) {
    registerExportJobs(app, { storage, retentionDays: settings.retentionDays }, settings.jobs)
  }

  r.post(
    '/exports',
    {
      config: { permission },
      schema: {
        tags: ['exports'],
        summary: 'Request an export of a list (csv or xlsx) for its current filters; returns the Pending job',
        body: exportJobCreateRequest,
        response: {
          200: exportJobResponse,
          ...errorResponses,
          429: errorBody.describe('The caller already has EXPORT_MAX_PENDING_PER_USER exports waiting'),
        },
      },
    },
    async (request) => {
      const job = await requestExport(app.db, callerOf(request).auth, request.body, {
        maxPendingPerUser: settings.maxPendingPerUser,
        enqueue: (exportId, trx) =>
          app.jobs.enqueue<ExportWritePayload>(
            EXPORT_WRITE,
            { export_id: exportId },
            { db: trx, uniqueKey: `export:${String(exportId)}` },
          ),
      })
      // The job row is visible now that the transaction committed: wake this instance and the others.
      app.jobs.notify()
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
    async (request) => ({ data: await filterExports(app.db, callerOf(request).auth, request.body) }),
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
      data: { export_job: await getExport(app.db, callerOf(request).auth, request.params.uuid) },
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
      const job = await findVisibleExport(app.db, callerOf(request).auth, request.params.uuid)
      if (job.status !== ExportJobStatus.Ready) {
        throw new HttpError(
          409,
          'CONFLICT',
          'This export is not ready: only a Ready export can be downloaded',
        )
      }
      // From the shared storage: any instance serves the file whichever instance wrote it.
      const file = await storage.get(exportFileKey(job))
      if (!file) throw notFound('Export file')
      const name = job.file_name ?? `${job.source}.${job.format}`
      reply
        .header('content-type', CONTENT_TYPES[job.format] ?? 'application/octet-stream')
        .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('content-length', String(file.size))
      return reply.send(file.body)
    },
  )
}
