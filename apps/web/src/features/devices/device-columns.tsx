import type { DashboardDevice, TcnDevice } from '@portal/contract'
import { formatDateTime, labelOf, screenTypes } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { dateTimeOrDash, MachineCell, OnlineBadge } from './device-parts'

export function tcnColumns(t: TFunction): DataColumn<TcnDevice>[] {
  return [
    {
      id: 'mid',
      header: t('devices.col.mid'),
      cell: (d) => <span className="font-mono text-xs">{d.mid}</span>,
    },
    { id: 'device_code', header: t('devices.col.device_code'), cell: (d) => d.device_code },
    {
      id: 'machine',
      header: t('devices.col.machine'),
      cell: (d) => <MachineCell machine={d.machine} />,
      className: 'max-w-56',
    },
    { id: 'is_online', header: t('devices.col.status'), cell: (d) => <OnlineBadge online={d.is_online} /> },
    {
      id: 'last_login',
      header: t('devices.col.last_login'),
      cell: (d) => dateTimeOrDash(d.last_login),
      className: 'whitespace-nowrap',
    },
    { id: 'firmware_version', header: t('devices.col.firmware_version'), cell: (d) => d.firmware_version },
    {
      id: 'created_at',
      header: t('devices.col.created_at'),
      cell: (d) => formatDateTime(d.created_at),
      className: 'whitespace-nowrap',
    },
  ]
}

export function dashboardColumns(t: TFunction): DataColumn<DashboardDevice>[] {
  return [
    {
      id: 'device_code',
      header: t('devices.col.device_code'),
      cell: (d) => <span className="font-mono text-xs">{d.device_code}</span>,
    },
    { id: 'name', header: t('devices.col.name'), cell: (d) => d.name, className: 'max-w-56 truncate' },
    {
      id: 'screen_type',
      header: t('devices.col.screen_type'),
      cell: (d) => labelOf(screenTypes, d.screen_type),
    },
    {
      id: 'machine',
      header: t('devices.col.machine'),
      cell: (d) => <MachineCell machine={d.machine} />,
      className: 'max-w-56',
    },
    { id: 'app_version', header: t('devices.col.app_version'), cell: (d) => d.app_version },
    {
      id: 'last_seen',
      header: t('devices.col.last_seen'),
      cell: (d) => dateTimeOrDash(d.last_seen),
      className: 'whitespace-nowrap',
    },
    {
      id: 'created_at',
      header: t('devices.col.created_at'),
      cell: (d) => formatDateTime(d.created_at),
      className: 'whitespace-nowrap',
    },
  ]
}
