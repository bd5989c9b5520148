import { randomUUID } from 'node:crypto'

/** The header that carries a request's id in and out (the portal logs it beside a failed call). */
export const REQUEST_ID_HEADER = 'x-request-id'

/** What a proxy may hand us as an id: a short plain token, nothing that could break a log line. */
const SAFE_ID = /^[A-Za-z0-9._:-]{8,64}$/

/** The id of a request: the proxy's, when it sent a safe one, else a new UUID. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_ID.test(incoming) ? incoming : randomUUID()
}
