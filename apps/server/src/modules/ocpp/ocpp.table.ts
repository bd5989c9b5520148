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
