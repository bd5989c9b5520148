import type { MtSummary } from '@portal/contract'
import { challengeTypes, formatDateTime, personTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'

const dash = <span className="text-slate-400">—</span>

const when = (ms: number) => <span className="whitespace-nowrap">{formatDateTime(ms)}</span>

export function ChallengeBadge({ type }: { type: number }) {
  return (
    <Badge tone={type < 0 ? 'warning' : type === 0 ? 'neutral' : 'info'}>
      {labelOf(challengeTypes, type)}
    </Badge>
  )
}

/**
 * The maintenance summary columns of B §3, with its on/off defaults. "Maintained At" is when the summary was recorded.
 * On a phone a card leads with the machine and who maintained it.
 */
export function maintenanceColumns(t: TFunction): DataColumn<MtSummary>[] {
  return [
    {
      id: 'user_name',
      exportHeader: 'name',
      header: t('maintenance.col.user_name'),
      cell: (s) => s.user_name,
      card: 'subtitle',
    },
    {
      id: 'person_type',
      header: t('maintenance.col.person_type'),
      cell: (s) => labelOf(personTypes, s.person_type),
      card: 'meta',
    },
    {
      id: 'challenge_type',
      exportHeader: 'challenge_type',
      header: t('maintenance.col.challenge_type'),
      cell: (s) => <ChallengeBadge type={s.challenge_type} />,
      card: 'status',
    },
    {
      id: 'challenge_bypass_reason',
      exportHeader: 'challenge_bypass_reason',
      header: t('maintenance.col.challenge_bypass_reason'),
      cell: (s) =>
        s.challenge_bypass_reason === null ? (
          dash
        ) : (
          <span title={s.challenge_bypass_reason}>{s.challenge_bypass_reason}</span>
        ),
      className: 'max-w-64',
    },
    {
      id: 'alias',
      exportHeader: 'alias',
      header: t('maintenance.col.alias'),
      cell: (s) => s.alias,
      card: 'title',
    },
    {
      id: 'location',
      exportHeader: 'location',
      header: t('maintenance.col.location'),
      cell: (s) => s.location,
      className: 'max-w-64',
    },
    {
      id: 'created_at',
      header: t('maintenance.col.created_at'),
      cell: (s) => when(s.created_at),
      card: 'meta',
    },
    {
      id: 'additional_notes',
      header: t('maintenance.col.additional_notes'),
      cell: (s) =>
        s.additional_notes === null ? dash : <span title={s.additional_notes}>{s.additional_notes}</span>,
      className: 'max-w-64',
    },
    {
      id: 'total_added_stock',
      exportHeader: 'topped_up',
      header: t('maintenance.col.total_added_stock'),
      cell: (s) => s.total_added_stock.toLocaleString(),
      align: 'right',
      card: 'meta',
    },
    {
      id: 'code',
      header: t('maintenance.col.code'),
      cell: (s) => <span className="font-mono text-xs">{s.code}</span>,
      defaultVisible: false,
    },
    {
      id: 'machine_id',
      header: t('maintenance.col.machine_id'),
      cell: (s) => s.machine_id,
      align: 'right',
      defaultVisible: false,
    },
    {
      id: 'machine_username',
      exportHeader: 'username',
      header: t('maintenance.col.machine_username'),
      cell: (s) => s.machine_username,
      defaultVisible: false,
    },
    {
      id: 'serial_number',
      exportHeader: 'serial_number',
      header: t('maintenance.col.serial_number'),
      cell: (s) => <span className="font-mono text-xs">{s.serial_number}</span>,
      defaultVisible: false,
    },
    {
      id: 'updated_at',
      header: t('maintenance.col.updated_at'),
      cell: (s) => when(s.updated_at),
      defaultVisible: false,
    },
    {
      id: 'start_time',
      exportHeader: 'start_time',
      header: t('maintenance.col.start_time'),
      cell: (s) => when(s.start_time),
      defaultVisible: false,
    },
    {
      id: 'end_time',
      exportHeader: 'end_time',
      header: t('maintenance.col.end_time'),
      cell: (s) => when(s.end_time),
      defaultVisible: false,
    },
  ]
}
