import { z } from 'zod'
import { defineCatalogue, type ValueOf } from '../../catalogue'
import {
  evseStatuses,
  POWER_TYPE_FILTER_ALL,
  powerTypes,
  type EvseStatus,
  type PowerType,
} from '../../enums/ev-charging'
import { catalogueSchema, envelope, epochMs } from '../envelope'

/*
 * EV charge locations of the charging network (B §3 "EV charging location", B §7 `GET charge-points/{entity_code}/
 * locations` and `/count`), docs/decisions/0021-charge-locations.md. A location holds EVSEs, an EVSE holds
 * connectors (OCPI 2.2.1, snake_case). Connector power is in watts as OCPI writes it; the filters take kW as the
 * portal's power range does. Times are epoch ms.
 */

/** The list's page size (B §9). */
export const CHARGE_LOCATION_PAGE_SIZE = 20
/** The most locations one list call returns (each comes with all its EVSEs and connectors). */
export const CHARGE_LOCATION_MAX_LIMIT = 200
/** The most pins the map call returns; `truncated` says when the filtered result has more. */
export const CHARGE_LOCATION_MAP_LIMIT = 2000
/** What Reset sets (B §9): country SG and power type ALL (the call then omits connector_power_type). */
export const CHARGE_LOCATION_RESET = { country: 'SG', connector_power_type: POWER_TYPE_FILTER_ALL } as const
/** The highest connector power a filter may name, kW (a megawatt-class truck charger is 3,750 kW). */
export const MAX_CONNECTOR_POWER_KW = 10_000

/** The countries of the demo networks, for the country filter (any ISO 3166-1 alpha-2 code is accepted). */
export const chargeLocationCountries = defineCatalogue('country', [
  ['SG', 'Singapore'],
  ['MY', 'Malaysia'],
])

/** OCPI 2.2.1 Capability: what an EVSE can do. The spec lists none, so the labels are OCPI's meanings. */
export const EvseCapability = {
  CHARGING_PROFILE_CAPABLE: 'CHARGING_PROFILE_CAPABLE',
  CHARGING_PREFERENCES_CAPABLE: 'CHARGING_PREFERENCES_CAPABLE',
  CHIP_CARD_SUPPORT: 'CHIP_CARD_SUPPORT',
  CONTACTLESS_CARD_SUPPORT: 'CONTACTLESS_CARD_SUPPORT',
  CREDIT_CARD_PAYABLE: 'CREDIT_CARD_PAYABLE',
  DEBIT_CARD_PAYABLE: 'DEBIT_CARD_PAYABLE',
  PED_TERMINAL: 'PED_TERMINAL',
  REMOTE_START_STOP_CAPABLE: 'REMOTE_START_STOP_CAPABLE',
  RESERVABLE: 'RESERVABLE',
  RFID_READER: 'RFID_READER',
  START_SESSION_CONNECTOR_REQUIRED: 'START_SESSION_CONNECTOR_REQUIRED',
  TOKEN_GROUP_CAPABLE: 'TOKEN_GROUP_CAPABLE',
  UNLOCK_CAPABLE: 'UNLOCK_CAPABLE',
} as const
export type EvseCapability = ValueOf<typeof EvseCapability>

export const evseCapabilities = defineCatalogue('EVSE capability', [
  [EvseCapability.CHARGING_PROFILE_CAPABLE, 'Smart charging profiles'],
  [EvseCapability.CHARGING_PREFERENCES_CAPABLE, 'Charging preferences'],
  [EvseCapability.CHIP_CARD_SUPPORT, 'Chip card'],
  [EvseCapability.CONTACTLESS_CARD_SUPPORT, 'Contactless card'],
  [EvseCapability.CREDIT_CARD_PAYABLE, 'Credit card payable'],
  [EvseCapability.DEBIT_CARD_PAYABLE, 'Debit card payable'],
  [EvseCapability.PED_TERMINAL, 'PIN entry terminal'],
  [EvseCapability.REMOTE_START_STOP_CAPABLE, 'Remote start/stop'],
  [EvseCapability.RESERVABLE, 'Reservable'],
  [EvseCapability.RFID_READER, 'RFID reader'],
  [EvseCapability.START_SESSION_CONNECTOR_REQUIRED, 'Connector required to start'],
  [EvseCapability.TOKEN_GROUP_CAPABLE, 'Token groups'],
  [EvseCapability.UNLOCK_CAPABLE, 'Remote unlock'],
])

