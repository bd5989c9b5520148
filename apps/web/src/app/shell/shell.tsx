import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { CloseIcon } from '@/components/ui/icons/icons'
import { cn } from '@/components/ui/cn'
import { navPanelClass, SideNav } from './side-nav'
import { TopBar } from './top-bar'

/** The signed-in frame: top bar, side navigation (a drawer below the lg breakpoint) and the page. */
export function Shell() {
  const { t } = useTranslation()
  const [menuOpen, setMenuOpen] = useState(false)
  const { pathname } = useLocation()
  useEffect(() => setMenuOpen(false), [pathname])

  return (
    <div className="flex min-h-full flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        {t('shell.skipToContent')}
      </a>
      <TopBar onOpenMenu={() => setMenuOpen(true)} />
      <div className="flex flex-1">
        <aside className={cn('hidden w-60 shrink-0 lg:block', navPanelClass())}>
          <div className="sticky top-14 h-[calc(100vh-3.5rem)]">
            <SideNav />
          </div>
        </aside>
        {menuOpen && (
          <div
            className="fixed inset-0 z-40 lg:hidden"
            role="dialog"
            aria-modal="true"
            aria-label={t('shell.menu')}
          >
            <button
              type="button"
              className="absolute inset-0 bg-slate-900/40"
              aria-label={t('ui.close')}
              onClick={() => setMenuOpen(false)}
            />
            <div className="relative flex h-full w-72 max-w-[85%] flex-col shadow-xl">
              <button
                type="button"
                onClick={() => setMenuOpen(false)}
                className="absolute top-3 right-3 z-10 rounded-md p-1 text-white/80 hover:text-white"
                aria-label={t('ui.close')}
              >
                <CloseIcon className="size-5" />
              </button>
              <div className="h-full pt-10">
                <SideNav onNavigate={() => setMenuOpen(false)} />
              </div>
            </div>
          </div>
        )}
        <main id="main" className="min-w-0 flex-1 px-3 py-5 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  )
}
