import { useTranslation } from 'react-i18next'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import { isBarFilter, KEYS } from './driver-filters'

const inputClass =
  'h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600'

/** The created-on range as two calendar days, both included (B §5); either end may stay open. */
export function DayRangeControl({ list }: { list: ListState }) {
  const { t } = useTranslation()
  const from = list.text(KEYS.from)
  const to = list.text(KEYS.to)
  return (
    <div
      className="flex flex-wrap items-center gap-2"
      role="group"
      aria-label={t('drivers.filter.createdRange')}
    >
      <span className="w-full text-sm text-slate-600 sm:w-auto">{t('drivers.filter.createdRange')}</span>
      <label className="flex min-w-0 flex-1 items-center gap-1 text-sm text-slate-600 sm:flex-none">
        <span>{t('drivers.filter.from')}</span>
        <input
          type="date"
          className={inputClass}
          value={from}
          max={to || undefined}
          onChange={(e) => list.setFilter(KEYS.from, e.target.value)}
        />
      </label>
      <label className="flex min-w-0 flex-1 items-center gap-1 text-sm text-slate-600 sm:flex-none">
        <span>{t('drivers.filter.to')}</span>
        <input
          type="date"
          className={inputClass}
          value={to}
          min={from || undefined}
          onChange={(e) => list.setFilter(KEYS.to, e.target.value)}
        />
      </label>
    </div>
  )
}

/** The filter bar of a driver list and, under it, the created-on range. */
export function DriversToolbar({ defs, list }: { defs: readonly FilterDef[]; list: ListState }) {
  return (
    <div className="flex flex-col gap-2">
      <FilterBar defs={defs.filter(isBarFilter)} list={list} />
      <DayRangeControl list={list} />
    </div>
  )
}
