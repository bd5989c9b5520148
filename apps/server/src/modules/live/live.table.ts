import type { Generated, Insertable, Selectable } from 'kysely'

/** An event of the live stream, kept a few minutes for streams that resume (migration 20261129-0058, decision 0110). */
export interface LiveEventTable {
  /** bigserial on PostgreSQL (node-postgres hands it over as a string), an AUTOINCREMENT integer on SQLite. */
  id: Generated<string | number>
  name: string
  /** The entity that hears it. */
  entity_code: string
  /** The permission a listener needs: read on this app and resource. */
  app: string
  resource: string
  /** The machine it is about: a permission limited to sets reaches it only when one of them holds the machine. */
  machine_id: number | null
  /** When set, the one user it is for (an export's progress). */
  user_id: number | null
  /** The event's data, JSON. */
  data: string
  created_at: number
}
export type LiveEventRow = Selectable<LiveEventTable>
export type NewLiveEventRow = Insertable<LiveEventTable>
