import { createRPCError } from 'ocpp-rpc'

/** The OCPP-J error codes this central system answers with (ocpp-rpc spells them per version on the wire). */
export type OcppErrorCode =
  | 'NotImplemented'
  | 'PropertyConstraintViolation'
  | 'OccurrenceConstraintViolation'
  | 'GenericError'
  | 'SecurityError'

/**
 * An error a handler throws to answer a call with CALLERROR and this code. ocpp-rpc's typings declare
 * createRPCError's result as a plain record, although it is an RPCError (an Error): the cast says so once, here.
 */
export function ocppError(code: OcppErrorCode, message: string): Error {
  return createRPCError(code, message) as unknown as Error
}
