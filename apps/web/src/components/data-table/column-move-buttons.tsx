import { useId } from 'react'
import { useTranslation } from 'react-i18next'

const btn =
  'inline-flex size-6 items-center justify-center rounded text-slate-500 hover:bg-slate-100 hover:text-slate-800 ' +
  'focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-30'

/** Moves a shown column one place earlier or later: two buttons beside its checkbox, reached with the keyboard. */
export function ColumnMoveButtons({
  header,
  first,
  last,
  onMove,
}: {
  header: string
  first: boolean
  last: boolean
  onMove: (by: -1 | 1) => void
}) {
  const { t } = useTranslation()
  // Named "Move up" and described by the column, so finding the column's checkbox by its label finds only that.
  const described = useId()
  return (
    <span className="flex shrink-0 items-center">
      <span id={described} hidden>
        {header}
      </span>
      <button
        type="button"
        className={btn}
        disabled={first}
        aria-label={t('savedViews.moveUp')}
        aria-describedby={described}
        onClick={() => onMove(-1)}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
          <path d="M10 5l5 6H5z" />
        </svg>
      </button>
      <button
        type="button"
        className={btn}
        disabled={last}
        aria-label={t('savedViews.moveDown')}
        aria-describedby={described}
        onClick={() => onMove(1)}
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4">
          <path d="M10 15l-5-6h10z" />
        </svg>
      </button>
    </span>
  )
}
