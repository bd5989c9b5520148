import type { MachineOrderDetail as Order } from '@portal/contract'
import { formatDateTime, formatMoney, paymentMethods, paymentTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DetailState, Field } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { ScrollRegion } from '@/components/ui/scroll-region/scroll-region'
import { useMachineOrder } from './api/order-items'
import { ItemStatusBadge, OrderStatusBadge, StageStatusBadge } from './status-badges'

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white">
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">{title}</h2>
      <ScrollRegion label={title} className="overflow-x-auto">
        {children}
      </ScrollRegion>
    </section>
  )
}

const th = 'px-4 py-2 text-left whitespace-nowrap'
const td = 'px-4 py-2 align-top'

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" className={th}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  )
}

function OrderBody({ o }: { o: Order }) {
  const { t } = useTranslation()
  const money = (n: number) => formatMoney(n, o.currency_code)
  return (
    <div className="space-y-5">
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
          <Field label={t('orders.col.order_no')}>
            <span className="font-mono text-xs">{o.order_no}</span>
          </Field>
          <Field label={t('orders.detail.outTradeNo')}>
            <span className="font-mono text-xs">{o.out_trade_no}</span>
          </Field>
          <Field label={t('orders.col.machine_order_uuid')}>
            <span className="font-mono text-xs">{o.uuid}</span>
          </Field>
          <Field label={t('orders.detail.machine')}>
            <Link to={`/machines/${String(o.machine_id)}`} className="text-brand-700 hover:underline">
              {o.alias}
            </Link>
          </Field>
          <Field label={t('orders.col.serial_number')}>{o.serial_number}</Field>
          <Field label={t('orders.col.location')}>{o.location}</Field>
          <Field label={t('orders.col.payment_method')}>
            {labelOf(paymentMethods, o.payment_method_code)}
          </Field>
          <Field label={t('orders.col.payment_type')}>{labelOf(paymentTypes, o.payment_type_code)}</Field>
          <Field label={t('orders.detail.total')}>{money(o.total_amount)}</Field>
          <Field label={t('orders.detail.created')}>{formatDateTime(o.created_at)}</Field>
          <Field label={t('orders.detail.updated')}>{formatDateTime(o.updated_at)}</Field>
        </dl>
      </section>
      <Card title={t('orders.detail.items', { count: o.items.length })}>
        <Table
          caption={t('orders.detail.items', { count: o.items.length })}
          head={[
            t('orders.detail.slot'),
            t('orders.col.item'),
            t('orders.detail.price'),
            t('orders.detail.discount'),
            t('orders.detail.credit'),
            t('orders.col.funds'),
            t('orders.col.status'),
            t('orders.detail.failedStage'),
          ]}
        >
          {o.items.map((i) => (
            <tr key={i.id}>
              <td className={td}>{i.slot_no}</td>
              <td className={td}>
                <div className="font-medium text-slate-900">{i.item}</div>
                <div className="text-xs text-slate-500">{i.description}</div>
              </td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>{money(i.price)}</td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>{money(i.discount)}</td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>{money(i.credit)}</td>
              <td className={`${td} whitespace-nowrap tabular-nums`}>{money(i.funds)}</td>
              <td className={td}>
                <ItemStatusBadge value={i.machine_order_item_status} />
              </td>
              <td className={td}>
                {i.failed_stage_name === null ? '—' : `${String(i.failed_stage_no)}. ${i.failed_stage_name}`}
              </td>
            </tr>
          ))}
        </Table>
      </Card>
      <div className="space-y-5">
        <Card title={t('orders.detail.stages')}>
          <Table
            caption={t('orders.detail.stages')}
            head={[
              t('orders.detail.stageNo'),
              t('orders.detail.stageName'),
              t('orders.col.status'),
              t('orders.detail.time'),
            ]}
          >
            {o.stages.map((s) => (
              <tr key={s.stage_no}>
                <td className={td}>{s.stage_no}</td>
                <td className={td}>{s.stage_name}</td>
                <td className={td}>
                  <StageStatusBadge value={s.status} />
                </td>
                <td className={`${td} whitespace-nowrap`}>{formatDateTime(s.time)}</td>
              </tr>
            ))}
          </Table>
        </Card>
        <Card title={t('orders.detail.payments')}>
          <Table
            caption={t('orders.detail.payments')}
            head={[
              t('orders.col.payment_method'),
              t('orders.detail.gateway'),
              t('orders.detail.amount'),
              t('orders.col.status'),
              t('orders.detail.transaction'),
            ]}
          >
            {o.payments.map((p) => (
              <tr key={p.payment_no}>
                <td className={td}>{labelOf(paymentMethods, p.payment_method_code)}</td>
                <td className={td}>{p.payment_gateway_code}</td>
                <td className={`${td} whitespace-nowrap tabular-nums`}>{money(p.amount)}</td>
                <td className={td}>
                  <ItemStatusBadge value={p.status} />
                </td>
                <td className={td}>
                  <Link
                    to={`/transactions?order_uuid=${encodeURIComponent(o.uuid)}&start=0`}
                    className="font-mono text-xs whitespace-nowrap text-brand-700 hover:underline"
                  >
                    {p.transaction_uuid}
                  </Link>
                </td>
              </tr>
            ))}
          </Table>
        </Card>
      </div>
    </div>
  )
}

/** One machine order: its fields, items, stages and payments (404 for another entity's order). */
export function MachineOrderDetail({ uuid, backTo }: { uuid: string; backTo: string }) {
  const { t } = useTranslation()
  const query = useMachineOrder(uuid)
  const back = (
    <Link to={backTo} className="text-brand-700 hover:underline">
      ← {t(backTo === '/pos-machine-orders' ? 'orders.posTitle' : 'orders.title')}
    </Link>
  )
  if (query.data === undefined)
    return (
      <DetailState
        valid={uuid !== ''}
        query={query}
        title={t('orders.detail.title')}
        breadcrumb={back}
        notFoundTitle={t('orders.detail.notFound')}
        notFoundDescription={t('orders.detail.notFoundDescription')}
      />
    )
  const o = query.data
  return (
    <>
      <PageHeader
        title={t('orders.detail.heading', { no: o.order_no })}
        breadcrumb={back}
        description={`${o.alias} · ${formatDateTime(o.created_at)}`}
        actions={<OrderStatusBadge value={o.status} />}
      />
      <OrderBody o={o} />
    </>
  )
}
