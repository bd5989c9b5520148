import type { MtSummary } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { useExportColumns } from '@/components/data-table/use-column-visibility'
import { ListTabs } from '@/components/list-filters/list-tabs'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { useMachineOptions } from '@/components/options/machine-options'
import { useSetOptions } from '@/components/options/set-options'
import { PageHeader } from '@/components/page/page-header'
import { filterSummaries, useMaintainers } from './api/maintenance-api'
import { maintenanceKeys } from './api/maintenance-keys'
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
  const exportColumns = useExportColumns('maintenance', columns)
  // B §8: 403 means no permission; other errors show the table's error state.
  const { list, table, total, exportFilters } = useList({
    filters: defs,
    pageSize: MAINTENANCE_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => maintenanceFilterBody(state, tab, page),
    queryKey: (body, entityCode) => maintenanceKeys.list(entityCode, body),
    fetch: filterSummaries,
    rows: (data) => data.mt_summaries,
    total: (data) => data.count,
  })
  // The Challenge bypassed tab already is the "yes" value of the bypass filter.
  const barDefs = defs.filter((d) => !isRange(d.key) && !(tab === 'bypassed' && d.key === 'bypass'))
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
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('maintenance.empty')}
        actions={<ExportButton source="maintenance" filters={exportFilters} columns={exportColumns} />}
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
