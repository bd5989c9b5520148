/**
 * ExportButton — exports a list as a job (B §3 exports; docs/decisions/0015-export-jobs.md).
 *
 * Usage, on a list page, next to the table's other actions:
 *
 *   const list = useList({ ... })   // components/data-table/use-list.ts
 *   <ExportButton source="order-items" filters={list.exportFilters} />
 *
 * `source` is the server's export source key (modules/exports/export-sources.ts); `filters` is the list's filter
 * body without limit/offset, exactly as its filter call sends it (the server validates it with the same schema).
 * The button offers CSV or XLSX, requests the job, shows the rows written while it runs, and toasts when it is
 * Ready (with a Download action) or Failed (with the reason). Past exports: the export history screen.
 */
import type { ExportFormat, ExportJob } from '@portal/contract'
import { ExportJobStatus, exportFormats, LiveEventName } from '@portal/contract'
import { useLiveRefresh } from '@/lib/live/live-store'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { usePopover } from '@/components/ui/popover/use-popover'
import { useToast } from '@/components/ui/toast/toast'
import { useSearchParams } from 'react-router'
import { VIEW_PARAM } from '@/components/saved-views/view-param'
import { downloadExport, getExportJob, requestExport } from './export-api'
import { exportKeys } from './export-keys'
import { serverMessage } from '@/lib/server-messages'

export interface ExportButtonProps {
  source: string
  filters: Record<string, unknown>
  /** The button's text; default "Export". */
  label?: string
  /**
   * The export headers to write, in order: the list's visible columns (`useExportColumns`; decision 0116). Left out
   * or null: every column of the export.
   */
  columns?: readonly string[] | null
}

const POLL_MS = 1000

// Loaded when first opened: every list has an export button, few schedule one.
const ScheduleReportDialog = lazy(() =>
  import('@/components/report-schedules/schedule-report-dialog').then((m) => ({
    default: m.ScheduleReportDialog,
  })),
)

export function ExportButton({ source, filters, label, columns = null }: ExportButtonProps) {
  const { t, i18n } = useTranslation()
  const { addToast, removeToast } = useToast()
  const queryClient = useQueryClient()
  const [uuid, setUuid] = useState<string | null>(null)
  const announced = useRef<string | null>(null)
  const menu = usePopover({ placement: 'bottom-end', role: 'menu' })
  // A saved view on screen (its id in the URL) can have its export scheduled (issue 18, decision 0119).
  const [params] = useSearchParams()
  const viewId = Number.parseInt(params.get(VIEW_PARAM) ?? '', 10)
  const [scheduling, setScheduling] = useState(false)

  const job = useQuery({
    queryKey: exportKeys.job(uuid),
    queryFn: ({ signal }) => getExportJob(uuid ?? '', signal),
    enabled: uuid !== null,
    refetchInterval: (q) => (q.state.data?.status === ExportJobStatus.Pending ? POLL_MS : false),
  })
  // The stream says how far it got as it goes; the poll above stays as the fallback.
  useLiveRefresh([LiveEventName.exportProgress], () => void job.refetch(), {
    everyMs: 200,
    when: (event) => 'export_uuid' in event.data && event.data.export_uuid === uuid,
  })

  const toastDownload = (done: ExportJob) => {
    addToast({
      id: done.uuid,
      variant: 'success',
      title: t('exports.toast.readyTitle'),
      message: t('exports.toast.readyMessage', {
        title: done.source_title,
        format: done.format.toUpperCase(),
        count: done.row_count ?? 0,
        formatted: (done.row_count ?? 0).toLocaleString(i18n.language),
      }),
      actions: [
        {
          display: t('exports.download'),
          callback: (toastId) => {
            // The toast has done its job once the file is on its way.
            removeToast(toastId)
            downloadExport(done).catch((err: unknown) =>
              addToast({
                variant: 'error',
                title: t('exports.toast.downloadFailed'),
                message: serverMessage(err),
                timeout: 5000,
              }),
            )
          },
        },
      ],
    })
  }

  const current = job.data
  useEffect(() => {
    if (!current || current.status === ExportJobStatus.Pending || announced.current === current.uuid) return
    announced.current = current.uuid
    void queryClient.invalidateQueries({ queryKey: exportKeys.lists })
    if (current.status === ExportJobStatus.Ready) toastDownload(current)
    else {
      addToast({
        id: current.uuid,
        variant: 'error',
        title: t('exports.toast.failedTitle'),
        message: t('exports.toast.failedMessage', { reason: current.error_message ?? '' }),
      })
    }
    setUuid(null)
    // toastDownload is rebuilt each render; the job's change is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current])

  const start = useMutation({
    mutationFn: (format: ExportFormat) => requestExport(source, format, filters, columns),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: exportKeys.lists })
      queryClient.setQueryData(exportKeys.job(created.uuid), created)
      setUuid(created.uuid)
      addToast({
        id: created.uuid,
        variant: 'info',
        title: t('exports.toast.startedTitle'),
        message: t('exports.toast.startedMessage', { title: created.source_title }),
        timeout: null,
      })
    },
    onError: (err) => {
      addToast({
        variant: 'error',
        title: t('exports.toast.requestFailed'),
        message: serverMessage(err),
        timeout: 5000,
      })
    },
  })

  const running = uuid !== null || start.isPending
  const progress = current?.status === ExportJobStatus.Pending ? current.progress : 0
  const choose = (format: ExportFormat) => {
    menu.setOpen(false)
    start.mutate(format)
  }

  return (
    <>
      <Button
        ref={menu.setReference}
        variant="classic"
        size="sm"
        loading={running}
        aria-live="polite"
        {...menu.getReferenceProps()}
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.7} aria-hidden="true">
          <path d="M12 4v11m0 0 4-4m-4 4-4-4M5 19h14" />
        </svg>
        {running
          ? progress > 0
            ? t('exports.progress', { formatted: progress.toLocaleString(i18n.language) })
            : t('exports.preparing')
          : (label ?? t('exports.export'))}
      </Button>
      {menu.open && !running && (
        <div
          ref={menu.setFloating}
          style={menu.floatingStyles}
          className="z-30 w-60 rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          {...menu.getFloatingProps()}
        >
          {exportFormats.entries.map((f) => (
            <button
              key={f.value}
              type="button"
              role="menuitem"
              className="flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
              onClick={() => choose(f.value)}
            >
              <span>{t(`exports.formats.${f.value}`)}</span>
              <span className="text-xs text-slate-400">.{f.value}</span>
            </button>
          ))}
          <div role="separator" className="my-1 border-t border-slate-100" />
          <button
            type="button"
            role="menuitem"
            disabled={!(viewId > 0)}
            title={viewId > 0 ? undefined : t('reports.needsView')}
            className="flex w-full flex-col rounded-md px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
            onClick={() => {
              menu.setOpen(false)
              setScheduling(true)
            }}
          >
            <span>{t('reports.scheduleMenu')}</span>
            {!(viewId > 0) && <span className="text-xs text-slate-400">{t('reports.needsView')}</span>}
          </button>
        </div>
      )}
      {viewId > 0 && scheduling && (
        <Suspense fallback={null}>
          <ScheduleReportDialog
            open={scheduling}
            onClose={() => setScheduling(false)}
            what={{ viewId, source, filters, columns }}
          />
        </Suspense>
      )}
    </>
  )
}
