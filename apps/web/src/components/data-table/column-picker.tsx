import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { usePopover } from '@/components/ui/popover/use-popover'

const ColumnPickerPanel = lazy(() => import('./column-picker-panel'))

export interface ColumnPickerProps {
  columns: readonly { id: string; header: string }[]
  visible: readonly string[]
  onChange: (visible: string[]) => void
  onReset: () => void
}

/**
 * The "Columns" menu: one checkbox per column, move up and down for the shown ones (their order is the table's, the
 * cards' and a saved view's; decision 0116), and a way back to the screen's defaults.
 */
export function ColumnPicker({ columns, visible, onChange, onReset }: ColumnPickerProps) {
  const { t } = useTranslation()
  const { open, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } = usePopover(
    {
      placement: 'bottom-end',
    },
  )

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
        <Suspense fallback={null}>
          <ColumnPickerPanel
            columns={columns}
            visible={visible}
            onChange={onChange}
            onReset={onReset}
            setFloating={setFloating}
            floatingStyles={floatingStyles}
            getFloatingProps={getFloatingProps}
          />
        </Suspense>
      )}
    </>
  )
}
