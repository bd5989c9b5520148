import { z } from 'zod'
import { defineCatalogue, type ValueOf } from '../../catalogue'
import {
  chargeProtocols,
  connectorFormats,
  connectorStandards,
  connectorStatuses,
  powerTypes,
} from '../../enums/ev-charging'
import { OCPP_IDENTITY_PATTERN, OCPP_PROTOCOLS } from '../../ev/ocpp'
import { catalogueSchema, envelope, epochMs } from '../envelope'

/*
 * EV devices (/ev-devices): the CPO's chargers (OCPP charge points) with their EVSEs and connectors
 * (docs/decisions/0026-ev-home-users-devices.md). The spec names no call: `GET /charge-points/devices` and
 * `GET /charge-points/devices/{uid}` on the charging network client, scoped to the caller's entity.
 */

export const EV_DEVICE_PAGE_SIZE = 20

/**
 * A charger is offline when its last heartbeat is older than this (or it never sent one): three missed beats of
 * the common 5-minute OCPP heartbeat interval, so one lost message does not flip a charger to offline.
 */
export const DEVICE_OFFLINE_AFTER_MS = 15 * 60_000

export const DeviceConnectivity = { ONLINE: 'ONLINE', OFFLINE: 'OFFLINE' } as const
export type DeviceConnectivity = ValueOf<typeof DeviceConnectivity>
export const deviceConnectivities = defineCatalogue('device connectivity', [
  [DeviceConnectivity.ONLINE, 'Online'],
  [DeviceConnectivity.OFFLINE, 'Offline'],
])

/** Online when the last heartbeat is at most DEVICE_OFFLINE_AFTER_MS old (a heartbeat "from the future" is online). */
export function deviceConnectivity(lastHeartbeatAt: number | null, now: number): DeviceConnectivity {
  if (lastHeartbeatAt === null) return DeviceConnectivity.OFFLINE
  return now - lastHeartbeatAt <= DEVICE_OFFLINE_AFTER_MS
    ? DeviceConnectivity.ONLINE
    : DeviceConnectivity.OFFLINE
}

export const EvDeviceSort = {
  /** Newest first (the default). */
  created_at: 'created_at',
  /** Longest silent first: the chargers to look at. */
  last_heartbeat_at: 'last_heartbeat_at',
  serial_number: 'serial_number',
} as const
export type EvDeviceSort = ValueOf<typeof EvDeviceSort>
export const evDeviceSorts = defineCatalogue('device sort', [
  [EvDeviceSort.created_at, 'Newest first'],
  [EvDeviceSort.last_heartbeat_at, 'Longest without heartbeat'],
  [EvDeviceSort.serial_number, 'Serial number A–Z'],
])

export type EvDeviceOrder = 'asc' | 'desc'
/**
 * Each sort's own direction, what `order_by` falls back to: newest first, the longest silent first (never heard
 * from before any heartbeat), serial numbers A to Z.
 */
export const EV_DEVICE_SORT_ORDER: Record<EvDeviceSort, EvDeviceOrder> = {
  created_at: 'desc',
  last_heartbeat_at: 'asc',
  serial_number: 'asc',
}

/** A repeated query key (`a[]=x&a[]=y`): one value arrives as a string, several as an array. */
function repeated<T extends z.ZodType>(item: T, max: number) {
  return z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(item).max(max),
    )
    .optional()
}

const ocppStatus = catalogueSchema(connectorStatuses)
const protocol = catalogueSchema(chargeProtocols)

