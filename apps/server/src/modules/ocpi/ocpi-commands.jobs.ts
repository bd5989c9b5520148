import type { OcpiCommandResult, OcppCommandBody } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/database'
import { PermanentJobError } from '../../jobs/job-queue'
import { HttpError } from '../../lib/errors'
import { sendOcppCommandAs } from '../ocpp/ocpp-command.service'
import { OcpiCallFailed, ocpiCall } from './ocpi-client'
import { commandResultOf, displayText, firstText } from './ocpi-commands.mapping'
import { connectorStatus, ocpiCommandById, updateOcpiCommand } from './ocpi-commands.repository'
import type { OcpiSettings } from './ocpi-handshake.service'
import { partnerById } from './ocpi.repository'

/*
 * A partner's command carried out (decision 0113), in two jobs so the partner's answer never waits on the charger:
 * - `ocpi.command.run` sends the OCPP command to the charger (wherever it is connected) and keeps what it answered as
 *   the command's CommandResult. It runs once: a retry could start a second session on the charger.
 * - `ocpi.command.result` posts that CommandResult to the partner's response_url (its URL, so only through ocpiCall:
 *   the address rule and the partner's log apply), retried like a push: a partner that is down gets it later.
 */

export const OCPI_COMMAND_RUN = 'ocpi.command.run'
export const OCPI_COMMAND_RESULT = 'ocpi.command.result'

export interface RunCommandPayload {
  command_id: number
  charger_uid: string
  ocpp: OcppCommandBody
  /** ev_connector.id a remote start is for: its status tells a plain Rejected apart. */
  connector_ref: number | null
}
export interface CommandResultPayload {
  command_id: number
}

const resultKey = (commandId: number) => `${OCPI_COMMAND_RESULT}:${String(commandId)}`

/** Answers that retrying cannot change (the partner refuses the result itself). */
const refusedForGood = (status: number | null) =>
  status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429

async function settle(
  app: FastifyInstance,
  db: Db,
  commandId: number,
  outcome: OcpiCommandResult,
  ocppCommandId: number | null = null,
) {
  await updateOcpiCommand(db, commandId, {
    result: outcome.result,
    message: firstText(outcome.message),
    ...(ocppCommandId === null ? {} : { ocpp_command_id: ocppCommandId }),
    updated_at: Date.now(),
  })
  await app.jobs.enqueue<CommandResultPayload>(
    OCPI_COMMAND_RESULT,
    { command_id: commandId },
    { db, uniqueKey: resultKey(commandId) },
  )
}

async function runCommand(app: FastifyInstance, payload: RunCommandPayload): Promise<void> {
  const row = await ocpiCommandById(app.db, payload.command_id)
  // Carried out already (or forgotten with its entity): once only.
  if (row?.result !== null || row.ocpp_command_id !== null) return
  const requester = {
    entityCode: row.entity_code,
    requestedBy: `${row.requested_by} (OCPI partner)`.slice(0, 200),
    caller: null,
  }
  let outcome: OcpiCommandResult
  let ocppCommandId: number | null = null
  try {
    const ocpp = await sendOcppCommandAs(
      app.db,
      app.ocpp.commands,
      requester,
      payload.charger_uid,
      payload.ocpp,
      (identity) => app.ocpp.version(identity),
    )
    ocppCommandId = ocpp.id
    const startedOn =
      payload.connector_ref === null ? null : await connectorStatus(app.db, payload.connector_ref)
    outcome = commandResultOf(ocpp, startedOn)
  } catch (err) {
    // The charger cannot take it after all (gone, no identity, a connector it no longer has): the partner is told.
    if (!(err instanceof HttpError)) throw err
    outcome = { result: 'FAILED', message: displayText(err.message) }
  }
  await settle(app, app.db, row.id, outcome, ocppCommandId)
}

async function postResult(
  app: FastifyInstance,
  settings: OcpiSettings,
  payload: CommandResultPayload,
): Promise<void> {
  const row = await ocpiCommandById(app.db, payload.command_id)
  if (!row || row.direction !== 'in' || row.result === null || row.response_url === null) return
  const partner = row.partner_id === null ? undefined : await partnerById(app.db, row.partner_id)
  // A partner since suspended or unregistered is not called.
  if (partner?.status !== 'connected' || partner.outgoing_token === null) return
  const result: OcpiCommandResult = {
    result: row.result as OcpiCommandResult['result'],
    ...(row.message === null ? {} : { message: displayText(row.message) }),
  }
  try {
    await ocpiCall(app.db, settings.client, {
      partnerId: partner.id,
      method: 'POST',
      url: row.response_url,
      token: partner.outgoing_token,
      module: 'commands',
      body: result,
    })
  } catch (err) {
    if (err instanceof OcpiCallFailed && refusedForGood(err.httpStatus))
      throw new PermanentJobError(err.message)
    throw err
  }
}

export function registerOcpiCommandJobs(app: FastifyInstance, settings: OcpiSettings): void {
  app.jobs.register<RunCommandPayload>(OCPI_COMMAND_RUN, (payload) => runCommand(app, payload), {
    maxAttempts: 1,
    // Our own failure (the database away): the partner still hears that the command failed.
    onDead: async (payload, _reason, db) => {
      const row = await ocpiCommandById(db, payload.command_id)
      if (row?.result !== null) return
      await settle(app, db, row.id, {
        result: 'FAILED',
        message: displayText('The command could not be carried out'),
      })
    },
  })
  app.jobs.register<CommandResultPayload>(
    OCPI_COMMAND_RESULT,
    (payload) => postResult(app, settings, payload),
    { maxAttempts: 12 },
  )
}
