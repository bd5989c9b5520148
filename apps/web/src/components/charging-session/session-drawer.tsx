import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react'
import type { ReactNode } from 'react'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { CloseIcon } from '@/components/ui/icons/icons'

/**
 * A panel sliding over the right side of a list, for a session's detail: the list stays where it was behind it.
 * The owner keeps `open` in the URL (`?session=<uid>`), so the panel can be shared and the Back button closes it.
 */
export function SessionDrawer({
  open,
  onClose,
  title,
  subtitle,
  children,
}: {
  open: boolean
  onClose: () => void
  title: ReactNode
  subtitle?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const [floating, setFloating] = useState<HTMLElement | null>(null)
  const { context } = useFloating({
    elements: { floating },
    open,
    onOpenChange: (next) => {
      if (!next) onClose()
    },
  })
  const dismiss = useDismiss(context, { outsidePressEvent: 'mousedown' })
  const role = useRole(context, { role: 'dialog' })
  const { getFloatingProps } = useInteractions([dismiss, role])
  if (!open) return null
  return (
    <FloatingPortal>
      <FloatingOverlay lockScroll className="z-40 flex justify-end bg-slate-900/40">
        <FloatingFocusManager context={context} modal returnFocus initialFocus={-1}>
          <div
            ref={setFloating}
            aria-labelledby={titleId}
            aria-modal="true"
            data-testid="session-drawer"
            className="flex h-full w-full max-w-4xl flex-col bg-slate-50 shadow-2xl ring-1 ring-slate-900/10"
            {...getFloatingProps()}
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
            <div className="min-h-0 flex-1 overflow-y-auto p-4 sm:p-5">{children}</div>
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  )
}
