import type { Selectable } from 'kysely'

/**
 * A second-step challenge: issued by the password step when MFA is on (`mfa`), or by an SMS login (`sms`). The
 * client holds the opaque token; the server keeps its hash and, once an SMS is sent, the hash of the code.
 */
export interface AuthChallengeTable {
  token_hash: string
  /** Null for an SMS login asked for an unknown username: it behaves the same and never succeeds. */
  user_id: number | null
  kind: 'mfa' | 'sms'
  code_hash: string | null
  code_expires_at: number | null
  attempts: number
  expires_at: number
  consumed_at: number | null
  created_at: number
  ip: string | null
}

export type AuthChallengeRow = Selectable<AuthChallengeTable>

export interface PasswordResetTable {
  token_hash: string
  user_id: number
  expires_at: number
  spent_at: number | null
  created_at: number
  created_by: number | null
}
