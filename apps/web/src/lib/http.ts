import type { Service } from '@portal/contract'
import { errorBody, SERVICE_AUTH_SCHEME } from '@portal/contract'
import type { z } from 'zod'
import { getRuntimeConfig } from './runtime-config'

/** An API failure as the portal shows it: the status and the server's message ("… due to: <message>"). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string = 'UNKNOWN',
    readonly issues: readonly { path: string; message: string }[] = [],
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

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown = null
  try {
    payload = await response.json()
  } catch {
    // Not JSON (a proxy error page, a network cut): fall back to the status text.
  }
  const parsed = errorBody.safeParse(payload)
  if (parsed.success) {
    return new ApiError(
      response.status,
      parsed.data.error.message,
      parsed.data.error.code,
      parsed.data.error.issues ?? [],
    )
  }
  return new ApiError(response.status, response.statusText || `Request failed with status ${response.status}`)
}

async function send(
  service: Service,
  method: string,
  path: string,
  options: RequestOptions,
): Promise<Response> {
  const token = hooks.token()
  const headers: Record<string, string> = { accept: 'application/json' }
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
    throw new ApiError(0, 'The server could not be reached; check your connection and try again', 'NETWORK')
  }
}

/**
 * One request: JSON in and out, the service's auth scheme, and on a 401 one reauthorisation and one retry (A §7).
 * With a schema, the body is parsed, so a screen never renders a shape it did not expect.
 */
export async function request<S extends z.ZodType>(
  service: Service,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  let response = await send(service, method, path, options)
  if (response.status === 401 && !options.skipReauth && (await hooks.reauthorize())) {
    response = await send(service, method, path, options)
  }
  if (!response.ok) throw await toApiError(response)
  const json: unknown = await response.json()
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    console.error(`Unexpected response from ${method} ${path}`, parsed.error.issues)
    throw new ApiError(
      response.status,
      'The server sent a response this page does not understand',
      'BAD_RESPONSE',
    )
  }
  return parsed.data
}

/**
 * A GET of a file (an export download): the same auth header and 401 retry as every call, the body as a Blob. Files
 * are fetched, not linked, because the API takes the token in a header, never in a URL.
 */
export async function requestBlob(
  service: Service,
  path: string,
  options: Pick<RequestOptions, 'signal' | 'query' | 'body'> & { method?: 'GET' | 'POST' } = {},
): Promise<Blob> {
  // A POST with a body fetches a file a filter call answers (the test results' `?csv=true`).
  const method = options.method ?? 'GET'
  let response = await send(service, method, path, options)
  if (response.status === 401 && (await hooks.reauthorize()))
    response = await send(service, method, path, options)
  if (!response.ok) throw await toApiError(response)
  return response.blob()
}

/** A client per service, as the spec's portal has (main, bus, charging, reporting, forms, cases). */
export function client(service: Service) {
  return {
    get: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
      request(service, 'GET', path, schema, options),
    post: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
      request(service, 'POST', path, schema, { ...options, body }),
    put: <S extends z.ZodType>(path: string, body: unknown, schema: S, options?: RequestOptions) =>
      request(service, 'PUT', path, schema, { ...options, body }),
    delete: <S extends z.ZodType>(path: string, schema: S, options?: RequestOptions) =>
      request(service, 'DELETE', path, schema, options),
    /** POST of a multipart form (a file upload), with the same auth header and 401 retry as every call. */
    upload: <S extends z.ZodType>(path: string, form: FormData, schema: S, options?: RequestOptions) =>
      request(service, 'POST', path, schema, { ...options, body: form }),
  }
}

export const mainApi = client('main')
