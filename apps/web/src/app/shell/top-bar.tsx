import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DefaultImage } from '@/components/ui/default-image/default-image'
import { LanguageSwitcher } from '@/components/ui/language-switcher/language-switcher'
import { Logo } from '@/components/ui/logo/logo'
import { useSession } from '@/lib/session/session-store'
import { useEntitySettingsAccess } from '@/lib/session/use-entity-settings-access'
import { SearchLauncher } from '@/features/search/search-launcher'
import { LiveIndicator } from './live-indicator'
import { NotificationCentre } from './notification-centre'
import { UserMenu } from './user-menu'

/**
 * The entity item (A §2): its logo or initials, its name and code. It opens /entity-settings only when the user is
 * allowed (A §5); while that is being checked, and when it is not allowed, it is not clickable.
 */
function EntityItem() {
  const { t } = useTranslation()
  const { entity } = useSession()
  const access = useEntitySettingsAccess()
  if (!entity) return null
  const content = (
    <>
      <DefaultImage name={entity.name} src={entity.logo_url ?? undefined} size="sm" shape="square" />
      <div className="hidden min-w-0 flex-col leading-tight sm:flex">
        <span className="truncate text-sm font-semibold text-slate-900">{entity.name}</span>
        <span className="text-xs font-medium text-slate-500">{entity.code}</span>
      </div>
    </>
  )
  if (access === 'allowed') {
    return (
      <Link
        to="/entity-settings"
        title={t('teams.openEntitySettings')}
        className="-mx-1.5 flex min-w-0 items-center gap-2.5 rounded-md px-1.5 py-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        data-testid="entity-item"
        data-access={access}
      >
        {content}
      </Link>
    )
  }
  return (
    <div
      className="flex min-w-0 items-center gap-2.5"
      data-testid="entity-item"
      data-access={access}
      aria-busy={access === 'loading' || undefined}
    >
      {content}
    </div>
  )
}

export function TopBar({ onOpenMenu }: { onOpenMenu: () => void }) {
  const { t } = useTranslation()
  return (
    <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b border-slate-200 bg-white px-3 sm:px-4">
      <button
        type="button"
        onClick={onOpenMenu}
        className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 lg:hidden"
        aria-label={t('shell.openMenu')}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          aria-hidden="true"
        >
          <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
        </svg>
      </button>
      <Link
        to="/"
        className="flex items-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Logo />
        {/* Named by its content, so the name holds the words shown (WCAG 2.5.3): "Operator Portal Home". */}
        <span className="hidden text-base font-semibold tracking-tight text-slate-900 sm:inline">
          {t('shell.product')}
        </span>
        <span className="sr-only">{t('shell.home')}</span>
      </Link>
      <div className="mx-1 hidden h-6 w-px bg-slate-200 sm:block" />
      <EntityItem />
      <div className="ml-auto flex items-center gap-1 sm:gap-3">
        <SearchLauncher />
        <LiveIndicator />
        <NotificationCentre />
        <div className="hidden sm:block">
          <LanguageSwitcher hideLabel />
        </div>
        <UserMenu />
      </div>
    </header>
  )
}
