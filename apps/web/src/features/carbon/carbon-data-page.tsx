import type { CarbonRecord } from '@portal/contract'
import { isCarbonMode } from '@portal/contract'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchCarbonRecords, useCarbonDashboard, useCarbonProgramme } from '@/components/carbon/carbon-api'
import { CarbonDashboardView, CarbonSummaryCards } from '@/components/carbon/carbon-dashboard'
import { carbonKeys } from '@/components/carbon/carbon-keys'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { ListState } from '@/components/data-table/list-state'
import { useList } from '@/components/data-table/use-list'
import { ExportButton } from '@/components/export/export-button'
import { useExportColumns } from '@/components/data-table/use-column-visibility'
import { PhoneFold } from '@/components/list-filters/phone-fold'
import { PageHeader } from '@/components/page/page-header'
import { Button } from '@/components/ui/button/button'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { ErrorIcon } from '@/components/ui/icons/icons'
import { isForbidden } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { carbonColumns } from './carbon-columns'
import {
  carbonFilterDefs,
  carbonFilters,
  carbonRecordBody,
  dayStart,
  KEYS,
  programmeToday,
  rangeOf,
  RECORDS_PAGE_SIZE,
} from './carbon-filters'
import { serverMessage } from '@/lib/server-messages'

const inputClass =
  'h-8 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-600'

/** The records' date range, as Singapore calendar days (the programme's). */
function DateRange({ list, today }: { list: ListState; today: string }) {
  const { t } = useTranslation()
  const { from, to } = rangeOf(list, today)
  const set = (key: string, value: string) => {
    if (dayStart(value) !== undefined) list.setFilter(key, value)
  }
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('carbon.filter.range')}>
      <label className="flex items-center gap-1.5 text-sm text-slate-600">
        {t('carbon.filter.from')}
        <input
          type="date"
          className={inputClass}
          value={from}
          max={to}
          onChange={(e) => set(KEYS.from, e.target.value)}
        />
      </label>
      <label className="flex items-center gap-1.5 text-sm text-slate-600">
        {t('carbon.filter.to')}
        <input
          type="date"
          className={inputClass}
          value={to}
          min={from}
          onChange={(e) => set(KEYS.to, e.target.value)}
        />
      </label>
      <span className="text-xs text-slate-500">{t('carbon.filter.timeZone')}</span>
    </div>
  )
}

const rowId = (r: CarbonRecord) => String(r.id)

/**
 * EV carbon data (/ev-carbon-data; B §3 "Carbon-credit record"): the summary dashboard and the records under it,
 * for the exchange, a CPO or a fleet owner, each seeing its own side. One set of filters (dates, partner,
 * scenario) drives both; the list pages 20 at a time and exports.
 */
export function CarbonDataPage() {
  const { t, i18n } = useTranslation()
  const { entity } = useSession()
  const carbonMode = isCarbonMode(entity?.industries ?? [])
  // "Today" is fixed while the page is open, so the default range (and the query keys) stay put.
  const [today] = useState(() => programmeToday(Date.now()))
  const programme = useCarbonProgramme()
  const defs = useMemo(() => carbonFilterDefs(t, programme.data), [t, programme.data])
  const columns = useMemo(() => carbonColumns(t), [t])
  const exportColumns = useExportColumns('carbon-records', columns)
  const { list, table, total, exportFilters } = useList({
    filters: defs,
    pageSize: RECORDS_PAGE_SIZE,
    paging: 'count',
    request: (state, page) => carbonRecordBody(state, page, today),
    queryKey: (body, entityCode) => carbonKeys.records(entityCode, body),
    fetch: fetchCarbonRecords,
    rows: (data) => data.records,
    total: (data) => data.count,
    enabled: carbonMode,
  })
  const dashboard = useCarbonDashboard(carbonFilters(list, today))

  if (!carbonMode) {
    return (
      <>
        <PageHeader title={t('carbon.title')} />
        <div className="rounded-lg border border-slate-200 bg-white">
          <EmptyState title={t('carbon.notCarbonTitle')} description={t('carbon.notCarbonDescription')} />
        </div>
      </>
    )
  }

  const barDefs = defs.filter((d) => d.key !== KEYS.from && d.key !== KEYS.to)
  const p = programme.data?.programme

  return (
    <>
      <PageHeader
        title={t('carbon.title')}
        description={
          p
            ? t('carbon.subtitle', { programme: p.name, exchange: p.entity_name })
            : programme.isPending
              ? t('carbon.subtitleLoading')
              : t('carbon.noProgramme')
        }
      />
      <div className="mb-4 sm:rounded-lg sm:border sm:border-slate-200 sm:bg-white sm:p-3 sm:shadow-xs">
        {/* The dates and partners drive the dashboard and the records alike: one set, above both. */}
        <PhoneFold active={list.activeCount}>
          <div className="flex flex-col gap-2">
            <DateRange list={list} today={today} />
            <FilterBar defs={barDefs} list={list} />
          </div>
        </PhoneFold>
      </div>

      <div className="mb-5">
        {dashboard.isError ? (
          <div className="rounded-lg border border-slate-200 bg-white">
            <EmptyState
              icon={<ErrorIcon />}
              title={
                isForbidden(dashboard.error) ? t('table.noAccessTitle') : t('carbon.dashboard.errorTitle')
              }
              description={serverMessage(dashboard.error)}
              action={
                <Button variant="classic" size="sm" onClick={() => void dashboard.refetch()}>
                  {t('table.retry')}
                </Button>
              }
            />
          </div>
        ) : dashboard.data ? (
          <div
            className={dashboard.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
            aria-busy={dashboard.isFetching}
          >
            <CarbonDashboardView dashboard={dashboard.data} />
          </div>
        ) : (
          <CarbonSummaryCards dashboard={undefined} rebatesLabel="" />
        )}
      </div>

      <div className="mb-2">
        <h2 className="text-base font-semibold text-slate-900">{t('carbon.recordsTitle')}</h2>
        <p className="text-xs text-slate-500">
          {total === undefined
            ? t('carbon.recordsHint')
            : t('carbon.count', { count: total, formatted: total.toLocaleString(i18n.language) })}
        </p>
      </div>
      <DataTable
        tableId="carbon-records"
        caption={t('carbon.recordsTitle')}
        columns={columns}
        getRowId={rowId}
        {...table}
        emptyTitle={t('carbon.empty')}
        actions={<ExportButton source="carbon-records" filters={exportFilters} columns={exportColumns} />}
      />
    </>
  )
}
