import type { ReportRun, ReportSchedule } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TFunction } from 'i18next'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import type { DataColumn } from '@/components/data-table/types'
import { tableStateOf } from '@/components/data-table/use-list'
import { ConfirmDelete } from '@/components/form-kit/confirm-delete'
import {
  deleteReportSchedule,
  filterReportSchedules,
  reportScheduleKeys,
  runReportSchedule,
  updateReportSchedule,
} from '@/components/report-schedules/report-schedule-api'
import { Badge } from '@/components/ui/badge/badge'
import { Button } from '@/components/ui/button/button'
import { useToast } from '@/components/ui/toast/toast'
import { serverMessage } from '@/lib/server-messages'
import { useSession } from '@/lib/session/session-store'

const BODY = { limit: 100, offset: 0 }
const RUN_TONES = { running: 'info', sent: 'positive', failed: 'error' } as const

/** "Daily at 07:00", "Mondays at 08:30", "Monthly on the 3rd at 06:00". */
export function timingText(
  t: TFunction,
  s: Pick<ReportSchedule, 'frequency' | 'time' | 'weekday' | 'month_day'>,
) {
  if (s.frequency === 'weekly')
    return t('reports.timing.weekly', { day: t(`reports.weekdays.${String(s.weekday ?? 1)}`), time: s.time })
  if (s.frequency === 'monthly') return t('reports.timing.monthly', { day: s.month_day ?? 1, time: s.time })
  return t('reports.timing.daily', { time: s.time })
}

function LastRun({ run }: { run: ReportRun | undefined }) {
  const { t } = useTranslation()
  if (!run) return <span className="text-slate-400">{t('reports.never')}</span>
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex items-center gap-2">
        <Badge tone={RUN_TONES[run.status]} dot>
          {t(`reports.runStatus.${run.status}`)}
        </Badge>
        <span className="text-xs text-slate-500 tabular-nums">{formatDateTime(run.started_at)}</span>
      </span>
      {run.message && (
        <span className="max-w-72 truncate text-xs text-slate-500" title={run.message}>
          {run.message}
        </span>
      )}
    </span>
  )
}

/**
 * The caller's scheduled reports, above their export history (issue 18): when each runs, where it goes, how its
 * latest run went; run now, pause or resume, delete. They are set up from a saved view's Export menu.
 */
