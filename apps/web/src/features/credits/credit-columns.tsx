import type { MachineCreditLog } from '@portal/contract'
import {
  CreditMode,
  creditModes,
  formatDateTime,
  formatMoney,
  paymentMethods,
  paymentTypes,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'

const MODE_TONES: Record<number, BadgeTone> = {
  [CreditMode.Addition]: 'positive',
  [CreditMode.Consumed]: 'info',
  [CreditMode.CashRefund]: 'warning',
  [CreditMode.Timeout]: 'error',
}

/**
 * The machine credit log columns of B §3, in order; all are on, and each sorts the list from its header (the call's
 * `sort_by` takes every column). On a phone a card leads with the amount and the machine.
 */
export function creditColumns(t: TFunction): DataColumn<MachineCreditLog>[] {
  return [
    {
      id: 'machine_credit_log_id',
      exportHeader: 'credits_log_id',
      header: t('credits.col.machine_credit_log_id'),
      cell: (l) => l.machine_credit_log_id,
      align: 'right',
      sort: 'machine_credit_log_id',
    },
    {
      id: 'machine_id',
      exportHeader: 'machine_id',
      header: t('credits.col.machine_id'),
      cell: (l) => l.machine_id,
      align: 'right',
      sort: 'machine_id',
    },
    {
      id: 'username',
      exportHeader: 'machine_username',
      header: t('credits.col.username'),
      cell: (l) => l.username,
      sort: 'username',
    },
    {
      id: 'serial_number',
      exportHeader: 'machine_serial_number',
      header: t('credits.col.serial_number'),
      cell: (l) => <span className="font-mono text-xs">{l.serial_number}</span>,
      sort: 'serial_number',
    },
    {
      id: 'alias',
      exportHeader: 'machine_alias',
      header: t('credits.col.alias'),
      cell: (l) => l.alias,
      sort: 'alias',
      card: 'subtitle',
    },
    {
      id: 'location',
      exportHeader: 'machine_location',
      header: t('credits.col.location'),
      cell: (l) => l.location,
      className: 'max-w-64',
      sort: 'location',
    },
    {
      id: 'postal_code',
      header: t('credits.col.postal_code'),
      cell: (l) => l.postal_code,
      sort: 'postal_code',
    },
    {
      id: 'amount',
      exportHeader: 'amount',
      header: t('credits.col.amount'),
      cell: (l) => (
        <span className="whitespace-nowrap tabular-nums">{formatMoney(l.amount, l.currency_code)}</span>
      ),
      align: 'right',
      sort: 'amount',
      card: 'title',
    },
    {
      id: 'mode',
      exportHeader: 'credit_mode',
      header: t('credits.col.mode'),
      cell: (l) => <Badge tone={MODE_TONES[l.mode] ?? 'neutral'}>{labelOf(creditModes, l.mode)}</Badge>,
      sort: 'mode',
      card: 'status',
    },
    {
      id: 'payment_method',
      exportHeader: 'payment_method',
      header: t('credits.col.payment_method'),
      cell: (l) => labelOf(paymentMethods, l.payment_method),
      sort: 'payment_method',
      card: 'meta',
    },
    {
      id: 'client_time',
      exportHeader: 'client_time',
      header: t('credits.col.client_time'),
      cell: (l) => <span className="whitespace-nowrap">{formatDateTime(l.client_time)}</span>,
      sort: 'client_time',
      card: 'meta',
    },
    {
      id: 'payment_type',
      header: t('credits.col.payment_type'),
      cell: (l) => labelOf(paymentTypes, l.payment_type),
      sort: 'payment_type',
    },
  ]
}
