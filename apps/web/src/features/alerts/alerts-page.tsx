import type { Alert } from '@portal/contract'
import { LiveEventName } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { filterAlerts } from '@/components/alerts/alert-api'
import { alertKeys } from '@/components/alerts/alert-keys'
import { alertPath } from '@/components/alerts/alert-paths'
import { BulkActions } from '@/components/bulk/bulk-actions-lazy'
import { useBulkSelection } from '@/components/bulk/use-bulk-selection'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { ListState } from '@/components/data-table/list-state'
import { useList } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { useExportColumns } from '@/components/data-table/use-column-visibility'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { CloseIcon } from '@/components/ui/icons/icons'
import { alertColumns } from './alert-columns'
import {
  ALERT_SORT_KEYS,
  ALERTS_PAGE_SIZE,
  alertFilterBody,
  alertFilterDefs,
  alertRangeProblem,
  chargePointOf,
  DEFAULT_ALERT_SORT,
  isBarFilter,
  machineIdOf,
} from './alert-filters'

const rowId = (a: Alert) => String(a.id)
const rowHref = (a: Alert) => alertPath(a.id)

/** Where the alert rules are edited (entity settings, its Alerts tab). */
export const RULES_PATH = '/entity-settings?tab=alerts'

/**
 * The machine or charger the list is narrowed to (from its page's "Open alerts" link), named as its alerts name it
 * once they are read, with a way to widen the list again.
 */
function SubjectChip({ list, rows }: { list: ListState; rows: readonly Alert[] | undefined }) {
  const { t } = useTranslation()
  const machineId = machineIdOf(list)
  const chargePoint = chargePointOf(list)
  if (machineId === undefined && chargePoint === undefined) return null
  const key = machineId === undefined ? 'charge_point' : 'machine_id'
  const named = rows?.find((a) =>
    machineId === undefined ? a.charge_point === chargePoint : a.machine_id === machineId,
  )?.subject
  const label =
    machineId === undefined
      ? t('alerts.filter.charger', { name: named ?? chargePoint })
      : t('alerts.filter.machine', { name: named ?? `#${String(machineId)}` })
  return (
    <span className="inline-flex h-8 items-center gap-1 rounded-md border border-brand-500/30 bg-brand-50 pr-1 pl-2.5 text-sm text-brand-800">
      {label}
      <button
        type="button"
        onClick={() => list.setFilter(key, '')}
        aria-label={t('alerts.filter.clearSubject', { label })}
        className="rounded p-1 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <CloseIcon className="size-3.5" />
      </button>
    </span>
  )
}

/**
 * Alerts (issue 16): the entity's alerts, unresolved first by default, with filters in the URL, the export, and the
 * live stream: a raised alert is offered as "N new — show", a changed one is read again in place.
 */
export function AlertsPage() {
  const { t, i18n } = useTranslation()
  const defs = useMemo(() => alertFilterDefs(t), [t])
  const barDefs = useMemo(() => defs.filter(isBarFilter), [defs])
  const columns = useMemo(() => alertColumns(t), [t])
  const exportColumns = useExportColumns('alerts', columns)
  const bulk = useBulkSelection()
  const { list, table, total, rows, exportFilters, body } = useList({
    filters: defs,
    pageSize: ALERTS_PAGE_SIZE,
    paging: 'count',
    defaultSort: DEFAULT_ALERT_SORT,
    sortKeys: ALERT_SORT_KEYS,
    live: { refresh: [LiveEventName.alertUpdated], added: [LiveEventName.alertRaised] },
    request: alertFilterBody,
    queryKey: (body, entityCode) => alertKeys.list(entityCode, body),
    fetch: filterAlerts,
    rows: (data) => data.alerts,
    total: (data) => data.count,
    invalid: (state) => alertRangeProblem(state, t),
  })

  return (
    <>
      <PageHeader
        title={t('alerts.title')}
        description={
          total === undefined
            ? t('alerts.subtitle')
            : t('alerts.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
        actions={
          <>
            <Link to={RULES_PATH} className={buttonClasses({ variant: 'secondaryBasic', size: 'sm' })}>
              {t('alerts.rulesLink')}
            </Link>
            <ExportButton source="alerts" filters={exportFilters} columns={exportColumns} />
          </>
        }
      />
      <DataTable
        tableId="alerts"
        caption={t('alerts.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        {...bulk.tableProps}
        selectionActions={<BulkActions list="alerts" selection={bulk} filter={body} />}
        emptyTitle={t('alerts.empty')}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={barDefs} list={list} />
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              <RangeFilter
                list={list}
                label={t('alerts.filter.raised')}
                fromKey="raised_from"
                toKey="raised_to"
                fromLabel={t('alerts.filter.from')}
                toLabel={t('alerts.filter.to')}
                type="date"
              />
              <SubjectChip list={list} rows={rows} />
            </div>
          </div>
        }
      />
    </>
  )
}
