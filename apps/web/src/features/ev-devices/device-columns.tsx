import type { EvDevice } from '@portal/contract'
import { chargeProtocols, formatDate, formatDateTime } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import type { DataColumn } from '@/components/data-table/types'
import { formatAge } from '@/components/ev-overview/format'
import { ConnectivityBadge, OcppStatusBadge } from '@/components/ev-overview/status-badges'

const DASH = '—'

/**
 * The chargers list's columns, what an operator scans for first on the left (a phone shows those): serial, OCPP
 * status, connectivity with the heartbeat's age; the serial opens the charger. Firmware and the added date start hidden.
 */
export function deviceColumns(t: TFunction, language: string, now: number): DataColumn<EvDevice>[] {
  return [
    {
      id: 'serial_number',
      header: t('evDevices.col.serial_number'),
      cell: (d) => <span className="font-mono text-xs">{d.serial_number}</span>,
      sort: 'serial_number',
      card: 'title',
    },
    {
      id: 'ocpp_status',
      header: t('evDevices.col.ocpp_status'),
      cell: (d) => <OcppStatusBadge status={d.ocpp_status} />,
      card: 'status',
    },
    {
      id: 'connectivity',
      header: t('evDevices.col.last_heartbeat_at'),
      cell: (d) => (
        <span className="inline-flex items-center gap-2">
          <ConnectivityBadge connectivity={d.connectivity} />
          <span
            className="text-xs text-slate-500"
            title={d.last_heartbeat_at === null ? undefined : formatDateTime(d.last_heartbeat_at)}
          >
            {d.last_heartbeat_at === null
              ? t('evDevices.never')
              : formatAge(d.last_heartbeat_at, now, language)}
          </span>
        </span>
      ),
      // Ascending is the longest silent first: the chargers to look at.
      sort: 'last_heartbeat_at',
      card: 'meta',
    },
    {
      id: 'location',
      header: t('evDevices.col.location'),
      cell: (d) => <span title={d.location.address}>{d.location.name}</span>,
      className: 'max-w-64',
      card: 'subtitle',
    },
    {
      id: 'model',
      header: t('evDevices.col.model'),
      cell: (d) => (
        <span title={`${d.vendor} ${d.model}`}>
          {d.vendor} <span className="text-slate-500">{d.model}</span>
        </span>
      ),
      className: 'max-w-64',
      card: 'meta',
    },
    {
      id: 'protocol',
      header: t('evDevices.col.protocol'),
      cell: (d) => labelOf(chargeProtocols, d.protocol),
    },
    {
      id: 'evse_count',
      header: t('evDevices.col.evse_count'),
      cell: (d) => d.evse_count,
      align: 'right',
      card: 'meta',
    },
    {
      id: 'connector_count',
      header: t('evDevices.col.connector_count'),
      cell: (d) => d.connector_count,
      align: 'right',
    },
    {
      id: 'firmware_version',
      header: t('evDevices.col.firmware_version'),
      cell: (d) => <span className="font-mono text-xs">{d.firmware_version || DASH}</span>,
      defaultVisible: false,
    },
    {
      id: 'created_at',
      header: t('evDevices.col.created_at'),
      cell: (d) => formatDate(d.created_at),
      defaultVisible: false,
      sort: 'created_at',
    },
  ]
}
