import {
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react'
import { addModalHost } from './modal-host'

export interface ModalDialogOptions {
  /** Called when the dialog asks to close (Escape, a press outside); the owner unmounts it. */
  onClose: () => void
  closeOnEscape?: boolean
  closeOnOutsideClick?: boolean
  /** Where focus goes on opening; by default the dialog's first focusable element, as the browser does. */
  initialFocus?: RefObject<HTMLElement | null>
}

let scrollLocks = 0
let unlockedStyles = { overflow: '', paddingRight: '' }

/** Stops the page from scrolling behind the dialog, keeping its width where the scrollbar was. */
function lockScroll(): () => void {
  const html = document.documentElement
  if (scrollLocks++ === 0) {
    unlockedStyles = { overflow: html.style.overflow, paddingRight: html.style.paddingRight }
    const scrollbar = window.innerWidth - html.clientWidth
    html.style.overflow = 'hidden'
    if (scrollbar > 0) html.style.paddingRight = `${String(scrollbar)}px`
  }
  return () => {
    if (--scrollLocks === 0) Object.assign(html.style, unlockedStyles)
  }
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const DATE_PARTS = new Set(['date', 'datetime-local', 'month', 'time', 'week'])

/** What Tab stops on inside the dialog, in order: focusable, shown, and not taken out of the order. */
function tabStops(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.closest('[inert]') &&
      // Environments without it (jsdom) lay nothing out: everything counts as shown there.
      (typeof element.checkVisibility !== 'function' ||
        element.checkVisibility({ visibilityProperty: true })),
  )
}

/**
 * Tab past the last control comes round to the first, and Shift+Tab before the first to the last. The page behind
 * a modal dialog is inert already, but the browser lets the focus leave for its own address bar and tabs
 * (docs/decisions/0085-keyboard.md: dialogs keep the focus).
 */
function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  const dialog = event.currentTarget
  const active = document.activeElement
  // A dialog opened over this one handles its own Tab (its keydown bubbles here through React's portal).
  if (event.defaultPrevented || !(active instanceof HTMLElement) || !dialog.contains(active)) return
  // A date input's parts are Tab stops of their own, out of reach of the page: the browser moves through them.
  if (active instanceof HTMLInputElement && DATE_PARTS.has(active.type)) return
  const stops = tabStops(dialog)
  const first = stops[0]
  const last = stops.at(-1)
  if (first === undefined || last === undefined) {
    event.preventDefault()
    return
  }
  const at = stops.indexOf(active)
  if (event.shiftKey && at <= 0) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && at === stops.length - 1) {
    event.preventDefault()
    first.focus()
  }
}

/**
 * The browser's own modal `<dialog>` (docs/decisions/0043-native-dialog.md), for a component that is mounted while
 * it is open: shown with showModal(), which moves focus in, makes the rest of the page inert (so focus cannot leave
 * it) and paints it above everything; the page does not scroll behind it; focus goes back where it was when it
 * closes. Spread the returned handlers on the `<dialog>`; a press on the dialog element itself, outside its panel,
 * is a press outside.
 */
export function useModalDialog({
  onClose,
  closeOnEscape = true,
  closeOnOutsideClick = true,
  initialFocus,
}: ModalDialogOptions) {
  const ref = useRef<HTMLDialogElement>(null)

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal()
    } else {
      // Environments without the dialog API (jsdom): shown, and focus moved in as showModal would.
      dialog.setAttribute('open', '')
      dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus()
    }
    initialFocus?.current?.focus()
    const unlock = lockScroll()
    const removeHost = addModalHost(dialog)
    return () => {
      removeHost()
      unlock()
      // Closed before it leaves the page, so the page is no longer inert and can take the focus back.
      if (dialog.open && typeof dialog.close === 'function') dialog.close()
      else dialog.removeAttribute('open')
      const active = document.activeElement
      if (opener?.isConnected && (active === null || active === document.body || dialog.contains(active))) {
        opener.focus()
      }
    }
    // Once per opening: the dialog is mounted while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab') {
      keepTabInside(event)
      return
    }
    if (event.key !== 'Escape' || event.defaultPrevented) return
    // The owner closes the dialog by unmounting it; the browser must not close it on its own.
    event.preventDefault()
    event.stopPropagation()
    if (closeOnEscape) onClose()
  }

  // Other close requests (a phone's back gesture) arrive as `cancel`.
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault()
    if (closeOnEscape) onClose()
  }

  // A drag that starts inside and ends outside (selecting text) presses inside, so it does not close the dialog;
  // the dialog's own scrollbar is not outside either.
  const onMouseDown = (event: MouseEvent<HTMLDialogElement>) => {
    const dialog = event.currentTarget
    if (event.target !== dialog || !closeOnOutsideClick) return
    if (dialog.scrollHeight > dialog.clientHeight && event.nativeEvent.offsetX > dialog.clientWidth) return
    // The press would move focus to the page once the dialog is gone; focus goes back to the opener instead.
    event.preventDefault()
    onClose()
  }

  return { ref, onKeyDown, onCancel, onMouseDown }
}
