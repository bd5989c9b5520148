import type { ErrorIssue, MessageParams, Service } from '@portal/contract'
import { SERVICE_AUTH_SCHEME } from '@portal/contract'
import type { z } from 'zod'
import { getRuntimeConfig } from './runtime-config'

/** An API failure as the portal shows it: the status and the server's message ("… due to: <message>"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = 'UNKNOWN',
    readonly issues: readonly ErrorIssue[] = [],
    /** What the message says, for the portal to say it in the reader's language (lib/server-messages.ts). */
    readonly messageCode: string | null = null,
    readonly params: MessageParams = {},
    /** The server's id of the failed request (`x-request-id`), to find it in the server's log. */
    readonly requestId: string | null = null,
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403
}

export interface AuthHooks {
  token: () => string | null
  /** Called once on a 401: refresh the session; resolves true when the call may be retried. */
  reauthorize: () => Promise<boolean>
}

let hooks: AuthHooks = { token: () => null, reauthorize: () => Promise.resolve(false) }

/** The session module plugs itself in here, so the client never imports the session (and tests can stub it). */
export function setAuthHooks(next: AuthHooks): void {
  hooks = next
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>
  body?: unknown
  signal?: AbortSignal
  /** Calls that must not trigger the 401 retry (login, refresh, logout themselves). */
  skipReauth?: boolean
  /** Extra request headers (the refresh call's CSRF header). */
  headers?: Record<string, string>
}

function buildUrl(service: Service, path: string, query: RequestOptions['query']): string {
  const base = getRuntimeConfig().services[service].replace(/\/$/, '')
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v))
    else params.append(key, String(value))
  }
  const qs = params.toString()
  return `${base}${path}${qs ? `?${qs}` : ''}`
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** What the portal reads of an error body: the code, the message it shows after "due to:", the field issues. */
export interface ErrorDetails {
  code: string
  message: string
  issues: ErrorIssue[]
  message_code?: string
  params?: MessageParams
}

/** The message code and its parameters beside an English message, when the server sent them (decisions/0050). */
function codesOf(record: Record<string, unknown>): Pick<ErrorIssue, 'message_code' | 'params'> {
  if (typeof record.message_code !== 'string') return {}
  // The parameters are only read by the translator, which formats whatever it finds defensively.
  const params = isRecord(record.params) ? (record.params as MessageParams) : {}
  return { message_code: record.message_code, params }
}

/**
 * The error envelope of DESIGN.md (`{error: {code, message, issues?}}`), checked by hand rather than with the
 * contract's zod schema, so that the client every page loads first does not need zod
 * (docs/decisions/0041-lazy-schemas.md). Malformed issues are dropped rather than failing the whole body.
 */
export function parseErrorBody(payload: unknown): ErrorDetails | null {
  if (!isRecord(payload) || !isRecord(payload.error)) return null
  const { code, message, issues } = payload.error
  if (typeof code !== 'string' || typeof message !== 'string') return null
  return {
    code,
    message,
    ...codesOf(payload.error),
    issues: (Array.isArray(issues) ? issues : []).flatMap((issue) =>
      isRecord(issue) && typeof issue.path === 'string' && typeof issue.message === 'string'
        ? [{ path: issue.path, message: issue.message, ...codesOf(issue) }]
        : [],
    ),
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown = null
  try {
    payload = await response.json()
  } catch {
    // Not JSON (a proxy error page, a network cut): fall back to the status text.
  }
  const parsed = parseErrorBody(payload)
  const requestId = response.headers.get('x-request-id')
  if (parsed)
    return new ApiError(
      response.status,
      parsed.message,
      parsed.code,
      parsed.issues,
      parsed.message_code ?? null,
      parsed.params ?? {},
      requestId,
    )
  return new ApiError(
    response.status,
    response.statusText || `Request failed with status ${response.status}`,
    'UNKNOWN',
    [],
    null,
    {},
    requestId,
  )
}

/**
 * A §8: any API error is logged, with what is needed to find it on the server: the method, the path (without its
 * query, which may hold personal data), the status and the server's request id. Never a header or a body: no token
 * or password can reach the log. An aborted request (a page left) is not an error.
 */
export function logApiError(method: string, path: string, error: unknown): void {
  if (!(error instanceof ApiError)) return
  const request = error.requestId === null ? '' : ` (request ${error.requestId})`
  console.error(
    `API error: ${method} ${path} → ${String(error.status)} ${error.code}${request}: ${error.message}`,
  )
}

/** Runs a call and logs its failure (A §8) before the caller sees it. */
async function logged<T>(method: string, path: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    logApiError(method, path, error)
    throw error
  }
}

async function send(
  service: Service,
  method: string,
  path: string,
  options: RequestOptions,
): Promise<Response> {
  const token = hooks.token()
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  // A FormData body (an upload) is sent as multipart; the browser writes its content type with the boundary.
  const multipart = options.body instanceof FormData
  if (options.body !== undefined && !multipart) headers['content-type'] = 'application/json'
  if (token) headers.authorization = `${SERVICE_AUTH_SCHEME[service]} ${token}`
  try {
    return await fetch(buildUrl(service, path, options.query), {
      method,
      headers,
      body:
        options.body === undefined
          ? null
          : options.body instanceof FormData
            ? options.body
            : JSON.stringify(options.body),
      signal: options.signal ?? null,
    })
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err
    throw new ApiError(
      0,
      'The server could not be reached; check your connection and try again',
      'NETWORK',
      [],
      'unreachable',
    )
  }
}

