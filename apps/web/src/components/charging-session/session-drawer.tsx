import type { ReactNode } from 'react'
import { useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from '@/components/ui/icons/icons'
import { useModalDialog } from '@/components/ui/modal/use-modal-dialog'

interface SessionDrawerProps {
  open: boolean
  onClose: () => void
  title: ReactNode
  subtitle?: ReactNode
  children: ReactNode
}

/**
 * A panel sliding over the right side of a list, for a session's detail: the list stays where it was behind it.
 * The owner keeps `open` in the URL (`?session=<uid>`), so the panel can be shared and the Back button closes it.
 * A modal dialog like the Modal (the browser's own, docs/decisions/0043-native-dialog.md), laid out as a drawer.
 */
export function SessionDrawer(props: SessionDrawerProps) {
  return props.open ? <OpenDrawer {...props} /> : null
}

function OpenDrawer({ onClose, title, subtitle, children }: SessionDrawerProps) {
  const { t } = useTranslation()
  const titleId = useId()
  // Focus lands on the panel itself, not on its first button, so a screen reader starts at the title.
  const panel = useRef<HTMLDivElement>(null)
  const dialog = useModalDialog({ onClose, initialFocus: panel })
  return createPortal(
    <dialog
      ref={dialog.ref}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={dialog.onKeyDown}
      onCancel={dialog.onCancel}
      onMouseDown={dialog.onMouseDown}
      className="fixed inset-0 z-40 m-0 flex h-full max-h-none w-full max-w-none justify-end border-0 bg-slate-900/40 p-0 text-inherit backdrop:bg-transparent"
    >
      <div
        ref={panel}
        tabIndex={-1}
        data-testid="session-drawer"
        className="flex h-full w-full max-w-4xl flex-col bg-slate-50 shadow-2xl ring-1 ring-slate-900/10 outline-none"
      >
        <header className="flex items-start justify-between gap-4 border-b border-slate-200 bg-white px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="truncate text-base font-semibold text-slate-900">
              {title}
            </h2>
            {subtitle && <p className="mt-0.5 truncate text-sm text-slate-500">{subtitle}</p>}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('ui.close')}
            className="-mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <CloseIcon className="size-5" />
          </button>
        </header>
        {/* Focusable, so a keyboard can scroll a detail that has no control in it (WCAG 2.1.1). */}
        <div
          className="min-h-0 flex-1 overflow-y-auto p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset sm:p-5"
          tabIndex={0}
          role="group"
          aria-labelledby={titleId}
        >
          {children}
        </div>
      </div>
    </dialog>,
    document.body,
  )
}
