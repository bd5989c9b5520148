/**
 * Errors that mean "the database cannot be reached right now", not "this request is wrong": the server answers them
 * with 503 and Retry-After (plugins/errors.ts), and a load balancer's readiness check (`/readyz`) sees the same.
 */

/** Socket-level failures: nothing listening, the connection reset or cut, a name that does not resolve. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EPIPE',
])

/**
 * PostgreSQL SQLSTATEs: class 08 (connection exception), the server shutting down or starting (57P01–57P03), too
 * many connections (53300), a statement cancelled by `DB_STATEMENT_TIMEOUT_MS` (57014: the database is too slow to
 * answer now). SQLite's "database is locked" after its busy timeout is the same kind of wait.
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', 'SQLITE_BUSY'])

/** node-postgres's own messages for a pool that could not connect in time, or a connection that went away. */
const PG_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /Connection terminated/,
]

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false
  const code = (err as { code?: unknown }).code
  if (
    typeof code === 'string' &&
    (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08'))
  )
    return true
  if (PG_MESSAGES.some((pattern) => pattern.test(err.message))) return true
  // AggregateError (a host name with several addresses, all refused): unavailable when every attempt was.
  if (err instanceof AggregateError) return err.errors.length > 0 && err.errors.every(isDatabaseUnavailable)
  return false
}
