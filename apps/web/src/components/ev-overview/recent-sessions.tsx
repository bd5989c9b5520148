import type { EvSessionBrief } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatShortDuration, formatUnits } from '@/components/charging-session/session-format'
import { SESSION_PARAM } from '@/components/charging-session/session-list-query'
import { SessionStatusBadge } from '@/components/charging-session/session-status-badge'
import { EmptyState } from '@/components/ui/empty-state/empty-state'

/** Where a session row leads: the sessions list with its detail panel open (docs/decisions/0023). */
export const sessionHref = (uid: string) =>
  `/ev-charging-sessions?${SESSION_PARAM}=${encodeURIComponent(uid)}`

const head = 'px-3 py-2.5 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase'
const cell = 'px-3 py-2 whitespace-nowrap'

/**
 * The recent sessions of a charger (`of="device"`: who charged) or of a user (`of="user"`: where they charged, on
 * whose network). Each row opens the session on the sessions list.
 */
export function RecentSessions({
  sessions,
  of,
  caption,
  now,
  nameOf,
}: {
  sessions: readonly EvSessionBrief[]
  of: 'device' | 'user'
  caption: string
  now: number
  /** Entity names for the network column (user view). */
  nameOf?: (code: string) => string
}) {
  const { t, i18n } = useTranslation()
  if (sessions.length === 0) {
    return (
      <EmptyState
        title={t('evOverview.sessions.empty')}
        description={t(`evOverview.sessions.emptyHint.${of}`)}
      />
    )
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr className="border-b border-slate-200">
            <th scope="col" className={`${head} text-left`}>
              {t('evOverview.sessions.col.session')}
            </th>
            <th scope="col" className={`${head} text-left`}>
              {t('evOverview.sessions.col.status')}
            </th>
            <th scope="col" className={`${head} text-left`}>
              {t('evOverview.sessions.col.start')}
            </th>
            <th scope="col" className={`${head} text-left`}>
              {of === 'device' ? t('evOverview.sessions.col.evse') : t('evOverview.sessions.col.location')}
            </th>
            <th scope="col" className={`${head} text-left`}>
              {of === 'device' ? t('evOverview.sessions.col.driver') : t('evOverview.sessions.col.network')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t('evOverview.sessions.col.energy')}
            </th>
            <th scope="col" className={`${head} text-right`}>
              {t('evOverview.sessions.col.cost')}
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.uid} className="border-b border-slate-100 last:border-b-0 hover:bg-slate-50/60">
              <td className={cell}>
                <Link
                  to={sessionHref(s.uid)}
                  className="font-mono text-xs font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  {s.external_id}
                </Link>
              </td>
              <td className={cell}>
                <SessionStatusBadge status={s.status} />
              </td>
              <td className={`${cell} tabular-nums`}>{formatDateTime(s.start_date_time)}</td>
              <td className={`${cell} tabular-nums text-slate-600`}>
                {s.end_date_time === null
                  ? t('evOverview.sessions.running', {
                      duration: formatShortDuration(now - s.start_date_time),
                    })
                  : formatShortDuration(s.end_date_time - s.start_date_time)}
              </td>
              <td className={`${cell} max-w-64 truncate`}>
                {of === 'device' ? (
                  <span className="font-mono text-xs">
                    {s.evse_id} · {s.connector_id}
                  </span>
                ) : (
                  <span title={s.location_name}>{s.location_name}</span>
                )}
              </td>
              <td className={`${cell} max-w-56 truncate`}>
                {of === 'device' ? (
                  <>
                    {s.user_name}
                    {s.license_plate && (
                      <span className="ml-1.5 text-xs text-slate-500">{s.license_plate}</span>
                    )}
                  </>
                ) : (
                  (nameOf?.(s.entity_code) ?? s.entity_code)
                )}
              </td>
              <td className={`${cell} text-right tabular-nums`}>
                {s.kwh.toLocaleString(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 3 })}
              </td>
              <td className={`${cell} text-right tabular-nums`}>
                {formatUnits(s.total_incl_vat, s.currency)}
                {s.refunded > 0 && (
                  <span className="block text-xs text-amber-700">
                    {t('evOverview.sessions.refunded', { amount: formatUnits(s.refunded, s.currency) })}
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
