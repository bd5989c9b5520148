import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListState } from '@/components/data-table/list-state'
import { FROM, TO } from './device-filters'

const control =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600'

/** The created-at range of the device lists: two day pickers kept in the address like the other filters. */
export function DateRangeInputs({ list }: { list: ListState }) {
  const { t } = useTranslation()
  const id = useId()
  const from = list.text(FROM)
  const to = list.text(TO)
  return (
    <div
      className="flex flex-wrap items-center gap-1.5 text-sm text-slate-600"
      role="group"
      aria-label={t('devices.filter.created')}
    >
      <label htmlFor={`${id}-from`} className="whitespace-nowrap">
        {t('devices.filter.created')}
      </label>
      <input
        id={`${id}-from`}
        type="date"
        aria-label={t('devices.filter.createdFrom')}
        className={control}
        value={from}
        max={to || undefined}
        onChange={(e) => list.setFilter(FROM, e.target.value)}
      />
      <span aria-hidden="true">–</span>
      <input
        type="date"
        aria-label={t('devices.filter.createdTo')}
        className={control}
        value={to}
        min={from || undefined}
        onChange={(e) => list.setFilter(TO, e.target.value)}
      />
    </div>
  )
}
