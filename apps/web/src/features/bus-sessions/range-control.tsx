import { useTranslation } from 'react-i18next'
import type { ListState } from '@/components/data-table/list-state'
import { fromLocalInput, toLocalInput } from '@/components/orders/date-range'
import { RANGE_KEYS, rangeOf } from './session-list-filters'

const inputClass =
  'h-8 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600'

/** A session range in ms in the URL; shows the default 7 days before now until the user picks (B §9). */
export function RangeControl({ list, now, label }: { list: ListState; now: number; label: string }) {
  const { t } = useTranslation()
  const { from, to } = rangeOf(list, now)
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={label}>
      <span className="text-sm text-slate-600">{label}</span>
      <label className="flex items-center gap-1 text-sm text-slate-600">
        <span className="sr-only sm:not-sr-only">{t('busSessions.filter.from')}</span>
        <input
          type="datetime-local"
          aria-label={t('busSessions.filter.from')}
          className={inputClass}
          value={toLocalInput(Math.floor(from / 1000))}
          max={toLocalInput(Math.floor(to / 1000))}
          onChange={(e) => {
            const s = fromLocalInput(e.target.value, false)
            if (s !== undefined) list.setFilter(RANGE_KEYS.from, String(s * 1000))
          }}
        />
      </label>
      <label className="flex items-center gap-1 text-sm text-slate-600">
        <span className="sr-only sm:not-sr-only">{t('busSessions.filter.to')}</span>
        <input
          type="datetime-local"
          aria-label={t('busSessions.filter.to')}
          className={inputClass}
          value={toLocalInput(Math.floor(to / 1000))}
          min={toLocalInput(Math.floor(from / 1000))}
          onChange={(e) => {
            const s = fromLocalInput(e.target.value, true)
            // The whole last minute is in the range: both ends are inclusive.
            if (s !== undefined) list.setFilter(RANGE_KEYS.to, String(s * 1000 + 999))
          }}
        />
      </label>
    </div>
  )
}
