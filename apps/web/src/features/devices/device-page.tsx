import type { DeviceCommand } from '@portal/contract'
import type { MachineCommandStatus } from '@portal/contract'
import {
  commandStatuses,
  deviceCommandCodes,
  formatDateTime,
  machineCommandStatuses,
  screenTypes,
} from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'
import { EmptyState } from '@/components/ui/empty-state/empty-state'
import { useDashboardDevice } from './api/dashboard-devices'
import { Card, dash, dateTimeOrDash, Field, MachineCell } from './device-parts'
import { SendCommand } from './send-command'

const STATUS_TONES: Record<string, BadgeTone> = { pending: 'warning', received: 'info', started: 'positive' }
const DELIVERY_TONES: Record<MachineCommandStatus, BadgeTone> = {
  queued: 'neutral',
  delivered: 'info',
  succeeded: 'positive',
  failed: 'error',
  expired: 'warning',
}

function Commands({ commands }: { commands: readonly DeviceCommand[] }) {
  const { t } = useTranslation()
  if (commands.length === 0) return <EmptyState title={t('devices.noCommands')} />
  return (
    <div className="-m-4 overflow-x-auto" tabIndex={0} role="group" aria-label={t('devices.commands')}>
      <table className="w-full text-sm">
        <caption className="sr-only">{t('devices.commands')}</caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              {t('devices.commandCol.command')}
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              {t('devices.commandCol.status')}
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              {t('devices.commandCol.delivery')}
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              {t('devices.commandCol.sent_by')}
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              {t('devices.commandCol.sent_at')}
            </th>
            <th scope="col" className="px-3 py-2 text-left">
              {t('devices.commandCol.updated_at')}
            </th>
          </tr>
        </thead>
        <tbody>
          {commands.map((c) => (
            <tr key={c.id} className="border-t border-slate-100">
              <td className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                {t(`devices.command.${c.command_code}`, {
                  defaultValue: labelOf(deviceCommandCodes, c.command_code),
                })}
              </td>
              <td className="px-3 py-2">
                <Badge tone={STATUS_TONES[c.status] ?? 'neutral'} dot>
                  {labelOf(commandStatuses, c.status)}
                </Badge>
              </td>
              <td className="px-3 py-2">
                {c.delivery === null ? (
                  <span className="text-slate-500">{t('devices.noMachineToCarry')}</span>
                ) : (
                  <Badge tone={DELIVERY_TONES[c.delivery]} dot>
                    {labelOf(machineCommandStatuses, c.delivery)}
                  </Badge>
                )}
                {c.delivery_message !== null && (
                  <div className="mt-0.5 text-xs text-slate-500">{c.delivery_message}</div>
                )}
              </td>
              <td className="px-3 py-2 whitespace-nowrap text-slate-600">
                {c.created_by ?? t('devices.system')}
              </td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDateTime(c.created_at)}</td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums text-slate-500">
                {formatDateTime(c.updated_at)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** /devices/{id}: a dashboard device, its latest commands, and sending a new one. */
export function DevicePage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const deviceId = Number(id)
  const query = useDashboardDevice(deviceId)
  const back = (
    <Link to="/devices?tab=dashboard" className="text-brand-700 hover:underline">
      ← {t('devices.title')}
    </Link>
  )
  if (!query.data) {
    return (
      <DetailState
        valid={Number.isInteger(deviceId) && deviceId > 0}
        query={query}
        title={t('devices.dashboardTab')}
        breadcrumb={back}
        notFoundTitle={t('devices.notFoundTitle')}
        notFoundDescription={t('devices.notFoundDescription')}
      />
    )
  }
  const d = query.data
  return (
    <>
      <PageHeader title={d.name} breadcrumb={back} description={d.device_code} />
      <div className="space-y-5">
        <Card title={t('devices.overview')}>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
            <Field label={t('devices.col.device_code')}>
              <span className="font-mono text-xs">{d.device_code}</span>
            </Field>
            <Field label={t('devices.col.screen_type')}>{labelOf(screenTypes, d.screen_type)}</Field>
            <Field label={t('devices.col.machine')}>
              <MachineCell machine={d.machine} />
            </Field>
            <Field label={t('devices.col.location')}>{d.machine?.location ?? dash}</Field>
            <Field label={t('devices.col.app_version')}>{d.app_version}</Field>
            <Field label={t('devices.col.last_seen')}>{dateTimeOrDash(d.last_seen)}</Field>
            <Field label={t('devices.col.created_at')}>{formatDateTime(d.created_at)}</Field>
            <Field label={t('devices.col.updated_at')}>{formatDateTime(d.updated_at)}</Field>
          </dl>
        </Card>
        <Card
          title={t('devices.commandsCount', { count: d.commands.length })}
          actions={<SendCommand deviceId={d.id} deviceCode={d.device_code} />}
        >
          <Commands commands={d.commands} />
        </Card>
      </div>
    </>
  )
}
