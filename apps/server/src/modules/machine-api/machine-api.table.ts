import type { Generated, Selectable } from 'kysely'

/** A machine's API key, as the SHA-256 of the key (migration 20261129-0056). */
export interface MachineApiKeyTable {
  machine_id: number
  entity_code: string
  key_lookup: string
  created_at: number
  created_by: string
  last_used_at: number | null
}

/** An event a machine sent, kept by its idempotency key (migration 20261129-0056). */
export interface MachineEventTable {
  /** bigserial on PostgreSQL: a fleet sends billions over its life. */
  id: Generated<string | number>
  machine_id: number
  event_id: string
  type: string
  occurred_at: number
  received_at: number
  /** The event as the machine sent it (JSON). */
  payload: string
}
export type MachineEventRow = Selectable<MachineEventTable>

/** A command to a machine and how far it got (migration 20261129-0057, decision 0109). */
export interface MachineCommandTable {
  id: Generated<number>
  entity_code: string
  machine_id: number
  /** MachineCommandCode. */
  command: string
  /** Its parameters (JSON). */
  params: string
  /** queued, delivered, succeeded or failed as stored; expired is read from expires_at. */
  status: string
  message: string | null
  issued_at: number
  issued_by_user_id: number | null
  delivered_at: number | null
  finished_at: number | null
  expires_at: number
}
export type MachineCommandRow = Selectable<MachineCommandTable>
