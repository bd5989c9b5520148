import type { MachineCreditLog } from '@portal/contract'
import { CREDIT_LOG_SORT_FIELDS } from '@portal/contract'
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
import { PageHeader } from '@/components/page/page-header'
import { creditKeys } from './api/credit-keys'
import { filterCreditLogs } from './api/credit-logs-api'
import { creditColumns } from './credit-columns'
import {
  CREDIT_DEFAULT_SORT,
  CREDIT_TABS,
  creditFilterBody,
  creditFilterDefs,
  CREDITS_PAGE_SIZE,
  RANGE_KEYS,
  TAB_KEY,
  tabOf,
} from './credit-filters'

const rowId = (l: MachineCreditLog) => String(l.machine_credit_log_id)
const isRange = (key: string) => (RANGE_KEYS as readonly string[]).includes(key)

/** Credits (B §2–§7): every change of the machines' credit, by mode, with every filter of the call and sorting. */
export function CreditsPage() {
  const { t, i18n } = useTranslation()
  const [params] = useSearchParams()
  const tab = tabOf(params.get(TAB_KEY))
  const machines = useMachineOptions()
  const defs = useMemo(() => creditFilterDefs(t, machines.data ?? []), [t, machines.data])
  const columns = useMemo(() => creditColumns(t), [t])
  const exportColumns = useExportColumns('credits', columns)
  // B §8: 403 sets the no-permission state.
  const { list, table, total, exportFilters } = useList({
    filters: defs,
    pageSize: CREDITS_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => creditFilterBody(state, tab, page),
    queryKey: (body, entityCode) => creditKeys.list(entityCode, body),
    fetch: filterCreditLogs,
    rows: (data) => data.machine_credit_logs,
    total: (data) => data.count,
    defaultSort: CREDIT_DEFAULT_SORT,
    sortKeys: CREDIT_LOG_SORT_FIELDS,
    // Exports always run newest client time first: order and paging are not part of their filters.
    exportFilters: ({ limit: _limit, offset: _offset, sort_by: _sort, order_by: _order, ...filters }) =>
      filters,
  })
  // On a mode tab the tab is the mode filter.
  const barDefs = defs.filter((d) => !isRange(d.key) && !(tab !== 'all' && d.key === 'modes'))
  const range = { fromLabel: t('credits.filter.from'), toLabel: t('credits.filter.to') }

  return (
    <>
      <PageHeader
        title={t('credits.title')}
        description={
          total === undefined
            ? t('credits.subtitle')
            : t('credits.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
      />
      <ListTabs
        label={t('credits.title')}
        tabs={CREDIT_TABS.map((id) => ({ id, label: t(`credits.tabs.${id}`) }))}
        current={tab}
        onSelect={(id) => list.setFilter(TAB_KEY, id === 'all' ? '' : id)}
      />
      <DataTable
        tableId="credits"
        caption={t('credits.title')}
        columns={columns}
        getRowId={rowId}
        {...table}
        emptyTitle={t('credits.empty')}
        actions={<ExportButton source="credit-logs" filters={exportFilters} columns={exportColumns} />}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={barDefs} list={list} />
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <RangeFilter
                list={list}
                label={t('credits.filter.clientTime')}
                fromKey="time_from"
                toKey="time_to"
                type="date"
                {...range}
              />
              <RangeFilter
                list={list}
                label={t('credits.filter.amount')}
                fromKey="amount_from"
                toKey="amount_to"
                type="number"
                {...range}
              />
            </div>
          </div>
        }
      />
    </>
  )
}
