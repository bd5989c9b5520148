import type { ErrorCode, ErrorIssue, MessageCode, MessageParams } from '@portal/contract'

/** An error with the HTTP status and the envelope code it should produce; everything else becomes a 500. */
export class HttpError extends Error {
  /** Set when the message is one of the catalogue's (docs/decisions/0050), so the portal can translate it. */
  messageCode: MessageCode | undefined = undefined
  params: MessageParams = {}

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly issues: ErrorIssue[] = [],
  ) {
    super(message)
  }

  /** Names what the message says, for a client to say it in its own language (`throw tooMany.withMessage(…)`). */
  withMessage(code: MessageCode, params: MessageParams = {}): this {
    this.messageCode = code
    this.params = params
    return this
  }
}

/**
 * A 400 about one field, in the same shape as a schema validation failure (`body.password: …`). With a code, the
 * message is one of the catalogue's (a value already taken, an unknown reference) and the portal translates it.
 */
export const fieldError = (path: string, message: string, code?: MessageCode, params: MessageParams = {}) =>
  new HttpError(400, 'BAD_REQUEST', `${path}: ${message}`, {}, [
    code === undefined ? { path, message } : { path, message, message_code: code, params },
  ])

export const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message)

const SIGN_IN = 'Sign in to continue'
export const unauthorized = (message = SIGN_IN) => {
  const error = new HttpError(401, 'UNAUTHORIZED', message)
  return message === SIGN_IN ? error.withMessage('unauthorized') : error
}

const NO_ACCESS = 'You do not have access to this'
export const forbidden = (message = NO_ACCESS) => {
  const error = new HttpError(403, 'FORBIDDEN', message)
  return message === NO_ACCESS ? error.withMessage('forbidden') : error
}

export const notFound = (what: string) =>
  new HttpError(404, 'NOT_FOUND', `${what} not found`).withMessage('not_found', { what })
