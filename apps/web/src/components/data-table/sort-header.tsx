import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/cn'
import type { ListSort } from './list-state'

/** The order a header click asks for: the other direction of the current sort, else ascending. */
export function nextSort(current: ListSort | null, key: string): ListSort {
  if (current?.key === key) return { key, dir: current.dir === 'asc' ? 'desc' : 'asc' }
  return { key, dir: 'asc' }
}

/** `aria-sort` of a header: the screen reader hears which column orders the list, and which way. */
export function ariaSortOf(current: ListSort | null, key: string | undefined) {
  if (key === undefined) return undefined
  if (current?.key !== key) return 'none' as const
  return current.dir === 'asc' ? ('ascending' as const) : ('descending' as const)
}

/** A sortable header's button: its label and an arrow that shows the current order. */
export function SortButton({
  label,
  sortKey,
  sort,
  onSortChange,
  alignRight,
}: {
  label: string
  sortKey: string
  sort: ListSort | null
  onSortChange: (sort: ListSort) => void
  alignRight: boolean
}) {
  const { t } = useTranslation()
  const active = sort?.key === sortKey
  return (
    <button
      type="button"
      onClick={() => onSortChange(nextSort(sort, sortKey))}
      title={t('table.sortBy', { column: label })}
      className={cn(
        'group inline-flex items-center gap-1 rounded uppercase hover:text-slate-900',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
        alignRight && 'flex-row-reverse',
        active && 'text-slate-900',
      )}
    >
      {label}
      <svg
        viewBox="0 0 12 12"
        aria-hidden="true"
        className={cn('size-3', active ? 'text-brand-700' : 'text-slate-300 group-hover:text-slate-500')}
      >
        <path d="M6 2 9 5H3z" fill={active && sort.dir === 'desc' ? 'none' : 'currentColor'} />
        <path d="M6 10 3 7h6z" fill={active && sort.dir === 'asc' ? 'none' : 'currentColor'} />
      </svg>
    </button>
  )
}
