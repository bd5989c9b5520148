import type { CarbonInvoice, CarbonPayout } from '@portal/contract'
import { formatDate, formatMoney, PayoutStatus } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'

function Payee({ name, code, role, t }: { name: string; code: string; role: string; t: TFunction }) {
  return (
    <span className="flex flex-col leading-tight">
      <span className="text-slate-900">{name}</span>
      <span className="text-xs text-slate-500">
        {code} · {role === 'CPO' ? t('carbon.role.CPO') : t('carbon.role.FO')}
      </span>
    </span>
  )
}

/**
 * Payout columns of B §3 (date, description, payment_bank, total, status), in order; the exchange, which sees every
 * partner's payouts, also gets the payee first. A phone's card leads with the payee (exchange) or the description.
 */
export function payoutColumns(t: TFunction, withPayee: boolean): DataColumn<CarbonPayout>[] {
  const payee: DataColumn<CarbonPayout>[] = withPayee
    ? [
        {
          id: 'payee',
          card: 'title',
          header: t('carbon.payouts.col.payee'),
          cell: (p) => (
            <Payee name={p.payee_entity_name} code={p.payee_entity_code} role={p.payee_role} t={t} />
          ),
        },
      ]
    : []
  return [
    ...payee,
    {
      id: 'date',
      card: withPayee ? 'meta' : 'subtitle',
      header: t('carbon.payouts.col.date'),
      cell: (p) => <span className="whitespace-nowrap">{formatDate(p.date)}</span>,
    },
    {
      id: 'description',
      card: withPayee ? 'subtitle' : 'title',
      header: t('carbon.payouts.col.description'),
      cell: (p) => <span title={p.description}>{p.description}</span>,
      className: 'max-w-96',
    },
    {
      id: 'payment_bank',
      card: 'meta',
      header: t('carbon.payouts.col.payment_bank'),
      cell: (p) => p.payment_bank,
    },
    {
      id: 'total',
      card: 'meta',
      header: t('carbon.payouts.col.total'),
      cell: (p) => formatMoney(p.total, p.currency),
      align: 'right',
    },
    {
      id: 'status',
      card: 'status',
      header: t('carbon.payouts.col.status'),
      cell: (p) => (
        <Badge tone={p.status === PayoutStatus.Paid ? 'positive' : 'warning'} dot>
          {p.status === PayoutStatus.Paid
            ? t('carbon.payouts.status.Paid')
            : t('carbon.payouts.status.Pending')}
        </Badge>
      ),
    },
  ]
}

/** Invoice columns of B §3 (invoice, date, year_payable, total), with the payee for the exchange. */
export function invoiceColumns(t: TFunction, withPayee: boolean): DataColumn<CarbonInvoice>[] {
  const payee: DataColumn<CarbonInvoice>[] = withPayee
    ? [
        {
          id: 'payee',
          card: 'subtitle',
          header: t('carbon.payouts.col.payee'),
          cell: (i) => (
            <Payee name={i.payee_entity_name} code={i.payee_entity_code} role={i.payee_role} t={t} />
          ),
        },
      ]
    : []
  return [
    ...payee,
    {
      id: 'invoice',
      card: 'title',
      header: t('carbon.invoices.col.invoice'),
      cell: (i) => <span className="font-mono text-xs">{i.invoice}</span>,
    },
    {
      id: 'date',
      card: withPayee ? 'meta' : 'subtitle',
      header: t('carbon.invoices.col.date'),
      cell: (i) => <span className="whitespace-nowrap">{formatDate(i.date)}</span>,
    },
    {
      id: 'year_payable',
      card: 'meta',
      header: t('carbon.invoices.col.year_payable'),
      cell: (i) => i.year_payable,
      align: 'right',
    },
    {
      id: 'total',
      card: 'meta',
      header: t('carbon.invoices.col.total'),
      cell: (i) => formatMoney(i.total, i.currency),
      align: 'right',
    },
  ]
}
