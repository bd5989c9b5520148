import type { OcpiCommandResult, OcpiCommandView, OcpiDisplayText, OcppCommand } from '@portal/contract'
import type { OcpiCommandViewRow } from './ocpi-commands.repository'

/*
 * Commands between OCPI and OCPP (decision 0113). What a charger answered an OCPP command becomes OCPI's
 * CommandResult: Accepted and Unlocked are ACCEPTED; a refused remote start on a connector in use is EVSE_OCCUPIED,
 * on one out of order EVSE_INOPERATIVE; an OCPP NotSupported/NotImplemented error is NOT_SUPPORTED; no answer in time
 * is TIMEOUT; a charger that is not connected, or any other answer, is FAILED. A message says what the charger said.
 */

/** ocpi_command.message holds at most this much. */
const MESSAGE_MAX = 400

export const displayText = (text: string): OcpiDisplayText[] => [{ language: 'en', text: text.slice(0, 512) }]
export const firstText = (texts: readonly OcpiDisplayText[] | undefined): string | null =>
  texts?.[0]?.text.slice(0, MESSAGE_MAX) ?? null
export const messageOf = (text: string) => text.slice(0, MESSAGE_MAX)

/** Connector statuses (the portal's catalogue) in which a driver's car or a reservation holds the connector. */
const IN_USE = new Set(['CHARGING', 'OCCUPIED', 'SUSPENDEDEV', 'SUSPENDEDEVSE', 'FINISHING', 'RESERVED'])
const OUT_OF_ORDER = new Set(['FAULTED', 'UNAVAILABLE'])

const result = (type: OcpiCommandResult['result'], text?: string): OcpiCommandResult => ({
  result: type,
  ...(text === undefined ? {} : { message: displayText(text) }),
})

/**
 * The CommandResult of an OCPP command's outcome. `startedOn` is the status of the connector a remote start was for
 * (read once the charger answered): it tells a charger's plain Rejected apart.
 */
export function commandResultOf(ocpp: OcppCommand, startedOn: string | null = null): OcpiCommandResult {
  switch (ocpp.state) {
    case 'answered':
      break
    case 'rejected':
      return ocpp.status === 'NotSupported' || ocpp.status === 'NotImplemented'
        ? result('NOT_SUPPORTED', 'The charger does not support this command')
        : result('FAILED', `The charger answered with the OCPP error ${ocpp.status ?? 'it gave no code for'}`)
    case 'timeout':
    case 'pending':
      return result('TIMEOUT', ocpp.answer ?? 'The charger did not answer in time')
    case 'offline':
      return result('FAILED', 'The charger is not connected')
  }
  const answered = `The charger answered ${ocpp.status ?? 'without a status'}`
  switch (ocpp.status) {
    case 'Accepted':
    case 'Unlocked':
      return result('ACCEPTED')
    case 'Rejected':
      if (startedOn !== null && IN_USE.has(startedOn)) return result('EVSE_OCCUPIED', answered)
      if (startedOn !== null && OUT_OF_ORDER.has(startedOn)) return result('EVSE_INOPERATIVE', answered)
      return result('REJECTED', answered)
    case 'OngoingAuthorizedTransaction':
      return result('EVSE_OCCUPIED', answered)
    case 'UnknownConnector':
      return result('REJECTED', answered)
    case 'NotSupported':
      return result('NOT_SUPPORTED', answered)
    default:
      return result('FAILED', answered)
  }
}

export function toCommandView(row: OcpiCommandViewRow): OcpiCommandView {
  return {
    id: row.id,
    uid: row.uid,
    command: row.command as OcpiCommandView['command'],
    direction: row.direction === 'in' ? 'in' : 'out',
    request: row.request,
    response: row.response as OcpiCommandView['response'],
    result: row.result as OcpiCommandView['result'],
    message: row.message,
    token_uid: row.token_uid,
    authorization_reference: row.authorization_reference,
    session_uid: row.session_uid,
    requested_by: row.requested_by,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}
