import type { ExportJob, ExportJobFilterRequest } from '@portal/contract'
import { cleanFilters, exportJobStatuses } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { downloadExport } from '@/components/export/export-api'
import { PageHeader } from '@/components/page/page-header'
import { useToast } from '@/components/ui/toast/toast'
import { isForbidden } from '@/lib/http'
import { useExportJobs } from './api/filter-exports'
import { exportJobColumns } from './export-job-columns'

const PAGE_SIZE = 20
const rowId = (j: ExportJob) => j.uuid

/**
 * Machine Export History: the entity's export jobs (every exported list), newest first, with who asked, when,
 * the filters, the format, the status and the file. It refreshes itself while a job is Pending.
 */
export function ExportHistoryPage() {
  const { t, i18n } = useTranslation()
  const { addToast } = useToast()
  const defs = useMemo<FilterDef[]>(
    () => [
      {
        kind: 'multi',
        key: 'status',
        label: t('exports.col.status'),
        options: exportJobStatuses.entries.map((e) => ({ value: e.value, label: e.label })),
      },
    ],
    [t],
  )
  const list = useListState(defs)
  const body = cleanFilters({
    limit: PAGE_SIZE,
    offset: (list.page - 1) * PAGE_SIZE,
    status_list: list.multi('status').map(Number),
  }) as ExportJobFilterRequest
  const query = useExportJobs(body)

  const columns = useMemo(
    () =>
      exportJobColumns(t, i18n.language, (job) => {
        downloadExport(job).catch((err: unknown) =>
          addToast({
            variant: 'error',
            title: t('exports.toast.downloadFailed'),
            message: err instanceof Error ? err.message : String(err),
            timeout: 5000,
          }),
        )
      }),
    [t, i18n.language, addToast],
  )

  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  const total = query.data?.count

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
      <DataTable
        tableId="export-history"
        caption={t('exports.historyTitle')}
        columns={columns}
        rows={query.data?.export_jobs}
        getRowId={rowId}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={list.page}
        pageSize={PAGE_SIZE}
        total={total}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('exports.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
