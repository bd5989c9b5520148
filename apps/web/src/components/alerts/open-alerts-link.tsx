import { LiveEventName } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useLiveRefresh } from '@/lib/live/live-store'
import { useSession } from '@/lib/session/session-store'
import { filterAlerts } from './alert-api'
import type { AlertSubjectFilter } from './alert-keys'
import { alertKeys } from './alert-keys'
import { alertsHref, UNRESOLVED } from './alert-paths'
import { useAlertAccess } from './use-alert-access'

const ALERT_EVENTS = [LiveEventName.alertRaised, LiveEventName.alertUpdated] as const

/**
 * "Open alerts (N)" on a machine's or a charger's page: its unresolved alerts, counted with the list's own call
 * (limit 1, the total only), linking to the list filtered to it. Hidden when there are none, while counting, and
 * for a user who may not read alerts.
 */
export function OpenAlertsLink({ subject }: { subject: AlertSubjectFilter }) {
  const { t, i18n } = useTranslation()
  const { entityCode } = useSession()
  const allowed = useAlertAccess().read === 'allowed'
  const query = useQuery({
    queryKey: alertKeys.count(entityCode, subject),
    queryFn: ({ signal }) => filterAlerts({ ...subject, status: [...UNRESOLVED], limit: 1 }, signal),
    enabled: allowed,
    retry: false,
  })
  // An alert event names the alert only: any of them may be this machine's, so the count is read again.
  useLiveRefresh(allowed ? ALERT_EVENTS : undefined, () => void query.refetch(), { everyMs: 2_000 })
  const count = query.data?.count ?? 0
  if (!allowed || count === 0) return null
  return (
    <Link
      to={alertsHref(subject)}
      data-testid="open-alerts-link"
      className="inline-flex h-8 items-center gap-1.5 rounded-md border border-amber-300 bg-white px-2.5 text-sm font-medium text-amber-800 hover:bg-amber-50 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span aria-hidden="true" className="size-2 rounded-full bg-amber-500" />
      {t('alerts.link.open', { count, formatted: count.toLocaleString(i18n.language) })}
    </Link>
  )
}
