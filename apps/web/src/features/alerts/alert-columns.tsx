import type { Alert } from '@portal/contract'
import { alertKinds, formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import { AlertSeverityBadge, AlertStatusBadge } from '@/components/alerts/alert-badges'
import type { DataColumn } from '@/components/data-table/types'
import { labelOf } from '@/lib/labels'

const dash = <span className="text-slate-400">—</span>

function when(ms: number | null) {
  return ms === null ? dash : <span className="whitespace-nowrap">{formatDateTime(ms)}</span>
}

/** Who did it and when, on one line: "ops.lead · 12/11/2026 10:04". */
function byAt(by: string | null, at: number | null, nobody: string) {
  if (at === null) return dash
  return (
    <span className="whitespace-nowrap" title={formatDateTime(at)}>
      <span className="font-medium text-slate-800">{by ?? nobody}</span>
      <span className="text-slate-500"> · {formatDateTime(at)}</span>
    </span>
  )
}

/** The subject, linking to its page when it has one (a machine, a charger); the row itself opens the alert. */
export function SubjectCell({ alert }: { alert: Alert }) {
  if (alert.subject_path === null) return <span>{alert.subject}</span>
  return (
    <Link
      to={alert.subject_path}
      onClick={(e) => e.stopPropagation()}
      className="text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      {alert.subject}
    </Link>
  )
}

/**
 * The alerts list's columns. The kind leads, as the row's link to the alert (the table links the first column);
 * the updated time is there to sort by, off until picked.
 */
export function alertColumns(t: TFunction): DataColumn<Alert>[] {
  return [
    {
      id: 'kind',
      exportHeader: 'kind',
      header: t('alerts.col.kind'),
      cell: (a) => labelOf(alertKinds, a.kind),
      card: 'title',
    },
    {
      id: 'severity',
      exportHeader: 'severity',
      header: t('alerts.col.severity'),
      cell: (a) => <AlertSeverityBadge severity={a.severity} />,
      card: 'meta',
    },
    {
      id: 'status',
      exportHeader: 'status',
      header: t('alerts.col.status'),
      cell: (a) => <AlertStatusBadge status={a.status} />,
      card: 'status',
    },
    {
      id: 'subject',
      exportHeader: 'subject',
      header: t('alerts.col.subject'),
      cell: (a) => <SubjectCell alert={a} />,
      className: 'min-w-40',
      card: 'subtitle',
    },
    {
      id: 'message',
      exportHeader: 'message',
      header: t('alerts.col.message'),
      cell: (a) => <span title={a.message}>{a.message}</span>,
      className: 'min-w-56',
      card: 'meta',
    },
    {
      id: 'raised_at',
      exportHeader: 'raised_at',
      header: t('alerts.col.raised_at'),
      cell: (a) => when(a.raised_at),
      sort: 'raised_at',
      card: 'meta',
    },
    {
      id: 'last_seen_at',
      exportHeader: 'last_seen_at',
      header: t('alerts.col.last_seen_at'),
      cell: (a) => when(a.last_seen_at),
    },
    {
      id: 'updated_at',
      header: t('alerts.col.updated_at'),
      cell: (a) => when(a.updated_at),
      sort: 'updated_at',
      defaultVisible: false,
    },
    {
      id: 'acknowledged',
      exportHeader: 'acknowledged_at',
      header: t('alerts.col.acknowledged'),
      cell: (a) => byAt(a.acknowledged_by, a.acknowledged_at, t('alerts.system')),
    },
    {
      id: 'resolved',
      exportHeader: 'resolved_at',
      header: t('alerts.col.resolved'),
      cell: (a) => byAt(a.resolved_by, a.resolved_at, t('alerts.resolvedByItself')),
    },
    {
      id: 'comments',
      exportHeader: 'comments',
      header: t('alerts.col.comments'),
      cell: (a) => (a.comments === 0 ? dash : a.comments.toLocaleString()),
      align: 'right',
    },
  ]
}
