import type { ComponentType } from 'react'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page/page-header'
import { cn } from '@/components/ui/cn'
import { Loader } from '@/components/ui/loader/loader'
import { useSession } from '@/lib/session/session-store'
import type { IamTab } from './iam-nav'
import { IAM_TABS, isIamTab, tabHref } from './iam-nav'
import { PoliciesTab } from './policies-tab'
import { RolesTab } from './roles-tab'
import { ServiceAccountsTab } from './service-accounts-tab'
import { SetsTab } from './sets-tab'
import { UsersTab } from './users-tab'

// The entity list and its dialogs are for administrators: they load when the tab is chosen.
const EntitiesTab = lazy(() => import('./entities-tab').then((m) => ({ default: m.EntitiesTab })))

const TAB_LISTS: Record<IamTab, ComponentType> = {
  users: UsersTab,
  'service-accounts': ServiceAccountsTab,
  roles: RolesTab,
  policies: PoliciesTab,
  sets: SetsTab,
  entities: EntitiesTab,
}

/** /iam: users, roles, policies and sets of the current entity, one tab each; the tab is in the URL (?tab=roles). */
export function IamSection() {
  const { t } = useTranslation()
  const { entity } = useSession()
  const [params] = useSearchParams()
  const raw = params.get('tab')
  const tab: IamTab = isIamTab(raw) ? raw : 'users'
  const List = TAB_LISTS[tab]

  return (
    <>
      <PageHeader
        title={t('iamScreens.title')}
        description={entity ? t('iamScreens.subtitle', { entity: entity.name }) : undefined}
      />
      <div
        role="tablist"
        aria-label={t('iamScreens.title')}
        className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200"
      >
        {IAM_TABS.map((name) => (
          <Link
            key={name}
            role="tab"
            id={`iam-tab-${name}`}
            aria-selected={name === tab}
            aria-controls="iam-tab-panel"
            to={tabHref(name)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
              name === tab
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800',
            )}
          >
            {t(`iamScreens.tabs.${name}`)}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id="iam-tab-panel" aria-labelledby={`iam-tab-${tab}`}>
        <Suspense fallback={<Loader busy message={t('iamScreens.loading')} className="py-12" />}>
          <List key={tab} />
        </Suspense>
      </div>
    </>
  )
}
