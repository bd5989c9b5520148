import type { EmployeeListItem } from '@portal/contract'
import {
  EmployeeBalanceType,
  employeeBalanceTypes,
  formatDateTime,
  genders,
  refreshFrequencies,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import { Link } from 'react-router'
import type { DataColumn } from '@/components/data-table/types'
import { ClosedLoopStatusBadge } from './closed-loop-status-badge'

const dash = <span className="text-slate-400">—</span>

function when(ms: number | null) {
  return ms === null ? dash : <span className="whitespace-nowrap">{formatDateTime(ms)}</span>
}

function balanceCell(e: EmployeeListItem) {
  const pct = e.quota > 0 ? Math.round((e.item_balance / e.quota) * 100) : 0
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span className="w-6 text-right tabular-nums">{e.item_balance}</span>
      <span className="h-1.5 w-12 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <span
          className={`block h-full rounded-full ${pct === 0 ? 'bg-rose-500' : pct < 30 ? 'bg-amber-500' : 'bg-emerald-500'}`}
          style={{ width: `${String(pct)}%` }}
        />
      </span>
    </span>
  )
}

export interface EmployeeColumnOptions {
  variant: EmployeeBalanceType
  /** PORTAL_CLOSED_LOOP_NEXT_REFRESH_TIME: Next Refresh Time exists on the quota variant only when on (B §3). */
  showNextRefreshTime: boolean
}

/**
 * The employee columns of B §3, in its order, with the status beside the name (it decides whether the balance can
 * be used at all). Both variants share them except the refresh columns, which only
 * quota employees have; which are on by default is ours (docs/decisions/0019-closed-loop.md).
 */
export function employeeColumns(t: TFunction, o: EmployeeColumnOptions): DataColumn<EmployeeListItem>[] {
  const quota = o.variant === EmployeeBalanceType.Quota
  const columns: (DataColumn<EmployeeListItem> | false)[] = [
    {
      id: 'name',
      header: t('closedLoop.col.name'),
      className: 'min-w-44',
      card: 'title',
      cell: (e) =>
        e.person_uuid === null ? (
          <span className="font-medium">{e.name}</span>
        ) : (
          <Link
            to={`/closed-loop/${e.person_uuid}`}
            className="font-medium text-brand-700 hover:underline"
            onClick={(ev) => ev.stopPropagation()}
          >
            {e.name}
          </Link>
        ),
    },
    {
      id: 'status',
      header: t('closedLoop.col.status'),
      cell: (e) => <ClosedLoopStatusBadge status={e.status} />,
      card: 'status',
    },
    {
      id: 'nric_last_four_characters',
      header: t('closedLoop.col.nric_last_four_characters'),
      cell: (e) => <span className="font-mono text-xs">{e.nric_last_four_characters}</span>,
      defaultVisible: false,
    },
    {
      id: 'redemption_code',
      header: t('closedLoop.col.redemption_code'),
      cell: (e) => <span className="font-mono text-xs">{e.redemption_code}</span>,
      card: 'subtitle',
    },
    {
      id: 'phone_number',
      header: t('closedLoop.col.phone_number'),
      cell: (e) => e.phone_number,
      className: 'whitespace-nowrap',
      defaultVisible: false,
    },
    {
      id: 'balance_type',
      header: t('closedLoop.col.balance_type'),
      cell: (e) => labelOf(employeeBalanceTypes, e.balance_type),
      defaultVisible: false,
    },
    {
      id: 'quota',
      header: t('closedLoop.col.quota'),
      cell: (e) => e.quota,
      align: 'right',
      card: 'meta',
    },
    { id: 'item_balance', header: t('closedLoop.col.item_balance'), cell: balanceCell, card: 'meta' },
    {
      id: 'gender',
      header: t('closedLoop.col.gender'),
      cell: (e) => labelOf(genders, e.gender),
      defaultVisible: false,
    },
    {
      id: 'hospital_code',
      header: t('closedLoop.col.hospital_code'),
      cell: (e) => e.hospital_code,
      defaultVisible: false,
    },
    {
      id: 'last_collected',
      header: t('closedLoop.col.last_collected'),
      cell: (e) => when(e.last_collected),
      card: 'meta',
    },
    quota && {
      id: 'refresh_time',
      header: t('closedLoop.col.refresh_time'),
      cell: (e) => when(e.refresh_time),
      defaultVisible: false,
    },
    quota &&
      o.showNextRefreshTime && {
        id: 'next_refresh_time',
        header: t('closedLoop.col.next_refresh_time'),
        cell: (e) => when(e.next_refresh_time),
      },
    quota && {
      id: 'refresh_frequency_type',
      header: t('closedLoop.col.refresh_frequency_type'),
      cell: (e) => labelOf(refreshFrequencies, e.refresh_frequency_type),
    },
    {
      id: 'start_time',
      header: t('closedLoop.col.start_time'),
      cell: (e) => when(e.start_time),
      defaultVisible: false,
    },
    {
      id: 'end_time',
      header: t('closedLoop.col.end_time'),
      cell: (e) => when(e.end_time),
      defaultVisible: !quota,
    },
    {
      id: 'updated_at',
      header: t('closedLoop.col.updated_at'),
      cell: (e) => when(e.updated_at),
      defaultVisible: false,
    },
    {
      id: 'set',
      header: t('closedLoop.col.set'),
      cell: (e) => e.set?.name ?? <span className="text-slate-500">{t('closedLoop.allMachines')}</span>,
      defaultVisible: false,
    },
  ]
  return columns.filter((c): c is DataColumn<EmployeeListItem> => c !== false)
}
