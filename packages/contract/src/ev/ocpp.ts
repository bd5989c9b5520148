import type { ConnectorStatus, EvseStatus } from '../enums/ev-charging'

/**
 * OCPP, as the central system inside the server speaks it (issue 14): the subprotocols it accepts and how what a
 * charger reports maps onto the statuses the portal's lists already show.
 */

/** The WebSocket subprotocols, in the server's order of preference (the first one both sides offer wins). */
export const OCPP_PROTOCOLS = ['ocpp2.0.1', 'ocpp1.6'] as const
export type OcppProtocol = (typeof OCPP_PROTOCOLS)[number]

export const isOcppProtocol = (value: unknown): value is OcppProtocol =>
  (OCPP_PROTOCOLS as readonly unknown[]).includes(value)

/** The path chargers connect to: `/ocpp/{identity}`. */
export const OCPP_PATH_PREFIX = '/ocpp/'

/**
 * A charger's identity as it appears in the URL and as the Basic-auth username: OCPP 2.0.1 (A00.FR.003) allows at
 * most 48 characters of `identifierString`-like text; colons are refused because Basic auth cannot carry them.
 */
export const OCPP_IDENTITY_PATTERN = /^[A-Za-z0-9*\-_=+|@.]{1,48}$/

/** OCPP 2.0.1's basic-auth password is 16 to 40 characters (A00.FR.205); ours are generated at 24. */
export const OCPP_PASSWORD_MIN = 16
export const OCPP_PASSWORD_MAX = 40

/**
 * The connector status a charger reports (1.6 ChargePointStatus, 2.0.1 ConnectorStatusEnumType) as the portal's
 * connector status; a value neither version defines reads UNKNOWN rather than being stored as sent.
 */
const CONNECTOR_STATUS_OF_OCPP: Record<string, ConnectorStatus> = {
  // 1.6 and 2.0.1 alike
  Available: 'AVAILABLE',
  Reserved: 'RESERVED',
  Unavailable: 'UNAVAILABLE',
  Faulted: 'FAULTED',
  // 1.6 only
  Preparing: 'PREPARING',
  Charging: 'CHARGING',
  SuspendedEVSE: 'SUSPENDEDEVSE',
  SuspendedEV: 'SUSPENDEDEV',
  Finishing: 'FINISHING',
  // 2.0.1 only: a vehicle is plugged in (charging or not)
  Occupied: 'OCCUPIED',
}

export function connectorStatusOfOcpp(status: string): ConnectorStatus {
  // Own keys only: a charger sending `__proto__` or `toString` must not reach the object's prototype.
  return Object.hasOwn(CONNECTOR_STATUS_OF_OCPP, status)
    ? (CONNECTOR_STATUS_OF_OCPP[status] ?? 'UNKNOWN')
    : 'UNKNOWN'
}

/**
 * The OCPI EVSE status of a connector status, as a roaming partner or a driver's app reads it: any connector in use
 * (from plug-in to unplug) makes the EVSE CHARGING; Unavailable and Faulted make it OUTOFORDER (OCPI's INOPERATIVE is
 * not among the portal's EVSE statuses).
 */
const EVSE_STATUS_OF_CONNECTOR: Record<ConnectorStatus, EvseStatus> = {
  AVAILABLE: 'AVAILABLE',
  PREPARING: 'CHARGING',
  CHARGING: 'CHARGING',
  SUSPENDEDEV: 'CHARGING',
  SUSPENDEDEVSE: 'CHARGING',
  FINISHING: 'CHARGING',
  OCCUPIED: 'CHARGING',
  RESERVED: 'RESERVED',
  UNAVAILABLE: 'OUTOFORDER',
  FAULTED: 'OUTOFORDER',
  UNKNOWN: 'UNKNOWN',
}

export function evseStatusOfConnector(status: ConnectorStatus): EvseStatus {
  return EVSE_STATUS_OF_CONNECTOR[status]
}

/**
 * An EVSE with several connectors shows the status that matters most to a driver: one connector in use makes the
 * EVSE in use; it is available only when one connector is and none is in use.
 */
const EVSE_STATUS_RANK: Record<EvseStatus, number> = {
  CHARGING: 0,
  RESERVED: 1,
  AVAILABLE: 2,
  BLOCKED: 3,
  OUTOFORDER: 4,
  UNKNOWN: 5,
}

export function evseStatusOfConnectors(statuses: readonly ConnectorStatus[]): EvseStatus {
  let best: EvseStatus = 'UNKNOWN'
  for (const s of statuses) {
    const evse = evseStatusOfConnector(s)
    if (EVSE_STATUS_RANK[evse] < EVSE_STATUS_RANK[best]) best = evse
  }
  return best
}

/** 1.6's error code `NoError` means none; anything else is kept beside the status. */
export function ocppErrorCode(errorCode: string | undefined): string | null {
  return errorCode === undefined || errorCode === '' || errorCode === 'NoError' ? null : errorCode
}

/** How the portal names a subprotocol (1.6 is the JSON flavour, "-J"); another value reads as sent. */
export function ocppProtocolLabel(protocol: string): string {
  return protocol === 'ocpp1.6' ? 'OCPP 1.6-J' : protocol === 'ocpp2.0.1' ? 'OCPP 2.0.1' : protocol
}

/** A driver's token as the central system knows it (OCPI Token: its owner, whether it may charge). */
export interface TokenFacts {
  /** The EMSP entity that issued it. */
  entity_code: string
  /** ALLOWED, BLOCKED or EXPIRED (OCPI AllowedType). */
  status: string
  /** The CPO entities its driver subscribed to (charging agreements), empty without a driver. */
  subscribed_cpo_entities: readonly string[]
}

/** What Authorize answers, in the words both versions share (1.6 AuthorizationStatus, 2.0.1 AuthorizationStatusEnumType). */
export type AuthorizationAnswer = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid'

/**
 * Whether a token may start charging on a CPO's charger: unknown tokens are Invalid; blocked and expired ones say so;
 * a valid one is Accepted on its own entity's chargers and on those of the CPOs its driver subscribed to, and
 * Invalid elsewhere (roaming agreements come with OCPI).
 */
export function authorizeToken(token: TokenFacts | undefined, chargerEntity: string): AuthorizationAnswer {
  if (token === undefined) return 'Invalid'
  if (token.status === 'BLOCKED') return 'Blocked'
  if (token.status === 'EXPIRED') return 'Expired'
  if (token.status !== 'ALLOWED') return 'Invalid'
  return token.entity_code === chargerEntity || token.subscribed_cpo_entities.includes(chargerEntity)
    ? 'Accepted'
    : 'Invalid'
}
