import type { OcpiCommandView, OcpiPartnerCommandListData, ocpiPartnerCommandRequest } from '@portal/contract'
import {
  OCPI_COMMAND_LIST_SIZE,
  OCPI_COMMAND_SCHEMAS,
  OCPI_VERSION,
  ocpiCommandResponse,
  ocpiCommandResult,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import type { Db } from '../../db/database'
import { fieldError, HttpError, notFound } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import { auditChange } from '../iam/audit/audit.service'
import { userName } from '../ocpp/ocpp-command.repository'
import { OcpiCallFailed, ocpiCall } from './ocpi-client'
import { firstText, messageOf, toCommandView } from './ocpi-commands.mapping'
import {
  commandViewById,
  heldConnectorId,
  heldEvseId,
  heldLocationId,
  heldSessionId,
  insertOcpiCommand,
  partnerCommandViews,
  sentCommandByUid,
  updateOcpiCommand,
} from './ocpi-commands.repository'
import { ocpiUnknown, parseOcpi } from './ocpi-envelope'
import type { OcpiSettings } from './ocpi-handshake.service'
import { endpointsOf, rolesOf } from './ocpi-handshake.service'
import { toOcpiToken } from './ocpi-tokens.mapping'
import { entityName, ownToken } from './ocpi-tokens.repository'
import { findPartner, identitiesOf } from './ocpi.repository'
import type { OcpiPartnerRow } from './ocpi.table'

/*
 * Our eMSP sending a partner CPO a command (mod_commands.asciidoc, sender interface; decision 0113). The operator
 * names the partner's location as the partner knows it and one of the entity's tokens; the command is recorded,
 * POSTed to the partner's Commands receiver with the URL its result comes back to (ours, naming the command), and
 * answered with the partner's CommandResponse. The CommandResult arrives later at that URL.
 */

type CommandRequest = z.output<typeof ocpiPartnerCommandRequest>

async function partnerOf(db: Db, caller: Caller, id: number): Promise<OcpiPartnerRow> {
  const row = await findPartner(db, caller.auth.entityCode, id)
  if (!row) throw notFound('Roaming partner')
  return row
}

const conflict = (message: string) => new HttpError(409, 'CONFLICT', message)

async function view(db: Db, id: number): Promise<OcpiCommandView> {
  const row = await commandViewById(db, id)
  if (!row) throw new Error('The command just recorded was not found')
  return toCommandView(row)
}

/** The partner's location, EVSE and connector as we hold them, each one checked (400 naming the field). */
async function checkHeld(
  db: Db,
  partner: OcpiPartnerRow,
  at: { location_id: string; evse_uid?: string | undefined; connector_id?: string | undefined },
): Promise<void> {
  const location = await heldLocationId(db, partner.entity_code, partner.id, at.location_id)
  if (!location) throw fieldError('body.location_id', `${partner.name} has no location ${at.location_id}`)
  if (at.evse_uid === undefined) {
    if (at.connector_id !== undefined)
      throw fieldError('body.evse_uid', 'name the EVSE of the connector (OCPI requires it)')
    return
  }
  const evse = await heldEvseId(db, location.id, at.evse_uid)
  if (!evse) throw fieldError('body.evse_uid', `location ${at.location_id} has no EVSE ${at.evse_uid}`)
  if (at.connector_id !== undefined && !(await heldConnectorId(db, evse.id, at.connector_id)))
    throw fieldError('body.connector_id', `EVSE ${at.evse_uid} has no connector ${at.connector_id}`)
}

/** The OCPI body of the command, and what the row keeps beside it. */
async function commandBody(
  db: Db,
  partner: OcpiPartnerRow,
  request: CommandRequest,
  responseUrl: string,
): Promise<{
  body: Record<string, unknown>
  token_uid: string | null
  authorization_reference: string | null
  session_id: number | null
}> {
  const none = { token_uid: null, authorization_reference: null, session_id: null }
  switch (request.command) {
    case 'START_SESSION': {
      const token = await ownToken(db, partner.entity_code, request.token_uid)
      if (!token) throw fieldError('body.token_uid', `no token ${request.token_uid} of this entity`)
      await checkHeld(db, partner, request)
      const party = (await identitiesOf(db, partner.entity_code)).find((i) => i.role === 'EMSP')
      if (!party) throw conflict("Set the entity's eMSP party (OCPI identity) before sending a command")
      const reference = randomUUID()
      return {
        ...none,
        token_uid: token.uid,
        authorization_reference: reference,
        body: {
          response_url: responseUrl,
          token: toOcpiToken(party, await entityName(db, partner.entity_code), token),
          location_id: request.location_id,
          ...(request.evse_uid === undefined ? {} : { evse_uid: request.evse_uid }),
          ...(request.connector_id === undefined ? {} : { connector_id: request.connector_id }),
          authorization_reference: reference,
        },
      }
    }
    case 'STOP_SESSION': {
      // The session as the partner sent it to us, when it has (a session id is unique within its CPO party only).
      const keys = rolesOf(partner)
        .filter((r) => r.role === 'CPO')
        .map((r) => `${String(partner.id)}:${r.country_code}${r.party_id}:${request.session_id}`)
      const held = await heldSessionId(db, partner.entity_code, keys)
      return {
        ...none,
        session_id: held?.id ?? null,
        body: { response_url: responseUrl, session_id: request.session_id },
      }
    }
    case 'UNLOCK_CONNECTOR':
      await checkHeld(db, partner, request)
      return {
        ...none,
        body: {
          response_url: responseUrl,
          location_id: request.location_id,
          evse_uid: request.evse_uid,
          connector_id: request.connector_id,
        },
      }
  }
}

/** POST /ocpi/partners/{id}/commands: the command as recorded, with the partner's CommandResponse. */
export async function sendPartnerCommand(
  db: Db,
  settings: OcpiSettings,
  caller: Caller,
  partnerId: number,
  request: CommandRequest,
): Promise<OcpiCommandView> {
  const partner = await partnerOf(db, caller, partnerId)
  if (partner.status !== 'connected' || partner.outgoing_token === null)
    throw conflict(`${partner.name} is not connected: commands go to connected partners only`)
  const receiver = endpointsOf(partner).find((e) => e.identifier === 'commands' && e.role === 'RECEIVER')
  if (!receiver) throw conflict(`${partner.name} takes no commands: it lists no Commands receiver endpoint`)
  const base = settings.publicUrl()
  if (base === null)
    throw new HttpError(
      503,
      'UNAVAILABLE',
      'Roaming is not configured on this server: set PORTAL_PUBLIC_URL to the address partners reach it at',
    )
  const uid = randomUUID()
  const responseUrl = `${base}/ocpi/emsp/${OCPI_VERSION}/commands/${request.command}/${uid}`
  const built = await commandBody(db, partner, request, responseUrl)
  // What we send is checked against 2.2.1 like what we receive: a mistake of ours never reaches the partner.
  const body = OCPI_COMMAND_SCHEMAS[request.command].parse(built.body)
  const now = Date.now()
  const id = await insertOcpiCommand(db, {
    uid,
    entity_code: partner.entity_code,
    partner_id: partner.id,
    direction: 'out',
    command: request.command,
    request: JSON.stringify(body),
    response_url: responseUrl,
    charge_point_id: null,
    ocpp_command_id: null,
    token_uid: built.token_uid,
    authorization_reference: built.authorization_reference,
    session_id: built.session_id,
    response: null,
    result: null,
    message: null,
    requested_by: (await userName(db, caller.auth.userId)).slice(0, 200) || caller.auth.username,
    created_at: now,
    updated_at: now,
  })
  await auditChange(db, caller, 'ocpi_command_sent', 'ocpi_partner', partner.id, null, {
    uid,
    ...request,
  })
  let answer: unknown
  try {
    answer = (
      await ocpiCall(db, settings.client, {
        partnerId: partner.id,
        method: 'POST',
        url: `${receiver.url}/${request.command}`,
        token: partner.outgoing_token,
        module: 'commands',
        body,
      })
    ).envelope.data
  } catch (err) {
    if (!(err instanceof OcpiCallFailed)) throw err
    await updateOcpiCommand(db, id, {
      message: messageOf(`Not delivered: ${err.message}`),
      updated_at: Date.now(),
    })
    throw new HttpError(502, 'UNAVAILABLE', `The partner could not be reached: ${err.message}`)
  }
  const response = ocpiCommandResponse.safeParse(answer)
  if (!response.success) {
    const issue = response.error.issues[0]
    const why = `The partner's answer is not a CommandResponse (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`
    await updateOcpiCommand(db, id, { message: messageOf(why), updated_at: Date.now() })
    throw new HttpError(502, 'UNAVAILABLE', why)
  }
  await updateOcpiCommand(db, id, {
    response: response.data.result,
    message: firstText(response.data.message),
    updated_at: Date.now(),
  })
  return view(db, id)
}

/** GET /ocpi/partners/{id}/commands: the latest commands with the partner, both ways. */
export async function partnerCommandList(
  db: Db,
  caller: Caller,
  partnerId: number,
): Promise<OcpiPartnerCommandListData> {
  const partner = await partnerOf(db, caller, partnerId)
  const rows = await partnerCommandViews(db, partner.entity_code, partner.id, OCPI_COMMAND_LIST_SIZE)
  return { commands: rows.map(toCommandView) }
}

/** POST /ocpi/emsp/2.2.1/commands/{command}/{uid}: the partner's CommandResult of a command we sent it. */
export async function receiveCommandResult(
  db: Db,
  partner: OcpiPartnerRow,
  command: string,
  uid: string,
  body: unknown,
): Promise<void> {
  const row = await sentCommandByUid(db, partner.id, uid)
  if (row?.command !== command.toUpperCase()) throw ocpiUnknown(`command ${uid.slice(0, 36)}`)
  const result = parseOcpi(ocpiCommandResult, body, '')
  await updateOcpiCommand(db, row.id, {
    result: result.result,
    message: firstText(result.message),
    updated_at: Date.now(),
  })
}
