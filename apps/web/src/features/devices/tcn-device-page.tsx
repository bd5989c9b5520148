import { formatDateTime } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams } from 'react-router'
import { DetailState } from '@/components/form-kit/detail-state'
import { PageHeader } from '@/components/page/page-header'
import { useTcnDevice } from './api/tcn-devices'
import { Card, dash, dateTimeOrDash, Field, MachineCell, OnlineBadge } from './device-parts'

/** /devices/tcn/{id?}: one TCN board; without an id, the TCN tab of the list. */
export function TcnDevicePage() {
  const { t } = useTranslation()
  const { id } = useParams()
  const deviceId = Number(id)
  const query = useTcnDevice(deviceId)
  if (id === undefined) return <Navigate to="/devices" replace />
  const back = (
    <Link to="/devices" className="text-brand-700 hover:underline">
      ← {t('devices.title')}
    </Link>
  )
  if (!query.data) {
    return (
      <DetailState
        valid={Number.isInteger(deviceId) && deviceId > 0}
        query={query}
        title={t('devices.tcnTab')}
        breadcrumb={back}
        notFoundTitle={t('devices.notFoundTitle')}
        notFoundDescription={t('devices.notFoundDescription')}
      />
    )
  }
  const d = query.data
  return (
    <>
      <PageHeader
        title={d.device_code}
        breadcrumb={back}
        description={t('devices.tcnDescription', { mid: d.mid })}
        actions={<OnlineBadge online={d.is_online} />}
      />
      <Card title={t('devices.overview')}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label={t('devices.col.mid')}>
            <span className="font-mono text-xs">{d.mid}</span>
          </Field>
          <Field label={t('devices.col.device_code')}>{d.device_code}</Field>
          <Field label={t('devices.col.machine')}>
            <MachineCell machine={d.machine} />
          </Field>
          <Field label={t('devices.col.location')}>{d.machine?.location ?? dash}</Field>
          <Field label={t('devices.col.firmware_version')}>{d.firmware_version}</Field>
          <Field label={t('devices.col.last_login')}>
            {d.last_login === null ? t('devices.neverLoggedIn') : dateTimeOrDash(d.last_login)}
          </Field>
          <Field label={t('devices.col.created_at')}>{formatDateTime(d.created_at)}</Field>
          <Field label={t('devices.col.updated_at')}>{formatDateTime(d.updated_at)}</Field>
        </dl>
      </Card>
    </>
  )
}
