import type { PersonListItem } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { ClosedLoopStatusBadge } from './closed-loop-status-badge'

/** The Persons tab: identity first, then contact and hospital; the uuid and creation time are off by default. */
export function personColumns(t: TFunction): DataColumn<PersonListItem>[] {
  return [
    {
      id: 'name',
      header: t('closedLoop.col.name'),
      cell: (p) => p.name,
      className: 'min-w-44 font-medium',
      card: 'title',
    },
    { id: 'username', header: t('closedLoop.col.username'), cell: (p) => p.username, card: 'subtitle' },
    {
      id: 'person_uuid',
      header: t('closedLoop.col.person_uuid'),
      cell: (p) => <span className="font-mono text-xs">{p.person_uuid}</span>,
      defaultVisible: false,
    },
    {
      id: 'phone_number',
      header: t('closedLoop.col.phone_number'),
      cell: (p) => p.phone_number,
      className: 'whitespace-nowrap',
      card: 'meta',
    },
    { id: 'email', header: t('closedLoop.col.email'), cell: (p) => p.email },
    {
      id: 'nric_last_four_characters',
      header: t('closedLoop.col.nric_last_four_characters'),
      cell: (p) => <span className="font-mono text-xs">{p.nric_last_four_characters}</span>,
    },
    {
      id: 'hospital_code',
      header: t('closedLoop.col.hospital_code'),
      cell: (p) => p.hospital_code,
      card: 'meta',
    },
    {
      id: 'employee_count',
      header: t('closedLoop.col.employee_count'),
      cell: (p) => p.employee_count,
      align: 'right',
      card: 'meta',
    },
    {
      id: 'status',
      header: t('closedLoop.col.status'),
      cell: (p) => <ClosedLoopStatusBadge status={p.status} />,
      card: 'status',
    },
    {
      id: 'created_at',
      header: t('closedLoop.col.created_at'),
      cell: (p) => <span className="whitespace-nowrap">{formatDateTime(p.created_at)}</span>,
      defaultVisible: false,
    },
  ]
}
