import type { MtSummary } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { ExportButton } from '@/components/export/export-button'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { isForbidden } from '@/lib/http'
import { useMachineOptions, useSetOptions } from './api/machine-options'
import { useMaintainers, useSummaries } from './api/maintenance-api'
import { ListTabs } from '@/components/list-filters/list-tabs'
import { maintenanceColumns } from './maintenance-columns'
import {
  MAINTENANCE_PAGE_SIZE,
  MAINTENANCE_TABS,
  maintenanceFilterBody,
  maintenanceFilterDefs,
  RANGE_KEYS,
  TAB_KEY,
  tabOf,
} from './maintenance-filters'
import { RangeFilter } from '@/components/list-filters/range-filter'

const rowId = (s: MtSummary) => String(s.id)
const rowHref = (s: MtSummary) => `/maintenance/${String(s.id)}`
const isRange = (key: string) => (RANGE_KEYS as readonly string[]).includes(key)

/** Maintenance (B §2–§7): the sessions of the people who restock and repair the entity's machines. */
export function MaintenancePage() {
  const { t, i18n } = useTranslation()
  const [params] = useSearchParams()
  const tab = tabOf(params.get(TAB_KEY))
  const machines = useMachineOptions()
  const sets = useSetOptions()
  const maintainers = useMaintainers()
  const defs = useMemo(
    () =>
      maintenanceFilterDefs(t, {
        machines: machines.data ?? [],
        sets: sets.data ?? [],
        users: (maintainers.data ?? []).map((m) => ({ value: m.user_uuid, label: m.name })),
      }),
    [t, machines.data, sets.data, maintainers.data],
  )
  const columns = useMemo(() => maintenanceColumns(t), [t])
  const list = useListState(defs)
  const body = maintenanceFilterBody(list, tab)
  const query = useSummaries(body)
  const { limit: _limit, offset: _offset, ...exportFilters } = body
  // The Challenge bypassed tab already is the "yes" value of the bypass filter.
  const barDefs = defs.filter((d) => !isRange(d.key) && !(tab === 'bypassed' && d.key === 'bypass'))

  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  const total = query.data?.count
  const range = { fromLabel: t('maintenance.filter.from'), toLabel: t('maintenance.filter.to') }

  return (
    <>
      <PageHeader
        title={t('maintenance.title')}
        description={
          total === undefined
            ? t('maintenance.subtitle')
            : t('maintenance.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
      />
      <ListTabs
        label={t('maintenance.title')}
        tabs={MAINTENANCE_TABS.map((id) => ({ id, label: t(`maintenance.tabs.${id}`) }))}
        current={tab}
        onSelect={(id) => list.setFilter(TAB_KEY, id === 'all' ? '' : id)}
      />
      <DataTable
        tableId="maintenance"
        caption={t('maintenance.title')}
        columns={columns}
        rows={query.data?.mt_summaries}
        getRowId={rowId}
        rowHref={rowHref}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={list.page}
        pageSize={MAINTENANCE_PAGE_SIZE}
        total={total}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('maintenance.empty')}
        actions={<ExportButton source="maintenance" filters={exportFilters} />}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={barDefs} list={list} />
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <RangeFilter
                list={list}
                label={t('maintenance.filter.startTime')}
                fromKey="start_from"
                toKey="start_to"
                type="date"
                {...range}
              />
              <RangeFilter
                list={list}
                label={t('maintenance.filter.endTime')}
                fromKey="end_from"
                toKey="end_to"
                type="date"
                {...range}
              />
            </div>
          </div>
        }
      />
    </>
  )
}
