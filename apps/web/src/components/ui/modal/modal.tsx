import { MODAL_DEFAULT_SIZE, type ModalSize } from '@portal/contract'
import { useId, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { CloseIcon } from '@/components/ui/icons/icons'
import { useModalDialog } from './use-modal-dialog'

export type { ModalSize }

// The dialog lays out its one child, the panel: each size is the panel's width.
const sizeClasses: Record<ModalSize, string> = {
  xs: '*:max-w-xs',
  sm: '*:max-w-sm',
  md: '*:max-w-md',
  lg: '*:max-w-lg',
  xl: '*:max-w-xl',
  '2xl': '*:max-w-2xl',
  '3xl': '*:max-w-3xl',
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
 * A dialog over the page: the browser's own modal `<dialog>` (docs/decisions/0043-native-dialog.md), which moves
 * focus into it, keeps the page behind out of reach of keyboard and screen reader, and paints above everything.
 * Focus goes back to where it was when it closes.
 */
export function Modal(props: ModalProps) {
  return props.open ? <OpenModal {...props} /> : null
}

function OpenModal({
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
  const dialog = useModalDialog({ onClose, closeOnEscape, closeOnOutsideClick })

  return createPortal(
    <dialog
      ref={dialog.ref}
      aria-labelledby={titleId}
      aria-modal="true"
      data-size={size}
      data-testid="modal-backdrop"
      onKeyDown={dialog.onKeyDown}
      onCancel={dialog.onCancel}
      onMouseDown={dialog.onMouseDown}
      className={cn(
        'fixed inset-0 z-50 m-0 grid h-full max-h-none w-full max-w-none place-items-center overflow-y-auto overscroll-contain border-0 bg-slate-900/50 p-4 text-inherit sm:p-6',
        'backdrop:bg-transparent',
        sizeClasses[size],
      )}
    >
      <div
        className={cn(
          'flex max-h-[calc(100dvh-2rem)] w-full flex-col overflow-hidden rounded-xl bg-white text-sm shadow-xl ring-1 ring-slate-900/10 sm:max-h-[calc(100dvh-3rem)]',
          className,
        )}
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
    </dialog>,
    document.body,
  )
}
