import type { Generated, Insertable, Selectable } from 'kysely'

export interface AuditLogTable {
  id: Generated<number>
  at: number
  actor_user_id: number | null
  entity_code: string | null
  action: string
  object_type: string
  object_id: string | null
  ip: string | null
  /** JSON snapshots, null where not meaningful (a login has no before/after). */
  before: string | null
  after: string | null
}

export type AuditLogRow = Selectable<AuditLogTable>
export type NewAuditLogRow = Insertable<AuditLogTable>
