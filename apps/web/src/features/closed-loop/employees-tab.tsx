import type { EmployeeBalanceType, EmployeeListItem } from '@portal/contract'
import { CLOSED_LOOP_EXPORTS, employeeBalanceTypes } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList, withoutKeys } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { useSetOptions } from '@/components/options/set-options'
import { cn } from '@/components/ui/cn'
import { getRuntimeConfig } from '@/lib/runtime-config'
import { closedLoopKeys } from './api/closed-loop-keys'
import { filterEmployees } from './api/filter-employees'
import {
  EMPLOYEE_KEY,
  EMPLOYEES_PAGE_SIZE,
  employeeFilterBody,
  employeeFilterDefs,
  employeeRangeProblem,
  employeeRanges,
  OUTSIDE_BAR,
  parseVariant,
  VARIANT_KEY,
} from './closed-loop-filters'
import { EmployeePicker } from './closed-loop-pickers'
import { employeeColumns } from './employee-columns'

const rowId = (e: EmployeeListItem) => e.employee_uuid

/** The two employee variants of B §3 as a segmented control; switching keeps the filters, back to page 1. */
function VariantSwitch({ variant }: { variant: EmployeeBalanceType }) {
  const { t } = useTranslation()
  const [, setParams] = useSearchParams()
  return (
    <div
      role="radiogroup"
      aria-label={t('closedLoop.filter.variant')}
      className="inline-flex self-start rounded-md border border-slate-300 bg-white p-0.5"
    >
      {employeeBalanceTypes.entries.map((e) => {
        const selected = e.value === variant
        return (
          <button
            key={e.value}
            type="button"
            role="radio"
            aria-checked={selected}
            onClick={() =>
              setParams((prev) => {
                const next = new URLSearchParams(prev)
                next.set(VARIANT_KEY, String(e.value))
                next.delete('page')
                // Employees picked in one variant are none of the other's.
                next.delete(EMPLOYEE_KEY)
                return next
              })
            }
            className={cn(
              'h-7 rounded px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-600',
              selected ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-100',
            )}
          >
            {t(`closedLoop.variant.${String(e.value)}`, { defaultValue: e.label })}
          </button>
        )
      })}
    </div>
  )
}

/** The Employees tab: 20 a page (B §9), both variants, the employee picker and date ranges of B §7, columns. */
export function EmployeesTab() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const variant = parseVariant(params.get(VARIANT_KEY))
  const sets = useSetOptions()
  const defs = useMemo(() => employeeFilterDefs(t, sets.data ?? [], variant), [t, sets.data, variant])
  const barDefs = useMemo(() => defs.filter((d) => !OUTSIDE_BAR.includes(d.key)), [defs])
  const showNextRefreshTime = getRuntimeConfig().closed_loop_next_refresh_time
  const columns = useMemo(
    () => employeeColumns(t, { variant, showNextRefreshTime }),
    [t, variant, showNextRefreshTime],
  )
  const { list, table, query, exportFilters } = useList({
    filters: defs,
    pageSize: EMPLOYEES_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => employeeFilterBody(state, page, variant),
    queryKey: (body, entityCode) => closedLoopKeys.employees(entityCode, body),
    fetch: filterEmployees,
    rows: (data) => data.employees,
    total: (data) => data.count,
    // The export takes the inner filter (the list's nested `filter`, B §7) without its paging.
    exportFilters: (body) => withoutKeys(body.filter, ['limit', 'offset']),
    invalid: (state) => employeeRangeProblem(state, variant, t),
  })
  const range = {
    fromLabel: t('closedLoop.filter.from'),
    toLabel: t('closedLoop.filter.to'),
    type: 'date' as const,
  }

  return (
    <DataTable
      tableId={`closed-loop-employees-${String(variant)}`}
      caption={t('closedLoop.tabs.employees')}
      columns={columns}
      getRowId={rowId}
      {...table}
      emptyTitle={t('closedLoop.emptyEmployees')}
      actions={
        // B §3's export permission flag: no button unless the server says this caller may export.
        query.data?.can_export === true && (
          <ExportButton
            source={CLOSED_LOOP_EXPORTS.employees}
            filters={exportFilters}
            label={t('closedLoop.export')}
          />
        )
      }
      toolbar={
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <VariantSwitch variant={variant} />
            <EmployeePicker list={list} variant={variant} />
          </div>
          <FilterBar defs={barDefs} list={list} />
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
            {employeeRanges(variant).map((r) => (
              <RangeFilter
                key={r.id}
                list={list}
                label={t(`closedLoop.filter.${r.label}`)}
                fromKey={r.from}
                toKey={r.to}
                {...range}
              />
            ))}
          </div>
        </div>
      }
    />
  )
}
