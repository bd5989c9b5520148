import type { PriceComponent, TariffDetail, TariffElement } from '@portal/contract'
import { formatDateTime, priceWithTax, tariffValidity } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useParams } from 'react-router'
import { Card } from '@/components/form-kit/fields'
import { DetailState, Field } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { useTariff } from './api/tariffs-api'
import { CostPreview } from './cost-preview-panel'
import { tariffTypeLabel, ValidityBadge } from './tariff-columns'
import { tariffBase } from './tariffs-page'
import {
  formatRate,
  hasRestrictions,
  perMinute,
  priceUnit,
  restrictionsInWords,
  stepInWords,
} from './tariff-words'

function Back({ base }: { base: string }) {
  const { t } = useTranslation()
  return (
    <Link to={base} className="text-brand-700 hover:underline">
      ← {base === '/tariff' ? t('tariffs.title') : t('tariffs.titleVoltnet')}
    </Link>
  )
}

/** A component's price in its unit ("0.55/kWh", "1.00 per session"); the currency is in the column's header. */
function usePriceText() {
  const { t } = useTranslation()
  return (c: PriceComponent, value: number) => {
    const unit = priceUnit(c.type, t)
    return unit.startsWith('/') ? `${formatRate(value)}${unit}` : `${formatRate(value)} ${unit}`
  }
}

function PerMinute({ c, value }: { c: PriceComponent; value: number }) {
  const { t } = useTranslation()
  if (c.type !== 'PARKING_TIME') return null
  return (
    <span className="block text-xs font-normal text-slate-500">
      {t('tariffs.perMinute', { price: formatRate(perMinute(value)) })}
    </span>
  )
}

function vatText(c: PriceComponent, t: TFunction) {
  return c.vat === null ? t('tariffs.detail.noVat') : t('tariffs.detail.vatValue', { vat: c.vat })
}

function ComponentRow({ c }: { c: PriceComponent }) {
  const { t } = useTranslation()
  const price = usePriceText()
  const incl = priceWithTax(c.price, c.vat)
  return (
    <tr className="border-b border-slate-100 last:border-b-0" data-testid={`component-${c.type}`}>
      <th scope="row" className="py-2 pr-3 text-left align-top font-normal">
        <span className="block text-slate-900">{t(`tariffs.componentType.${c.type}`)}</span>
        <span className="block font-mono text-[11px] text-slate-500">{c.type}</span>
      </th>
      <td className="py-2 pr-3 text-right align-top tabular-nums" data-testid="price-excl">
        {price(c, c.price)}
        <PerMinute c={c} value={c.price} />
      </td>
      <td className="py-2 pr-3 text-right align-top tabular-nums" data-testid="vat">
        {vatText(c, t)}
      </td>
      <td className="py-2 pr-3 text-right align-top font-medium tabular-nums" data-testid="price-incl">
        {price(c, incl)}
        <PerMinute c={c} value={incl} />
      </td>
      <td className="py-2 align-top text-slate-700">{stepInWords(c.type, c.step_size, t)}</td>
    </tr>
  )
}

/** The same facts stacked, for a phone's width. */
function ComponentItem({ c, currency }: { c: PriceComponent; currency: string }) {
  const { t } = useTranslation()
  const price = usePriceText()
  const incl = priceWithTax(c.price, c.vat)
  return (
    <li className="py-2">
      <p className="flex items-baseline justify-between gap-2">
        <span className="font-medium text-slate-900">{t(`tariffs.componentType.${c.type}`)}</span>
        <span className="text-xs text-slate-500">{stepInWords(c.type, c.step_size, t)}</span>
      </p>
      <dl className="mt-1 grid grid-cols-3 gap-2 text-xs">
        <div>
          <dt className="text-slate-500">{t('tariffs.detail.priceIn', { currency })}</dt>
          <dd className="text-slate-900 tabular-nums">
            {price(c, c.price)}
            <PerMinute c={c} value={c.price} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('tariffs.detail.vat')}</dt>
          <dd className="text-slate-900 tabular-nums">{vatText(c, t)}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t('tariffs.detail.priceWithTaxIn', { currency })}</dt>
          <dd className="font-medium text-slate-900 tabular-nums">
            {price(c, incl)}
            <PerMinute c={c} value={incl} />
          </dd>
        </div>
      </dl>
    </li>
  )
}

