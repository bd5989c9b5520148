import { useTranslation } from 'react-i18next'
import type { ListState } from '@/components/data-table/list-state'
import { fromLocalInput, toLocalInput } from '@/components/orders/date-range'
import { rangeOf, SESSION_LIST_KEYS } from './session-list-query'

const inputClass =
  'h-8 min-w-0 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600'

/**
 * A session list's range, kept in the URL in ms (as the calls take it); shows the default 7 days before now until the
 * user picks (B §9). Both ends are inclusive: the end is the last millisecond of its minute.
 */
export function SessionRangeControl({ list, now, label }: { list: ListState; now: number; label: string }) {
  const { t } = useTranslation()
  const { from, to } = rangeOf(list, now)
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={label}>
      <span className="text-sm text-slate-600">{label}</span>
      <label className="flex items-center gap-1 text-sm text-slate-600">
        <span className="sr-only sm:not-sr-only">{t('chargingSession.range.from')}</span>
        <input
          type="datetime-local"
          aria-label={t('chargingSession.range.from')}
          className={inputClass}
          value={toLocalInput(Math.floor(from / 1000))}
          max={toLocalInput(Math.floor(to / 1000))}
          onChange={(e) => {
            const s = fromLocalInput(e.target.value, false)
            if (s !== undefined) list.setFilter(SESSION_LIST_KEYS.from, String(s * 1000))
          }}
        />
      </label>
      <label className="flex items-center gap-1 text-sm text-slate-600">
        <span className="sr-only sm:not-sr-only">{t('chargingSession.range.to')}</span>
        <input
          type="datetime-local"
          aria-label={t('chargingSession.range.to')}
          className={inputClass}
          value={toLocalInput(Math.floor(to / 1000))}
          min={toLocalInput(Math.floor(from / 1000))}
          onChange={(e) => {
            const s = fromLocalInput(e.target.value, true)
            if (s !== undefined) list.setFilter(SESSION_LIST_KEYS.to, String(s * 1000 + 999))
          }}
        />
      </label>
    </div>
  )
}
