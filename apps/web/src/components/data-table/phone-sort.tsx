import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { ListSort } from './list-state'
import type { DataColumn } from './types'

/** On a phone there are no headers to click: the sortable columns and their directions are one select. */
export function PhoneSort<Row>({
  columns,
  sort,
  onSortChange,
}: {
  columns: readonly DataColumn<Row>[]
  sort: ListSort | null
  onSortChange: (sort: ListSort | null) => void
}) {
  const { t } = useTranslation()
  const id = useId()
  const options = columns.flatMap((c) =>
    c.sort === undefined
      ? []
      : [
          { value: `${c.sort}:asc`, label: t('table.sortAscending', { column: c.header }) },
          { value: `${c.sort}:desc`, label: t('table.sortDescending', { column: c.header }) },
        ],
  )
  const value = sort === null ? '' : `${sort.key}:${sort.dir}`
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
      <label htmlFor={id}>{t('table.sort')}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => {
          const [key, dir] = e.target.value.split(':')
          onSortChange(key && (dir === 'asc' || dir === 'desc') ? { key, dir } : null)
        }}
        className="h-8 max-w-48 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {sort === null && <option value="">{t('table.sortDefault')}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  )
}
