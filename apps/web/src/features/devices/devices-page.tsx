import type { KeyboardEvent } from 'react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { cn } from '@/components/ui/cn'
import { DashboardDevicesTab } from './dashboard-devices-tab'
import { TcnDevicesTab } from './tcn-devices-tab'

type Tab = 'tcn' | 'dashboard'
const TAB_PARAM = 'tab'

/**
 * /devices (B §2): TCN devices and dashboard devices as two tabs. The tab is in the address; switching starts the
 * other list afresh (its own filters, page 1).
 */
export function DevicesPage() {
  const { t } = useTranslation()
  const [params, setParams] = useSearchParams()
  const baseId = useId()
  const tabs: { id: Tab; label: string }[] = [
    { id: 'tcn', label: t('devices.tcnTab') },
    { id: 'dashboard', label: t('devices.dashboardTab') },
  ]
  const current: Tab = params.get(TAB_PARAM) === 'dashboard' ? 'dashboard' : 'tcn'
  const select = (tab: Tab) => setParams(tab === 'tcn' ? {} : { [TAB_PARAM]: tab })
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const next: Tab = current === 'tcn' ? 'dashboard' : 'tcn'
    select(next)
    document.getElementById(`${baseId}-${next}-tab`)?.focus()
  }

  return (
    <>
      <PageHeader title={t('devices.title')} description={t('devices.subtitle')} />
      <div
        role="tablist"
        aria-label={t('devices.title')}
        className="mb-4 flex gap-1 border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.id === current
          return (
            <button
              key={tab.id}
              id={`${baseId}-${tab.id}-tab`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${baseId}-${tab.id}-panel`}
              tabIndex={selected ? 0 : -1}
              onClick={() => select(tab.id)}
              className={cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
                selected
                  ? 'border-brand-700 text-brand-800'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
              )}
            >
              {tab.label}
            </button>
          )
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-${current}-panel`} aria-labelledby={`${baseId}-${current}-tab`}>
        {current === 'tcn' ? <TcnDevicesTab key="tcn" /> : <DashboardDevicesTab key="dashboard" />}
      </div>
    </>
  )
}
