import type { Generated, Insertable, Selectable } from 'kysely'

/** One OCPP-J frame in or out (migration 20261129-0051-ocpp). */
export interface OcppMessageTable {
  /** bigserial on PostgreSQL: a busy network writes billions of frames over its life. */
  id: Generated<string | number>
  entity_code: string
  charge_point_id: number
  at: number
  /** 'in' (from the charger) or 'out'. */
  direction: 'in' | 'out'
  /** CALL, CALLRESULT, CALLERROR, or INVALID for a frame that is not OCPP-J. */
  kind: 'CALL' | 'CALLRESULT' | 'CALLERROR' | 'INVALID'
  message_id: string
  action: string
  /** The frame's JSON as sent (a frame that is not JSON: its text, cut at 64 KB). */
  payload: string
  latency_ms: number | null
}

export type OcppMessageRow = Selectable<OcppMessageTable>
export type NewOcppMessageRow = Insertable<OcppMessageTable>

/** What an operator told a charger and what it answered (migration 20261129-0053). */
export interface OcppCommandTable {
  id: Generated<number>
  entity_code: string
  charge_point_id: number
  command: string
  action: string
  request: string
  /** pending, answered, rejected, timeout or offline (the contract's OCPP_COMMAND_STATES). */
  state: string
  status: string | null
  answer: string | null
  requested_by: string
  requested_at: number
  answered_at: number | null
  /** What a 2.0.1 command hands the charger to echo: RequestStartTransaction's remoteStartId, GetBaseReport's requestId. */
  correlation_id: number | null
  /** The session a remote start opened. */
  session_id: number | null
  /** A GetBaseReport's NotifyReport contents, as a JSON array of `Component/Variable = value` lines. */
  report: string | null
}
export type OcppCommandRow = Selectable<OcppCommandTable>

/** An entity's enrolment password, as its SHA-256 (migration 20261129-0054). */
export interface OcppEnrolmentTable {
  entity_code: string
  password_lookup: string
  set_at: number
  set_by: string
}

/** An unknown charger that presented an enrolment password, waiting to be commissioned (migration 20261129-0054). */
export interface OcppPendingChargerTable {
  id: Generated<number>
  entity_code: string
  identity: string
  ocpp_version: string
  password_hash: string
  vendor: Generated<string>
  model: Generated<string>
  serial_number: Generated<string>
  firmware_version: Generated<string>
  remote_address: Generated<string>
  first_seen_at: number
  last_seen_at: number
  boot_at: number | null
  /** An operator dismissed it: it is refused from then on (until registered with "Add charger"). */
  dismissed_at: number | null
}
export type OcppPendingChargerRow = Selectable<OcppPendingChargerTable>
