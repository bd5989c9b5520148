import { isRouteErrorResponse } from 'react-router'

/** Status of a page-loading error (A §8): statusCode, status or response.status, else 500. */
export function errorStatus(error: unknown): number {
  if (isRouteErrorResponse(error)) return error.status
  if (typeof error === 'object' && error !== null) {
    const e = error as { statusCode?: unknown; status?: unknown; response?: { status?: unknown } }
    for (const candidate of [e.statusCode, e.status, e.response?.status]) {
      if (typeof candidate === 'number' && candidate >= 100 && candidate < 600) return candidate
    }
  }
  return 500
}

export function errorMessage(error: unknown): string | null {
  if (isRouteErrorResponse(error))
    return typeof error.data === 'string' && error.data !== '' ? error.data : null
  if (error instanceof Error) return error.message
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message
  }
  return null
}

/** Redirect-type errors are ignored (A §8): they are navigations, not failures. */
export function isRedirectError(error: unknown): boolean {
  return error instanceof Response && error.status >= 300 && error.status < 400
}
