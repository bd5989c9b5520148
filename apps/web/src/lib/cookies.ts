/**
 * The few cookies the browser keeps itself (language, username, refresh token) go through these helpers, so
 * every one is written with the same path, expiry format and SameSite policy.
 */
export interface CookieOptions {
  /** Lifetime in days from now. Ignored when `expires` is given. */
  days?: number
  /** An exact expiry, e.g. a refresh token's own expiry. */
  expires?: Date
  /** Defaults to '/', so a cookie set on one screen is seen on every other. */
  path?: string
}

const DAY_MS = 24 * 60 * 60 * 1000

export function getCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`
  for (const part of document.cookie.split(';')) {
    const pair = part.trim()
    if (pair.startsWith(prefix)) {
      const raw = pair.slice(prefix.length)
      try {
        return decodeURIComponent(raw)
      } catch {
        // A cookie written by something else may not be URI-encoded; return it as stored.
        return raw
      }
    }
  }
  return undefined
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`]
  const expires =
    options.expires ?? (options.days === undefined ? undefined : new Date(Date.now() + options.days * DAY_MS))
  if (expires) parts.push(`expires=${expires.toUTCString()}`)
  parts.push('SameSite=Lax')
  if (window.location.protocol === 'https:') parts.push('Secure')
  document.cookie = parts.join('; ')
}

export function removeCookie(name: string, options: Pick<CookieOptions, 'path'> = {}): void {
  setCookie(name, '', { path: options.path ?? '/', expires: new Date(0) })
}
