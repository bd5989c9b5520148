import type { ExportJob } from '@portal/contract'
import { ExportJobStatus, exportFormats, exportJobStatuses, formatDateTime } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { filterSummary } from './filter-summary'

const dash = <span className="text-slate-400">—</span>

const TONES: Record<number, BadgeTone> = {
  [ExportJobStatus.Pending]: 'info',
  [ExportJobStatus.Ready]: 'positive',
  [ExportJobStatus.Failed]: 'error',
}

export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit += 1
  }
  return `${value.toLocaleString(language, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit] ?? 'B'}`
}

function statusCell(t: TFunction, language: string, job: ExportJob) {
  const badge = (
    <Badge tone={TONES[job.status] ?? 'neutral'} dot>
      {labelOf(exportJobStatuses, job.status)}
    </Badge>
  )
  if (job.status === ExportJobStatus.Pending && job.progress > 0) {
    return (
      <span className="inline-flex items-center gap-2 whitespace-nowrap">
        {badge}
        <span className="text-xs text-slate-500 tabular-nums">
          {t('exports.rowsSoFar', { formatted: job.progress.toLocaleString(language) })}
        </span>
      </span>
    )
  }
  if (job.status === ExportJobStatus.Failed && job.error_message) {
    return (
      <span className="flex flex-col gap-0.5">
        {badge}
        <span className="max-w-64 text-xs text-rose-700">{job.error_message}</span>
      </span>
    )
  }
  return badge
}

/** The export history's columns: what was exported, by whom, when, with which filters, and its file. */
export function exportJobColumns(
  t: TFunction,
  language: string,
  download: (job: ExportJob) => void,
): DataColumn<ExportJob>[] {
  return [
    {
      id: 'source',
      header: t('exports.col.source'),
      cell: (j) => <span className="font-medium text-slate-900">{j.source_title}</span>,
      card: 'title',
    },
    {
      id: 'requested_by',
      header: t('exports.col.requestedBy'),
      cell: (j) => j.requested_by?.name ?? dash,
      card: 'subtitle',
    },
    {
      id: 'created_at',
      header: t('exports.col.createdAt'),
      cell: (j) => <span className="whitespace-nowrap">{formatDateTime(j.created_at)}</span>,
      card: 'meta',
    },
    {
      id: 'filters',
      header: t('exports.col.filters'),
      cell: (j) => {
        const summary = filterSummary(j.filters)
        return summary === '' ? (
          <span className="text-xs text-slate-500">{t('exports.noFilters')}</span>
        ) : (
          <span className="line-clamp-2 max-w-72 text-xs text-slate-600" title={summary}>
            {summary}
          </span>
        )
      },
      className: 'min-w-48',
      card: 'meta',
    },
    { id: 'format', header: t('exports.col.format'), cell: (j) => labelOf(exportFormats, j.format) },
    {
      id: 'status',
      header: t('exports.col.status'),
      cell: (j) => statusCell(t, language, j),
      card: 'status',
    },
    {
      id: 'row_count',
      header: t('exports.col.rows'),
      align: 'right',
      card: 'meta',
      cell: (j) =>
        j.row_count === null ? (
          dash
        ) : (
          <span className="tabular-nums">{j.row_count.toLocaleString(language)}</span>
        ),
    },
    {
      id: 'download',
      header: t('exports.col.download'),
      card: 'meta',
      cell: (j) =>
        j.download_path === null ? (
          dash
        ) : (
          <button
            type="button"
            className="font-medium whitespace-nowrap text-brand-700 hover:underline"
            onClick={(e) => {
              // The row itself is not a link; keep the click on the button.
              e.stopPropagation()
              download(j)
            }}
          >
            {t('exports.download')}
            {j.file_size === null ? '' : ` (${formatBytes(j.file_size, language)})`}
          </button>
        ),
    },
  ]
}
