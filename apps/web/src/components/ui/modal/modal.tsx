import {
  FloatingFocusManager,
  FloatingOverlay,
  FloatingPortal,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react'
import { MODAL_DEFAULT_SIZE, type ModalSize } from '@portal/contract'
import { useId, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { CloseIcon } from '@/components/ui/icons/icons'

export type { ModalSize }

const sizeClasses: Record<ModalSize, string> = {
  xs: 'max-w-xs',
  sm: 'max-w-sm',
  md: 'max-w-md',
  lg: 'max-w-lg',
  xl: 'max-w-xl',
  '2xl': 'max-w-2xl',
  '3xl': 'max-w-3xl',
}

export interface ModalProps {
  open: boolean
  /** Called when the modal asks to close (Escape, a click outside, the close button); the owner sets `open`. */
  onClose: () => void
  /** Shown in the header and names the dialog. */
  title: ReactNode
  children?: ReactNode
  /** Usually the dialog's buttons, aligned to the end. */
  footer?: ReactNode
  size?: ModalSize
  closeOnEscape?: boolean
  closeOnOutsideClick?: boolean
  showCloseButton?: boolean
  className?: string
}

/**
 * A dialog over the page. Focus moves into it while it is open and goes back to where it was when it closes;
 * the page behind cannot be reached by keyboard or screen reader meanwhile.
 */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  size = MODAL_DEFAULT_SIZE,
  closeOnEscape = true,
  closeOnOutsideClick = true,
  showCloseButton = true,
  className,
}: ModalProps) {
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
  const dismiss = useDismiss(context, {
    escapeKey: closeOnEscape,
    outsidePress: closeOnOutsideClick,
    // A drag that starts inside and ends on the backdrop (selecting text) must not close the dialog.
    outsidePressEvent: 'mousedown',
  })
  const role = useRole(context, { role: 'dialog' })
  const { getFloatingProps } = useInteractions([dismiss, role])

  if (!open) return null

  return (
    <FloatingPortal>
      <FloatingOverlay
        lockScroll
        data-testid="modal-backdrop"
        className="z-50 grid place-items-center overflow-y-auto bg-slate-900/50 p-4 backdrop-blur-[1px] sm:p-6"
      >
        <FloatingFocusManager context={context} modal returnFocus>
          <div
            ref={setFloating}
            aria-labelledby={titleId}
            aria-modal="true"
            data-size={size}
            className={cn(
              'flex max-h-[calc(100dvh-2rem)] w-full flex-col overflow-hidden rounded-xl bg-white text-sm shadow-xl ring-1 ring-slate-900/10 sm:max-h-[calc(100dvh-3rem)]',
              sizeClasses[size],
              className,
            )}
            {...getFloatingProps()}
          >
            <header className="flex items-center justify-between gap-4 border-b border-slate-200 px-6 py-4">
              <h2 id={titleId} className="text-base leading-6 font-semibold text-slate-900">
                {title}
              </h2>
              {showCloseButton && (
                <button
                  type="button"
                  onClick={onClose}
                  aria-label={t('ui.close')}
                  className="-mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <CloseIcon className="size-5" />
                </button>
              )}
            </header>
            <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5 text-slate-700">{children}</div>
            {footer && (
              <footer className="flex flex-wrap items-center justify-end gap-2 border-t border-slate-200 bg-slate-50 px-6 py-3">
                {footer}
              </footer>
            )}
          </div>
        </FloatingFocusManager>
      </FloatingOverlay>
    </FloatingPortal>
  )
}