export function ReportSchedulesCard() {
  const { t } = useTranslation()
  const { entityCode } = useSession()
  const { addToast } = useToast()
  const queryClient = useQueryClient()
  const [deleting, setDeleting] = useState<ReportSchedule | null>(null)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const query = useQuery({
    queryKey: reportScheduleKeys.list(entityCode, BODY),
    queryFn: ({ signal }) => filterReportSchedules(BODY, signal),
    // While a run is on its way, its outcome is looked at again.
    refetchInterval: (q) =>
      q.state.data?.schedules.some((s) => s.runs[0]?.status === 'running') === true ? 2000 : false,
  })
  const refresh = () => queryClient.invalidateQueries({ queryKey: reportScheduleKeys.all })
  const failed = (err: unknown) =>
    addToast({
      variant: 'error',
      title: t('reports.toast.failed'),
      message: serverMessage(err),
      timeout: 5000,
    })
  const toggle = useMutation({
    mutationFn: (s: ReportSchedule) => updateReportSchedule(s.id, { paused: !s.paused }),
    onSuccess: () => void refresh(),
    onError: failed,
  })
  const run = useMutation({
    mutationFn: (s: ReportSchedule) => runReportSchedule(s.id),
    onSuccess: () => {
      void refresh()
      // The export it writes shows in the history below.
      void queryClient.invalidateQueries({ queryKey: ['exports'] })
    },
    onError: failed,
  })
  const remove = useMutation({
    mutationFn: (s: ReportSchedule) => deleteReportSchedule(s.id),
    onSuccess: () => {
      setDeleting(null)
      void refresh()
    },
    onError: (err) => setDeleteError(serverMessage(err)),
  })

  const columns = useMemo<DataColumn<ReportSchedule>[]>(
    () => [
      {
        id: 'name',
        header: t('reports.columns.name'),
        card: 'title',
        cell: (s) => (
          <span className="flex flex-col">
            <span className="font-medium text-slate-900">{s.name}</span>
            <span className="text-xs text-slate-500">
              {s.source_title}
              {s.view ? ` · ${t('reports.fromView', { view: s.view.name })}` : ''}
            </span>
          </span>
        ),
      },
      {
        id: 'when',
        header: t('reports.columns.when'),
        card: 'subtitle',
        cell: (s) => (
          <span className="flex flex-col">
            <span>{timingText(t, s)}</span>
            <span className="text-xs text-slate-500">{s.time_zone}</span>
          </span>
        ),
      },
      {
        id: 'delivery',
        header: t('reports.columns.delivery'),
        card: 'meta',
        cell: (s) => (
          <span className="flex flex-col">
            <span>
              {t(`reports.deliveries.${s.delivery}`)} · {s.format.toUpperCase()}
            </span>
            {s.webhook && (
              <span className="max-w-56 truncate font-mono text-xs text-slate-500">{s.webhook.url}</span>
            )}
          </span>
        ),
      },
      {
        id: 'next',
        header: t('reports.columns.next'),
        card: 'meta',
        cell: (s) =>
          s.paused || s.next_run_at === null ? (
            <Badge tone="neutral">{t('reports.paused')}</Badge>
          ) : (
            <span className="tabular-nums">{formatDateTime(s.next_run_at)}</span>
          ),
      },
      {
        id: 'last',
        header: t('reports.columns.last'),
        card: 'meta',
        cell: (s) => <LastRun run={s.runs[0]} />,
      },
      {
        id: 'actions',
        header: t('reports.columns.actions'),
        card: 'meta',
        cell: (s) => (
          <span className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="classic"
              loading={run.isPending && run.variables.id === s.id}
              onClick={() => run.mutate(s)}
              aria-label={t('reports.runNowNamed', { name: s.name })}
            >
              {t('reports.runNow')}
            </Button>
            <Button
              size="sm"
              variant="classic"
              loading={toggle.isPending && toggle.variables.id === s.id}
              onClick={() => toggle.mutate(s)}
              aria-label={t(s.paused ? 'reports.resumeNamed' : 'reports.pauseNamed', { name: s.name })}
            >
              {t(s.paused ? 'reports.resume' : 'reports.pause')}
            </Button>
            <Button
              size="sm"
              variant="classic"
              onClick={() => {
                setDeleteError(null)
                setDeleting(s)
              }}
              aria-label={t('reports.deleteNamed', { name: s.name })}
            >
              {t('reports.delete')}
            </Button>
          </span>
        ),
      },
    ],
    [t, run, toggle],
  )

  const rows = query.data?.schedules
  return (
    <section aria-labelledby="report-schedules-title" className="mb-6">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="report-schedules-title" className="text-base font-semibold text-slate-900">
          {t('reports.title')}
        </h2>
        <p className="text-sm text-slate-500">{t('reports.howTo')}</p>
      </div>
      <DataTable
        tableId="report-schedules"
        caption={t('reports.title')}
        columns={columns}
        rows={rows}
        getRowId={(s) => String(s.id)}
        state={tableStateOf(query)}
        fetching={query.isFetching}
        errorMessage={query.error ? serverMessage(query.error) : undefined}
        onRetry={() => void query.refetch()}
        page={1}
        pageSize={BODY.limit}
        total={query.data?.count}
        onPageChange={() => undefined}
        emptyTitle={t('reports.empty')}
      />
      <ConfirmDelete
        open={deleting !== null}
        title={t('reports.deleteTitle')}
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
        cancelLabel={t('reports.cancel')}
        confirmLabel={t('reports.delete')}
      >
        {t('reports.deleteBody', { name: deleting?.name ?? '' })}
      </ConfirmDelete>
    </section>
  )
}
