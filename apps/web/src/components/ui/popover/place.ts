import { useCallback, useLayoutEffect, useState, type CSSProperties } from 'react'

/**
 * Anchoring a floating element (a tooltip, a menu) to its trigger: the twelve placements, a gap and a shift along
 * the edge, flipping to the other side when there is more room there, kept inside the window, the height capped to
 * the room left. The few lines floating-ui's positioning did for us, without its 20 kB in the first download
 * (docs/decisions/0042-own-components.md).
 */
export type Side = 'top' | 'right' | 'bottom' | 'left'
export type Placement = Side | `${Side}-start` | `${Side}-end`

export interface PlaceOptions {
  placement: Placement
  /** Gap between the trigger and the floating element, in px. */
  gap?: number
  /** Shift along the trigger's edge, in px. */
  skid?: number
  /** The least distance kept from the window's edges, in px. */
  padding?: number
  /** Caps the floating element's height to the room on its side, up to this many px. */
  maxHeight?: number
}

export interface Rect {
  left: number
  top: number
  width: number
  height: number
}

export interface Placed {
  x: number
  y: number
  placement: Placement
  /** The room on the chosen side, for a height cap. */
  availableHeight: number
}

const OPPOSITE: Record<Side, Side> = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' }

function split(placement: Placement): [Side, 'start' | 'end' | null] {
  const [side, align] = placement.split('-') as [Side, 'start' | 'end' | undefined]
  return [side, align ?? null]
}

/** Room left on each side of the trigger, in the window, once the gap and the padding are taken. */
function room(ref: Rect, view: { width: number; height: number }, gap: number, padding: number) {
  return {
    top: ref.top - gap - padding,
    bottom: view.height - (ref.top + ref.height) - gap - padding,
    left: ref.left - gap - padding,
    right: view.width - (ref.left + ref.width) - gap - padding,
  }
}

/** Where the floating element goes, in window coordinates. Pure, so it is tested without a layout engine. */
export function place(
  ref: Rect,
  floating: { width: number; height: number },
  view: { width: number; height: number },
  { placement, gap = 0, skid = 0, padding = 8, maxHeight }: PlaceOptions,
): Placed {
  const [wanted, align] = split(placement)
  const space = room(ref, view, gap, padding)
  const vertical = wanted === 'top' || wanted === 'bottom'
  const need = vertical ? Math.min(floating.height, maxHeight ?? Infinity) : floating.width
  // Flip only when the element does not fit and the other side has more room, as floating-ui's flip() does.
  const side = need > space[wanted] && space[OPPOSITE[wanted]] > space[wanted] ? OPPOSITE[wanted] : wanted
  const availableHeight = side === 'top' || side === 'bottom' ? space[side] : view.height - 2 * padding
  const height =
    maxHeight === undefined ? floating.height : Math.min(floating.height, maxHeight, availableHeight)

  let x: number
  let y: number
  if (side === 'top' || side === 'bottom') {
    y = side === 'bottom' ? ref.top + ref.height + gap : ref.top - gap - height
    x =
      align === 'start'
        ? ref.left
        : align === 'end'
          ? ref.left + ref.width - floating.width
          : ref.left + ref.width / 2 - floating.width / 2
    x += skid
    x = clamp(x, padding, view.width - floating.width - padding)
  } else {
    x = side === 'right' ? ref.left + ref.width + gap : ref.left - gap - floating.width
    y =
      align === 'start'
        ? ref.top
        : align === 'end'
          ? ref.top + ref.height - height
          : ref.top + ref.height / 2 - height / 2
    y += skid
    y = clamp(y, padding, view.height - height - padding)
  }
  return { x, y, placement: align ? `${side}-${align}` : side, availableHeight }
}

/** Keeps a value in [min, max]; when the range is empty (the element is wider than the window) it keeps min. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max))
}

interface Position {
  x: number
  y: number
  placement: Placement
  maxHeight: number | undefined
}

/**
 * Keeps `floating` anchored to `reference` while `open`: placed before the browser paints, and again on scroll,
 * resize and when either element changes size. The styles are `position: fixed`, corrected for an ancestor that
 * makes itself the containing block (a transform or a filter), so the element may sit anywhere in the tree.
 */
export function useAnchoredPosition(
  reference: Element | null,
  floating: HTMLElement | null,
  open: boolean,
  options: PlaceOptions,
): { floatingStyles: CSSProperties; placement: Placement } {
  const { placement, gap, skid, padding, maxHeight } = options
  const [position, setPosition] = useState<Position | null>(null)

  const update = useCallback(() => {
    if (!reference || !floating) return
    // Measured with the cap alone, so the height is the one the element will have; then the rendered styles are
    // put back, for React to apply the new ones.
    const rendered = {
      left: floating.style.left,
      top: floating.style.top,
      maxHeight: floating.style.maxHeight,
    }
    floating.style.maxHeight = maxHeight === undefined ? '' : `${String(maxHeight)}px`
    const ref = reference.getBoundingClientRect()
    const size = floating.getBoundingClientRect()
    const view = { width: document.documentElement.clientWidth, height: window.innerHeight }
    const placed = place(ref, size, view, {
      placement,
      gap: gap ?? 0,
      skid: skid ?? 0,
      padding: padding ?? 8,
      ...(maxHeight === undefined ? {} : { maxHeight }),
    })
    // Where `left: 0; top: 0` lands is the origin of the containing block: the window, unless an ancestor moved it.
    floating.style.left = '0px'
    floating.style.top = '0px'
    const origin = floating.getBoundingClientRect()
    Object.assign(floating.style, rendered)
    const next: Position = {
      x: Math.round(placed.x - origin.left),
      y: Math.round(placed.y - origin.top),
      placement: placed.placement,
      maxHeight:
        maxHeight === undefined ? undefined : Math.max(0, Math.min(maxHeight, placed.availableHeight)),
    }
    setPosition((previous) =>
      previous &&
      previous.x === next.x &&
      previous.y === next.y &&
      previous.placement === next.placement &&
      previous.maxHeight === next.maxHeight
        ? previous
        : next,
    )
  }, [reference, floating, placement, gap, skid, padding, maxHeight])

  useLayoutEffect(() => {
    if (!open || !reference || !floating) return
    update()
    let frame = 0
    const schedule = () => {
      cancelAnimationFrame(frame)
      frame = requestAnimationFrame(update)
    }
    window.addEventListener('scroll', schedule, { capture: true, passive: true })
    window.addEventListener('resize', schedule)
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(schedule)
    observer?.observe(reference)
    observer?.observe(floating)
    return () => {
      cancelAnimationFrame(frame)
      window.removeEventListener('scroll', schedule, { capture: true })
      window.removeEventListener('resize', schedule)
      observer?.disconnect()
    }
  }, [open, reference, floating, update])

  const floatingStyles: CSSProperties = {
    position: 'fixed',
    left: position?.x ?? 0,
    top: position?.y ?? 0,
    ...(position?.maxHeight === undefined ? {} : { maxHeight: position.maxHeight }),
    // Hidden until placed, so it never shows at the corner for a frame.
    ...(position === null ? { visibility: 'hidden' as const } : {}),
  }
  return { floatingStyles, placement: position?.placement ?? placement }
}
