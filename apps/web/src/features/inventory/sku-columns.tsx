import type { Sku } from '@portal/contract'
import { formatDateTime, formatMoney, skuCategories } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'

const dash = <span className="text-slate-400">—</span>

/** The SKU list columns (ours: B §3 shows no SKU fields; docs/decisions/0016-catalogue.md). */
export function skuColumns(t: TFunction): DataColumn<Sku>[] {
  return [
    {
      id: 'sku_code',
      header: t('catalogue.sku.sku_code'),
      cell: (s) => <span className="font-mono text-xs">{s.sku_code}</span>,
      card: 'subtitle',
    },
    {
      id: 'name',
      header: t('catalogue.sku.name'),
      cell: (s) => s.name,
      className: 'min-w-52',
      card: 'title',
    },
    {
      id: 'category',
      header: t('catalogue.sku.category'),
      cell: (s) =>
        t(`catalogue.category.${s.category}`, { defaultValue: labelOf(skuCategories, s.category) }),
      card: 'meta',
    },
    {
      id: 'price',
      header: t('catalogue.sku.price'),
      cell: (s) => (
        <span className="whitespace-nowrap tabular-nums">{formatMoney(s.price, s.currency_code)}</span>
      ),
      align: 'right',
      card: 'meta',
    },
    {
      id: 'barcode',
      header: t('catalogue.sku.barcode'),
      cell: (s) => (s.barcode ? <span className="font-mono text-xs">{s.barcode}</span> : dash),
    },
    {
      id: 'slot_count',
      header: t('catalogue.sku.slot_count'),
      cell: (s) => s.slot_count.toLocaleString(),
      align: 'right',
      card: 'meta',
    },
    {
      id: 'is_active',
      header: t('catalogue.sku.is_active'),
      cell: (s) => (
        <Badge tone={s.is_active ? 'positive' : 'neutral'}>
          {s.is_active ? t('catalogue.active') : t('catalogue.inactive')}
        </Badge>
      ),
      card: 'status',
    },
    {
      id: 'description',
      header: t('catalogue.sku.description'),
      cell: (s) => s.description || dash,
      defaultVisible: false,
    },
    {
      id: 'updated_at',
      header: t('catalogue.updatedAt'),
      cell: (s) => <span className="whitespace-nowrap">{formatDateTime(s.updated_at)}</span>,
      defaultVisible: false,
    },
  ]
}
