import type { MachineOrderItem } from '@portal/contract'
import { formatDateTime, formatMoney, paymentMethods, paymentTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { ItemStatusBadge } from './status-badges'

const mono = (v: string) => <span className="font-mono text-xs">{v}</span>

/**
 * The order item columns of B §3, with its column-picker defaults (on: Username … Date; off: ID, Order UUID, …). On a
 * phone a card leads with what was sold and the machine that sold it.
 */
export function orderItemColumns(t: TFunction): DataColumn<MachineOrderItem>[] {
  return [
    {
      id: 'id',
      exportHeader: 'id',
      header: t('orders.col.id'),
      cell: (i) => i.id,
      align: 'right',
      defaultVisible: false,
    },
    {
      id: 'machine_order_uuid',
      exportHeader: 'machine_order_uuid',
      header: t('orders.col.machine_order_uuid'),
      cell: (i) => mono(i.machine_order_uuid),
      defaultVisible: false,
    },
    {
      id: 'order_no',
      exportHeader: 'order_no',
      header: t('orders.col.order_no'),
      cell: (i) => mono(i.order_no),
      defaultVisible: false,
    },
    { id: 'username', exportHeader: 'username', header: t('orders.col.username'), cell: (i) => i.username },
    {
      id: 'serial_number',
      exportHeader: 'serial_number',
      header: t('orders.col.serial_number'),
      cell: (i) => mono(i.serial_number),
    },
    {
      id: 'alias',
      exportHeader: 'alias',
      header: t('orders.col.alias'),
      cell: (i) => i.alias,
      className: 'min-w-40',
      card: 'subtitle',
    },
    {
      id: 'location',
      exportHeader: 'location',
      header: t('orders.col.location'),
      cell: (i) => i.location,
      className: 'min-w-44',
    },
    {
      id: 'item',
      exportHeader: 'item_name',
      header: t('orders.col.item'),
      cell: (i) => i.item,
      className: 'min-w-32',
      card: 'title',
    },
    {
      id: 'funds',
      header: t('orders.col.funds'),
      cell: (i) => (
        <span className="whitespace-nowrap tabular-nums">{formatMoney(i.funds, i.currency_code)}</span>
      ),
      align: 'right',
      card: 'meta',
    },
    {
      id: 'machine_order_item_status',
      exportHeader: 'machine_order_item_status',
      header: t('orders.col.status'),
      cell: (i) => <ItemStatusBadge value={i.machine_order_item_status} />,
      card: 'status',
    },
    {
      id: 'payment_method_code',
      exportHeader: 'payment_method_code',
      header: t('orders.col.payment_method'),
      cell: (i) => labelOf(paymentMethods, i.payment_method_code),
      card: 'meta',
    },
    {
      id: 'date',
      exportHeader: 'date',
      header: t('orders.col.date'),
      cell: (i) => <span className="whitespace-nowrap">{formatDateTime(i.date)}</span>,
      card: 'meta',
    },
    {
      id: 'payment_type_code',
      exportHeader: 'payment_type_code',
      header: t('orders.col.payment_type'),
      cell: (i) => labelOf(paymentTypes, i.payment_type_code),
      defaultVisible: false,
    },
    {
      id: 'description',
      exportHeader: 'description',
      header: t('orders.col.description'),
      cell: (i) => i.description,
      defaultVisible: false,
    },
  ]
}
