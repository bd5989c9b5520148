import type { CostPair, PricingTariff, SessionPrice, TariffValidity } from '@portal/contract'
import {
  DEFAULT_TARIFF_UTC_OFFSET_MINUTES,
  formatMoney,
  previewSessionCost,
  sampleSessionPeriods,
  tariffValidity,
} from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { TextField } from '@/components/ui/text-field/text-field'
import type { PreviewError, PreviewField, PreviewInput } from './cost-preview'
import { defaultPreviewInput, parsePreviewInput, toLocalDateTime } from './cost-preview'

export interface CostPreviewTariff extends PricingTariff {
  currency: string
  start_date_time: number | null
  end_date_time: number | null
}

const FIELDS: { field: PreviewField; label: string; hint?: string; inputMode: 'decimal' | 'numeric' }[] = [
  { field: 'energyKwh', label: 'tariffs.preview.energy', inputMode: 'decimal' },
  { field: 'chargingMinutes', label: 'tariffs.preview.charging', inputMode: 'numeric' },
  {
    field: 'graceMinutes',
    label: 'tariffs.preview.grace',
    hint: 'tariffs.preview.graceHint',
    inputMode: 'numeric',
  },
  {
    field: 'blackoutMinutes',
    label: 'tariffs.preview.blackout',
    hint: 'tariffs.preview.blackoutHint',
    inputMode: 'numeric',
  },
  {
    field: 'parkingMinutes',
    label: 'tariffs.preview.parking',
    hint: 'tariffs.preview.parkingHint',
    inputMode: 'numeric',
  },
]

/**
 * The tariff page's cost preview: a sample session (start, energy, charging, grace, blackout and idling minutes)
 * priced with the contract's previewSessionCost as the inputs change, by cost type excluding and including tax, and
 * in total. Bad inputs get a message on their field and no figures (a stale total would mislead).
 */
export function CostPreview({ tariff, now }: { tariff: CostPreviewTariff; now?: number }) {
  const { t } = useTranslation()
  const offset = tariff.time_zone_offset_minutes ?? DEFAULT_TARIFF_UTC_OFFSET_MINUTES
  const [input, setInput] = useState<PreviewInput>(() => defaultPreviewInput(now ?? Date.now(), offset))
  const { sample, errors } = useMemo(() => parsePreviewInput(input, offset), [input, offset])
  const price = useMemo(() => (sample ? previewSessionCost(tariff, sample) : null), [tariff, sample])
  const end = sample ? sampleSessionPeriods(sample).end : null
  const validity: TariffValidity | null = sample ? tariffValidity(tariff, sample.start) : null

  const message = (error: PreviewError | undefined) =>
    error === undefined ? undefined : t(`tariffs.preview.error.${error.code}`, error)
  const set = (field: PreviewField) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setInput((prev) => ({ ...prev, [field]: e.target.value }))

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-500">{t('tariffs.preview.hint')}</p>
      <form
        className="grid grid-cols-1 gap-3 sm:grid-cols-2"
        aria-label={t('tariffs.preview.title')}
        noValidate
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          className="sm:col-span-2"
          label={t('tariffs.preview.start')}
          type="datetime-local"
          value={input.start}
          onChange={set('start')}
          error={message(errors.start)}
        />
        {FIELDS.map(({ field, label, hint, inputMode }) => (
          <TextField
            key={field}
            label={t(label)}
            inputMode={inputMode}
            autoComplete="off"
            value={input[field]}
            onChange={set(field)}
            error={message(errors[field])}
            {...(hint ? { hint: t(hint) } : {})}
          />
        ))}
      </form>

      <section
        aria-label={t('tariffs.preview.results')}
        aria-live="polite"
        data-testid="cost-preview-results"
      >
        <h3 className="mb-2 text-sm font-semibold text-slate-900">{t('tariffs.preview.results')}</h3>
        {price ? (
          <PreviewTable price={price} currency={tariff.currency} />
        ) : (
          <p className="rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-500">
            {t('tariffs.preview.fixInputs')}
          </p>
        )}
        {end !== null && (
          <p className="mt-2 text-xs text-slate-500">
            {t('tariffs.preview.ends', { time: toLocalDateTime(end, offset).replace('T', ' ') })}
          </p>
        )}
        {validity !== null && validity !== 'ACTIVE' && (
          <p className="mt-1 text-xs text-amber-800">
            {t('tariffs.preview.notInForce', { validity: t(`tariffs.validity.${validity}`) })}
          </p>
        )}
      </section>
    </div>
  )
}

function PreviewTable({ price, currency }: { price: SessionPrice; currency: string }) {
  const { t } = useTranslation()
  const rows: [string, string, CostPair][] = [
    ['energy', t('tariffs.preview.energyCost'), price.energy],
    ['time', t('tariffs.preview.timeCost'), price.time],
    ['parking_time', t('tariffs.preview.parkingCost'), price.parking_time],
    ['flat', t('tariffs.preview.flatCost'), price.flat],
  ]
  const money = (minor: number) => formatMoney(minor, currency)
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('tariffs.preview.results')}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-left text-xs text-slate-500 uppercase">
          <th scope="col" className="py-1.5 pr-2 font-semibold">
            {t('tariffs.preview.type')}
          </th>
          <th scope="col" className="py-1.5 pr-2 text-right font-semibold">
            {t('tariffs.preview.exclTax')}
          </th>
          <th scope="col" className="py-1.5 text-right font-semibold">
            {t('tariffs.preview.inclTax')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([id, label, pair]) => (
          <tr key={id} className="border-b border-slate-100" data-testid={`preview-${id}`}>
            <th scope="row" className="py-1.5 pr-2 text-left font-normal text-slate-700">
              {label}
            </th>
            <td className="py-1.5 pr-2 text-right tabular-nums">{money(pair.excl_vat)}</td>
            <td className="py-1.5 text-right tabular-nums">{money(pair.incl_vat)}</td>
          </tr>
        ))}
        <tr className="font-semibold text-slate-900" data-testid="preview-total">
          <th scope="row" className="py-1.5 pr-2 text-left">
            {t('tariffs.preview.total')}
          </th>
          <td className="py-1.5 pr-2 text-right tabular-nums">{money(price.total.excl_vat)}</td>
          <td className="py-1.5 text-right tabular-nums">{money(price.total.incl_vat)}</td>
        </tr>
      </tbody>
    </table>
  )
}
