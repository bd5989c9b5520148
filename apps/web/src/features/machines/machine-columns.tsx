import type { MachineListItem } from '@portal/contract'
import { formatDateTime, paymentMethods, vmcTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'
import { MachineStatusBadge } from './machine-status-badge'

const dash = <span className="text-slate-400">—</span>

function when(ms: number | null) {
  return ms === null ? dash : <span className="whitespace-nowrap">{formatDateTime(ms)}</span>
}

function stockCell(m: MachineListItem) {
  const pct = m.capacity > 0 ? Math.round((m.stock / m.capacity) * 100) : 0
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <span className="tabular-nums">{m.stock.toLocaleString()}</span>
      <span className="h-1.5 w-12 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <span
          className={`block h-full rounded-full ${pct < 20 ? 'bg-rose-500' : pct < 50 ? 'bg-amber-500' : 'bg-emerald-500'}`}
          style={{ width: `${String(pct)}%` }}
        />
      </span>
    </span>
  )
}

/**
 * The Machines list columns of B §3: the alias first (it is how operators name a machine), then the spec's order.
 * Which are on by default is ours (docs/decisions/0003-machine-filter.md).
 */
export function machineColumns(t: TFunction): DataColumn<MachineListItem>[] {
  // Every column's id is the machines export's header (B §3): an export follows the visible columns (decision 0116).
  return withExportHeaders([
    {
      id: 'alias',
      header: t('machines.col.alias'),
      cell: (m) => m.alias,
      className: 'min-w-44',
      card: 'title',
    },
    { id: 'username', header: t('machines.col.username'), cell: (m) => m.username, defaultVisible: false },
    {
      id: 'serial_number',
      card: 'meta',
      header: t('machines.col.serial_number'),
      cell: (m) => <span className="font-mono text-xs">{m.serial_number}</span>,
    },
    { id: 'machine_id', header: t('machines.col.machine_id'), cell: (m) => m.machine_id, align: 'right' },
    {
      id: 'location',
      header: t('machines.col.location'),
      cell: (m) => m.location,
      className: 'min-w-52',
      card: 'subtitle',
    },
    { id: 'postal_code', header: t('machines.col.postal_code'), cell: (m) => m.postal_code },
    {
      id: 'overall_status',
      card: 'status',
      header: t('machines.col.overall_status'),
      cell: (m) => <MachineStatusBadge status={m.overall_status} />,
    },
    {
      id: 'model_number',
      header: t('machines.col.model_number'),
      cell: (m) => m.model_number,
      defaultVisible: false,
    },
    {
      id: 'last_activity_time',
      card: 'meta',
      header: t('machines.col.last_activity_time'),
      cell: (m) => when(m.last_activity_time),
    },
    {
      id: 'last_maintenance_time',
      header: t('machines.col.last_maintenance_time'),
      cell: (m) => when(m.last_maintenance_time),
      defaultVisible: false,
    },
    {
      id: 'vmc_type',
      header: t('machines.col.vmc_type'),
      cell: (m) => labelOf(vmcTypes, m.vmc_type),
      defaultVisible: false,
    },
    {
      id: 'vmc_port',
      header: t('machines.col.vmc_port'),
      cell: (m) => <span className="font-mono text-xs">{m.vmc_port}</span>,
      defaultVisible: false,
    },
    {
      id: 'sets',
      header: t('machines.col.sets'),
      cell: (m) => (m.sets.length === 0 ? dash : m.sets.map((s) => s.name).join(', ')),
    },
    {
      id: 'payment_selections',
      header: t('machines.col.payment_selections'),
      defaultVisible: false,
      cell: (m) => {
        const labels = m.payment_selections.map((p) => labelOf(paymentMethods, p))
        return labels.length === 0 ? (
          dash
        ) : (
          <span title={labels.join(', ')}>
            {labels.slice(0, 3).join(', ')}
            {labels.length > 3 ? ` +${String(labels.length - 3)}` : ''}
          </span>
        )
      },
    },
    {
      id: 'is_active',
      header: t('machines.col.is_active'),
      cell: (m) => (
        <Badge tone={m.is_active ? 'positive' : 'neutral'}>
          {m.is_active ? t('machines.active') : t('machines.inactive')}
        </Badge>
      ),
    },
    {
      id: 'capacity',
      header: t('machines.col.capacity'),
      cell: (m) => m.capacity.toLocaleString(),
      align: 'right',
      defaultVisible: false,
    },
    { id: 'stock', header: t('machines.col.stock'), cell: stockCell, card: 'meta' },
  ])
}

const withExportHeaders = (columns: DataColumn<MachineListItem>[]) =>
  columns.map((c) => ({ ...c, exportHeader: c.id }))
