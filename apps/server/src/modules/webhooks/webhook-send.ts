import { WEBHOOK_EXCERPT_BYTES } from '@portal/contract'
import { lookup as dnsLookup } from 'node:dns/promises'
import type { LookupAddress } from 'node:dns'
import http from 'node:http'
import https from 'node:https'
import type { LookupFunction, Socket } from 'node:net'
import { isIP } from 'node:net'
import type { AddressRule } from './webhook-address'
import { refusalOf } from './webhook-address'

/*
 * One POST to a webhook's URL (decision 0112). The address rule is applied where the connection is made: the
 * request's own `lookup` resolves the host, refuses when any address it gives is one webhooks may not reach, and
 * hands the socket only what it checked, so a name that resolved to a public address when it was registered (or a
 * moment ago) and now resolves to 127.0.0.1 is refused all the same (DNS rebinding). A host written as an IP address
 * is never looked up: it is checked before the request, and every socket's remote address once more on connect.
 * Redirects are not followed (node:http never does): a 3xx is an answer like any other non-2xx.
 */

/** Resolves a host name to every address it has. */
export type Resolve = (hostname: string) => Promise<readonly LookupAddress[]>

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true })

/** The connection was refused by the address rule: trying again later will not help. */
export class AddressRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'AddressRefused'
  }
}

const bare = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1')

/**
 * Why a webhook URL may not be used now, or null: its host (an IP address, or every address its name resolves to)
 * against the address rule. Registration asks this; every delivery applies the same rule when it connects.
 */
export async function urlRefusal(url: string, rule: AddressRule, resolve: Resolve): Promise<string | null> {
  const host = bare(new URL(url).hostname)
  if (isIP(host) !== 0) return refusalOf(host, rule)
  let addresses: readonly LookupAddress[]
  try {
    addresses = await resolve(host)
  } catch {
    return `${host} does not resolve to an address`
  }
  if (addresses.length === 0) return `${host} does not resolve to an address`
  for (const a of addresses) {
    const why = refusalOf(a.address, rule)
    if (why !== null) return `${host}: ${why}`
  }
  return null
}

/** node:net's `lookup` through `resolve`, refusing what the rule refuses. */
export function guardedLookup(rule: AddressRule, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        // node:net may ask for one family, by number or by name.
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : (options.family ?? 0)
        const usable = addresses.filter((a) => family === 0 || a.family === family)
        const first = usable[0]
        if (!first) {
          callback(
            Object.assign(new Error(`${hostname} does not resolve to an address`), { code: 'ENOTFOUND' }),
            '',
            0,
          )
          return
        }
        for (const a of usable) {
          const why = refusalOf(a.address, rule)
          if (why !== null) {
            callback(new AddressRefused(`${hostname}: ${why}`), '', 0)
            return
          }
        }
        if (options.all) callback(null, [...usable])
        else callback(null, first.address, first.family)
      },
      (err: unknown) => callback(err as NodeJS.ErrnoException, '', 0),
    )
  }
}

export interface SendOptions {
  rule: AddressRule
  resolve: Resolve
  timeoutMs: number
  /** The instance stops: the request ends at once (the job is handed back and sent again). */
  signal?: AbortSignal
}

export interface SendOutcome {
  ok: boolean
  status: number | null
  latencyMs: number
  /** The answer's first bytes, as text. */
  excerpt: string | null
  error: string | null
  /** Refused by the address rule: not retried. */
  refused: boolean
  /** Stopped by `signal`: nothing is known of the outcome. */
  aborted: boolean
}

const decoder = new TextDecoder('utf-8')
// PostgreSQL text cannot hold NUL; an answer's excerpt is for reading, not for byte-exact keeping.
const excerptOf = (chunks: readonly Buffer[]) =>
  chunks.length === 0 ? '' : decoder.decode(Buffer.concat(chunks)).replace(/\0/g, '\uFFFD')

