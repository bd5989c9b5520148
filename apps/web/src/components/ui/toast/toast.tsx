import { TOAST_DEFAULT_TIMEOUT_MS } from '@portal/contract'
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { createPortal } from 'react-dom'
import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import { useModalHost } from '@/components/ui/modal/modal-host'
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from '@/components/ui/icons/icons'

export const TOAST_VARIANTS = ['error', 'success', 'info', 'warning'] as const
export type ToastVariant = (typeof TOAST_VARIANTS)[number]

export interface ToastAction {
  display: string
  /** Receives the toast's id, so an action can also close its toast with `removeToast`. */
  callback: (toastId: string) => void
}

/** A toast as shown (A §3): every optional field of `ToastInput` filled in. */
export interface Toast {
  id: string
  title: string
  message: string
  /** Milliseconds before it hides itself; `null` keeps it until dismissed. */
  timeout: number | null
  dismissable: boolean
  actions: ToastAction[]
  variant: ToastVariant
}

export interface ToastInput {
  /** Adding a toast with the id of one already shown replaces it (and restarts its timeout). */
  id?: string
  title: string
  message?: string
  /** Defaults to TOAST_DEFAULT_TIMEOUT_MS; `null` means never. */
  timeout?: number | null
  /** Shows the Dismiss link; defaults to true. */
  dismissable?: boolean
  actions?: ToastAction[]
  variant?: ToastVariant
}

export interface ToastContextValue {
  toasts: readonly Toast[]
  /** Shows a toast and returns its id. */
  addToast: (toast: ToastInput) => string
  removeToast: (id: string) => void
}

// setTimeout fires at once for delays beyond a signed 32-bit int, so longer timeouts are treated as 'never'.
const MAX_TIMER_MS = 2 ** 31 - 1

const ToastContext = createContext<ToastContextValue | null>(null)

let lastId = 0

export interface ToastProviderProps {
  children?: ReactNode
  /** Renders the Toaster region after the children; turn off to place a `<Toaster />` elsewhere. */
  withToaster?: boolean
}

export function ToastProvider({ children, withToaster = true }: ToastProviderProps) {
  const [toasts, setToasts] = useState<Toast[]>([])
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>())

  const clearTimer = useCallback((id: string) => {
    const timer = timers.current.get(id)
    if (timer !== undefined) clearTimeout(timer)
    timers.current.delete(id)
  }, [])

  const removeToast = useCallback(
    (id: string) => {
      clearTimer(id)
      setToasts((current) => current.filter((toast) => toast.id !== id))
    },
    [clearTimer],
  )

  const addToast = useCallback(
    (input: ToastInput) => {
      lastId += 1
      const toast: Toast = {
        id: input.id ?? `toast-${lastId}`,
        title: input.title,
        message: input.message ?? '',
        timeout: input.timeout === undefined ? TOAST_DEFAULT_TIMEOUT_MS : input.timeout,
        dismissable: input.dismissable ?? true,
        actions: input.actions ?? [],
        variant: input.variant ?? 'info',
      }
      clearTimer(toast.id)
      setToasts((current) =>
        current.some((shown) => shown.id === toast.id)
          ? current.map((shown) => (shown.id === toast.id ? toast : shown))
          : [...current, toast],
      )
      if (toast.timeout !== null && toast.timeout <= MAX_TIMER_MS) {
        timers.current.set(
          toast.id,
          setTimeout(() => removeToast(toast.id), Math.max(0, toast.timeout)),
        )
      }
      return toast.id
    },
    [clearTimer, removeToast],
  )

  useEffect(() => {
    const pending = timers.current
    return () => {
      for (const timer of pending.values()) clearTimeout(timer)
      pending.clear()
    }
  }, [])

  const value = useMemo(() => ({ toasts, addToast, removeToast }), [toasts, addToast, removeToast])

  return (
    <ToastContext value={value}>
      {children}
      {withToaster && <Toaster />}
    </ToastContext>
  )
}

export function useToast(): ToastContextValue {
  const value = useContext(ToastContext)
  if (!value) throw new Error('useToast must be used inside a ToastProvider')
  return value
}

