import type { Promotion } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { StatusBadge, typeLabel, validity, valueSummary } from './promotion-labels'

export function promotionColumns(t: TFunction): DataColumn<Promotion>[] {
  return [
    {
      id: 'name',
      header: t('promotions.col.name'),
      cell: (p) => <span className="font-medium text-slate-900">{p.name}</span>,
      className: 'max-w-64 truncate',
      card: 'title',
    },
    { id: 'type', header: t('promotions.col.type'), cell: (p) => typeLabel(t, p.type), card: 'subtitle' },
    {
      id: 'status',
      header: t('promotions.col.status'),
      cell: (p) => <StatusBadge t={t} status={p.status} />,
      card: 'status',
    },
    {
      id: 'value',
      header: t('promotions.col.value'),
      cell: (p) => valueSummary(t, p),
      className: 'whitespace-nowrap',
      card: 'meta',
    },
    {
      id: 'validity',
      header: t('promotions.col.validity'),
      cell: (p) => validity(t, p),
      className: 'whitespace-nowrap',
      card: 'meta',
    },
    {
      id: 'created_at',
      header: t('promotions.col.created_at'),
      cell: (p) => formatDateTime(p.created_at),
      className: 'whitespace-nowrap',
    },
    {
      id: 'updated_at',
      header: t('promotions.col.updated_at'),
      cell: (p) => formatDateTime(p.updated_at),
      className: 'whitespace-nowrap',
      defaultVisible: false,
    },
  ]
}
