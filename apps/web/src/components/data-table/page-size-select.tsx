import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { LIST_PAGE_SIZES } from './list-state'

/** "Rows per page": the usual sizes and the screen's own (decision 0116); kept in the URL as `page_size`. */
export function PageSizeSelect({
  value,
  defaultSize,
  onChange,
}: {
  value: number
  defaultSize: number
  onChange: (size: number) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const sizes = [...new Set([...LIST_PAGE_SIZES, defaultSize, value])].sort((a, b) => a - b)
  return (
    <span className="mr-2 inline-flex items-center gap-1.5">
      <label htmlFor={id} className="text-sm text-slate-600">
        {t('savedViews.pageSize')}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-8 rounded-md border border-slate-300 bg-white px-1.5 text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </span>
  )
}
