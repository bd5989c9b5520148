import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type HTMLAttributes,
  type KeyboardEvent as ReactKeyboardEvent,
  type MouseEvent as ReactMouseEvent,
} from 'react'
import { useAnchoredPosition, type Placement } from './place'

export type { Placement }

export interface PopoverOptions {
  placement?: Placement
  gap?: number
  role?: 'dialog' | 'menu'
  /** Also open while the pointer rests on the button (the user menu of the top bar). */
  hover?: boolean
  /** Caps the panel's height to the space available, up to this many pixels. */
  maxHeight?: number
}

type OpenedBy = 'click' | 'hover' | 'keyboard'
type Props = HTMLAttributes<HTMLElement>

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

const menuItems = (panel: HTMLElement) => [...panel.querySelectorAll<HTMLElement>('[role="menuitem"]')]

const HOVER_OPEN_MS = 50
const HOVER_CLOSE_MS = 150

const within = (element: HTMLElement | null, node: EventTarget | null) =>
  element !== null && node instanceof Node && element.contains(node)

/** Calls the caller's handler, then ours. */
function chain<E>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return (event: E) => {
    theirs?.(event)
    ours(event)
  }
}

/**
 * A panel anchored to a button (filter lists, column picker, user menu): opens on click (and optionally hover),
 * closes on Escape, an outside press and the focus leaving it, stays on screen. Its own few interactions, so the
 * shell's user menu does not bring floating-ui into the first download (docs/decisions/0042-own-components.md).
 *
 * From the keyboard (docs/decisions/0085-keyboard.md): Enter or Space on the button opens the panel onto its first
 * control (a menu: its first item; ArrowDown and ArrowUp open it onto the first and last item), a menu's items are
 * walked with the arrows, Home and End, and Escape gives the focus back to the button.
 */
