import type { Alert } from '@portal/contract'
import { alertKinds, alertStatuses, LiveEventName } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { getAlertSummary } from '@/components/alerts/alert-api'
import { AlertSeverityDot } from '@/components/alerts/alert-badges'
import { alertKeys } from '@/components/alerts/alert-keys'
import { ALERTS_PATH, alertPath } from '@/components/alerts/alert-paths'
import { useAlertAccess } from '@/components/alerts/use-alert-access'
import { formatAge } from '@/components/ev-overview/format'
import { Button } from '@/components/ui/button/button'
import { Loader } from '@/components/ui/loader/loader'
import { usePopover } from '@/components/ui/popover/use-popover'
import { labelOf } from '@/lib/labels'
import { useLiveRefresh } from '@/lib/live/live-store'
import { serverMessage } from '@/lib/server-messages'
import { useSession } from '@/lib/session/session-store'

const ALERT_EVENTS = [LiveEventName.alertRaised, LiveEventName.alertUpdated] as const
/** Past this the badge says "99+": the exact number is in the button's name and the panel. */
export const BADGE_CAP = 99

export const badgeText = (count: number) => (count > BADGE_CAP ? `${String(BADGE_CAP)}+` : String(count))

function BellIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.7}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5"
      aria-hidden="true"
    >
      <path d="M14.857 17.082a23.85 23.85 0 0 0 5.454-1.31A8.97 8.97 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.97 8.97 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.26 24.26 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0" />
    </svg>
  )
}

function AlertItem({ alert, now, onOpen }: { alert: Alert; now: number; onOpen: () => void }) {
  const { i18n } = useTranslation()
  return (
    <li>
      <Link
        to={alertPath(alert.id)}
        onClick={onOpen}
        className="flex gap-2.5 px-4 py-2.5 hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        <AlertSeverityDot severity={alert.severity} className="mt-1.5" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate text-sm font-medium text-slate-900">
              {labelOf(alertKinds, alert.kind)}
            </span>
            <time
              dateTime={new Date(alert.raised_at).toISOString()}
              className="shrink-0 text-xs whitespace-nowrap text-slate-500"
            >
              {formatAge(alert.raised_at, now, i18n.language)}
            </time>
          </span>
          <span className="block truncate text-xs font-medium text-slate-700">
            {alert.subject}
            {alert.status === 'acknowledged' && (
              <span className="font-normal text-slate-500"> · {labelOf(alertStatuses, alert.status)}</span>
            )}
          </span>
          <span className="line-clamp-2 text-xs text-slate-500">{alert.message}</span>
        </span>
      </Link>
    </li>
  )
}

/** The panel's content, mounted when it opens: "how long ago" is counted from then. */
function Panel({
  query,
  headingId,
  onClose,
}: {
  query: ReturnType<typeof useAlertSummary>
  headingId: string
  onClose: () => void
}) {
  const { t, i18n } = useTranslation()
  const [now] = useState(() => Date.now())
  const summary = query.data
  const number = (n: number) => n.toLocaleString(i18n.language)
  return (
    <>
      <div className="flex items-baseline justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 id={headingId} className="text-sm font-semibold text-slate-900">
          {t('alerts.bell.heading')}
        </h2>
        {summary && (
          <p className="text-xs text-slate-500">
            {t('alerts.bell.counts', {
              open: number(summary.open),
              acknowledged: number(summary.acknowledged),
            })}
          </p>
        )}
      </div>
      {query.isPending ? (
        <Loader size="sm" message={t('ui.loading')} className="py-6" />
      ) : query.isError ? (
        <div className="space-y-2 px-4 py-4 text-sm">
          <p className="text-rose-700">{serverMessage(query.error) || t('alerts.bell.failed')}</p>
          <Button variant="classic" size="sm" onClick={() => void query.refetch()}>
            {t('table.retry')}
          </Button>
        </div>
      ) : summary && summary.latest.length > 0 ? (
        <ul className="max-h-[min(24rem,60vh)] divide-y divide-slate-100 overflow-y-auto">
          {summary.latest.map((alert) => (
            <AlertItem key={alert.id} alert={alert} now={now} onOpen={onClose} />
          ))}
        </ul>
      ) : (
        <p className="px-4 py-6 text-center text-sm text-slate-500">{t('alerts.bell.none')}</p>
      )}
      <div className="border-t border-slate-100 px-4 py-2.5">
        <Link
          to={ALERTS_PATH}
          onClick={onClose}
          className="text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {t('alerts.bell.seeAll')}
        </Link>
      </div>
    </>
  )
}

/** The summary the bell shows, read again on every alert event (and on the polling timer while the stream is down). */
function useAlertSummary(enabled: boolean) {
  const { entityCode } = useSession()
  const query = useQuery({
    queryKey: alertKeys.summary(entityCode),
    queryFn: ({ signal }) => getAlertSummary(signal),
    enabled,
    retry: false,
  })
  useLiveRefresh(enabled ? ALERT_EVENTS : undefined, () => void query.refetch())
  return query
}

/**
 * The notification centre of the top bar (issue 16): a bell with the number of open alerts, which opens the newest
 * unresolved ones and a way to all of them. Shown to users who may read the entity's alerts; it follows the live
 * stream, so an alert raised on the other side of the country shows without a reload.
 */
export function NotificationCentre() {
  const access = useAlertAccess()
  if (access.read !== 'allowed') return null
  return <Bell />
}

function Bell() {
  const { t, i18n } = useTranslation()
  const query = useAlertSummary(true)
  const headingId = useId()
  const { open, setOpen, setReference, setFloating, floatingStyles, getReferenceProps, getFloatingProps } =
    usePopover({ placement: 'bottom-end', gap: 6, role: 'dialog' })
  const count = query.data?.open ?? 0
  const labelOf = (formatted: string) =>
    count === 0 ? t('alerts.bell.labelNone') : t('alerts.bell.label', { count, formatted })
  // The name holds what the badge shows ("99+"), so what is seen is what is said (axe's label-content rule); the
  // tooltip and the panel give the exact number.
  const label = labelOf(count > BADGE_CAP ? badgeText(count) : count.toLocaleString(i18n.language))
  const title = labelOf(count.toLocaleString(i18n.language))

  return (
    <>
      <button
        ref={setReference}
        type="button"
        aria-label={label}
        title={title}
        data-testid="alert-bell"
        data-count={count}
        className="relative rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
        {...getReferenceProps()}
      >
        <BellIcon />
        {count > 0 && (
          <span
            aria-hidden="true"
            data-testid="alert-count"
            className="absolute -top-0.5 -right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-rose-600 px-1 text-[10px] leading-none font-semibold text-white tabular-nums ring-2 ring-white"
          >
            {badgeText(count)}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={setFloating}
          style={floatingStyles}
          aria-labelledby={headingId}
          className="z-40 w-[22rem] max-w-[calc(100vw-1rem)] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
          {...getFloatingProps()}
        >
          <Panel query={query} headingId={headingId} onClose={() => setOpen(false)} />
        </div>
      )}
    </>
  )
}
