import type { OcpiAnyEnvelope, OcpiModule } from '@portal/contract'
import { OCPI_HEADERS, ocpiAnyEnvelope, ocpiAuthorization } from '@portal/contract'
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import https from 'node:https'
import { isIP } from 'node:net'
import type { Db } from '../../db/database'
import type { AddressRule } from '../webhooks/webhook-address'
import { refusalOf } from '../webhooks/webhook-address'
import type { Resolve } from '../webhooks/webhook-send'
import { AddressRefused, guardedLookup, systemResolve } from '../webhooks/webhook-send'
import { logMessage } from './ocpi-message-log'

/*
 * Our requests to a partner (decision 0113). A partner's URLs come from the partner (its versions and endpoints), so
 * they are hostile like any input: in production the webhooks' address rule is applied where the connection is made
 * (no loopback, private, link-local… address, DNS rebinding included). Every request and its answer go to the
 * partner's message log; an answer that is not OCPI's envelope is a failure that names what came back.
 */

export interface OcpiClientSettings {
  /** Outside production, loopback is allowed (peering tests, a partner on the same machine in development). */
  production: boolean
  resolve?: Resolve
  timeoutMs?: number
}

export const OCPI_CLIENT_TIMEOUT_MS = 10_000
/** The largest answer read: a page of 500 locations with their EVSEs fits many times over. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024

export interface OcpiRequest {
  partnerId: number
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  token: string
  module: OcpiModule | null
  body?: unknown
  /** Hub routing headers (OCPI-from/to-…). */
  headers?: Record<string, string>
}

export interface OcpiAnswer {
  httpStatus: number
  envelope: OcpiAnyEnvelope
  headers: http.IncomingHttpHeaders
}

/** A request that got no usable OCPI answer: its message says what happened, for the operator. */
export class OcpiCallFailed extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null = null,
    /** The partner's OCPI status code, when it answered with an envelope (2004: unknown token). */
    readonly ocpiStatus: number | null = null,
  ) {
    super(message)
    this.name = 'OcpiCallFailed'
  }
}

interface RawAnswer {
  status: number
  headers: http.IncomingHttpHeaders
  text: string
}

/**
 * Connections are kept alive per client (one per app) and origin: a push storm sends thousands of small PATCHes to
 * the same partner, and a new TCP (and TLS) connection for each would cost more than the request. A connection is
 * checked against the address rule when it connects (below); a kept one was checked then.
 */
const agents = new WeakMap<OcpiClientSettings, Map<string, http.Agent>>()
function agentOf(settings: OcpiClientSettings, url: URL): http.Agent {
  let byOrigin = agents.get(settings)
  if (!byOrigin) {
    byOrigin = new Map()
    agents.set(settings, byOrigin)
  }
  let agent = byOrigin.get(url.origin)
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 16, maxFreeSockets: 8, timeout: 30_000 }
    agent = url.protocol === 'https:' ? new https.Agent(options) : new http.Agent(options)
    byOrigin.set(url.origin, agent)
  }
  return agent
}

/** Closes the client's kept connections (the app is closing). */
export function closeOcpiClient(settings: OcpiClientSettings): void {
  for (const agent of agents.get(settings)?.values() ?? []) agent.destroy()
  agents.delete(settings)
}

/** Connections whose remote address passed the address rule. */
const checked = new WeakSet<object>()

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  payload: Buffer | null,
  rule: AddressRule,
  settings: OcpiClientSettings,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? https.request : http.request)(url, {
      method,
      agent: agentOf(settings, url),
      lookup: guardedLookup(rule, settings.resolve ?? systemResolve),
      headers: payload === null ? headers : { ...headers, 'Content-Length': String(payload.length) },
      timeout: settings.timeoutMs ?? OCPI_CLIENT_TIMEOUT_MS,
    })
    request.on('socket', (socket) => {
      // Each connection is checked once, where it connected (a kept-alive one was checked before).
      if (checked.has(socket)) return
      const check = () => {
        checked.add(socket)
        const remote = socket.remoteAddress
        const why = remote === undefined ? 'no remote address' : refusalOf(remote, rule)
        if (why !== null) request.destroy(new AddressRefused(why))
      }
      if (socket.connecting) socket.once('connect', check)
      else check()
    })
    request.on('timeout', () => request.destroy(new Error('timed out')))
    request.on('error', reject)
    request.on('response', (response) => {
      const chunks: Buffer[] = []
      let size = 0
      response.on('data', (chunk: Buffer) => {
        size += chunk.length
        if (size > MAX_ANSWER_BYTES) request.destroy(new Error('answer too large'))
        else chunks.push(chunk)
      })
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        }),
      )
      response.on('error', reject)
    })
    request.end(payload ?? undefined)
  })
}

