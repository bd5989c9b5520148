import type { EmployeeBalanceType, EmployeeListItem } from '@portal/contract'
import { CLOSED_LOOP_EXPORTS, employeeBalanceTypes } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { ExportButton } from '@/components/export/export-button'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { cn } from '@/components/ui/cn'
import { isForbidden } from '@/lib/http'
import { getRuntimeConfig } from '@/lib/runtime-config'
import { useEmployees } from './api/filter-employees'
import { useSets } from './api/filter-sets'
import {
  EMPLOYEES_PAGE_SIZE,
  employeeFilterBody,
  employeeFilterDefs,
  parseVariant,
  VARIANT_KEY,
} from './closed-loop-filters'
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

/** The Employees tab: 20 a page (B §9), both variants, balances, quotas, refresh frequencies, filters, columns. */
export function EmployeesTab() {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const variant = parseVariant(params.get(VARIANT_KEY))
  const sets = useSets()
  const defs = useMemo(() => employeeFilterDefs(t, sets.data ?? [], variant), [t, sets.data, variant])
  const showNextRefreshTime = getRuntimeConfig().closed_loop_next_refresh_time
  const columns = useMemo(
    () => employeeColumns(t, { variant, showNextRefreshTime }),
    [t, variant, showNextRefreshTime],
  )
  const list = useListState(defs)
  const body = employeeFilterBody(list, variant)
  const query = useEmployees(body)
  const { limit: _limit, offset: _offset, ...exportFilters } = body.filter

  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'

  return (
    <DataTable
      tableId={`closed-loop-employees-${String(variant)}`}
      caption={t('closedLoop.tabs.employees')}
      columns={columns}
      rows={query.data?.employees}
      getRowId={rowId}
      state={state}
      fetching={query.isFetching}
      errorMessage={query.error?.message}
      onRetry={() => void query.refetch()}
      page={list.page}
      pageSize={EMPLOYEES_PAGE_SIZE}
      total={query.data?.count}
      onPageChange={list.setPage}
      filtersActive={list.activeCount > 0}
      onResetFilters={() => list.reset()}
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
          <VariantSwitch variant={variant} />
          <FilterBar defs={defs} list={list} />
        </div>
      }
    />
  )
}