/** Query text: trimmed; an empty value is no filter (B §5: empty filters are left out). */
const textQuery = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(200, 'at most 200 characters').optional(),
)

/** A number in a query (text on the wire); an empty value is no filter. */
const kwQuery = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ error: 'must be a number of kW' })
    .min(0, 'must be 0 kW or more')
    .max(MAX_CONNECTOR_POWER_KW, `must be at most ${String(MAX_CONNECTOR_POWER_KW)} kW`)
    .optional(),
)

/** A repeated query key (`evse_status[]=A&evse_status[]=B`): one value arrives as a string, several as an array. */
function repeatedQuery<T extends z.ZodType>(item: T, max: number) {
  return z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(item).max(max),
    )
    .optional()
}

const evseStatus = catalogueSchema(evseStatuses)

/**
 * The list's filters without paging (B §7), which the count, the map and the connector export take too.
 * `evse_status[]` is the key the portal repeats; the bare `evse_status` is accepted as well. `connector_power_type`
 * is omitted for ALL by the portal; ALL itself is accepted and means no filter.
 */
export const chargeLocationFilterFields = {
  name: textQuery,
  address: textQuery,
  postal_code: textQuery,
  /** ISO 3166-1 alpha-2, any case. */
  country: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'must be a 2-letter ISO country code such as SG')
      .optional(),
  ),
  city: textQuery,
  'evse_status[]': repeatedQuery(evseStatus, 20),
  evse_status: repeatedQuery(evseStatus, 20),
  /** kW, inclusive: a location matches when one of its connectors is at least this powerful. */
  connector_max_power_lower: kwQuery,
  /** kW, inclusive. With lower and the power type, the same connector must satisfy all three. */
  connector_max_power_upper: kwQuery,
  connector_power_type: z
    .literal([...powerTypes.values, POWER_TYPE_FILTER_ALL])
    .optional()
    .describe(`power type: ${powerTypes.values.join(', ')}, or ${POWER_TYPE_FILTER_ALL} (no filter)`),
  /** Must be the caller's entity when given (B §6: charging calls use the signed-in user's entity code). */
  entity_code: z.string().trim().min(1).max(64).optional(),
  /** The portal sends true; the answer is the same either way (every location carries its EVSEs). */
  is_dashboard: z.enum(['true', 'false']).optional(),
}

type FilterShape = {
  connector_max_power_lower?: number | undefined
  connector_max_power_upper?: number | undefined
}

/** A power range whose lower end is above its upper end is a mistake, named on the lower end. */
function checkPowerRange(value: FilterShape, ctx: z.RefinementCtx) {
  const { connector_max_power_lower: lower, connector_max_power_upper: upper } = value
  if (lower !== undefined && upper !== undefined && lower > upper)
    ctx.addIssue({
      code: 'custom',
      path: ['connector_max_power_lower'],
      message: 'must not be more than connector_max_power_upper',
    })
}

