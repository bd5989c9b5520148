import { cn } from '@/components/ui/cn'

/** The product mark. `onDark` lightens the tile for dark backgrounds (the login panel). */
export function Logo({ onDark = false, className }: { onDark?: boolean; className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('size-8', className)} aria-hidden="true">
      <rect width="32" height="32" rx="7" className={onDark ? 'fill-brand-500' : 'fill-brand-700'} />
      <path
        d="M9 22V10h7.5a4.5 4.5 0 0 1 0 9H13"
        fill="none"
        stroke="#fff"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}
