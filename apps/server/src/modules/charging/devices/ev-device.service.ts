import type { EvDevice, EvDeviceDetail, EvDeviceListData, EvDeviceListFilter } from '@portal/contract'
import { COUNT_CAP, deviceConnectivity, EV_DEVICE_SORT_ORDER, RECENT_SESSIONS_LIMIT } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { DeviceFilter, DeviceRow } from './ev-device.repository'
import {
  countDevices,
  deviceEvses,
  evseCounts,
  findDevice,
  findDevicePage,
  runningSessionsOn,
} from './ev-device.repository'
import { recentSessionsOnEvses } from './session-brief'

/** The cache scope of device counts. */
export const deviceCountScope = (entityCode: string) => `ev-devices:${entityCode}`

/** `key[]` and `key` together (either spelling may be used), or undefined when neither is. */
function merged<T>(a: T[] | undefined, b: T[] | undefined): T[] | undefined {
  if (a === undefined && b === undefined) return undefined
  return [...new Set([...(a ?? []), ...(b ?? [])])]
}

export function deviceFilterOf(q: EvDeviceListFilter, now: number): DeviceFilter {
  return {
    search: q.search,
    ocppStatuses: merged(q['ocpp_status[]'], q.ocpp_status),
    protocols: merged(q['protocol[]'], q.protocol),
    connectivity: q.connectivity,
    locationUid: q.location_uid,
    now,
  }
}

function toDevice(row: DeviceRow, counts: { evses: number; connectors: number }, now: number): EvDevice {
  return {
    uid: row.uid,
    serial_number: row.serial_number,
    vendor: row.vendor,
    model: row.model,
    firmware_version: row.firmware_version,
    protocol: row.protocol,
    ocpp_status: row.ocpp_status,
    last_heartbeat_at: row.last_heartbeat_at,
    connectivity: deviceConnectivity(row.last_heartbeat_at, now),
    location: {
      uid: row.location_uid,
      name: row.location_name,
      address: row.location_address,
      city: row.location_city,
      postal_code: row.location_postal_code,
    },
    evse_count: counts.evses,
    connector_count: counts.connectors,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export async function listDevices(
  db: Db,
  counts: CountCache,
  entityCode: string,
  q: EvDeviceListFilter,
  now = Date.now(),
): Promise<EvDeviceListData> {
  const filter = deviceFilterOf(q, now)
  // The online/offline split moves with the clock: its count is cached per minute, the rest as usual.
  const { now: _now, ...countKey } = filter
  const minute = q.connectivity === undefined ? 0 : Math.floor(now / 60_000)
  const [rows, n] = await Promise.all([
    findDevicePage(db, entityCode, filter, q.sort_by, q.order_by ?? EV_DEVICE_SORT_ORDER[q.sort_by], {
      limit: q.limit,
      offset: q.offset,
    }),
    counts.get(deviceCountScope(entityCode), { ...countKey, minute }, () =>
      countDevices(db, entityCode, filter),
    ),
  ])
  const perCharger = await evseCounts(
    db,
    entityCode,
    rows.map((r) => r.id),
  )
  return {
    devices: rows.map((r) => toDevice(r, perCharger.get(r.id) ?? { evses: 0, connectors: 0 }, now)),
    count: Math.min(n, COUNT_CAP),
    count_capped: n > COUNT_CAP,
  }
}

export async function getDevice(
  db: Db,
  entityCode: string,
  uid: string,
  now = Date.now(),
): Promise<EvDeviceDetail> {
  const row = await findDevice(db, entityCode, uid)
  if (!row) throw notFound('EV device')
  const { evses, connectors } = await deviceEvses(db, entityCode, row.id)
  const evseIds = evses.map((e) => e.id)
  const [running, recent] = await Promise.all([
    runningSessionsOn(db, entityCode, evseIds),
    recentSessionsOnEvses(db, entityCode, evseIds, RECENT_SESSIONS_LIMIT),
  ])
  // OCPP's numbering of the connectors (ocpp.repository numberedConnectors): by EVSE id, then connector id.
  const ocppNumber = new Map(
    [...connectors]
      .sort((a, b) => a.evse_ref - b.evse_ref || a.id - b.id)
      .map((c, i) => [c.id, i + 1] as const),
  )
  // The newest running session per connector (a connector holds one car at a time).
  const runningByConnector = new Map<number, (typeof running)[number]>()
  for (const s of running)
    if (!runningByConnector.has(s.connector_ref)) runningByConnector.set(s.connector_ref, s)
  return {
    ...toDevice(row, { evses: evses.length, connectors: connectors.length }, now),
    ocpp: {
      identity: row.ocpp_identity,
      version: row.ocpp_version,
      password_set: row.ocpp_password_hash !== null,
      password_set_at: row.ocpp_password_set_at,
      commissioned: row.commissioned === 1,
      boot_at: row.boot_at,
      error_code: row.ocpp_error_code,
    },
    evses: evses.map((e) => ({
      uid: e.uid,
      evse_id: e.evse_id,
      external_id: e.external_id,
      status: e.status,
      physical_reference: e.physical_reference,
      floor_level: e.floor_level,
      capabilities: parseJson<string[]>(e.capabilities, []),
      connectors: connectors
        .filter((c) => c.evse_ref === e.id)
        .map((c) => {
          const s = runningByConnector.get(c.id)
          return {
            uid: c.uid,
            connector_id: c.connector_id,
            ocpp_number: ocppNumber.get(c.id) ?? 0,
            standard: c.standard,
            format: c.format,
            power_type: c.power_type,
            max_voltage: c.max_voltage,
            max_amperage: c.max_amperage,
            max_electric_power: c.max_electric_power,
            tariff: c.tariff_uid === null ? null : { uid: c.tariff_uid, name: c.tariff_name ?? '' },
            status: c.status,
            error_code: c.error_code,
            active_session: s
              ? {
                  uid: s.uid,
                  status: s.status,
                  start_date_time: s.start_date_time,
                  kwh: Math.round(s.energy_wh) / 1000,
                }
              : null,
          }
        }),
    })),
    recent_sessions: recent,
  }
}
