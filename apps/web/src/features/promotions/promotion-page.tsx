import type { Promotion } from '@portal/contract'
import { DiscountType, discountTypes, formatDateTime, formatMoney, labelOf } from '@portal/contract'
import type { ReactNode } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { Loader } from '@/components/ui/loader/loader'
import { ApiError, isForbidden } from '@/lib/http'
import { usePromotion } from './api/promotions'
import { PromotionForm } from './promotion-form'
import { StatusBadge, typeLabel, validity } from './promotion-labels'

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">{children}</dd>
    </div>
  )
}

const num = (v: number | null) => (v === null ? '—' : v.toLocaleString())

function Details({ p }: { p: Promotion }) {
  const { t } = useTranslation()
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v, p.currency_code))
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
        <Field label={t('promotions.field.type')}>{typeLabel(t, p.type)}</Field>
        <Field label={t('promotions.field.status')}>
          <StatusBadge t={t} status={p.status} />
        </Field>
        <Field label={t('promotions.col.validity')}>{validity(t, p)}</Field>
        <Field label={t('promotions.field.description')}>{p.description || '—'}</Field>
        <Field label={t('promotions.col.created_at')}>{formatDateTime(p.created_at)}</Field>
        <Field label={t('promotions.col.updated_at')}>{formatDateTime(p.updated_at)}</Field>
      </dl>
      <section className="rounded-lg border border-slate-200 bg-slate-50/60 p-4">
        <h3 className="mb-3 text-sm font-semibold text-slate-900">
          {t('promotions.form.extras', { type: typeLabel(t, p.type) })}
        </h3>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
          {p.item_balance !== null && (
            <Field label={t('promotions.field.item_balance')}>{num(p.item_balance)}</Field>
          )}
          {p.original_item_balance !== null && (
            <Field label={t('promotions.field.original_item_balance')}>{num(p.original_item_balance)}</Field>
          )}
          {p.money_balance !== null && (
            <Field label={t('promotions.field.money_balance')}>{money(p.money_balance)}</Field>
          )}
          {p.original_money_balance !== null && (
            <Field label={t('promotions.field.original_money_balance')}>
              {money(p.original_money_balance)}
            </Field>
          )}
          {p.discount_type !== null && (
            <Field label={t('promotions.field.discount_type')}>
              {t(`promotions.discountType.${String(p.discount_type)}`, {
                defaultValue: labelOf(discountTypes, p.discount_type),
              })}
            </Field>
          )}
          {p.discount !== null && (
            <Field label={t('promotions.field.discount')}>
              {p.discount_type === DiscountType.Percentage ? `${String(p.discount)}%` : money(p.discount)}
            </Field>
          )}
          {p.items !== null && (
            <Field label={t('promotions.field.items')}>
              <ul>
                {p.items.map((i, n) => (
                  <li key={n}>
                    {i.quantity} × {i.name}
                  </li>
                ))}
              </ul>
            </Field>
          )}
        </dl>
      </section>
    </div>
  )
}

/** /promotions/{uuid}: one promotion; Edit turns the view into the same form as create. */
export function PromotionPage() {
  const { t } = useTranslation()
  const { uuid = '' } = useParams()
  const query = usePromotion(uuid)
  const [editing, setEditing] = useState(false)
  const back = (
    <Link to="/promotions" className="text-brand-700 hover:underline">
      ← {t('promotions.title')}
    </Link>
  )
  if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
    return (
      <>
        <PageHeader title={t('promotions.notFoundTitle')} breadcrumb={back} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState
            title={t('promotions.notFoundTitle')}
            description={t('promotions.notFoundDescription')}
          />
        </div>
      </>
    )
  }
  if (query.isPending) {
    return (
      <div className="flex justify-center py-24">
        <Loader message={t('promotions.loading')} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <>
        <PageHeader title={t('promotions.title')} breadcrumb={back} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState
            title={isForbidden(query.error) ? t('table.noAccessTitle') : t('table.errorTitle')}
            description={isForbidden(query.error) ? t('table.noAccessDescription') : query.error.message}
          />
        </div>
      </>
    )
  }
  const p = query.data
  return (
    <>
      <PageHeader
        title={p.name}
        breadcrumb={back}
        description={typeLabel(t, p.type)}
        actions={
          !editing && (
            <Button variant="primary" onClick={() => setEditing(true)}>
              {t('promotions.edit')}
            </Button>
          )
        }
      />
      <div className="max-w-4xl rounded-lg border border-slate-200 bg-white p-5 shadow-xs">
        {editing ? (
          <PromotionForm
            key={p.updated_at}
            promotion={p}
            currency={p.currency_code}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        ) : (
          <Details p={p} />
        )}
      </div>
    </>
  )
}
