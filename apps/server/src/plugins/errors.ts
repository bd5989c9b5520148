import type { ErrorBody, ErrorCode, ErrorIssue, MessageCode } from '@portal/contract'
import { issueMessage } from '@portal/contract'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { HttpError } from '../lib/errors'
import { isDatabaseUnavailable } from '../db/database-errors'

/** What a 503 for an unreachable database asks the client to wait, in seconds. */
const DATABASE_RETRY_AFTER_S = 5

const CODE_BY_STATUS: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'BAD_REQUEST',
  429: 'TOO_MANY_REQUESTS',
  503: 'UNAVAILABLE',
}

const CONTEXT_NAMES: Record<string, string> = {
  querystring: 'query',
  body: 'body',
  params: 'params',
  headers: 'headers',
}

interface ValidationIssue {
  instancePath: string
  message?: string
  keyword: string
  params: Record<string, unknown>
}

/**
 * Turns zod issues into `body.limit: message` lines, so a 400 always names the offending field; each carries the
 * catalogue's code and parameters beside zod's English message, for the portal to translate (docs/decisions/0050).
 */
function describeValidation(context: string, issues: readonly ValidationIssue[]): ErrorIssue[] {
  const root = CONTEXT_NAMES[context] ?? context
  return issues.map((issue) => {
    const keys =
      issue.keyword === 'unrecognized_keys' ? (issue.params.keys as string[] | undefined) : undefined
    const parts = issue.instancePath.split('/').filter((p) => p !== '')
    const path = [root, ...parts].join('.')
    const coded = issueMessage({ ...issue.params, code: issue.keyword, message: issue.message })
    const codes = coded === null ? {} : { message_code: coded.message_code, params: { ...coded.params } }
    if (keys?.length) {
      return {
        path: `${path}.${keys.join(',')}`,
        message: `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`,
        ...codes,
      }
    }
    return { path, message: issue.message ?? 'Invalid value', ...codes }
  })
}

/** Fastify's own client errors that have a message of the catalogue. */
function fastifyClientError(err: FastifyError): { message: string; message_code?: MessageCode } {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError)
    return { message: 'body: the request body is not valid JSON', message_code: 'invalid_json' }
  if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
    return { message: 'body: a JSON body is required', message_code: 'body_required' }
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return { message: err.message, message_code: 'payload_too_large' }
  return { message: err.message }
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body)
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issues = describeValidation(err.validationContext ?? 'body', err.validation)
      const message = issues.map((i) => `${i.path}: ${i.message}`).join('; ')
      return send(reply, 400, { error: { code: 'BAD_REQUEST', message, issues } })
    }
    if (err instanceof HttpError) {
      void reply.headers(err.headers)
      const coded =
        err.messageCode === undefined ? {} : { message_code: err.messageCode, params: { ...err.params } }
      const body =
        err.issues.length > 0
          ? { code: err.code, message: err.message, ...coded, issues: err.issues }
          : { code: err.code, message: err.message, ...coded }
      return send(reply, err.statusCode, { error: body })
    }
    const status = err.statusCode ?? 500
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, rate limits.
      const { message, message_code } = fastifyClientError(err)
      const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST'
      return send(reply, status, {
        error: message_code === undefined ? { code, message } : { code, message, message_code, params: {} },
      })
    }
    if (isDatabaseUnavailable(err)) {
      // The database is restarting or out of reach: the request may succeed in a moment, on this instance or
      // another. Nothing was written (a transaction that lost its connection is rolled back by the database).
      request.log.warn({ err }, 'request failed: database unavailable')
      void reply.header('retry-after', String(DATABASE_RETRY_AFTER_S))
      return send(reply, 503, {
        error: {
          code: 'UNAVAILABLE',
          message: 'The service is briefly unavailable; try again in a moment',
          message_code: 'database_unavailable',
          params: {},
        },
      })
    }
    request.log.error({ err }, 'request failed')
    return send(reply, 500, {
      error: {
        code: 'INTERNAL',
        message: 'Something went wrong on our side; it has been logged',
        message_code: 'internal',
        params: {},
      },
    })
  })
}
