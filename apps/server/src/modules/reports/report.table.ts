import type { Generated, Insertable, Selectable } from 'kysely'

/** A scheduled report (migration 0071, docs/decisions/0119-scheduled-reports.md). */
export interface ReportScheduleTable {
  id: Generated<number>
  entity_code: string
  /** Who set it up: the export runs with their permissions at the time it runs, and mails go to them. */
  owner_id: number
  /** The saved view it was made from; null once that view is deleted (the schedule keeps its export). */
  view_id: number | null
  name: string
  /** The export source key (modules/exports/export-sources.ts). */
  source: string
  /** JSON: the export's filters, as the list's export button sends them. */
  filters: string
  /** JSON array of export headers in order, or null for every column. */
  columns: string | null
  format: string
  /** 'daily' | 'weekly' | 'monthly'. */
  frequency: string
  /** HH:MM in the entity's zone. */
  time_of_day: string
  /** ISO weekday 1-7 (weekly). */
  weekday: number | null
  /** 1-28 (monthly). */
  month_day: number | null
  /** 'email' | 'webhook'. */
  delivery: string
  webhook_id: number | null
  paused: Generated<number>
  next_run_at: number | null
  created_at: number
  updated_at: number
}

export interface ReportRunTable {
  id: Generated<number>
  schedule_id: number
  due_at: number
  manual: Generated<number>
  /** 'running' | 'sent' | 'failed'. */
  status: string
  export_uuid: string | null
  message: string | null
  started_at: number
  finished_at: number | null
}

export type ReportScheduleRow = Selectable<ReportScheduleTable>
export type NewReportScheduleRow = Insertable<ReportScheduleTable>
export type ReportRunRow = Selectable<ReportRunTable>
