import { TOOLTIP_DEFAULTS, TOOLTIP_HIDE_DELAY_MS } from '@portal/contract'
import {
  cloneElement,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type HTMLProps,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react'
import { createPortal } from 'react-dom'
import { cn } from '@/components/ui/cn'
import { useMergedRef } from '@/components/ui/merge-refs/merge-refs'
import { useAnchoredPosition, type Placement } from '@/components/ui/popover/place'

type TriggerProps = HTMLProps<Element> & { ref?: Ref<Element> }

export interface TooltipProps {
  /** What the tooltip says. Nothing is shown when it is empty. */
  content: ReactNode
  /** The trigger: one element that accepts a ref and event handlers (a button, a link, a span). */
  children: ReactElement<TriggerProps>
  placement?: Placement
  /** Gap between the trigger and the tooltip, in px. */
  distance?: number
  /** Shift along the trigger's edge, in px. */
  skid?: number
  /** How long the tooltip stays after the pointer leaves, in ms. */
  hideDelay?: number
  className?: string
}

/**
 * A short text shown while the pointer is over its trigger or the trigger has focus; Escape hides it. Buttons carry
 * tooltips everywhere, so it is written without floating-ui (docs/decisions/0042-own-components.md).
 */
export function Tooltip({
  content,
  children,
  placement = TOOLTIP_DEFAULTS.placement,
  distance = TOOLTIP_DEFAULTS.distance,
  skid = TOOLTIP_DEFAULTS.skid,
  hideDelay = TOOLTIP_HIDE_DELAY_MS,
  className,
}: TooltipProps) {
  const [open, setOpen] = useState(false)
  const [reference, setReference] = useState<Element | null>(null)
  const [floating, setFloating] = useState<HTMLElement | null>(null)
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const id = useId()
  const enabled = content !== null && content !== undefined && content !== false && content !== ''
  const shown = open && enabled

  const position = useAnchoredPosition(reference, floating, shown, {
    placement,
    gap: distance,
    skid,
    padding: 8,
  })

  useEffect(() => () => clearTimeout(hideTimer.current), [])

  useEffect(() => {
    if (!shown) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [shown])

  const show = () => {
    clearTimeout(hideTimer.current)
    setOpen(true)
  }
  const hideLater = () => {
    clearTimeout(hideTimer.current)
    hideTimer.current = setTimeout(() => setOpen(false), hideDelay)
  }
  const hide = () => {
    clearTimeout(hideTimer.current)
    setOpen(false)
  }

  const own = children.props
  const ref = useMergedRef<Element>(setReference, own.ref)
  const trigger = cloneElement(children, {
    ref,
    onMouseEnter: (event: MouseEvent) => {
      own.onMouseEnter?.(event)
      show()
    },
    onMouseLeave: (event: MouseEvent) => {
      own.onMouseLeave?.(event)
      hideLater()
    },
    onFocus: (event: FocusEvent) => {
      own.onFocus?.(event)
      show()
    },
    onBlur: (event: FocusEvent) => {
      own.onBlur?.(event)
      hide()
    },
    'aria-describedby': shown
      ? [own['aria-describedby'], id].filter(Boolean).join(' ')
      : own['aria-describedby'],
  })

  // Inside an open modal dialog the page under it is inert and painted below it: the tooltip goes into the dialog.
  const host = reference?.closest('dialog[open]') ?? document.body

  return (
    <>
      {trigger}
      {shown &&
        createPortal(
          <div
            ref={setFloating}
            id={id}
            role="tooltip"
            style={position.floatingStyles}
            data-placement={position.placement}
            className={cn(
              'pointer-events-none z-[70] max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-snug font-medium text-white shadow-lg',
              className,
            )}
          >
            {content}
          </div>,
          host,
        )}
    </>
  )
}
