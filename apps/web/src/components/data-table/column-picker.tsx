import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { usePopover } from '@/components/ui/popover/use-popover'

export interface ColumnPickerProps {
  columns: readonly { id: string; header: string }[]
  visible: readonly string[]
  onChange: (visible: string[]) => void
  onReset: () => void
}

/** The "Columns" menu: one checkbox per column, and a way back to the screen's defaults. */
export function ColumnPicker({ columns, visible, onChange, onReset }: ColumnPickerProps) {
  const { t } = useTranslation()
  const headingId = useId()
  const { open, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } = usePopover(
    {
      placement: 'bottom-end',
    },
  )

  const toggle = (id: string) => {
    const next = visible.includes(id) ? visible.filter((v) => v !== id) : [...visible, id]
    // Keep the screen's column order whatever order they were ticked in; never hide the last column.
    if (next.length === 0) return
    onChange(columns.map((c) => c.id).filter((c) => next.includes(c)))
  }

  return (
    <>
      <Button ref={setReference} variant="classic" size="sm" {...getReferenceProps()}>
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} aria-hidden="true">
          <path d="M4 5h16v14H4zM9.5 5v14M14.5 5v14" />
        </svg>
        {t('table.columns')}
        <span className="rounded bg-slate-100 px-1.5 text-[11px] font-semibold text-slate-600">
          {visible.length}/{columns.length}
        </span>
      </Button>
      {open && (
        <div
          ref={setFloating}
          style={floatingStyles}
          aria-labelledby={headingId}
          className="z-30 w-64 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
          {...getFloatingProps()}
        >
          <div className="mb-2 flex items-center justify-between">
            <h2 id={headingId} className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {t('table.showColumns')}
            </h2>
            <button
              type="button"
              className="text-xs font-medium text-brand-700 hover:underline"
              onClick={onReset}
            >
              {t('table.resetColumns')}
            </button>
          </div>
          <ul className="max-h-80 space-y-1.5 overflow-y-auto pr-1">
            {columns.map((c) => (
              <li key={c.id}>
                <Checkbox label={c.header} checked={visible.includes(c.id)} onChange={() => toggle(c.id)} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  )
}
