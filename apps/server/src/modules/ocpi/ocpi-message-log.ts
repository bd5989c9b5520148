import type { Db } from '../../db/database'
import { insertMessage } from './ocpi.repository'
import type { NewOcpiMessageRow } from './ocpi.table'

/** Bodies are kept for reading, up to 64 KB each. */
const BODY_MAX = 64 * 1024

/**
 * Tokens never reach the log: a credentials object's `token` (and any `Authorization` echoed in a body) is masked
 * to its last four characters.
 */
export function maskTokens(body: string): string {
  return body.replace(
    /("token"\s*:\s*")([^"]*)(")/g,
    (_m, open: string, token: string, close: string) =>
      `${open}${token.length > 4 ? `…${token.slice(-4)}` : '…'}${close}`,
  )
}

const kept = (body: string | null | undefined) =>
  body === null || body === undefined || body === ''
    ? null
    : maskTokens(body.length > BODY_MAX ? body.slice(0, BODY_MAX) : body).replace(/\0/g, '\uFFFD')

/** Writes one request in or out to its partner's log; a failure to log never fails the request. */
export async function logMessage(db: Db, row: NewOcpiMessageRow): Promise<void> {
  try {
    await insertMessage(db, {
      ...row,
      url: row.url.slice(0, 1000),
      request_body: kept(row.request_body),
      response_body: kept(row.response_body),
      error: row.error?.slice(0, 500) ?? null,
      request_id: row.request_id?.slice(0, 64) ?? null,
      correlation_id: row.correlation_id?.slice(0, 64) ?? null,
    })
  } catch {
    // The partner may have been deleted meanwhile (its log with it): nothing to keep.
  }
}
