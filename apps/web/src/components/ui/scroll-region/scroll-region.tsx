import type { ReactNode } from 'react'
import { cn } from '@/components/ui/cn'

/**
 * A box whose content scrolls (a wide table, a long panel). It takes keyboard focus so that someone without a mouse
 * can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable), and it is a named group, since a screen reader
 * announces it when it takes that focus. A group, not a region: a scroll box is no landmark, and its name often
 * repeats the section's around it.
 */
export function ScrollRegion({
  label,
  className,
  children,
}: {
  label: string
  /** The overflow and the layout, e.g. `overflow-x-auto`. */
  className?: string
  children: ReactNode
}) {
  return (
    <div
      role="group"
      aria-label={label}
      tabIndex={0}
      className={cn(
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600',
        className,
      )}
    >
      {children}
    </div>
  )
}
