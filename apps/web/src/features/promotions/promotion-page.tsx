import type { Promotion } from '@portal/contract'
import { DiscountType, discountTypes, formatDateTime, formatMoney } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { DetailState, Field } from '@/components/form-kit/detail-state'
import { ApiError } from '@/lib/http'
import { usePromotion } from './api/promotions'
import { PromotionForm } from './promotion-form'
import { StatusBadge, typeLabel, validity } from './promotion-labels'

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
  if (!query.data) {
    return (
      <DetailState
        // A malformed uuid is refused with a 400: to the operator it is a promotion that does not exist.
        valid={uuid !== '' && !(query.error instanceof ApiError && query.error.status === 400)}
        query={query}
        title={t('promotions.title')}
        breadcrumb={back}
        notFoundTitle={t('promotions.notFoundTitle')}
        notFoundDescription={t('promotions.notFoundDescription')}
      />
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
