import type { Generated, Selectable } from 'kysely'

/** What only a service account has besides its user row (app_user.kind = 'service'). */
export interface ServiceAccountTable {
  user_id: number
  /** The one entity it belongs to: the entity that made it. */
  entity_code: string
  description: string | null
  created_by: number | null
  created_at: number
  /** Set when deleted; the row stays so the audit trail still names the account. */
  deleted_at: number | null
}

export interface ApiKeyTable {
  id: Generated<number>
  uuid: string
  /** The service account (an app_user id). */
  user_id: number
  entity_code: string
  name: string
  /** The short visible part of the key (`pk_<prefix>_…`), to tell keys apart. */
  prefix: string
  /** Hex SHA-256 of the key; the key itself is never stored. */
  digest: string
  expires_at: number | null
  created_by: number | null
  created_at: number
  last_used_at: number | null
  last_used_ip: string | null
  revoked_at: number | null
}

export type ServiceAccountRow = Selectable<ServiceAccountTable>
export type ApiKeyRow = Selectable<ApiKeyTable>