/** GET /charge-points/{entity_code}/locations (B §7). */
export const chargeLocationListQuery = z
  .strictObject({
    ...chargeLocationFilterFields,
    limit: z.coerce.number().int().min(1).max(CHARGE_LOCATION_MAX_LIMIT).default(CHARGE_LOCATION_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
  })
  .superRefine(checkPowerRange)
export type ChargeLocationListFilter = z.output<typeof chargeLocationListQuery>

/** GET .../locations/count and .../locations/map: the list's query; paging is accepted and ignored. */
export const chargeLocationCountQuery = z
  .strictObject({
    ...chargeLocationFilterFields,
    limit: z.coerce.number().int().min(1).max(CHARGE_LOCATION_MAX_LIMIT).optional(),
    offset: z.coerce.number().int().min(0).max(100_000_000).optional(),
  })
  .superRefine(checkPowerRange)
export type ChargeLocationCountFilter = z.output<typeof chargeLocationCountQuery>

/** The connector export's filters: the list's query without paging (what the export job stores). */
export const chargeLocationExportFilters = z
  .strictObject(chargeLocationFilterFields)
  .superRefine(checkPowerRange)
export type ChargeLocationExportFilters = z.output<typeof chargeLocationExportFilters>

/** What the portal sends (query values are text on the wire; the server coerces them). */
export interface ChargeLocationListQuery {
  name?: string
  address?: string
  postal_code?: string
  country?: string
  city?: string
  'evse_status[]'?: EvseStatus[]
  connector_max_power_lower?: number
  connector_max_power_upper?: number
  connector_power_type?: PowerType
  entity_code?: string
  is_dashboard?: 'true' | 'false'
  limit?: number
  offset?: number
}

export const chargeLocationParams = z.strictObject({
  entity_code: z.string().trim().min(1).max(64).describe('the caller’s entity code'),
})
export const chargeLocationDetailParams = chargeLocationParams.extend({
  location_uid: z.string().trim().min(1).max(64).describe('location uid'),
})
export const chargeEvseParams = chargeLocationDetailParams.extend({
  evse_uid: z.string().trim().min(1).max(64).describe('EVSE uid'),
})

/** The tariff a connector is priced by (ev_tariff), enough to name and open it. */
export const chargeConnectorTariff = z.object({
  uid: z.string(),
  external_id: z.string(),
  name: z.string(),
  currency: z.string(),
})

/** OCPI Connector (+ uid, the power in kW and the tariff by name). */
export const chargeConnector = z.object({
  uid: z.string(),
  /** OCPI connector id within its EVSE ("1", "2"). */
  id: z.string(),
  standard: z.string(),
  format: z.string(),
  power_type: z.string(),
  max_voltage: z.number().int(),
  max_amperage: z.number().int(),
  /** Watts (OCPI). */
  max_electric_power: z.number().int(),
  /** max_electric_power in kW, one decimal. */
  max_power_kw: z.number(),
  /** OCPI tariff_ids: the tariff's external id, or none. */
  tariff_ids: z.array(z.string()),
  tariff: chargeConnectorTariff.nullable(),
  created_at: epochMs,
  last_updated: epochMs,
})
export type ChargeConnector = z.infer<typeof chargeConnector>

/** The charger (charge point) an EVSE belongs to, as the CPO manages it. */
export const chargePointSummary = z.object({
  uid: z.string(),
  serial_number: z.string(),
  vendor: z.string(),
  model: z.string(),
  firmware_version: z.string(),
  protocol: z.string(),
  /** Connector/OCPP status last reported. */
  ocpp_status: z.string(),
  last_heartbeat_at: epochMs.nullable(),
})
export type ChargePointSummary = z.infer<typeof chargePointSummary>

/** OCPI EVSE (+ the CPO's external id, protocol and charge point). */
export const chargeEvse = z.object({
  uid: z.string(),
  /** eMI3 id, e.g. SG*SPK*E000123*1. */
  evse_id: z.string(),
  external_id: z.string(),
  status: z.string().describe(`EVSE status: ${evseStatuses.values.join(', ')}`),
  physical_reference: z.string(),
  directions: z.string(),
  instructions: z.string(),
  protocol: z.string(),
  capabilities: z.array(z.string()),
  parking_restrictions: z.array(z.string()),
  floor_level: z.string(),
  charge_point: chargePointSummary.nullable(),
  connectors: z.array(chargeConnector),
  created_at: epochMs,
  last_updated: epochMs,
})
export type ChargeEvse = z.infer<typeof chargeEvse>

/** What the list shows of a location's EVSEs and connectors at a glance. */
export const chargeLocationSummary = z.object({
  evse_count: z.number().int(),
  /** EVSEs per status; statuses with none are left out. */
  evse_status_counts: z.record(z.string(), z.number().int()),
  connector_count: z.number().int(),
  /** The most powerful connector, kW; null without connectors. */
  max_power_kw: z.number().nullable(),
  /** Power types of its connectors, in catalogue order. */
  power_types: z.array(z.string()),
})
export type ChargeLocationSummary = z.infer<typeof chargeLocationSummary>

/** A location without its EVSEs (the EVSE page's heading and the export's location columns). */
export const chargeLocationHeader = z.object({
  uid: z.string(),
  external_id: z.string(),
  entity_code: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  postal_code: z.string(),
  state: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  /** WGS84 degrees (OCPI writes them as strings; numbers here). */
  coordinates: z.object({ latitude: z.number(), longitude: z.number() }),
  directions: z.string(),
  contact_number: z.string(),
  parking_restrictions: z.array(z.string()),
  publish: z.boolean(),
  time_zone: z.string(),
  created_at: epochMs,
  last_updated: epochMs,
  /**
   * A roaming partner's location (issue 17): the CPO party that runs it, as `SG*SPK`; null for the entity's own. The
   * lists mark such a location with it.
   */
  roaming_party: z.string().nullable(),
})
export type ChargeLocationHeader = z.infer<typeof chargeLocationHeader>

/** OCPI Location with its EVSEs and their connectors, and the list's summary. */
export const chargeLocation = chargeLocationHeader.extend({
  evses: z.array(chargeEvse),
  summary: chargeLocationSummary,
})
export type ChargeLocation = z.infer<typeof chargeLocation>

export const chargeLocationListResponse = envelope(z.object({ locations: z.array(chargeLocation) }))
export type ChargeLocationListData = z.infer<typeof chargeLocationListResponse>['data']

export const chargeLocationCountResponse = envelope(z.object({ location_count: z.number().int().min(0) }))

/** One pin of the map: where a location is and how its EVSEs stand. */
export const chargeLocationPin = z.object({
  uid: z.string(),
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  evse_status_counts: z.record(z.string(), z.number().int()),
})
export type ChargeLocationPin = z.infer<typeof chargeLocationPin>

/** GET .../locations/map: the filtered locations as pins, at most CHARGE_LOCATION_MAP_LIMIT. */
export const chargeLocationMapResponse = envelope(
  z.object({ pins: z.array(chargeLocationPin), truncated: z.boolean() }),
)
export type ChargeLocationMapData = z.infer<typeof chargeLocationMapResponse>['data']

export const chargeLocationDetailResponse = envelope(z.object({ location: chargeLocation }))
export const chargeEvseDetailResponse = envelope(
  z.object({ location: chargeLocationHeader, evse: chargeEvse }),
)
export type ChargeEvseDetailData = z.infer<typeof chargeEvseDetailResponse>['data']

/** The EVSE statuses in the order the portal shows them (catalogue order). */
export const EVSE_STATUS_ORDER: readonly EvseStatus[] = evseStatuses.values

/** Watts → kW with one decimal, as the screens and the list's summary show power. */
export function wattsToKw(watts: number): number {
  return Math.round(watts / 100) / 10
}

/** Which of an EVSE-status count map's statuses an operator reads first: available, charging, then trouble. */
export function availabilityOf(
  counts: Readonly<Record<string, number>>,
): 'available' | 'busy' | 'down' | 'unknown' {
  const n = (s: string) => counts[s] ?? 0
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  if (total === 0) return 'unknown'
  if (n('AVAILABLE') > 0) return 'available'
  if (n('CHARGING') + n('RESERVED') + n('BLOCKED') > 0) return 'busy'
  if (n('OUTOFORDER') > 0) return 'down'
  return 'unknown'
}
