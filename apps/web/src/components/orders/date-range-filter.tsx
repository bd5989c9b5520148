import { useTranslation } from 'react-i18next'
import type { SecondsRange } from './date-range'
import { fromLocalInput, toLocalInput } from './date-range'

const inputClass =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600'

/** From/to pickers of the list's date range (local time shown, whole seconds sent). */
export function DateRangeFilter({
  range,
  onChange,
}: {
  range: SecondsRange
  onChange: (r: SecondsRange) => void
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('orders.filter.dateRange')}>
      <label className="flex items-center gap-1 text-sm text-slate-600">
        {t('orders.filter.from')}
        <input
          type="datetime-local"
          className={inputClass}
          value={toLocalInput(range.start)}
          max={toLocalInput(range.end)}
          onChange={(e) => {
            const start = fromLocalInput(e.target.value, false)
            if (start !== undefined) onChange({ ...range, start })
          }}
        />
      </label>
      <label className="flex items-center gap-1 text-sm text-slate-600">
        {t('orders.filter.to')}
        <input
          type="datetime-local"
          className={inputClass}
          value={toLocalInput(range.end)}
          min={toLocalInput(range.start)}
          onChange={(e) => {
            const end = fromLocalInput(e.target.value, true)
            if (end !== undefined) onChange({ ...range, end })
          }}
        />
      </label>
    </div>
  )
}
