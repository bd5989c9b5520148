import type { ReactNode } from 'react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useIsPhone } from '@/lib/use-media-query'

/**
 * Filters that sit above more than one list or chart (the carbon data's dates and partners drive the dashboard and
 * the records): on a phone they fold behind a Filters button with the number set, as the DataTable's own toolbar
 * does, so the figures start on the first screen. On a wider screen the children show as they are.
 */
export function PhoneFold({ active, children }: { active: number; children: ReactNode }) {
  const { t } = useTranslation()
  const phone = useIsPhone()
  const [open, setOpen] = useState(false)
  if (!phone) return <>{children}</>
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-8 items-center gap-1.5 self-start rounded-md border border-slate-300 bg-white px-2.5 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 text-slate-500">
          <path d="M3 4.5h14l-5.5 6.2V16l-3 1.5v-6.8z" />
        </svg>
        {t('table.filters')}
        {active > 0 && (
          <span className="rounded-full bg-brand-700 px-1.5 text-[11px] leading-4 font-semibold text-white">
            {active}
          </span>
        )}
      </button>
      {/* Kept mounted while folded, so a half-typed value survives closing the panel. */}
      <div hidden={!open} className="rounded-lg border border-slate-200 bg-white p-3 shadow-xs">
        {children}
      </div>
    </div>
  )
}
