import { useId } from 'react'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { cn } from '@/components/ui/cn'
import { EmployeesTab } from './employees-tab'
import { PersonsTab } from './persons-tab'

const TABS = ['persons', 'employees'] as const
type Tab = (typeof TABS)[number]
const TAB_KEY = 'tab'

/**
 * Closed loop (B §2–§9): the Persons and Employees tabs. The tab is in the URL (`?tab=employees`); switching tab
 * starts the other list from its defaults, since the two lists have different filters.
 */
export function ClosedLoopPage() {
  const { t } = useTranslation()
  const baseId = useId()
  const [params, setParams] = useSearchParams()
  const current: Tab = params.get(TAB_KEY) === 'employees' ? 'employees' : 'persons'
  const select = (tab: Tab) => {
    if (tab !== current) setParams(tab === 'persons' ? {} : { [TAB_KEY]: tab })
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const next = current === 'persons' ? 'employees' : 'persons'
    select(next)
    document.getElementById(`${baseId}-${next}-tab`)?.focus()
  }

  return (
    <>
      <PageHeader title={t('closedLoop.title')} description={t('closedLoop.subtitle')} />
      <div
        role="tablist"
        aria-label={t('closedLoop.title')}
        className="mb-4 flex gap-1 border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => {
          const selected = tab === current
          return (
            <button
              key={tab}
              id={`${baseId}-${tab}-tab`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-${tab}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab)}
              className={cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                selected
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {t(`closedLoop.tabs.${tab}`)}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-${current}-panel`} aria-labelledby={`${baseId}-${current}-tab`}>
        {current === 'persons' ? <PersonsTab /> : <EmployeesTab />}
      </div>
    </>
  )
}
