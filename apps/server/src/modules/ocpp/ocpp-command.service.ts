import { randomInt } from 'node:crypto'
import type { OcppCommand, OcppCommandBody, OcppProtocol } from '@portal/contract'
import { isOcppProtocol } from '@portal/contract'
import type { Db } from '../../db/database'
import { badRequest, HttpError, notFound } from '../../lib/errors'
import type { Caller } from '../../lib/request-meta'
import { recordAudit } from '../iam/audit/audit.repository'
import { auditChange } from '../iam/audit/audit.service'
import { planCommand } from './ocpp-command-plan'
import type { OcppCommandRouter } from './ocpp-command-router'
import {
  findCommand,
  findRunningSession,
  insertCommand,
  recentCommands,
  userName,
} from './ocpp-command.repository'
import { findOwnCharger, numberedConnectors } from './ocpp.repository'
import type { OcppCommandRow } from './ocpp.table'

/** The commands listed on the charger page. */
const HISTORY = 20

function toCommand(row: OcppCommandRow & { session_uid: string | null }): OcppCommand {
  return {
    id: row.id,
    command: row.command as OcppCommand['command'],
    action: row.action,
    request: row.request,
    state: row.state as OcppCommand['state'],
    status: row.status,
    answer: row.answer,
    requested_by: row.requested_by,
    requested_at: row.requested_at,
    answered_at: row.answered_at,
    session_uid: row.session_uid,
    report: row.report === null ? null : reportLines(row.report),
  }
}

function reportLines(report: string): string[] {
  try {
    const lines: unknown = JSON.parse(report)
    return Array.isArray(lines) ? lines.filter((l): l is string => typeof l === 'string') : []
  } catch {
    return []
  }
}

/**
 * Who asks for a command: an operator (audited as the user) or a roaming partner eMSP through OCPI (issue 17; audited
 * by the partner's name, there being no user behind it).
 */
export interface CommandRequester {
  entityCode: string
  /** As the charger's command history shows it. */
  requestedBy: string
  /** The operator; null for a partner. */
  caller: Caller | null
}

/**
 * An operator's command to a charger (issue 14): translated to the charger's OCPP version, recorded and audited
 * before it is sent, then sent to wherever the charger is connected. The answer is the charger's; a charger that is
 * not connected is a 409 and one that does not answer in time a 504, both with the command recorded as such.
 */
export async function sendOcppCommand(
  db: Db,
  router: OcppCommandRouter,
  caller: Caller,
  uid: string,
  body: OcppCommandBody,
  connectedVersion: (identity: string) => OcppProtocol | undefined,
): Promise<OcppCommand> {
  const requester = {
    entityCode: caller.auth.entityCode,
    requestedBy: await userName(db, caller.auth.userId),
    caller,
  }
  const command = await sendOcppCommandAs(db, router, requester, uid, body, connectedVersion)
  if (command.state === 'offline')
    throw new HttpError(409, 'CONFLICT', command.answer ?? 'The charger is not connected')
  if (command.state === 'timeout' || command.state === 'pending')
    throw new HttpError(504, 'UNAVAILABLE', command.answer ?? 'The charger did not answer in time')
  return command
}

/**
 * The command sent for whoever asks, answered with what became of it: answered, rejected (an OCPP error), offline or
 * timed out are the command's state, for the caller to tell its own way. A charger that is not the entity's, has no
 * OCPP identity or never connected, or a command it cannot take (a connector it does not have) is an HttpError.
 */
export async function sendOcppCommandAs(
  db: Db,
  router: OcppCommandRouter,
  requester: CommandRequester,
  uid: string,
  body: OcppCommandBody,
  connectedVersion: (identity: string) => OcppProtocol | undefined,
): Promise<OcppCommand> {
  const charger = await findOwnCharger(db, requester.entityCode, uid)
  if (!charger) throw notFound('EV device')
  if (charger.ocpp_identity === null)
    throw badRequest('This charger has no OCPP identity: it cannot be sent commands')
  const identity = charger.ocpp_identity
  // The version of the connection held here, else the one the charger last spoke (every instance writes it).
  const version =
    connectedVersion(identity) ?? (isOcppProtocol(charger.ocpp_version) ? charger.ocpp_version : undefined)
  if (version === undefined)
    throw new HttpError(
      409,
      'CONFLICT',
      'The charger has never connected: there is nothing to send the command to',
    )
  const connectors = await numberedConnectors(db, charger.id)
  const stop =
    body.command === 'RemoteStop' ? await findRunningSession(db, charger.id, body.session_uid) : undefined
  // A positive 31-bit number (OCPP integers are signed 32-bit), unique enough per charger to find its command again.
  const correlationId = randomInt(1, 2_147_483_647)
  const plan = planCommand(version, body, connectors, stop, correlationId)
  const now = Date.now()
  const request = JSON.stringify(plan.params)
  const id = await db.transaction().execute(async (trx) => {
    const commandId = await insertCommand(trx, {
      entity_code: requester.entityCode,
      charge_point_id: charger.id,
      command: body.command,
      action: plan.action,
      request,
      requested_by: requester.requestedBy,
      requested_at: now,
      correlation_id: correlationId,
    })
    const after = {
      ocpp_identity: identity,
      command: body.command,
      action: plan.action,
      request: plan.params,
    }
    if (requester.caller)
      await auditChange(trx, requester.caller, 'ocpp_command', 'ev_charge_point', uid, null, after)
    else
      await recordAudit(trx, {
        actorUserId: null,
        entityCode: requester.entityCode,
        action: 'ocpp_command',
        objectType: 'ev_charge_point',
        objectId: uid,
        ip: null,
        before: null,
        after: { ...after, requested_by: requester.requestedBy },
      })
    return commandId
  })
  await router.dispatch(id, identity)
  const row = await findCommand(db, id)
  if (!row) throw new Error('The command just recorded was not found')
  return toCommand(row)
}

export async function listOcppCommands(db: Db, caller: Caller, uid: string): Promise<OcppCommand[]> {
  const charger = await findOwnCharger(db, caller.auth.entityCode, uid)
  if (!charger) throw notFound('EV device')
  return (await recentCommands(db, charger.id, HISTORY)).map(toCommand)
}
