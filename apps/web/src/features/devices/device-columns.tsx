import type { DashboardDevice, TcnDevice } from '@portal/contract'
import { formatDateTime, screenTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { dateTimeOrDash, MachineCell, OnlineBadge } from './device-parts'

/** The TCN boards: the `sort` of a column is the column half of the call's `sort_by` (device-filters.ts). */
export function tcnColumns(t: TFunction): DataColumn<TcnDevice>[] {
  return [
    {
      id: 'mid',
      header: t('devices.col.mid'),
      cell: (d) => <span className="font-mono text-xs">{d.mid}</span>,
      sort: 'mid',
      card: 'subtitle',
    },
    { id: 'device_code', header: t('devices.col.device_code'), cell: (d) => d.device_code, card: 'title' },
    {
      id: 'machine',
      header: t('devices.col.machine'),
      cell: (d) => <MachineCell machine={d.machine} />,
      className: 'max-w-56',
      card: 'meta',
    },
    {
      id: 'is_online',
      header: t('devices.col.status'),
      cell: (d) => <OnlineBadge online={d.is_online} />,
      card: 'status',
    },
    {
      id: 'last_login',
      header: t('devices.col.last_login'),
      cell: (d) => dateTimeOrDash(d.last_login),
      className: 'whitespace-nowrap',
      sort: 'last_login',
      card: 'meta',
    },
    {
      id: 'firmware_version',
      header: t('devices.col.firmware_version'),
      cell: (d) => d.firmware_version,
      card: 'meta',
    },
    {
      id: 'created_at',
      header: t('devices.col.created_at'),
      cell: (d) => formatDateTime(d.created_at),
      className: 'whitespace-nowrap',
      sort: 'created_at',
    },
  ]
}

export function dashboardColumns(t: TFunction): DataColumn<DashboardDevice>[] {
  return [
    {
      id: 'device_code',
      header: t('devices.col.device_code'),
      cell: (d) => <span className="font-mono text-xs">{d.device_code}</span>,
      sort: 'device_code',
      card: 'subtitle',
    },
    {
      id: 'name',
      header: t('devices.col.name'),
      cell: (d) => d.name,
      className: 'max-w-56 truncate',
      card: 'title',
    },
    {
      id: 'screen_type',
      header: t('devices.col.screen_type'),
      cell: (d) => labelOf(screenTypes, d.screen_type),
      card: 'meta',
    },
    {
      id: 'machine',
      header: t('devices.col.machine'),
      cell: (d) => <MachineCell machine={d.machine} />,
      className: 'max-w-56',
      card: 'meta',
    },
    { id: 'app_version', header: t('devices.col.app_version'), cell: (d) => d.app_version },
    {
      id: 'last_seen',
      header: t('devices.col.last_seen'),
      cell: (d) => dateTimeOrDash(d.last_seen),
      className: 'whitespace-nowrap',
      sort: 'last_seen',
      card: 'meta',
    },
    {
      id: 'created_at',
      header: t('devices.col.created_at'),
      cell: (d) => formatDateTime(d.created_at),
      className: 'whitespace-nowrap',
      sort: 'created_at',
    },
  ]
}
