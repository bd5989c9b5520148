import {
  autoUpdate,
  flip,
  FloatingPortal,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useMergeRefs,
  useRole,
  type Placement,
} from '@floating-ui/react'
import { TOOLTIP_DEFAULTS, TOOLTIP_HIDE_DELAY_MS } from '@portal/contract'
import { cloneElement, useState, type HTMLProps, type ReactElement, type ReactNode, type Ref } from 'react'
import { cn } from '@/components/ui/cn'

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

/** A short text shown while the pointer is over its trigger or the trigger has focus. */
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
  // Elements kept in state (floating-ui's 'external elements') rather than through its `refs` methods.
  const [reference, setReference] = useState<Element | null>(null)
  const [floating, setFloating] = useState<HTMLElement | null>(null)
  const enabled = content !== null && content !== undefined && content !== false && content !== ''

  const { floatingStyles, context } = useFloating({
    elements: { reference, floating },
    open: open && enabled,
    onOpenChange: setOpen,
    placement,
    middleware: [offset({ mainAxis: distance, crossAxis: skid }), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  })
  const hover = useHover(context, { enabled, move: false, delay: { open: 0, close: hideDelay } })
  const focus = useFocus(context, { enabled })
  const dismiss = useDismiss(context)
  const role = useRole(context, { role: 'tooltip' })
  const { getReferenceProps, getFloatingProps } = useInteractions([hover, focus, dismiss, role])

  const ref = useMergeRefs([setReference, children.props.ref])

  return (
    <>
      {cloneElement(children, getReferenceProps({ ...children.props, ref }))}
      {open && enabled && (
        <FloatingPortal>
          <div
            ref={setFloating}
            style={floatingStyles}
            data-placement={context.placement}
            className={cn(
              'z-[70] max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-xs leading-snug font-medium text-white shadow-lg',
              className,
            )}
            {...getFloatingProps()}
          >
            {content}
          </div>
        </FloatingPortal>
      )}
    </>
  )
}
