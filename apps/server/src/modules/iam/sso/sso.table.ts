import type { Selectable } from 'kysely'

/** One started SSO sign-in, spent by its first callback (docs/decisions/0118-single-sign-on.md). */
export interface SsoLoginAttemptTable {
  /** SHA-256 (hex) of the `state` the browser's cookie and the provider's redirect carry. */
  state_hash: string
  code_verifier: string
  nonce: string
  /** Where the portal opens after signing in: a path of this site. */
  next_path: string
  expires_at: number
  created_at: number
}

export type SsoLoginAttemptRow = Selectable<SsoLoginAttemptTable>
