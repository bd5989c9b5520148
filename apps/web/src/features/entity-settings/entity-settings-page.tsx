import type { KeyboardEvent } from 'react'
import { lazy, Suspense, useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { cn } from '@/components/ui/cn'
import { Loader } from '@/components/ui/loader/loader'
import { useSession } from '@/lib/session/session-store'
import type { AccessLevel } from './api/settings-access'
import { canEdit, canView, useChildEntityCount, useSettingsAccess } from './api/settings-access'
import { useAlertSettingsLevel } from './api/alert-settings-level'
import { IntegrationOptionsTab } from './integration-options-tab'
import { PaymentOptionsTab } from './payment-options-tab'
import { useRoamingLevel } from './api/roaming-level'
import { useWebhooksLevel } from './api/webhooks'
import { WebhooksTab } from './webhooks-tab'
import { useSignInLevel } from './api/sign-in'
import { LevelBadge, NoAccess } from './settings-parts'

// Few users have child entities: the tab, with the entity profile it opens, loads when it is chosen.
const ChildEntitiesTab = lazy(() =>
  import('./child-entities-tab').then((m) => ({ default: m.ChildEntitiesTab })),
)
// The alert rules load when their tab is chosen (the page's chunk stays within its size budget).
const AlertsTab = lazy(() => import('./alerts-tab').then((m) => ({ default: m.AlertsTab })))
// Roaming (OCPI partners) is for the few entities that play an OCPI role: it loads when its tab is chosen.
const SignInTab = lazy(() => import('./sign-in-tab').then((m) => ({ default: m.SignInTab })))
const RoamingTab = lazy(() => import('./roaming-tab').then((m) => ({ default: m.RoamingTab })))

type Tab = 'payment' | 'integrations' | 'children' | 'alerts' | 'webhooks' | 'roaming' | 'sign-in'
const TAB_PARAM = 'tab'
const VIEW: AccessLevel = 1
const NONE: AccessLevel = 0

/**
 * /entity-settings: the entity's payment options and integration options, each as a tab, and the user's child
 * entities when they have any (A §5 opens the page for them too). What can be changed follows the access level of
 * each part (A §6: 3 create, edit, delete; 2 create, edit; 1 view); a user with none of the three sees the
 * no-access state. The tab is in the address, so a link can open any.
 */
export function EntitySettingsPage() {
  const { t } = useTranslation()
  const { entity, entityCode } = useSession()
  const access = useSettingsAccess()
  const children = useChildEntityCount()
  const webhooksLevel = useWebhooksLevel()
  const alertsLevel = useAlertSettingsLevel()
  const roamingLevel = useRoamingLevel()
  const signInLevel = useSignInLevel()
  const [params, setParams] = useSearchParams()
  const baseId = useId()

  const tabs: { id: Tab; label: string; level: AccessLevel }[] = [
    { id: 'payment' as const, label: t('entitySettings.payment.title'), level: access.payment },
    { id: 'integrations' as const, label: t('entitySettings.integration.title'), level: access.integration },
    // Child entities are shown to whoever has one; what may be done with each is decided per entity.
    {
      id: 'children' as const,
      label: t('entitySettings.children.title'),
      level: children === null ? null : children > 0 ? VIEW : NONE,
    },
    { id: 'alerts' as const, label: t('alerts.settingsTab'), level: alertsLevel },
    { id: 'webhooks' as const, label: t('webhooks.tab'), level: webhooksLevel },
    // Only for an entity that plays an OCPI role (its industries); 0 otherwise.
    { id: 'roaming' as const, label: t('roaming.tab'), level: roamingLevel },
    // Single sign-on (docs/decisions/0118): who may change the entity may require it.
    { id: 'sign-in' as const, label: t('sso.settings.tab'), level: signInLevel },
  ].filter((tab) => canView(tab.level))
  const asked = params.get(TAB_PARAM)
  const current = tabs.find((tab) => tab.id === asked) ?? tabs[0]
  // On a phone the tabs scroll sideways: the open one is brought into view (a link may open the last).
  const currentId = current?.id
  useEffect(() => {
    if (currentId === undefined) return
    document
      .getElementById(`${baseId}-${currentId}-tab`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }, [baseId, currentId])

  const header = (
    <PageHeader
      title={t('entitySettings.title')}
      description={entity ? `${entity.name} · ${entity.code}` : (entityCode ?? undefined)}
      actions={current && current.id !== 'children' && <LevelBadge level={current.level} />}
    />
  )

  if (
    access.payment === null ||
    access.integration === null ||
    children === null ||
    webhooksLevel === null ||
    alertsLevel === null ||
    roamingLevel === null ||
    signInLevel === null
  ) {
    return (
      <>
        {header}
        <div className="flex justify-center py-24">
          <Loader message={t('entitySettings.loading')} />
        </div>
      </>
    )
  }
  if (!current) {
    return (
      <>
        {header}
        <NoAccess />
      </>
    )
  }

  // Switching tab starts the other list afresh (its own filters and page 1).
  const select = (tab: Tab) => setParams(tab === tabs[0]?.id ? {} : { [TAB_PARAM]: tab })
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return
    const index = tabs.findIndex((tab) => tab.id === current.id)
    const next = tabs[(index + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]
    if (next) {
      select(next.id)
      document.getElementById(`${baseId}-${next.id}-tab`)?.focus()
    }
  }

  return (
    <>
      {header}
      <div
        role="tablist"
        aria-label={t('entitySettings.title')}
        className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.id === current.id
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
      <div
        role="tabpanel"
        id={`${baseId}-${current.id}-panel`}
        aria-labelledby={`${baseId}-${current.id}-tab`}
      >
        {current.id === 'payment' ? (
          <PaymentOptionsTab level={current.level} />
        ) : current.id === 'integrations' ? (
          <IntegrationOptionsTab level={current.level} />
        ) : current.id === 'webhooks' ? (
          <WebhooksTab level={current.level} />
        ) : current.id === 'sign-in' ? (
          <Suspense fallback={<Loader busy message={t('entitySettings.loading')} className="py-12" />}>
            <SignInTab level={current.level} />
          </Suspense>
        ) : current.id === 'roaming' ? (
          <Suspense fallback={<Loader busy message={t('entitySettings.loading')} className="py-12" />}>
            <RoamingTab level={current.level} />
          </Suspense>
        ) : current.id === 'alerts' ? (
          <Suspense fallback={<Loader busy message={t('entitySettings.loading')} className="py-12" />}>
            <AlertsTab canEdit={canEdit(current.level)} />
          </Suspense>
        ) : (
          <Suspense fallback={<Loader busy message={t('entitySettings.loading')} className="py-12" />}>
            <ChildEntitiesTab />
          </Suspense>
        )}
      </div>
    </>
  )
}
