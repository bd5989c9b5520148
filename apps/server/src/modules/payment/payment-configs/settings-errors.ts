import type { FieldIssue } from '@portal/contract'
import { HttpError } from '../../../lib/errors'

/**
 * A 400 naming every offending field of a body at once (`body.config.api_key: Required by Stripe`), in the shape of
 * a schema validation failure, so the portal can show each message beside its field.
 */
export function bodyIssues(issues: readonly FieldIssue[]): HttpError {
  const named = issues.map((i) => ({ path: `body.${i.path}`, message: i.message }))
  return new HttpError(400, 'BAD_REQUEST', named.map((i) => `${i.path}: ${i.message}`).join('; '), {}, named)
}

/**
 * Whether a database error is a unique-constraint violation (SQLite and PostgreSQL), i.e. a concurrent write won
 * the race a uniqueness check had already looked at.
 */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false
  return err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE'
}
