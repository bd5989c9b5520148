import type {
  OcpiCommandResponse,
  OcpiCommandType,
  OcpiStartSession,
  OcppCommandBody,
  OcppProtocol,
} from '@portal/contract'
import {
  isOcppProtocol,
  OCPI_COMMAND_TYPES,
  ocpiStartSession,
  ocpiStopSession,
  ocpiUnlockConnector,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import type { JobQueue } from '../../jobs/job-queue'
import { numberedConnectors } from '../ocpp/ocpp.repository'
import { ocpiInvalid, parseOcpi } from './ocpi-envelope'
import type { RunCommandPayload } from './ocpi-commands.jobs'
import { OCPI_COMMAND_RUN } from './ocpi-commands.jobs'
import { displayText, messageOf } from './ocpi-commands.mapping'
import type { EvseWithCharger, NewOcpiCommandRow } from './ocpi-commands.repository'
import {
  chargerById,
  connectorsOfLocation,
  evsesWithChargers,
  insertOcpiCommand,
  ownSessionByUid,
} from './ocpi-commands.repository'
import { locationByUid } from './ocpi-locations.repository'
import { checkParty } from './ocpi-partner-locations.service'
import { upsertPartnerToken } from './ocpi-tokens.repository'
import type { OcpiPartnerRow } from './ocpi.table'

/*
 * Our CPO receiving a partner eMSP's command (mod_commands.asciidoc, receiver interface; decision 0113). The body is
 * validated whole (2001 naming the field) before anything is read or written. A command we can carry out is recorded
 * and answered ACCEPTED at once; a job sends it to the charger over OCPP and another posts the charger's outcome to
 * the partner's response_url. One we cannot (an unknown location or session, a charger that cannot take remote
 * commands) is answered REJECTED or UNKNOWN_SESSION with the reason, and recorded as such.
 */

/** Seconds the partner is told to wait for the result: an OCPP call's own timeout is 30 s by default. */
export const COMMAND_TIMEOUT_S = 30
/** OCPP 1.6's idTag is CiString20; a longer OCPI token uid cannot be sent to a 1.6 charger. */
const OCPP16_ID_TAG_MAX = 20

export type ConnectedVersion = (identity: string) => OcppProtocol | undefined

/** The `{command}` of the URL as a CommandType, or 2001. */
export function commandTypeOf(word: string): OcpiCommandType {
  const upper = word.toUpperCase()
  if ((OCPI_COMMAND_TYPES as readonly string[]).includes(upper)) return upper as OcpiCommandType
  throw ocpiInvalid(`command: ${word.slice(0, 36)} is not one of ${OCPI_COMMAND_TYPES.join(', ')}`)
}

const refusal = (
  result: 'REJECTED' | 'UNKNOWN_SESSION' | 'NOT_SUPPORTED',
  why?: string,
): OcpiCommandResponse => ({
  result,
  timeout: 0,
  ...(why === undefined ? {} : { message: displayText(why) }),
})

/** Where a command goes: a charger that can take it, and the connector it is about. */
interface Target {
  chargerUid: string
  chargePointId: number
  version: OcppProtocol
  /** ev_connector.id, and the connector as OCPP 1.6 numbers it over the charger. */
  connectorRef: number
  connectorNumber: number
}

const versionOf = (
  charger: { ocpp_identity: string | null; ocpp_version: string | null },
  connectedVersion: ConnectedVersion,
) =>
  charger.ocpp_identity === null
    ? undefined
    : (connectedVersion(charger.ocpp_identity) ??
      (isOcppProtocol(charger.ocpp_version) ? charger.ocpp_version : undefined))

/** Why an EVSE's charger cannot take a remote command, or null when it can. */
function chargerProblem(evse: EvseWithCharger, connectedVersion: ConnectedVersion): string | null {
  if (evse.charge_point_id === null || evse.charger_uid === null)
    return `EVSE ${evse.uid} has no charger that takes remote commands`
  if (evse.ocpp_identity === null)
    return `The charger of EVSE ${evse.uid} has no OCPP identity: it cannot take remote commands`
  if (versionOf(evse, connectedVersion) === undefined)
    return `The charger of EVSE ${evse.uid} has never connected: there is nothing to send the command to`
  return null
}

/**
 * The charger and connector of our location (its OCPI id), EVSE (its uid) and connector (its OCPI id), or why there is
 * none. Without an EVSE (START_SESSION allows it) an available EVSE whose charger can take the command is chosen;
 * without a connector, the EVSE's first available one.
 */
async function targetOf(
  db: Db,
  entityCode: string,
  at: { location_id: string; evse_uid?: string | undefined; connector_id?: string | undefined },
  connectedVersion: ConnectedVersion,
): Promise<Target | string> {
  const location = await locationByUid(db, entityCode, at.location_id)
  if (!location) return `Unknown location ${at.location_id}`
  const [evses, connectors] = await Promise.all([
    evsesWithChargers(db, location.id),
    connectorsOfLocation(db, location.id),
  ])
  // An EVSE without connectors is not sent to partners (OCPI requires one): it cannot be named either.
  const listed = evses.filter((e) => connectors.some((c) => c.evse_ref === e.id))
  const startable = (e: EvseWithCharger) => chargerProblem(e, connectedVersion) === null
  const evse =
    at.evse_uid === undefined
      ? (listed.find((e) => startable(e) && e.status === 'AVAILABLE') ?? listed.find(startable) ?? listed[0])
      : listed.find((e) => e.uid === at.evse_uid)
  if (!evse)
    return at.evse_uid === undefined
      ? `Location ${at.location_id} has no EVSE`
      : `Unknown EVSE ${at.evse_uid} at location ${at.location_id}`
  const problem = chargerProblem(evse, connectedVersion)
  const version = versionOf(evse, connectedVersion)
  if (problem !== null || evse.charge_point_id === null || evse.charger_uid === null || version === undefined)
    return problem ?? `EVSE ${evse.uid} cannot take remote commands`
  const own = connectors.filter((c) => c.evse_ref === evse.id)
  const connector =
    at.connector_id === undefined
      ? (own.find((c) => c.status === 'AVAILABLE') ?? own[0])
      : own.find((c) => c.connector_id === at.connector_id)
  if (!connector) return `Unknown connector ${at.connector_id ?? ''} of EVSE ${evse.uid}`
  const numbered = (await numberedConnectors(db, evse.charge_point_id)).find((n) => n.id === connector.id)
  if (!numbered) return `Connector ${connector.connector_id} of EVSE ${evse.uid} is not on its charger`
  return {
    chargerUid: evse.charger_uid,
    chargePointId: evse.charge_point_id,
    version,
    connectorRef: connector.id,
    connectorNumber: numbered.chargerConnectorNumber,
  }
}

interface Received {
  partner: OcpiPartnerRow
  command: OcpiCommandType
  request: unknown
  response_url: string
}

function commandRow(
  received: Received,
  fields: Partial<NewOcpiCommandRow> & Pick<NewOcpiCommandRow, 'response'>,
): NewOcpiCommandRow {
  const now = Date.now()
  return {
    uid: randomUUID(),
    entity_code: received.partner.entity_code,
    partner_id: received.partner.id,
    direction: 'in',
    command: received.command,
    request: JSON.stringify(received.request),
    response_url: received.response_url,
    charge_point_id: null,
    ocpp_command_id: null,
    token_uid: null,
    authorization_reference: null,
    session_id: null,
    result: null,
    message: null,
    requested_by: received.partner.name.slice(0, 200),
    created_at: now,
    updated_at: now,
    ...fields,
  }
}

/** A command we will not carry out: recorded with why, and answered so. */
async function refuse(
  db: Db,
  received: Received,
  result: 'REJECTED' | 'UNKNOWN_SESSION',
  why: string,
  fields: Partial<NewOcpiCommandRow> = {},
): Promise<OcpiCommandResponse> {
  await insertOcpiCommand(db, commandRow(received, { ...fields, response: result, message: messageOf(why) }))
  return refusal(result, why)
}

/**
 * A command we carry out: recorded, with its job (and for a START_SESSION the partner's token, so the charger's
 * authorization finds it) in one transaction, so nothing is half-kept.
 */
async function accept(
  db: Db,
  jobs: JobQueue,
  received: Received,
  fields: Partial<NewOcpiCommandRow>,
  job: Omit<RunCommandPayload, 'command_id'>,
  token?: OcpiStartSession['token'],
): Promise<OcpiCommandResponse> {
  await db.transaction().execute(async (trx) => {
    if (token) await upsertPartnerToken(trx, received.partner, token)
    const id = await insertOcpiCommand(trx, commandRow(received, { ...fields, response: 'ACCEPTED' }))
    await jobs.enqueue<RunCommandPayload>(OCPI_COMMAND_RUN, { ...job, command_id: id }, { db: trx })
  })
  // Enqueued inside the transaction, the job was not visible to the wake-up: look for it now it is.
  jobs.notify()
  return { result: 'ACCEPTED', timeout: COMMAND_TIMEOUT_S }
}

/** POST /ocpi/cpo/2.2.1/commands/{command}: the CommandResponse. */
export async function receiveCommand(
  db: Db,
  jobs: JobQueue,
  partner: OcpiPartnerRow,
  command: OcpiCommandType,
  body: unknown,
  connectedVersion: ConnectedVersion,
): Promise<OcpiCommandResponse> {
  switch (command) {
    case 'START_SESSION': {
      const start = parseOcpi(ocpiStartSession, body, '')
      checkParty(partner, start.token.country_code, start.token.party_id, 'EMSP')
      const received = { partner, command, request: start, response_url: start.response_url }
      const fields = {
        token_uid: start.token.uid,
        authorization_reference: start.authorization_reference ?? null,
      }
      const target = await targetOf(db, partner.entity_code, start, connectedVersion)
      if (typeof target === 'string') return refuse(db, received, 'REJECTED', target, fields)
      if (!start.token.valid) return refuse(db, received, 'REJECTED', 'The token is not valid', fields)
      if (target.version === 'ocpp1.6' && start.token.uid.length > OCPP16_ID_TAG_MAX)
        return refuse(
          db,
          received,
          'REJECTED',
          `The charger speaks OCPP 1.6, whose token ids have at most ${String(OCPP16_ID_TAG_MAX)} characters`,
          fields,
        )
      return accept(
        db,
        jobs,
        received,
        { ...fields, charge_point_id: target.chargePointId },
        {
          charger_uid: target.chargerUid,
          ocpp: { command: 'RemoteStart', connector: target.connectorNumber, id_tag: start.token.uid },
          connector_ref: target.connectorRef,
        },
        start.token,
      )
    }
    case 'STOP_SESSION': {
      const stop = parseOcpi(ocpiStopSession, body, '')
      const received = { partner, command, request: stop, response_url: stop.response_url }
      const session = await ownSessionByUid(db, partner.entity_code, stop.session_id)
      // Another partner's session is as unknown to this one as a session that does not exist.
      if (session?.status !== 'ACTIVE' || session.ocpi_partner_id !== partner.id)
        return refuse(db, received, 'UNKNOWN_SESSION', `No active session ${stop.session_id} of yours`)
      const charger =
        session.charge_point_id === null
          ? undefined
          : await chargerById(db, partner.entity_code, session.charge_point_id)
      const version = charger && versionOf(charger, connectedVersion)
      if (!charger || version === undefined)
        return refuse(
          db,
          received,
          'REJECTED',
          'The session is not on a charger that takes remote commands',
          {
            session_id: session.id,
          },
        )
      const ocpp: OcppCommandBody = { command: 'RemoteStop', session_uid: session.uid }
      return accept(
        db,
        jobs,
        received,
        { session_id: session.id, charge_point_id: charger.id },
        { charger_uid: charger.uid, ocpp, connector_ref: null },
      )
    }
    case 'UNLOCK_CONNECTOR': {
      const unlock = parseOcpi(ocpiUnlockConnector, body, '')
      const received = { partner, command, request: unlock, response_url: unlock.response_url }
      const target = await targetOf(db, partner.entity_code, unlock, connectedVersion)
      if (typeof target === 'string') return refuse(db, received, 'REJECTED', target)
      return accept(
        db,
        jobs,
        received,
        { charge_point_id: target.chargePointId },
        {
          charger_uid: target.chargerUid,
          ocpp: { command: 'UnlockConnector', connector: target.connectorNumber },
          connector_ref: null,
        },
      )
    }
    case 'RESERVE_NOW':
    case 'CANCEL_RESERVATION':
      // Reservations are not offered: the spec's answer for a command the CPO does not support.
      return refusal('NOT_SUPPORTED')
  }
}
