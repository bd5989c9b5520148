import type { MachineCreditLog } from '@portal/contract'
import {
  CreditMode,
  creditModes,
  formatDateTime,
  formatMoney,
  labelOf,
  paymentMethods,
  paymentTypes,
} from '@portal/contract'
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

/** The machine credit log columns of B §3, in order; all are on and all can be sorted by. */
export function creditColumns(t: TFunction): DataColumn<MachineCreditLog>[] {
  return [
    {
      id: 'machine_credit_log_id',
      header: t('credits.col.machine_credit_log_id'),
      cell: (l) => l.machine_credit_log_id,
      align: 'right',
    },
    { id: 'machine_id', header: t('credits.col.machine_id'), cell: (l) => l.machine_id, align: 'right' },
    { id: 'username', header: t('credits.col.username'), cell: (l) => l.username },
    {
      id: 'serial_number',
      header: t('credits.col.serial_number'),
      cell: (l) => <span className="font-mono text-xs">{l.serial_number}</span>,
    },
    { id: 'alias', header: t('credits.col.alias'), cell: (l) => l.alias },
    { id: 'location', header: t('credits.col.location'), cell: (l) => l.location, className: 'max-w-64' },
    { id: 'postal_code', header: t('credits.col.postal_code'), cell: (l) => l.postal_code },
    {
      id: 'amount',
      header: t('credits.col.amount'),
      cell: (l) => formatMoney(l.amount, l.currency_code),
      align: 'right',
    },
    {
      id: 'mode',
      header: t('credits.col.mode'),
      cell: (l) => <Badge tone={MODE_TONES[l.mode] ?? 'neutral'}>{labelOf(creditModes, l.mode)}</Badge>,
    },
    {
      id: 'payment_method',
      header: t('credits.col.payment_method'),
      cell: (l) => labelOf(paymentMethods, l.payment_method),
    },
    {
      id: 'client_time',
      header: t('credits.col.client_time'),
      cell: (l) => <span className="whitespace-nowrap">{formatDateTime(l.client_time)}</span>,
    },
    {
      id: 'payment_type',
      header: t('credits.col.payment_type'),
      cell: (l) => labelOf(paymentTypes, l.payment_type),
    },
  ]
}