/** A network error as the delivery log says it. */
function errorText(err: unknown): string {
  if (err instanceof AddressRefused) return `Refused by the address rule: ${err.message}`
  const first =
    err instanceof AggregateError && err.errors[0] !== undefined ? (err.errors[0] as unknown) : err
  const code = (first as NodeJS.ErrnoException | undefined)?.code
  const known: Record<string, string> = {
    ECONNREFUSED: 'Connection refused',
    ECONNRESET: 'Connection reset by the receiver',
    ENOTFOUND: 'Host not found',
    EAI_AGAIN: 'Host name lookup failed (temporarily)',
    EHOSTUNREACH: 'Host unreachable',
    ENETUNREACH: 'Network unreachable',
    EPIPE: 'Connection closed by the receiver',
  }
  if (code !== undefined && known[code] !== undefined) return known[code]
  const message = first instanceof Error ? first.message : String(first)
  return (code === undefined ? message : `${message} (${code})`).slice(0, 500)
}

/** POSTs `body` to `url` once; never throws, says how it went. */
export function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendOutcome> {
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)
  const none = { status: null, excerpt: null, refused: false, aborted: false, ok: false }
  const target = new URL(url)
  const host = bare(target.hostname)
  if (isIP(host) !== 0) {
    const why = refusalOf(host, options.rule)
    if (why !== null)
      return Promise.resolve({
        ...none,
        latencyMs: 0,
        error: errorText(new AddressRefused(why)),
        refused: true,
      })
  }
  if (options.signal?.aborted)
    return Promise.resolve({ ...none, latencyMs: 0, error: 'Stopped', aborted: true })

  return new Promise<SendOutcome>((resolve) => {
    let settled = false
    const payload = Buffer.from(body, 'utf8')
    const send = target.protocol === 'https:' ? https.request : http.request
    const request = send(target, {
      method: 'POST',
      // One connection per delivery: every one of them is looked up and checked afresh.
      agent: false,
      lookup: guardedLookup(options.rule, options.resolve),
      headers: { ...headers, 'Content-Length': String(payload.length), Connection: 'close' },
    })
    const finish = (outcome: SendOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', onAbort)
      request.destroy()
      resolve(outcome)
    }
    const timer = setTimeout(() => {
      finish({
        ...none,
        latencyMs: elapsed(),
        error: `Timed out after ${String(Math.round(options.timeoutMs / 100) / 10)} s`,
      })
    }, options.timeoutMs)
    const onAbort = () => finish({ ...none, latencyMs: elapsed(), error: 'Stopped', aborted: true })
    options.signal?.addEventListener('abort', onAbort, { once: true })

    request.on('socket', (socket: Socket) => {
      socket.once('connect', () => {
        const remote = socket.remoteAddress
        const why = remote === undefined ? 'no remote address' : refusalOf(remote, options.rule)
        if (why !== null) request.destroy(new AddressRefused(why))
      })
    })
    request.on('error', (err) => {
      finish({
        ...none,
        latencyMs: elapsed(),
        error: errorText(err),
        refused: err instanceof AddressRefused,
      })
    })
    request.on('response', (response) => {
      const status = response.statusCode ?? 0
      const latencyMs = elapsed()
      const chunks: Buffer[] = []
      let size = 0
      const done = () => {
        const ok = status >= 200 && status < 300
        const location = response.headers.location
        finish({
          ok,
          status,
          latencyMs,
          excerpt: excerptOf(chunks),
          error: ok
            ? null
            : status >= 300 && status < 400
              ? `Answered ${String(status)}, a redirect${location ? ` to ${location.slice(0, 300)}` : ''}; redirects are not followed`
              : `Answered HTTP ${String(status)}`,
          refused: false,
          aborted: false,
        })
      }
      response.on('data', (chunk: Buffer) => {
        if (size < WEBHOOK_EXCERPT_BYTES) {
          const part = chunk.subarray(0, WEBHOOK_EXCERPT_BYTES - size)
          chunks.push(part)
          size += part.length
        }
        // Enough read: the rest of the answer is not waited for.
        if (size >= WEBHOOK_EXCERPT_BYTES) done()
      })
      response.on('end', done)
      response.on('error', done)
      response.on('aborted', done)
    })
    request.end(payload)
  })
}
