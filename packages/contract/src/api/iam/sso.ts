/**
 * Single sign-on with OpenID Connect (docs/decisions/0118-single-sign-on.md). A failed sign-in comes back to
 * `/login?sso_error=<code>`, and the login page says each code in the reader's language.
 */
export const SSO_START_PATH = '/api/main/iam/sso/start'
export const SSO_ERROR_PARAM = 'sso_error'

export const SSO_ERRORS = [
  /** The identity provider cannot be reached or is not configured. */
  'unavailable',
  /** The provider refused or the user cancelled at the provider. */
  'denied',
  /** The ID token failed a check: issuer, audience, signature, nonce, PKCE. */
  'invalid_token',
  /** The sign-in attempt is unknown, expired or already used (a replayed callback). */
  'expired',
  'unverified_email',
  /** No portal user has the e-mail, or more than one has. */
  'no_user',
  /** The entity the provider names is not one the user is a member of. */
  'not_member',
  /** The account may not sign in (pending activation, inactive), or too many failed attempts. */
  'refused',
] as const
export type SsoError = (typeof SSO_ERRORS)[number]

export function isSsoError(value: unknown): value is SsoError {
  return (SSO_ERRORS as readonly unknown[]).includes(value)
}

/**
 * Where to go after signing in: a path of this site, or `/`. Refuses `//host`, `/\host` (browsers read a backslash
 * as a slash), schemes and control characters, so the redirect can never leave the portal.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000) return '/'
  if (!next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/'
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return '/'
  return next
}
