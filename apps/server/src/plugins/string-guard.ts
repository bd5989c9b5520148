import type { FastifyInstance } from 'fastify'
import { fieldError } from '../lib/errors'

/**
 * PostgreSQL cannot store U+0000 in text, and an unpaired UTF-16 surrogate is not valid UTF-8: either would fail
 * the INSERT as a 500 (or be stored on SQLite but not on PostgreSQL). Every string of every body, query string and
 * path parameter — keys included — is checked before validation, so the client gets a 400 naming the field
 * (docs/decisions/0092-security-findings.md).
 */
export const UNSTORABLE_MESSAGE = 'contains a character that cannot be stored'

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding U+0000 is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isUnstorable(value: string): boolean {
  return UNSTORABLE.test(value)
}

/** The path (`body.items.3.name`, the validation errors' format) of the first unstorable string, or null. */
export function findUnstorable(value: unknown, path: string): string | null {
  const found = unstorableSteps(value, 0)
  return found === null ? null : [path, ...found].join('.')
}

/**
 * The steps down to the first unstorable string, built only on the way back from a hit: this runs on every request,
 * and a clean body (the usual case) then costs no string building at all.
 */
function unstorableSteps(value: unknown, depth: number): (string | number)[] | null {
  if (typeof value === 'string') return isUnstorable(value) ? [] : null
  // Bodies are at most 1 MB; the depth bound only guards the stack against a pathological nesting.
  if (value === null || typeof value !== 'object' || depth > 64) return null
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = unstorableSteps(value[i], depth + 1)
      if (found !== null) return [i, ...found]
    }
    return null
  }
  // Multipart files and buffers are bytes, not text.
  if (Buffer.isBuffer(value)) return null
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (isUnstorable(key)) return [key.replace(UNSTORABLE_GLOBAL, '?')]
    const found = unstorableSteps(child, depth + 1)
    if (found !== null) return [key, ...found]
  }
  return null
}

// The key itself is not echoed with its bad character (it could not be shown or logged safely).
const UNSTORABLE_GLOBAL = new RegExp(UNSTORABLE.source, 'g')

export function registerStringGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const found =
      findUnstorable(request.params, 'params') ??
      findUnstorable(request.query, 'query') ??
      findUnstorable(request.body, 'body')
    if (found !== null) return done(fieldError(found, UNSTORABLE_MESSAGE, 'unstorable_character'))
    done()
  })
}
