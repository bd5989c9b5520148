import type { Generated, Insertable, Selectable } from 'kysely'

/** An entity's rule for one kind, where it differs from the default (migration 20261129-0060, decision 0111). */
export interface AlertRuleTable {
  entity_code: string
  kind: string
  enabled: number
  threshold: number | null
  updated_at: number
  updated_by: string | null
}

/** One thing in trouble, from raised to resolved. At most one unresolved per (entity, kind, subject_key). */
export interface AlertTable {
  id: Generated<number>
  entity_code: string
  kind: string
  severity: string
  /** open | acknowledged | resolved */
  status: string
  /** What it is about, stable across evaluations: `machine:12`, `charger:45`, `connector:77`, `export:<uuid>`. */
  subject_key: string
  subject: string
  subject_path: string | null
  machine_id: number | null
  /** The charger's uid, for charger and connector alerts. */
  charge_point: string | null
  message: string
  raised_at: number
  last_seen_at: number
  updated_at: number
  acknowledged_at: number | null
  acknowledged_by: string | null
  resolved_at: number | null
  resolved_by: string | null
  comments: Generated<number>
}
export type AlertRow = Selectable<AlertTable>
export type NewAlertRow = Insertable<AlertTable>

export interface AlertActivityTable {
  id: Generated<number>
  alert_id: number
  action: string
  at: number
  user_id: number | null
  username: string | null
  text: string
}

export interface AlertSubscriberTable {
  entity_code: string
  user_id: number
  created_at: number
}
