import type { Placement } from '@floating-ui/react'
import {
  autoUpdate,
  flip,
  offset,
  safePolygon,
  shift,
  size,
  useClick,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
} from '@floating-ui/react'
import { useState } from 'react'

export interface PopoverOptions {
  placement?: Placement
  gap?: number
  role?: 'dialog' | 'menu'
  /** Also open on hover and focus (the user menu of the top bar). */
  hover?: boolean
  /** Caps the panel's height to the space available, up to this many pixels. */
  maxHeight?: number
}

/**
 * A panel anchored to a button (filter lists, column picker, user menu): opens on click (and optionally hover),
 * closes on Escape and outside click, stays on screen. Elements are held in state, as floating-ui recommends.
 */
export function usePopover({
  placement = 'bottom-start',
  gap = 6,
  role = 'dialog',
  hover = false,
  maxHeight,
}: PopoverOptions = {}) {
  const [open, setOpen] = useState(false)
  const [reference, setReference] = useState<HTMLElement | null>(null)
  const [floating, setFloating] = useState<HTMLElement | null>(null)
  const { floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    placement,
    elements: { reference, floating },
    middleware: [
      offset(gap),
      flip(),
      shift({ padding: 8 }),
      ...(maxHeight === undefined
        ? []
        : [
            size({
              padding: 8,
              apply({ availableHeight, elements }) {
                elements.floating.style.maxHeight = `${String(Math.min(availableHeight, maxHeight))}px`
              },
            }),
          ]),
    ],
    whileElementsMounted: autoUpdate,
  })
  const { getReferenceProps, getFloatingProps } = useInteractions([
    useHover(context, { enabled: hover, handleClose: safePolygon(), delay: { open: 50, close: 150 } }),
    useFocus(context, { enabled: hover }),
    useClick(context),
    useDismiss(context),
    useRole(context, { role }),
  ])
  return { open, setOpen, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps }
}
