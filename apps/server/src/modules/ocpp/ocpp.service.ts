import type { OcppProtocol } from '@portal/contract'
import type { AuthorizationAnswer } from '@portal/contract'
import {
  authorizeToken,
  LiveEventName,
  connectorStatusOfOcpp,
  evseStatusOfConnectors,
  ocppErrorCode,
} from '@portal/contract'
import type { Db } from '../../db/database'
import type { LiveFact } from '../live/live-kinds'
import { ocppError } from './ocpp-errors'
import type { NumberedConnector, OcppCharger } from './ocpp.repository'
import { findTokenOwner } from './ocpp-transaction.repository'
import {
  numberedConnectors,
  recordBoot,
  recordChargerStatus,
  recordConnectorStatus,
  recordHeartbeat,
} from './ocpp.repository'

/**
 * What the chargers tell the central system, whatever the OCPP version: the handlers of 1.6 and 2.0.1
 * (ocpp.handlers.ts) translate their messages into these calls.
 */
export interface OcppSession {
  db: Db
  charger: OcppCharger
  version: OcppProtocol
  heartbeatIntervalS: number
  now: () => number
  /** Tells the other instances (and, with step 11, the portal) that a session started, moved or stopped. */
  publish?: (topic: string, payload: unknown) => void
  /** Tells the portal's open screens (modules/live); absent in tests that do not listen. */
  tell?: (fact: LiveFact) => void
  /** Problems worth an operator's look that the charger is not told about (a stop for a transaction we never saw). */
  warn?: (fields: Record<string, unknown>, message: string) => void
  /** Roaming partners' tokens (modules/ocpi); absent where nothing roams. */
  foreign?: ForeignTokens
}

/** A roaming partner's driver, as modules/ocpi answers for a token we did not issue (decision 0113). */
export interface ForeignToken {
  partner_id: number
  /** The partner's party, `SGRMC`. */
  party: string
  /** What the sessions list shows as the user: the card's visual number, else its contract id. */
  name: string
  answer: AuthorizationAnswer
  /** OCPI's authorization reference: the eMSP's, else the token's uid. */
  authorization_reference: string
  /** OCPI AuthMethod: how it was authorized. */
  auth_method: 'AUTH_REQUEST' | 'COMMAND' | 'WHITELIST'
}
export interface ForeignTokens {
  /** The partner's answer for a token, or undefined when no partner knows it. */
  authorize(entityCode: string, uid: string, chargePointId: number): Promise<ForeignToken | undefined>
}

/** A charger clock more than this far ahead is not believed: its report is taken as of now. */
const MAX_CLOCK_AHEAD_MS = 5 * 60_000
/**
 * Nor one further back than a charger keeps transactions queued while offline: a clock that was never set (1970, or
 * its factory date) would otherwise date a session years ago.
 */
export const MAX_REPORT_AGE_MS = 30 * 86_400_000

/**
 * The time of a charger's report: its own timestamp when it has a believable one (a report queued while offline
 * keeps the time it happened; a few minutes ahead is clock drift and reads as now), else the time it reached us.
 */
export function reportTime(timestamp: string | undefined, now: number): number {
  if (timestamp === undefined) return now
  const at = Date.parse(timestamp)
  if (!Number.isFinite(at) || at > now + MAX_CLOCK_AHEAD_MS || at < now - MAX_REPORT_AGE_MS) return now
  return Math.min(at, now)
}

/** What a BootNotification says the charger is. */
export interface BootReport {
  vendor: string
  model: string
  serialNumber?: string | undefined
  firmwareVersion?: string | undefined
}

export async function boot(
  s: OcppSession,
  facts: BootReport,
): Promise<{ status: 'Accepted' | 'Pending'; interval: number }> {
  const commissioned = await recordBoot(
    s.db,
    s.charger.id,
    {
      vendor: facts.vendor,
      model: facts.model,
      serialNumber: facts.serialNumber,
      firmwareVersion: facts.firmwareVersion,
      version: s.version,
    },
    s.now(),
  )
  tellCharger(s)
  // A charger an operator has not commissioned yet waits (Pending), retrying at the interval.
  return { status: commissioned ? 'Accepted' : 'Pending', interval: s.heartbeatIntervalS }
}

