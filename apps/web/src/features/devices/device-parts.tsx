import type { DeviceMachineRef } from '@portal/contract'
import { formatDateTime } from '@portal/contract'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge/badge'

export const dash = '—'

export const dateTimeOrDash = (value: number | null) => (value === null ? dash : formatDateTime(value))

/** The machine a device is fitted to, linking to it; spares say so. */
export function MachineCell({ machine }: { machine: DeviceMachineRef | null }) {
  const { t } = useTranslation()
  if (!machine) return <span className="text-slate-500">{t('devices.spare')}</span>
  return (
    <Link
      to={`/machines/${String(machine.machine_id)}`}
      className="block min-w-0 text-brand-700 hover:underline"
      onClick={(e) => e.stopPropagation()}
    >
      <span className="block truncate font-medium">{machine.alias}</span>
      <span className="block truncate font-mono text-xs text-slate-500">{machine.serial_number}</span>
    </Link>
  )
}

export function OnlineBadge({ online }: { online: boolean }) {
  const { t } = useTranslation()
  return (
    <Badge tone={online ? 'positive' : 'neutral'} dot>
      {online ? t('devices.online') : t('devices.offline')}
    </Badge>
  )
}

export function Card({
  title,
  actions,
  children,
}: {
  title: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white shadow-xs" aria-label={title}>
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {actions}
      </div>
      <div className="p-4">{children}</div>
    </section>
  )
}

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-0.5 truncate text-sm text-slate-900">{children}</dd>
    </div>
  )
}