export function usePopover({
  placement = 'bottom-start',
  gap = 6,
  role = 'dialog',
  hover = false,
  maxHeight,
}: PopoverOptions = {}) {
  const [open, setOpenState] = useState(false)
  const [reference, setReferenceState] = useState<HTMLElement | null>(null)
  const [floating, setFloatingState] = useState<HTMLElement | null>(null)
  // The same elements, readable before the next render (see focusOut).
  const referenceRef = useRef<HTMLElement | null>(null)
  const floatingRef = useRef<HTMLElement | null>(null)
  const setReference = useCallback((element: HTMLElement | null) => {
    referenceRef.current = element
    setReferenceState(element)
  }, [])
  const setFloating = useCallback((element: HTMLElement | null) => {
    floatingRef.current = element
    setFloatingState(element)
  }, [])
  const id = useId()
  const referenceId = `${id}-trigger`
  const floatingId = `${id}-panel`
  const openedBy = useRef<OpenedBy | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const { floatingStyles } = useAnchoredPosition(reference, floating, open, {
    placement,
    gap,
    padding: 8,
    ...(maxHeight === undefined ? {} : { maxHeight }),
  })

  const change = useCallback((next: boolean, by: OpenedBy | null = null) => {
    clearTimeout(timer.current)
    openedBy.current = next ? by : null
    setOpenState(next)
  }, [])
  // Closed by its owner (an item was chosen): the focus, if it was inside, goes back to the button, not to the page.
  const setOpen = useCallback(
    (next: boolean) => {
      if (!next && within(floating, document.activeElement)) reference?.focus()
      change(next, next ? 'click' : null)
    },
    [change, floating, reference],
  )

  useEffect(() => () => clearTimeout(timer.current), [])

  useEffect(() => {
    if (!open) return
    // Capture phase, stopped and its default prevented (a modal dialog's own close request): Escape closes the
    // innermost layer first, this panel, not the dialog around it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      event.stopPropagation()
      event.preventDefault()
      const focusInside = within(floating, document.activeElement)
      change(false)
      // Focus would be lost with the panel; it goes back to the button that opened it.
      if (focusInside) reference?.focus()
    }
    const onPointerDown = (event: PointerEvent) => {
      if (within(reference, event.target) || within(floating, event.target)) return
      change(false)
    }
    document.addEventListener('keydown', onKeyDown, true)
    document.addEventListener('pointerdown', onPointerDown, true)
    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      document.removeEventListener('pointerdown', onPointerDown, true)
    }
  }, [open, reference, floating, change])

  // Opened from the keyboard, the focus goes into the panel, onto its first control (or the item asked for), unless
  // the panel placed it itself (an autofocused search box).
  // It waits for the panel's first position: until then the panel is hidden, and a hidden element takes no focus.
  const focusOnOpen = useRef<'first' | 'last'>('first')
  const placed = floatingStyles.visibility !== 'hidden'
  useEffect(() => {
    if (!open || !placed || floating === null || openedBy.current !== 'keyboard') return
    if (within(floating, document.activeElement)) return
    const targets =
      role === 'menu' ? menuItems(floating) : [...floating.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const target = focusOnOpen.current === 'last' ? targets.at(-1) : targets[0]
    ;(target ?? floating).focus()
  }, [open, placed, floating, role])

  const hoverIn = useCallback(() => {
    if (!hover) return
    clearTimeout(timer.current)
    if (!open) timer.current = setTimeout(() => change(true, 'hover'), HOVER_OPEN_MS)
  }, [hover, open, change])

  // The pointer may cross the gap between the button and the panel: closing waits, and entering either cancels it.
  const hoverOut = useCallback(() => {
    if (!hover) return
    clearTimeout(timer.current)
    if (openedBy.current === 'hover') timer.current = setTimeout(() => change(false), HOVER_CLOSE_MS)
  }, [hover, change])

  // Tab past the panel (or back before its button) closes it, so it does not cover what the focus moves to. A focus
  // lost to nothing (a press on the panel's text, a control that re-renders) is not leaving.
  // Judged a moment later: a panel that autofocuses its search box takes the focus while it is being mounted, before
  // its element is attached, and would otherwise close the instant it opened.
  const focusOut = useCallback(
    (event: FocusEvent) => {
      const next = event.relatedTarget
      if (next === null) return
      queueMicrotask(() => {
        if (within(referenceRef.current, next) || within(floatingRef.current, next)) return
        change(false)
      })
    },
    [change],
  )

  const openFromKeyboard = (at: 'first' | 'last') => {
    focusOnOpen.current = at
    // Already open (by hover): no opening to wait for, the item takes the focus now.
    const items = open && floating !== null && role === 'menu' ? menuItems(floating) : []
    const item = at === 'last' ? items.at(-1) : items[0]
    if (item) item.focus()
    change(true, 'keyboard')
  }

  // A menu's items, walked with the arrows (wrapping), Home and End.
  const onMenuKeyDown = (event: ReactKeyboardEvent) => {
    if (role !== 'menu' || floating === null) return
    const items = menuItems(floating)
    const index = items.findIndex((item) => item === document.activeElement)
    const last = items.length - 1
    const to = {
      ArrowDown: index >= last ? 0 : index + 1,
      ArrowUp: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key]
    if (to === undefined || last < 0) return
    event.preventDefault()
    items[to]?.focus()
  }

  const getReferenceProps = (props: Props = {}): Props => ({
    ...props,
    ...(role === 'menu' ? { id: referenceId } : {}),
    'aria-haspopup': role,
    'aria-expanded': open,
    ...(open ? { 'aria-controls': floatingId } : {}),
    onClick: chain(props.onClick, (event: ReactMouseEvent) => {
      // Enter and Space click with no pointer (detail 0): the panel opens onto its first control.
      const byKeyboard = event.detail === 0
      // A panel opened by hovering stays open on the click that usually follows.
      if (open && openedBy.current !== 'hover') change(false)
      else if (byKeyboard) openFromKeyboard('first')
      else change(true, 'click')
    }),
    onKeyDown: chain(props.onKeyDown, (event: ReactKeyboardEvent) => {
      if (role !== 'menu' || (event.key !== 'ArrowDown' && event.key !== 'ArrowUp')) return
      event.preventDefault()
      openFromKeyboard(event.key === 'ArrowUp' ? 'last' : 'first')
    }),
    onMouseEnter: chain(props.onMouseEnter, hoverIn),
    onMouseLeave: chain(props.onMouseLeave, hoverOut),
    onBlur: chain(props.onBlur, focusOut),
  })

  const getFloatingProps = (props: Props = {}): Props => ({
    ...props,
    id: floatingId,
    role,
    ...(role === 'menu' ? { 'aria-labelledby': referenceId } : {}),
    onMouseEnter: chain(props.onMouseEnter, () => clearTimeout(timer.current)),
    onMouseLeave: chain(props.onMouseLeave, hoverOut),
    onBlur: chain(props.onBlur, focusOut),
    onKeyDown: chain(props.onKeyDown, onMenuKeyDown),
  })

  return { open, setOpen, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps }
}
