import type { EvUser } from '@portal/contract'
import { formatDate, formatDateTime, nationalities } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { DataColumn } from '@/components/data-table/types'
import { Badge } from '@/components/ui/badge/badge'

const DASH = '—'

/** Whether the user has registered in the app (or was only invited / created by the operator). */
export function RegisteredBadge({ registered }: { registered: boolean }) {
  const { t } = useTranslation()
  return (
    <Badge tone={registered ? 'positive' : 'neutral'} dot>
      {registered ? t('evUsers.registered') : t('evUsers.notRegistered')}
    </Badge>
  )
}

/** The users list's columns; the name opens the user. The last session starts hidden. */
export function userColumns(t: TFunction, language: string): DataColumn<EvUser>[] {
  return [
    { id: 'name', header: t('evUsers.col.name'), cell: (u) => u.name, className: 'max-w-64', card: 'title' },
    {
      id: 'mobile_number',
      header: t('evUsers.col.mobile_number'),
      cell: (u) => <span className="tabular-nums">{u.mobile_number}</span>,
      card: 'subtitle',
    },
    {
      id: 'email',
      header: t('evUsers.col.email'),
      cell: (u) => u.email,
      className: 'max-w-64',
      card: 'meta',
    },
    {
      id: 'nationality',
      header: t('evUsers.col.nationality'),
      cell: (u) => labelOf(nationalities, u.nationality),
    },
    {
      id: 'license_plate',
      header: t('evUsers.col.license_plate'),
      cell: (u) => (u.license_plate ? <span className="font-mono text-xs">{u.license_plate}</span> : DASH),
      card: 'meta',
    },
    {
      id: 'is_registered',
      header: t('evUsers.col.is_registered'),
      cell: (u) => <RegisteredBadge registered={u.is_registered} />,
      card: 'status',
    },
    { id: 'created_at', header: t('evUsers.col.created_at'), cell: (u) => formatDate(u.created_at) },
    {
      id: 'sessions_this_month',
      header: t('evUsers.col.sessions_this_month'),
      cell: (u) => u.sessions_this_month.toLocaleString(language),
      align: 'right',
      card: 'meta',
    },
    {
      id: 'last_session_at',
      header: t('evUsers.col.last_session_at'),
      cell: (u) => (u.last_session_at === null ? DASH : formatDateTime(u.last_session_at)),
      // Off until asked for: the list stays within a laptop's width; the user's page shows it.
      defaultVisible: false,
    },
  ]
}