/** GET /charge-points/devices. `ocpp_status[]` and `protocol[]` repeat (the bare names are accepted too). */
export const evDeviceListQuery = z.strictObject({
  /** Part of the serial number, vendor, model or location name (case-insensitive). */
  search: z.string().trim().max(100).optional(),
  'ocpp_status[]': repeated(ocppStatus, 20),
  ocpp_status: repeated(ocppStatus, 20),
  'protocol[]': repeated(protocol, 20),
  protocol: repeated(protocol, 20),
  connectivity: catalogueSchema(deviceConnectivities).optional(),
  /** Only the chargers of one location (its uid). */
  location_uid: z.string().trim().min(1).max(64).optional(),
  sort_by: catalogueSchema(evDeviceSorts).default(EvDeviceSort.created_at),
  order_by: z
    .enum(['asc', 'desc'])
    .optional()
    .describe("the sort's direction; by default each sort's own (EV_DEVICE_SORT_ORDER)"),
  limit: z.coerce.number().int().min(1).max(100).default(EV_DEVICE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export type EvDeviceListFilter = z.output<typeof evDeviceListQuery>
/** What the portal sends. */
export interface EvDeviceListQuery {
  search?: string
  'ocpp_status[]'?: string[]
  'protocol[]'?: string[]
  connectivity?: DeviceConnectivity
  location_uid?: string
  sort_by?: EvDeviceSort
  order_by?: EvDeviceOrder
  limit?: number
  offset?: number
}

export const evDeviceLocation = z.object({
  uid: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
})

export const evDevice = z.object({
  uid: z.string(),
  serial_number: z.string(),
  vendor: z.string(),
  model: z.string(),
  firmware_version: z.string(),
  protocol: z.string().describe(`charge protocol: ${chargeProtocols.values.join(', ')}`),
  /** The OCPP status the charger last reported (connector/OCPP status catalogue). */
  ocpp_status: z.string().describe(`OCPP status: ${connectorStatuses.values.join(', ')}`),
  last_heartbeat_at: epochMs.nullable(),
  /** By the heartbeat's age at the moment of the answer (DEVICE_OFFLINE_AFTER_MS). */
  connectivity: catalogueSchema(deviceConnectivities),
  location: evDeviceLocation,
  evse_count: z.number().int(),
  connector_count: z.number().int(),
  created_at: epochMs,
  updated_at: epochMs,
})
export type EvDevice = z.infer<typeof evDevice>

export const evDeviceListResponse = envelope(
  z.object({
    devices: z.array(evDevice),
    /** Exact up to COUNT_CAP; `count_capped` says there are more. */
    count: z.number().int().min(0),
    count_capped: z.boolean(),
  }),
)
export type EvDeviceListData = z.infer<typeof evDeviceListResponse>['data']

export const evDeviceParams = z.strictObject({
  uid: z.string().trim().min(1).max(64).describe('charger uid'),
})

/** A charging session as the detail screens list it (a charger's or a user's recent sessions). */
export const evSessionBrief = z.object({
  uid: z.string(),
  external_id: z.string(),
  status: z.string(),
  stop_reason: z.string().nullable(),
  /** The CPO (charger owner) and the EMSP (whose customer charged). */
  entity_code: z.string(),
  emsp_entity_code: z.string(),
  location_name: z.string(),
  evse_id: z.string(),
  connector_id: z.string(),
  user_name: z.string(),
  license_plate: z.string().nullable(),
  start_date_time: epochMs,
  end_date_time: epochMs.nullable(),
  kwh: z.number(),
  /** Currency units. */
  total_incl_vat: z.number(),
  refunded: z.number(),
  currency: z.string(),
})
export type EvSessionBrief = z.infer<typeof evSessionBrief>

/** How many recent sessions a detail screen lists. */
export const RECENT_SESSIONS_LIMIT = 20

export const evDeviceConnector = z.object({
  uid: z.string(),
  connector_id: z.string(),
  /**
   * The connector's number in OCPP 1.6's counting over the whole charger (EVSEs by id, their connectors by id): what
   * a command names. 2.0.1 chargers are addressed by EVSE and connector; the server translates.
   */
  ocpp_number: z.number().int(),
  standard: z.string(),
  format: z.string(),
  power_type: z.string(),
  max_voltage: z.number().int(),
  max_amperage: z.number().int(),
  /** Watts (OCPI). */
  max_electric_power: z.number().int(),
  tariff: z.object({ uid: z.string(), name: z.string() }).nullable(),
  /** Connector status catalogue: as its charger last reported it over OCPP (UNKNOWN until it does). */
  status: z.string().describe(`connector status: ${connectorStatuses.values.join(', ')}`),
  /** The OCPP error code reported with that status (1.6 ChargePointErrorCode), null for none. */
  error_code: z.string().nullable(),
  /** The session plugged in on this connector right now (ACTIVE or HOGGING), if any. */
  active_session: z
    .object({ uid: z.string(), status: z.string(), start_date_time: epochMs, kwh: z.number() })
    .nullable(),
})
export type EvDeviceConnector = z.infer<typeof evDeviceConnector>

export const evDeviceEvse = z.object({
  uid: z.string(),
  evse_id: z.string(),
  external_id: z.string(),
  /** EVSE status catalogue. */
  status: z.string(),
  physical_reference: z.string(),
  floor_level: z.string(),
  capabilities: z.array(z.string()),
  connectors: z.array(evDeviceConnector),
})
export type EvDeviceEvse = z.infer<typeof evDeviceEvse>

/** How the charger connects over OCPP (issue 14): its identity, version, and whether a password is set. */
export const evDeviceOcpp = z.object({
  /** The last segment of `ws(s)://HOST/ocpp/{identity}` and the Basic-auth username; null = cannot connect. */
  identity: z.string().nullable(),
  /** The subprotocol of its last connection: ocpp1.6 or ocpp2.0.1. */
  version: z.string().nullable(),
  password_set: z.boolean(),
  password_set_at: epochMs.nullable(),
  /** False: its boot gets Pending until an operator commissions it. */
  commissioned: z.boolean(),
  boot_at: epochMs.nullable(),
  /** The error code of the charger's own status (1.6 connector 0). */
  error_code: z.string().nullable(),
})
export type EvDeviceOcpp = z.infer<typeof evDeviceOcpp>

export const evDeviceDetail = evDevice.extend({
  ocpp: evDeviceOcpp,
  evses: z.array(evDeviceEvse),
  /** The sessions on the charger's EVSEs updated last (RECENT_SESSIONS_LIMIT), newest first. */
  recent_sessions: z.array(evSessionBrief),
})
export type EvDeviceDetail = z.infer<typeof evDeviceDetail>

export const evDeviceDetailResponse = envelope(z.object({ device: evDeviceDetail }))

/**
 * POST /charge-points/devices/{uid}/ocpp-password: a new OCPP password, generated by the server and shown this once
 * (only a hash is kept); the previous one stops working at once.
 */
export const ocppPasswordResponse = envelope(
  z.object({ identity: z.string(), password: z.string(), password_set_at: epochMs }),
)
export type OcppPasswordData = z.infer<typeof ocppPasswordResponse>['data']

/** A new charger's connector: what it plugs, and how much it gives (OCPI Connector). */
export const evDeviceNewConnector = z.strictObject({
  standard: catalogueSchema(connectorStandards),
  format: catalogueSchema(connectorFormats),
  power_type: catalogueSchema(powerTypes),
  /** Watts. */
  max_electric_power: z.number().int().min(1000, 'at least 1 kW').max(1_000_000, 'at most 1,000 kW'),
  max_voltage: z.number().int().min(100).max(1500),
  max_amperage: z.number().int().min(1).max(1000),
  /** One of the entity's tariffs; none: sessions on it are not priced. */
  tariff_uid: z.string().trim().min(1).max(64).optional(),
})
export type EvDeviceNewConnector = z.infer<typeof evDeviceNewConnector>

/**
 * POST /charge-points/devices: registers a charger (issue 14) with its OCPP identity, location, EVSEs and connectors
 * and the OCPP version it speaks; the server generates its OCPP password and returns it this once.
 */
export const evDeviceCreateBody = z.strictObject({
  ocpp_identity: z
    .string()
    .trim()
    .regex(OCPP_IDENTITY_PATTERN, 'at most 48 letters, digits and * - _ = + | @ . (OCPP identifierString)'),
  location_uid: z.string().trim().min(1, 'choose the location').max(64),
  ocpp_version: z.enum(OCPP_PROTOCOLS),
  /** The charger's serial number; its OCPP identity when empty. */
  serial_number: z.string().trim().max(64).optional(),
  vendor: z.string().trim().max(100).default(''),
  model: z.string().trim().max(100).default(''),
  /**
   * Whether its boots are Accepted from the start (the default); false registers it ahead of installation, its boots
   * answered Pending until an operator commissions it on its page.
   */
  commissioned: z.boolean().default(true),
  evses: z
    .array(
      z.strictObject({
        /** The label on the unit (A, B, Bay 3). */
        physical_reference: z.string().trim().max(30).default(''),
        connectors: z.array(evDeviceNewConnector).min(1, 'an EVSE has a connector at least').max(4),
      }),
    )
    .min(1, 'a charger has an EVSE at least')
    .max(8),
})
/** What the portal sends (catalogue values as strings; the server checks them). */
export interface EvDeviceCreateBody {
  ocpp_identity: string
  location_uid: string
  ocpp_version: (typeof OCPP_PROTOCOLS)[number]
  serial_number?: string
  vendor?: string
  model?: string
  commissioned?: boolean
  evses: {
    physical_reference?: string
    connectors: {
      standard: string
      format: string
      power_type: string
      max_electric_power: number
      max_voltage: number
      max_amperage: number
      tariff_uid?: string
    }[]
  }[]
}

export const evDeviceCreateResponse = envelope(
  z.object({
    uid: z.string(),
    identity: z.string(),
    /**
     * The generated OCPP password, shown this once; null when the charger was waiting to be commissioned (it keeps
     * the enrolment password it connected with until its password is rotated on its page).
     */
    password: z.string().nullable(),
    password_set_at: epochMs,
  }),
)
export type EvDeviceCreateData = z.infer<typeof evDeviceCreateResponse>['data']

/**
 * POST /charge-points/devices/{uid}/commission: a registered charger's boots are Accepted from now on. A connected
 * charger waiting Pending is asked to reconnect, so it boots again at once rather than at its next interval.
 */
export const evDeviceCommissionResponse = envelope(
  z.object({ uid: z.string(), commissioned: z.literal(true) }),
)
