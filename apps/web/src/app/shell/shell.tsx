import { useEffect, useRef, useState, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { CloseIcon } from '@/components/ui/icons/icons'
import { cn } from '@/components/ui/cn'
import { LanguageSwitcher } from '@/components/ui/language-switcher/language-switcher'
import { useModalDialog } from '@/components/ui/modal/use-modal-dialog'
import { navPanelClass, SideNav } from './side-nav'
import { TopBar } from './top-bar'

/**
 * The navigation as a drawer below the lg breakpoint: a modal `<dialog>` like the Modal
 * (docs/decisions/0043-native-dialog.md), so the focus goes in, stays in, and goes back to the menu button; Escape
 * and a press beside it close it. The top bar hides the language switcher on a phone: it is here instead.
 */
function NavDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const dialog = useModalDialog({ onClose })
  return (
    <dialog
      ref={dialog.ref}
      aria-label={t('shell.menu')}
      aria-modal="true"
      onKeyDown={dialog.onKeyDown}
      onCancel={dialog.onCancel}
      onMouseDown={dialog.onMouseDown}
      className="fixed inset-0 z-40 m-0 h-full max-h-none w-full max-w-none border-0 bg-slate-900/40 p-0 text-inherit backdrop:bg-transparent lg:hidden"
    >
      <div className={cn('relative flex h-full w-72 max-w-[85%] flex-col shadow-xl', navPanelClass())}>
        <div className="flex items-center justify-between gap-2 px-3 pt-3">
          <LanguageSwitcher hideLabel />
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-1 text-white/80 hover:text-white focus-visible:outline-2 focus-visible:outline-white"
            aria-label={t('ui.close')}
          >
            <CloseIcon className="size-5" />
          </button>
        </div>
        <div className="min-h-0 flex-1">
          <SideNav onNavigate={onClose} />
        </div>
      </div>
    </dialog>
  )
}

/** The signed-in frame: top bar, side navigation (a drawer below the lg breakpoint) and the page. */
export function Shell() {
  const { t } = useTranslation()
  const [menuOpen, setMenuOpen] = useState(false)
  const { pathname, search } = useLocation()
  const main = useRef<HTMLElement>(null)
  useEffect(() => setMenuOpen(false), [pathname])

  // The skip link moves the focus itself: following `#main` would only scroll (a <main> takes no focus by itself),
  // and would add a hash to the app's address.
  const skipToContent = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    main.current?.focus()
  }

  return (
    <div className="flex min-h-full flex-col">
      <a
        href="#main"
        onClick={skipToContent}
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
        {menuOpen && <NavDrawer onClose={() => setMenuOpen(false)} />}
        {/* The address the page has rendered for: browser tests wait on it after moving inside the app. The skip
            link's target: focusable by script only, and not outlined, as it is no control. */}
        <main
          ref={main}
          id="main"
          tabIndex={-1}
          data-location={`${pathname}${search}`}
          className="min-w-0 flex-1 px-3 py-5 outline-none sm:px-6 lg:px-8"
        >
          <Outlet />
        </main>
      </div>
    </div>
  )
}