export async function heartbeat(s: OcppSession): Promise<void> {
  await recordHeartbeat(s.db, s.charger.id, s.now())
}

export interface StatusReport {
  /** 2.0.1: the EVSE's number; 1.6: undefined (connectorId counts over the whole charger). */
  evse?: number
  /** 1.6: 0 is the charger itself. */
  connector: number
  status: string
  errorCode?: string
  timestamp?: string
}

/** Which connector a message means: 2.0.1 names the EVSE and its connector, 1.6 counts connectors over the charger. */
export interface ConnectorRef {
  evse?: number
  connector: number
}

/** The connector a message means, or the OCPP error naming what the charger got wrong. */
export function pickConnector(connectors: NumberedConnector[], ref: ConnectorRef): NumberedConnector {
  const target =
    ref.evse === undefined
      ? connectors.find((c) => c.chargerConnectorNumber === ref.connector)
      : connectors.find((c) => c.evseNumber === ref.evse && c.connectorNumber === ref.connector)
  if (!target) {
    const where =
      ref.evse === undefined
        ? `connectorId ${String(ref.connector)}`
        : `evseId ${String(ref.evse)} connectorId ${String(ref.connector)}`
    throw ocppError(
      'PropertyConstraintViolation',
      `${where}: this charger is registered with ${String(connectors.length)} connector(s)`,
    )
  }
  return target
}

/**
 * A status notification: the connector's status (mapped to the portal's), its EVSE's status derived from all its
 * connectors, and for a charger with a single connector (or 1.6's connector 0) the charger's own status too.
 */
export async function reportStatus(s: OcppSession, report: StatusReport): Promise<void> {
  const now = s.now()
  const status = connectorStatusOfOcpp(report.status)
  const errorCode = ocppErrorCode(report.errorCode)
  if (report.evse === undefined && report.connector === 0) {
    await recordChargerStatus(s.db, s.charger.id, status, errorCode, now)
    tellCharger(s)
    return
  }
  const connectors = await numberedConnectors(s.db, s.charger.id)
  const target = pickConnector(connectors, report)
  const applied = await recordConnectorStatus(
    s.db,
    { id: target.id, evseId: target.evseId },
    { status, errorCode, at: reportTime(report.timestamp, now) },
    evseStatusOfConnectors,
    now,
  )
  if (applied.applied && connectors.length === 1)
    await recordChargerStatus(s.db, s.charger.id, status, errorCode, now)
  else await recordHeartbeat(s.db, s.charger.id, now)
  if (applied.applied) {
    s.tell?.({
      name: LiveEventName.connectorStatus,
      entities: [s.charger.entity_code],
      data: {
        charge_point: s.charger.uid,
        location_id: s.charger.location_id,
        evse_id: target.evseId,
        status,
      },
    })
    if (connectors.length === 1) tellCharger(s)
  }
}

/** The charger's own status or its being online changed. */
export function tellCharger(s: OcppSession): void {
  s.tell?.({
    name: LiveEventName.chargerStatus,
    entities: [s.charger.entity_code],
    data: { charge_point: s.charger.uid, location_id: s.charger.location_id },
  })
}

/**
 * Authorize: may this token charge here? Unknown tokens are Invalid, blocked ones Blocked (the contract's
 * authorizeToken). It also counts as the charger being heard from.
 */
export async function authorize(s: OcppSession, tokenUid: string): Promise<AuthorizationAnswer> {
  const [token] = await Promise.all([
    findTokenOwner(s.db, tokenUid),
    recordHeartbeat(s.db, s.charger.id, s.now()),
  ])
  if (token === undefined && s.foreign) {
    const foreign = await s.foreign.authorize(s.charger.entity_code, tokenUid, s.charger.id)
    if (foreign) return foreign.answer
  }
  return authorizeToken(token, s.charger.entity_code)
}
