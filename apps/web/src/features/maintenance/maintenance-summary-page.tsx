import type { MtSummaryDetail } from '@portal/contract'
import { formatDateTime, formatDuration, personTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useSummary } from './api/maintenance-api'
import { ChallengeBadge } from './maintenance-columns'

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-xs" aria-label={title}>
      <h2 className="border-b border-slate-200 px-4 py-3 text-sm font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  )
}

function Field({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className ? `min-w-0 ${className}` : 'min-w-0'}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}

const dash = '—'

function Summary({ s }: { s: MtSummaryDetail }) {
  const { t } = useTranslation()
  return (
    <Card title={t('maintenance.detail.summary')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('maintenance.col.user_name')}>{s.user_name}</Field>
        <Field label={t('maintenance.col.person_type')}>{labelOf(personTypes, s.person_type)}</Field>
        <Field label={t('maintenance.detail.phone')}>{s.user_phone_number ?? dash}</Field>
        <Field label={t('maintenance.col.code')}>
          <span className="font-mono text-xs">{s.code}</span>
        </Field>
        <Field label={t('maintenance.col.start_time')}>{formatDateTime(s.start_time)}</Field>
        <Field label={t('maintenance.col.end_time')}>{formatDateTime(s.end_time)}</Field>
        <Field label={t('maintenance.detail.duration')}>
          {formatDuration(Math.round((s.end_time - s.start_time) / 1000))}
        </Field>
        <Field label={t('maintenance.col.total_added_stock')}>{s.total_added_stock.toLocaleString()}</Field>
        <Field label={t('maintenance.col.challenge_type')}>
          <ChallengeBadge type={s.challenge_type} />
        </Field>
        <Field label={t('maintenance.col.challenge_bypass_reason')}>
          {s.challenge_bypass_reason ?? dash}
        </Field>
        <Field label={t('maintenance.col.created_at')}>{formatDateTime(s.created_at)}</Field>
        <Field label={t('maintenance.col.updated_at')}>{formatDateTime(s.updated_at)}</Field>
        <Field className="sm:col-span-2 lg:col-span-4" label={t('maintenance.col.additional_notes')}>
          {s.additional_notes ?? dash}
        </Field>
      </dl>
    </Card>
  )
}

function Machine({ s }: { s: MtSummaryDetail }) {
  const { t } = useTranslation()
  return (
    <Card title={t('maintenance.detail.machine')}>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-4 p-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('maintenance.col.alias')}>
          <Link
            to={`/machines/${String(s.machine_id)}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {s.alias}
          </Link>
        </Field>
        <Field label={t('maintenance.col.location')}>{s.location}</Field>
        <Field label={t('maintenance.detail.postalCode')}>{s.postal_code}</Field>
        <Field label={t('maintenance.col.serial_number')}>
          <span className="font-mono text-xs">{s.serial_number}</span>
        </Field>
        <Field label={t('maintenance.col.machine_id')}>{s.machine_id}</Field>
        <Field label={t('maintenance.col.machine_username')}>{s.machine_username}</Field>
      </dl>
    </Card>
  )
}

function Slots({ s }: { s: MtSummaryDetail }) {
  const { t } = useTranslation()
  const title = t('maintenance.detail.slots')
  if (s.slots.length === 0) {
    return (
      <Card title={title}>
        <EmptyState
          title={t('maintenance.detail.noSlots')}
          description={t('maintenance.detail.noSlotsHint')}
        />
      </Card>
    )
  }
  const head = 'px-3 py-2.5 text-xs font-semibold tracking-wide text-slate-600 uppercase'
  return (
    <Card title={title}>
      <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={title}>
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={`${head} text-left`}>
                {t('maintenance.detail.slot')}
              </th>
              <th scope="col" className={`${head} text-left`}>
                {t('maintenance.detail.item')}
              </th>
              <th scope="col" className={`${head} text-right`}>
                {t('maintenance.detail.before')}
              </th>
              <th scope="col" className={`${head} text-right`}>
                {t('maintenance.detail.added')}
              </th>
              <th scope="col" className={`${head} text-right`}>
                {t('maintenance.detail.after')}
              </th>
            </tr>
          </thead>
          <tbody>
            {s.slots.map((slot) => (
              <tr key={slot.slot_no} className="border-t border-slate-100">
                <td className="px-3 py-2 tabular-nums">{slot.slot_no}</td>
                <td className="px-3 py-2">{slot.item_name}</td>
                <td className="px-3 py-2 text-right tabular-nums">{slot.stock_before}</td>
                <td className="px-3 py-2 text-right font-medium text-emerald-700 tabular-nums">
                  +{slot.added_stock}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {slot.stock_after} / {slot.capacity}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-200 bg-slate-50 font-medium">
              <td className="px-3 py-2" colSpan={3}>
                {t('maintenance.col.total_added_stock')}
              </td>
              <td className="px-3 py-2 text-right text-emerald-700 tabular-nums">+{s.total_added_stock}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </Card>
  )
}

/** One maintenance session: who, when, the challenge, the machine, and the stock added per slot. */
export function MaintenanceSummaryPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const summaryId = Number(id)
  const query = useSummary(summaryId)
  const back = (
    <Link to="/maintenance" className="text-brand-700 hover:underline">
      ← {t('maintenance.title')}
    </Link>
  )
  if (query.data === undefined)
    return (
      <DetailState
        valid={Number.isInteger(summaryId) && summaryId > 0}
        query={query}
        title={t('maintenance.title')}
        breadcrumb={back}
        notFoundTitle={t('maintenance.detail.notFoundTitle')}
        notFoundDescription={t('maintenance.detail.notFoundDescription')}
      />
    )
  const s = query.data
  return (
    <>
      <PageHeader
        title={t('maintenance.detail.title', { code: s.code })}
        breadcrumb={back}
        description={`${s.alias} · ${formatDateTime(s.created_at)}`}
        actions={<ChallengeBadge type={s.challenge_type} />}
      />
      <div className="flex flex-col gap-4">
        <Summary s={s} />
        <Machine s={s} />
        <Slots s={s} />
      </div>
    </>
  )
}