function ElementBlock({
  element,
  index,
  isFallback,
  currency,
}: {
  element: TariffElement
  index: number
  isFallback: boolean
  currency: string
}) {
  const { t } = useTranslation()
  const when = restrictionsInWords(element.restrictions, t, isFallback)
  const title = `${t('tariffs.detail.element', { n: index + 1 })} · ${when}`
  return (
    <section aria-label={title} className="rounded-md border border-slate-200" data-testid="tariff-element">
      <h3 className="flex flex-wrap items-baseline gap-x-2 border-b border-slate-200 bg-slate-50 px-3 py-2 text-sm">
        <span className="font-semibold text-slate-900">{t('tariffs.detail.element', { n: index + 1 })}</span>
        <span className="text-slate-600" data-testid="element-when">
          {when}
        </span>
      </h3>
      <ul className="divide-y divide-slate-100 px-3 sm:hidden">
        {element.price_components.map((c, i) => (
          <ComponentItem key={`${c.type}-${String(i)}`} c={c} currency={currency} />
        ))}
      </ul>
      <div className="hidden px-3 sm:block">
        <table className="w-full table-fixed text-sm">
          <caption className="sr-only">{title}</caption>
          <colgroup>
            <col className="w-[26%]" />
            <col className="w-[21%]" />
            <col className="w-[10%]" />
            <col className="w-[21%]" />
            <col className="w-[22%]" />
          </colgroup>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs text-slate-500 uppercase">
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                {t('tariffs.detail.component')}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                {t('tariffs.detail.priceIn', { currency })}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                {t('tariffs.detail.vat')}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
                {t('tariffs.detail.priceWithTaxIn', { currency })}
              </th>
              <th scope="col" className="py-1.5 font-semibold">
                {t('tariffs.detail.step')}
              </th>
            </tr>
          </thead>
          <tbody>
            {element.price_components.map((c, i) => (
              <ComponentRow key={`${c.type}-${String(i)}`} c={c} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

/**
 * Whether an element without restrictions is the "other times" of an earlier, restricted element: it is when it
 * prices a type an earlier restricted element prices too (OCPI takes each type from the first matching element).
 */
function isFallback(elements: readonly TariffElement[], index: number): boolean {
  const types = new Set(elements[index]?.price_components.map((c) => c.type) ?? [])
  return elements
    .slice(0, index)
    .some((e) => hasRestrictions(e.restrictions) && e.price_components.some((c) => types.has(c.type)))
}

function TariffView({ tariff, base }: { tariff: TariffDetail; base: string }) {
  const { t } = useTranslation()
  const [now] = useState(() => Date.now())
  const validity = tariffValidity(tariff, now)
  const money = (p: TariffDetail['min_price']) =>
    p === null ? t('tariffs.detail.noLimit') : `${tariff.currency} ${formatRate(p.excl_vat)}`
  return (
    <>
      <PageHeader
        title={tariff.name}
        breadcrumb={<Back base={base} />}
        description={<span className="font-mono">{tariff.external_id}</span>}
        actions={<ValidityBadge validity={validity} t={t} />}
      />
      <div className="flex flex-col gap-4">
        <Card title={t('tariffs.detail.facts')}>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-4 lg:grid-cols-4">
            <Field label={t('tariffs.detail.externalId')}>
              <span className="font-mono text-xs">{tariff.external_id}</span>
            </Field>
            <Field label={t('tariffs.detail.currency')}>{tariff.currency}</Field>
            <Field label={t('tariffs.detail.type')}>{tariffTypeLabel(tariff.type, t)}</Field>
            <Field label={t('tariffs.detail.uid')}>
              <span className="font-mono text-xs break-all">{tariff.uid}</span>
            </Field>
            <Field label={t('tariffs.detail.validFrom')}>
              {tariff.start_date_time === null
                ? t('tariffs.detail.noStart')
                : formatDateTime(tariff.start_date_time)}
            </Field>
            <Field label={t('tariffs.detail.validTo')}>
              {tariff.end_date_time === null
                ? t('tariffs.detail.noEnd')
                : formatDateTime(tariff.end_date_time)}
            </Field>
            <Field label={t('tariffs.detail.lastUpdated')}>{formatDateTime(tariff.last_updated)}</Field>
            <Field label={t('tariffs.detail.created')}>{formatDateTime(tariff.created_at)}</Field>
            <Field label={t('tariffs.detail.connectors')}>
              {tariff.connector_count.toLocaleString('en-US')}
            </Field>
            <Field label={t('tariffs.detail.locations')}>
              {tariff.location_count.toLocaleString('en-US')}
            </Field>
            <Field label={t('tariffs.detail.minPrice')}>{money(tariff.min_price)}</Field>
            <Field label={t('tariffs.detail.maxPrice')}>{money(tariff.max_price)}</Field>
          </dl>
        </Card>
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-5">
          <Card title={t('tariffs.detail.elements')} className="min-w-0 xl:col-span-3">
            <p className="mb-3 text-sm text-slate-500">{t('tariffs.detail.elementsHint')}</p>
            <div className="flex flex-col gap-3">
              {tariff.elements.map((element, i) => (
                <ElementBlock
                  key={String(i)}
                  element={element}
                  index={i}
                  isFallback={isFallback(tariff.elements, i)}
                  currency={tariff.currency}
                />
              ))}
            </div>
          </Card>
          <Card title={t('tariffs.preview.title')} className="min-w-0 xl:col-span-2">
            <CostPreview tariff={tariff} />
          </Card>
        </div>
      </div>
    </>
  )
}

/**
 * One tariff (/tariff/{id}, /voltnet/tariffs/{id}; B §3, A §9): its facts, its elements with the restrictions in
 * words and each price component with its price, VAT, price with tax (price × (100 + vat) / 100) and billing step,
 * and a cost preview priced by the contract's pricing, the same code that priced the sessions.
 */
export function TariffPage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const { pathname } = useLocation()
  const base = tariffBase(pathname)
  const query = useTariff(id)
  if (!query.data)
    return (
      <DetailState
        valid={id !== undefined && id.trim() !== '' && id.length <= 64}
        query={query}
        title={t('tariffs.detail.title')}
        breadcrumb={<Back base={base} />}
        notFoundTitle={t('tariffs.detail.notFound')}
        notFoundDescription={t('tariffs.detail.notFoundDescription')}
      />
    )
  return <TariffView tariff={query.data} base={base} />
}
