import type { Insertable, Selectable } from 'kysely'

/** One signed-in session: a family of access and refresh tokens that rotate together and are revoked together. */
export interface AuthSessionTable {
  id: string
  user_id: number
  /** The entity the session currently acts in; every query is scoped by it. */
  entity_code: string
  created_at: number
  revoked_at: number | null
  revoked_reason: string | null
  ip: string | null
  user_agent: string | null
}

/** Tokens are opaque random strings stored only as SHA-256 hashes. */
export interface AuthTokenTable {
  token_hash: string
  session_id: string
  kind: 'access' | 'refresh'
  expires_at: number
  /** Set when a refresh token has been exchanged; presenting it again revokes the session (reuse detection). */
  spent_at: number | null
  created_at: number
}

export type AuthSessionRow = Selectable<AuthSessionTable>
export type NewAuthTokenRow = Insertable<AuthTokenTable>