const errorText = (err: unknown) =>
  err instanceof AddressRefused
    ? `Refused: ${err.message.replace('which webhooks may not reach', 'which the server may not call')}`
    : err instanceof Error
      ? ((err as NodeJS.ErrnoException).code ?? err.message)
      : String(err)

/** One OCPI request to a partner, logged; the envelope, or OcpiCallFailed. */
export async function ocpiCall(
  db: Db,
  settings: OcpiClientSettings,
  request: OcpiRequest,
): Promise<OcpiAnswer> {
  const url = new URL(request.url)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OcpiCallFailed(`${request.url} is not an http(s) URL`)
  if (settings.production && url.protocol !== 'https:')
    throw new OcpiCallFailed(`${request.url}: OCPI partners are called over https in production`)
  const rule: AddressRule = { allowLoopback: !settings.production }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const requestId = randomUUID()
  const payload = request.body === undefined ? null : Buffer.from(JSON.stringify(request.body), 'utf8')
  const headers: Record<string, string> = {
    Authorization: ocpiAuthorization(request.token),
    Accept: 'application/json',
    [OCPI_HEADERS.requestId]: requestId,
    [OCPI_HEADERS.correlationId]: requestId,
    ...(payload === null ? {} : { 'Content-Type': 'application/json' }),
    ...request.headers,
  }
  const started = performance.now()
  const log = (entry: {
    status: number | null
    ocpi: number | null
    response: string | null
    error: string | null
  }) =>
    logMessage(db, {
      partner_id: request.partnerId,
      direction: 'out',
      method: request.method,
      url: request.url,
      module: request.module,
      http_status: entry.status,
      ocpi_status: entry.ocpi,
      request_id: requestId,
      correlation_id: requestId,
      request_body: payload === null ? null : payload.toString('utf8'),
      response_body: entry.response,
      latency_ms: Math.round(performance.now() - started),
      error: entry.error,
      at: Date.now(),
    })

  let raw: RawAnswer
  try {
    const why = isIP(host) !== 0 ? refusalOf(host, rule) : null
    if (why !== null) throw new AddressRefused(why)
    raw = await send(url, request.method, headers, payload, rule, settings)
  } catch (err) {
    const error = errorText(err)
    await log({ status: null, ocpi: null, response: null, error })
    throw new OcpiCallFailed(`${request.method} ${request.url}: ${error}`)
  }
  let parsed: OcpiAnyEnvelope | null = null
  try {
    const result = ocpiAnyEnvelope.safeParse(JSON.parse(raw.text))
    if (result.success) parsed = result.data
  } catch {
    parsed = null
  }
  await log({
    status: raw.status,
    ocpi: parsed?.status_code ?? null,
    response: raw.text,
    error: parsed === null ? 'The answer is not an OCPI envelope' : null,
  })
  if (parsed === null)
    throw new OcpiCallFailed(
      `${request.method} ${request.url} answered HTTP ${String(raw.status)} without an OCPI envelope`,
      raw.status,
    )
  if (raw.status < 200 || raw.status >= 300 || parsed.status_code >= 2000)
    throw new OcpiCallFailed(
      `${request.method} ${request.url} answered HTTP ${String(raw.status)}, OCPI ${String(parsed.status_code)}${
        parsed.status_message === undefined ? '' : `: ${parsed.status_message}`
      }`,
      raw.status,
      parsed.status_code,
    )
  return { httpStatus: raw.status, envelope: parsed, headers: raw.headers }
}
