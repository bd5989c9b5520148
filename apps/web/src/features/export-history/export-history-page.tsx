import { LiveEventName } from '@portal/contract'
import type { ExportJob } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { downloadExport } from '@/components/export/export-api'
import { exportKeys } from '@/components/export/export-keys'
import { PageHeader } from '@/components/page/page-header'
import { useToast } from '@/components/ui/toast/toast'
import { filterExports, historyRefresh } from './api/filter-exports'
import {
  EXPORT_HISTORY_PAGE_SIZE,
  exportHistoryFilterBody,
  exportHistoryFilterDefs,
} from './export-history-filters'
import { exportJobColumns } from './export-job-columns'
import { ReportSchedulesCard } from './report-schedules-card'
import { serverMessage } from '@/lib/server-messages'

const rowId = (j: ExportJob) => j.uuid

/**
 * Machine Export History: the entity's export jobs (every exported list), newest first, with who asked, when,
 * the filters, the format, the status and the file. It refreshes itself while a job is Pending.
 */
export function ExportHistoryPage() {
  const { t, i18n } = useTranslation()
  const { addToast } = useToast()
  const defs = useMemo(() => exportHistoryFilterDefs(t), [t])
  const { list, table, total } = useList({
    filters: defs,
    pageSize: EXPORT_HISTORY_PAGE_SIZE,
    paging: 'count',
    live: { refresh: [LiveEventName.exportProgress] },
    request: exportHistoryFilterBody,
    queryKey: (body, entityCode) => exportKeys.list(entityCode, body),
    fetch: filterExports,
    rows: (data) => data.export_jobs,
    total: (data) => data.count,
    refetchInterval: historyRefresh,
  })

  const columns = useMemo(
    () =>
      exportJobColumns(t, i18n.language, (job) => {
        downloadExport(job).catch((err: unknown) =>
          addToast({
            variant: 'error',
            title: t('exports.toast.downloadFailed'),
            message: serverMessage(err) || String(err),
            timeout: 5000,
          }),
        )
      }),
    [t, i18n.language, addToast],
  )

  return (
    <>
      <PageHeader
        title={t('exports.historyTitle')}
        breadcrumb={
          <Link to="/machines" className="hover:text-slate-700 hover:underline">
            {t('machines.title')}
          </Link>
        }
        description={
          total === undefined
            ? t('exports.historySubtitle')
            : t('exports.historyCount', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
      />
      <ReportSchedulesCard />
      <DataTable
        tableId="export-history"
        caption={t('exports.historyTitle')}
        columns={columns}
        getRowId={rowId}
        {...table}
        emptyTitle={t('exports.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
