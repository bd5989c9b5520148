import { z } from 'zod'
import { ocpiToken } from './ocpi-tokens'
import { ocpiCiString, ocpiDateTime, ocpiDisplayText, ocpiInt, ocpiOptional, ocpiUrl } from './ocpi-types'

/*
 * OCPI 2.2.1 Commands module (mod_commands.asciidoc, "Object description" and "Data types"): the request bodies
 * (CancelReservation, ReserveNow, StartSession, StopSession, UnlockConnector), CommandResponse, CommandResult and
 * CommandType, CommandResponseType and CommandResultType.
 */

/** CommandType: the `{command}` URL segment. */
export const OCPI_COMMAND_TYPES = [
  'CANCEL_RESERVATION',
  'RESERVE_NOW',
  'START_SESSION',
  'STOP_SESSION',
  'UNLOCK_CONNECTOR',
] as const
export const ocpiCommandType = z.enum(OCPI_COMMAND_TYPES)
export type OcpiCommandType = z.infer<typeof ocpiCommandType>

/** CommandResponseType: the CPO's synchronous answer. */
export const OCPI_COMMAND_RESPONSE_TYPES = [
  'NOT_SUPPORTED',
  'REJECTED',
  'ACCEPTED',
  'UNKNOWN_SESSION',
] as const
export const ocpiCommandResponseType = z.enum(OCPI_COMMAND_RESPONSE_TYPES)
export type OcpiCommandResponseType = z.infer<typeof ocpiCommandResponseType>

/** CommandResultType: what the Charge Point did, posted later to response_url. */
export const OCPI_COMMAND_RESULT_TYPES = [
  'ACCEPTED',
  'CANCELED_RESERVATION',
  'EVSE_OCCUPIED',
  'EVSE_INOPERATIVE',
  'FAILED',
  'NOT_SUPPORTED',
  'REJECTED',
  'TIMEOUT',
  'UNKNOWN_RESERVATION',
] as const
export const ocpiCommandResultType = z.enum(OCPI_COMMAND_RESULT_TYPES)
export type OcpiCommandResultType = z.infer<typeof ocpiCommandResultType>

/** CancelReservation. */
export const ocpiCancelReservation = z.object({
  response_url: ocpiUrl,
  reservation_id: ocpiCiString(36),
})
export type OcpiCancelReservation = z.infer<typeof ocpiCancelReservation>

/** ReserveNow: expiry_date is when the reservation ends (UTC). */
export const ocpiReserveNow = z.object({
  response_url: ocpiUrl,
  token: ocpiToken,
  expiry_date: ocpiDateTime,
  reservation_id: ocpiCiString(36),
  location_id: ocpiCiString(36),
  evse_uid: ocpiOptional(ocpiCiString(36)),
  authorization_reference: ocpiOptional(ocpiCiString(36)),
})
export type OcpiReserveNow = z.infer<typeof ocpiReserveNow>

/** StartSession. The spec's "evse_uid … Required when connector_id is set" is checked. */
export const ocpiStartSession = z
  .object({
    response_url: ocpiUrl,
    token: ocpiToken,
    location_id: ocpiCiString(36),
    evse_uid: ocpiOptional(ocpiCiString(36)),
    connector_id: ocpiOptional(ocpiCiString(36)),
    authorization_reference: ocpiOptional(ocpiCiString(36)),
  })
  .superRefine((command, ctx) => {
    if (command.connector_id !== undefined && command.evse_uid === undefined)
      ctx.addIssue({
        code: 'custom',
        message: 'evse_uid is required when connector_id is set',
        path: ['evse_uid'],
      })
  })
export type OcpiStartSession = z.infer<typeof ocpiStartSession>

/** StopSession. */
export const ocpiStopSession = z.object({
  response_url: ocpiUrl,
  session_id: ocpiCiString(36),
})
export type OcpiStopSession = z.infer<typeof ocpiStopSession>

/** UnlockConnector (help-desk use only, never sent on a driver's behalf). */
export const ocpiUnlockConnector = z.object({
  response_url: ocpiUrl,
  location_id: ocpiCiString(36),
  evse_uid: ocpiCiString(36),
  connector_id: ocpiCiString(36),
})
export type OcpiUnlockConnector = z.infer<typeof ocpiUnlockConnector>

/** CommandResponse: the HTTP response body to a command; timeout in seconds. */
export const ocpiCommandResponse = z.object({
  result: ocpiCommandResponseType,
  timeout: ocpiInt,
  message: ocpiOptional(z.array(ocpiDisplayText)),
})
export type OcpiCommandResponse = z.infer<typeof ocpiCommandResponse>

/** CommandResult: posted to the command's response_url once the Charge Point answered. */
export const ocpiCommandResult = z.object({
  result: ocpiCommandResultType,
  message: ocpiOptional(z.array(ocpiDisplayText)),
})
export type OcpiCommandResult = z.infer<typeof ocpiCommandResult>

/** The request body schema of each command, by the `{command}` URL segment. */
export const OCPI_COMMAND_SCHEMAS = {
  CANCEL_RESERVATION: ocpiCancelReservation,
  RESERVE_NOW: ocpiReserveNow,
  START_SESSION: ocpiStartSession,
  STOP_SESSION: ocpiStopSession,
  UNLOCK_CONNECTOR: ocpiUnlockConnector,
} as const satisfies Record<OcpiCommandType, z.ZodType>
