/** What the parent tells the real API server child: which database to serve. */
export interface ApiServerOptions {
  url: string
  /** PostgreSQL schema of the benchmark data (search_path), absent for SQLite. */
  schema?: string
  /** Access tokens outlive the run, so no refresh is needed mid-measurement. */
  accessTokenTtlS: number
  /**
   * Replace the app's list-count cache by one with this TTL (0: every request counts, as the first request of a
   * new filter does). Absent: the app as it ships.
   */
  countCacheTtlMs?: number
  /**
   * Log every request at info, as the server ships (LOG_LEVEL defaults to info), into /dev/null. Absent: no logs, so the
   * figures show the framework's own floor.
   */
  logRequests?: boolean
  /** Live streams one user may hold (the live bench opens thousands as one user). */
  liveMaxPerUser?: number
}

/** Messages from a child server to the parent. */
export type ChildMessage = { type: 'ready'; port: number } | { type: 'error'; message: string }

/** Messages from the parent to the bare HTTP child: the fixed bodies it answers, by request path. */
export type BareServerMessage = { type: 'bodies'; bodies: Record<string, string> }

export function isChildMessage(value: unknown): value is ChildMessage {
  return typeof value === 'object' && value !== null && 'type' in value
}