/**
 * A response schema, or a function importing one. The calls the shell makes before any screen (sign-in, session,
 * policies) pass an import, so zod and the contract's schemas stay out of the first download; the import runs beside
 * the request, so it adds no wait (docs/decisions/0041-lazy-schemas.md).
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>)

function loadSchema<S extends z.ZodType>(source: SchemaSource<S>): Promise<S> {
  // A zod schema is an object; only the lazy form is callable.
  return typeof source === 'function' ? source() : Promise.resolve(source)
}

/**
 * One request: JSON in and out, the service's auth scheme, and on a 401 one reauthorisation and one retry (A §7).
 * The body is parsed with the schema, so a screen never renders a shape it did not expect.
 */
export function request<S extends z.ZodType>(
  service: Service,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schemaSource: SchemaSource<S>,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  return logged(method, path, () => requestOnce(service, method, path, schemaSource, options))
}

async function requestOnce<S extends z.ZodType>(
  service: Service,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schemaSource: SchemaSource<S>,
  options: RequestOptions,
): Promise<z.output<S>> {
  const schemaLoad = loadSchema(schemaSource)
  // Settled here too, so a failed import never goes unhandled while the request is still out.
  schemaLoad.catch(() => undefined)
  let response = await send(service, method, path, options)
  if (response.status === 401 && !options.skipReauth && (await hooks.reauthorize())) {
    response = await send(service, method, path, options)
  }
  if (!response.ok) throw await toApiError(response)
  const [json, schema] = await Promise.all([response.json() as Promise<unknown>, schemaLoad])
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues)
    throw new ApiError(
      response.status,
      'The server sent a response this page does not understand',
      'BAD_RESPONSE',
      [],
      'bad_response',
      {},
      response.headers.get('x-request-id'),
    )
  }
  return parsed.data
}

/**
 * A GET of a file (an export download): the same auth header and 401 retry as every call, the body as a Blob. Files
 * are fetched, not linked, because the API takes the token in a header, never in a URL.
 */
export function requestBlob(
  service: Service,
  path: string,
  options: Pick<RequestOptions, 'signal' | 'query' | 'body'> & { method?: 'GET' | 'POST' } = {},
): Promise<Blob> {
  // A POST with a body fetches a file a filter call answers (the test results' `?csv=true`).
  const method = options.method ?? 'GET'
  return logged(method, path, async () => {
    let response = await send(service, method, path, options)
    if (response.status === 401 && (await hooks.reauthorize()))
      response = await send(service, method, path, options)
    if (!response.ok) throw await toApiError(response)
    return response.blob()
  })
}

/**
 * A GET whose answer is read as it arrives (the live stream, text/event-stream): the same auth header and 401 retry
 * as every call; the response is handed back unread, ok or not, for the caller to read or to judge.
 */
export async function openStream(
  service: Service,
  path: string,
  options: Pick<RequestOptions, 'signal' | 'headers'> = {},
): Promise<Response> {
  const headers = { ...options.headers, accept: 'text/event-stream' }
  let response = await send(service, 'GET', path, { ...options, headers })
  if (response.status === 401 && (await hooks.reauthorize())) {
    await response.body?.cancel()
    response = await send(service, 'GET', path, { ...options, headers })
  }
  return response
}

/** Asks the session to refresh its token (the live stream was told its session changed); true when it did. */
export function reauthorize(): Promise<boolean> {
  return hooks.reauthorize()
}

/** A client per service, as the spec's portal has (main, bus, charging, reporting, forms, cases). */
export function client(service: Service) {
  return {
    get: <S extends z.ZodType>(path: string, schema: SchemaSource<S>, options?: RequestOptions) =>
      request(service, 'GET', path, schema, options),
    post: <S extends z.ZodType>(
      path: string,
      body: unknown,
      schema: SchemaSource<S>,
      options?: RequestOptions,
    ) => request(service, 'POST', path, schema, { ...options, body }),
    put: <S extends z.ZodType>(
      path: string,
      body: unknown,
      schema: SchemaSource<S>,
      options?: RequestOptions,
    ) => request(service, 'PUT', path, schema, { ...options, body }),
    delete: <S extends z.ZodType>(path: string, schema: SchemaSource<S>, options?: RequestOptions) =>
      request(service, 'DELETE', path, schema, options),
    /** POST of a multipart form (a file upload), with the same auth header and 401 retry as every call. */
    upload: <S extends z.ZodType>(
      path: string,
      form: FormData,
      schema: SchemaSource<S>,
      options?: RequestOptions,
    ) => request(service, 'POST', path, schema, { ...options, body: form }),
  }
}

export const mainApi = client('main')
