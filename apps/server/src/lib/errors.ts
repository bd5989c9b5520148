import type { ErrorCode } from '@portal/contract'

/** An error with the HTTP status and the envelope code it should produce; everything else becomes a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message)
  }
}

/** A 400 about one field, in the same shape as a schema validation failure (`body.password: …`). */
export const fieldError = (path: string, message: string) =>
  new HttpError(400, 'BAD_REQUEST', `${path}: ${message}`, {}, [{ path, message }])

export const badRequest = (message: string) => new HttpError(400, 'BAD_REQUEST', message)
export const unauthorized = (message = 'Sign in to continue') => new HttpError(401, 'UNAUTHORIZED', message)
export const forbidden = (message = 'You do not have access to this') =>
  new HttpError(403, 'FORBIDDEN', message)
export const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `${what} not found`)
