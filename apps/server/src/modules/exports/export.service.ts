import type { ExportJob, ExportJobFilter, ExportJobFilterData } from '@portal/contract'
import { ExportJobStatus, issueMessage } from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import { fieldError, HttpError, notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { AuthContext } from '../iam/auth/auth-context'
import { setIdsWithDescendants } from '../iam/sets/set.repository'
import { checkPermission } from '../../plugins/auth'
import type { ExportJobView } from './export-job.repository'
import {
  countExportJobs,
  countPendingExportsOf,
  findExportJob,
  findExportJobPage,
  insertExportJob,
} from './export-job.repository'
import type { ExportSource } from './export-source'
import { exportSourceOf, exportSources } from './export-sources'

export function toExportJob(row: ExportJobView): ExportJob {
  return {
    uuid: row.uuid,
    source: row.source,
    source_title: exportSourceOf(row.source)?.title ?? row.source,
    format: row.format,
    filters: parseJson<Record<string, unknown>>(row.filters, {}),
    status: row.status,
    row_count: row.row_count,
    progress: row.progress,
    file_name: row.file_name,
    file_size: row.file_size,
    error_message: row.error_message,
    requested_by:
      row.requester_uuid === null ? null : { user_uuid: row.requester_uuid, name: row.requester_name ?? '' },
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    download_path: row.status === ExportJobStatus.Ready ? `/exports/${row.uuid}/download` : null,
  }
}

/**
 * The caller must hold the permission of the list being exported (the same as its filter call); the sets their
 * grant covers become the job's scope. A 403 names the list.
 */
async function scopeFor(db: Db, auth: AuthContext, source: ExportSource): Promise<number[] | null> {
  const access = await checkPermission(db, auth, source.permission)
  return access.sets === null ? null : setIdsWithDescendants(db, auth.entityCode, access.sets)
}

/** The columns asked for, each one of the source's headers, once; else a 400 naming `body.columns`. */
function chosenColumns(source: ExportSource, columns: readonly string[]): string[] {
  const headers = source.columns.map((c) => c.header)
  const unknown = columns.find((c) => !headers.includes(c))
  if (unknown !== undefined)
    throw fieldError('body.columns', `Unknown column '${unknown}'; one of ${headers.join(', ')}`)
  if (new Set(columns).size !== columns.length) throw fieldError('body.columns', 'Name each column once')
  return [...columns]
}

/** What requestExport needs besides the database: the queue that writes the file and the per-user limit. */
export interface ExportRequestContext {
  enqueue: (exportId: number, trx: Db) => Promise<unknown>
  maxPendingPerUser: number
}

/** What an export request asks for, once checked: its list, its columns and the sets the caller reaches. */
export interface CheckedExportRequest {
  source: ExportSource
  columns: string[] | null
  scope: number[] | null
}

/**
 * Checks an export request without queuing it: the source, its filters and columns (a 400 naming the field) and the
 * caller's permission on the list (a 403). Scheduled reports check theirs this way when they are set up.
 */
export async function checkExportRequest(
  db: Db,
  auth: AuthContext,
  body: { source: string; filters: Record<string, unknown>; columns?: string[] | undefined },
): Promise<CheckedExportRequest> {
  const source = exportSourceOf(body.source)
  if (!source) {
    throw fieldError(
      'body.source',
      `Unknown export source; one of ${exportSources()
        .map((s) => s.key)
        .join(', ')}`,
    )
  }
  const parsed = source.filters.safeParse(body.filters)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const path = ['body', 'filters', ...(issue?.path ?? []).map(String)]
    // An unknown filter is named like an unknown body field is (`body.filters.limit: Unknown field`).
    if (issue?.code === 'unrecognized_keys' && issue.keys[0] !== undefined) {
      throw fieldError([...path, issue.keys[0]].join('.'), 'Unknown field', 'unknown_field', {
        keys: [issue.keys[0]],
      })
    }
    const coded = issue === undefined ? null : issueMessage(issue)
    throw fieldError(path.join('.'), issue?.message ?? 'Invalid filters', coded?.message_code, coded?.params)
  }
  const columns = body.columns === undefined ? null : chosenColumns(source, body.columns)
  const scope = await scopeFor(db, auth, source)
  return { source, columns, scope }
}

export async function requestExport(
  db: Db,
  auth: AuthContext,
  body: {
    source: string
    format: 'csv' | 'xlsx'
    filters: Record<string, unknown>
    columns?: string[] | undefined
  },
  ctx: ExportRequestContext,
): Promise<ExportJob> {
  const { source, columns, scope } = await checkExportRequest(db, auth, body)
  // One user cannot fill the queue for everybody (issue 13 §3, docs/decisions/0094-file-storage.md). Checked
  // before the insert, so two simultaneous requests may both pass at the limit: a soft cap, which is enough here.
  if ((await countPendingExportsOf(db, auth.userId)) >= ctx.maxPendingPerUser) {
    throw new HttpError(
      429,
      'TOO_MANY_REQUESTS',
      `You already have ${String(ctx.maxPendingPerUser)} exports waiting; wait for one to finish before requesting another`,
    )
  }
  const uuid = randomUUID()
  // The row and its job in one transaction: no export without a job to write it, no job without its export.
  await db.transaction().execute(async (trx) => {
    const id = await insertExportJob(trx, {
      uuid,
      entity_code: auth.entityCode,
      requested_by: auth.userId,
      source: source.key,
      format: body.format,
      // The body as sent (defaults are applied again when the job runs), so the history shows what was chosen.
      filters: JSON.stringify(body.filters),
      columns: columns === null ? null : JSON.stringify(columns),
      scope_set_ids: scope === null ? null : JSON.stringify(scope),
      status: ExportJobStatus.Pending,
      row_count: null,
      file_name: null,
      file_size: null,
      error_message: null,
      created_at: Date.now(),
      started_at: null,
      heartbeat_at: null,
      finished_at: null,
    })
    await ctx.enqueue(id, trx)
  })
  return getExport(db, auth, uuid)
}

/** One job of the caller's entity, if they may export its list; another entity's job is not found. */
export async function findVisibleExport(db: Db, auth: AuthContext, uuid: string): Promise<ExportJobView> {
  const row = await findExportJob(db, auth.entityCode, uuid)
  if (!row) throw notFound('Export')
  const source = exportSourceOf(row.source)
  if (source) await checkPermission(db, auth, source.permission)
  return row
}

export async function getExport(db: Db, auth: AuthContext, uuid: string): Promise<ExportJob> {
  return toExportJob(await findVisibleExport(db, auth, uuid))
}

/** The keys of the lists the caller may export (the history shows only those jobs). */
async function exportableSources(db: Db, auth: AuthContext): Promise<string[]> {
  const keys: string[] = []
  for (const source of exportSources()) {
    try {
      await checkPermission(db, auth, source.permission)
      keys.push(source.key)
    } catch (err) {
      // Not allowed: that list's jobs are left out.
      if (!(err instanceof HttpError && err.statusCode === 403)) throw err
    }
  }
  return keys
}

export async function filterExports(
  db: Db,
  auth: AuthContext,
  f: ExportJobFilter,
): Promise<ExportJobFilterData> {
  const sources = await exportableSources(db, auth)
  const [rows, count] = await Promise.all([
    findExportJobPage(db, auth.entityCode, f, sources),
    countExportJobs(db, auth.entityCode, f, sources),
  ])
  return { export_jobs: rows.map(toExportJob), count }
}