const variantIcons: Record<ToastVariant, { icon: typeof InfoIcon; className: string }> = {
  error: { icon: ErrorIcon, className: 'text-rose-500' },
  success: { icon: SuccessIcon, className: 'text-emerald-500' },
  info: { icon: InfoIcon, className: 'text-sky-500' },
  warning: { icon: WarningIcon, className: 'text-amber-500' },
}

/** The key that takes the focus to the toasts and their actions, as in Radix's toasts; back with Tab or Escape. */
export const TOAST_HOTKEY = 'F8'

/**
 * The live region, fixed to the top right (full width on phones), where the toasts stack up. It comes last in the
 * page, so F8 takes the focus there from anywhere (docs/decisions/0085-keyboard.md); when the toast holding the focus
 * goes, the focus goes to the next toast, else back to where F8 was pressed.
 */
export function Toaster() {
  const { t } = useTranslation()
  const { toasts, removeToast } = useToast()
  const list = useRef<HTMLOListElement>(null)
  const returnTo = useRef<HTMLElement | null>(null)
  const shown = toasts.length > 0

  useEffect(() => {
    if (!shown) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey)
        return
      const target = list.current
      if (!target) return
      event.preventDefault()
      const active = document.activeElement
      if (!target.contains(active)) returnTo.current = active instanceof HTMLElement ? active : null
      target.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [shown])

  const onFocusLost = () => {
    const target = list.current
    if (target?.querySelector('li')) target.focus()
    else if (returnTo.current?.isConnected) returnTo.current.focus()
  }

  // Above an open modal dialog the page is inert and painted under it: the toasts go into the dialog meanwhile.
  const host = useModalHost()
  const region = (
    <section
      aria-label={t('ui.notifications')}
      aria-live="polite"
      aria-keyshortcuts={TOAST_HOTKEY}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex justify-center p-4 sm:justify-end sm:p-6"
    >
      <ol
        ref={list}
        tabIndex={-1}
        className="flex w-full max-w-sm flex-col gap-3 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={removeToast} onFocusLost={onFocusLost} />
        ))}
      </ol>
    </section>
  )
  return host ? createPortal(region, host) : region
}

function ToastItem({
  toast,
  onDismiss,
  onFocusLost,
}: {
  toast: Toast
  onDismiss: (id: string) => void
  /** The toast went while it held the focus. */
  onFocusLost: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const item = useRef<HTMLLIElement>(null)
  const { icon: Icon, className: iconClass } = variantIcons[toast.variant]
  const hasFooter = toast.actions.length > 0 || toast.dismissable

  // An action may close its toast (Download does), Dismiss always does: the focus would fall to the page's start.
  const run = (act: () => void) => {
    const element = item.current
    act()
    if (!element?.contains(document.activeElement)) return
    // After React has removed the toast, if it has.
    setTimeout(() => {
      const active = document.activeElement
      if (!element.isConnected && (active === null || active === document.body)) onFocusLost()
    })
  }

  return (
    <li
      ref={item}
      aria-labelledby={titleId}
      data-variant={toast.variant}
      className="pointer-events-auto flex gap-3 rounded-lg bg-white p-4 text-sm shadow-lg ring-1 ring-slate-900/10"
    >
      <Icon className={cn('size-5 shrink-0', iconClass)} />
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-semibold text-slate-900">
          {toast.title}
        </p>
        {toast.message && <p className="mt-1 break-words text-slate-600">{toast.message}</p>}
        {hasFooter && (
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1">
            {toast.actions.map((action) => (
              <button
                key={action.display}
                type="button"
                onClick={() => run(() => action.callback(toast.id))}
                className={linkButton('text-brand-700 hover:text-brand-800')}
              >
                {action.display}
              </button>
            ))}
            {toast.dismissable && (
              <button
                type="button"
                onClick={() => run(() => onDismiss(toast.id))}
                className={linkButton('text-slate-500 hover:text-slate-700')}
              >
                {t('ui.dismiss')}
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  )
}

function linkButton(colour: string) {
  return cn(
    'rounded-sm font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    colour,
  )
}
