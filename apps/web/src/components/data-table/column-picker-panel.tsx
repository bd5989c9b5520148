import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox } from '@/components/ui/checkbox/checkbox'
import { ColumnMoveButtons } from './column-move-buttons'
import { inOrder, moveColumn, toggleColumn } from './column-order'
import type { ColumnPickerProps } from './column-picker'
import type { usePopover } from '@/components/ui/popover/use-popover'

type Popover = ReturnType<typeof usePopover>

export interface ColumnPickerPanelProps extends ColumnPickerProps {
  setFloating: Popover['setFloating']
  floatingStyles: Popover['floatingStyles']
  getFloatingProps: Popover['getFloatingProps']
}

/** The open "Columns" menu: loaded when first opened (decision 0044), the button is in every list. */
export default function ColumnPickerPanel({
  columns,
  visible,
  onChange,
  onReset,
  setFloating,
  floatingStyles,
  getFloatingProps,
}: ColumnPickerPanelProps) {
  const { t } = useTranslation()
  const headingId = useId()
  const toggle = (id: string) => {
    const next = toggleColumn(
      columns.map((c) => c.id),
      visible,
      id,
    )
    // Never hide the last column.
    if (next.length === 0) return
    onChange(next)
  }
  // The shown columns in their order (they move up and down), then the hidden ones in the screen's order.
  const listed = [...inOrder(columns, visible), ...columns.filter((c) => !visible.includes(c.id))]
  return (
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
        {listed.map((c) => (
          <li key={c.id} className="flex items-center justify-between gap-2">
            <Checkbox label={c.header} checked={visible.includes(c.id)} onChange={() => toggle(c.id)} />
            {visible.includes(c.id) && (
              <ColumnMoveButtons
                header={c.header}
                first={visible[0] === c.id}
                last={visible.at(-1) === c.id}
                onMove={(by) => onChange(moveColumn(visible, c.id, by))}
              />
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}
