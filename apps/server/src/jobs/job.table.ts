import type { Generated, Insertable, Selectable } from 'kysely'

export type JobStatus = 'queued' | 'running' | 'done' | 'dead'

export interface JobTable {
  id: Generated<number>
  /** The handler's name, as registered with JobQueue.register. */
  kind: string
  /** JSON: the handler's payload. */
  payload: string
  status: JobStatus
  /** Attempts started so far (a claim counts one; a shutdown hand-back gives it back). */
  attempts: number
  max_attempts: number
  /** Epoch ms: not claimed before. */
  run_at: number
  /** At most one not-finished (queued or running) job holds a key (partial unique index). */
  unique_key: string | null
  /** The instance id running it, while running. */
  locked_by: string | null
  /** Epoch ms: the lease; a running job past it is taken over by any instance. */
  locked_until: number | null
  last_error: string | null
  created_at: number
  updated_at: number
  finished_at: number | null
}

export type JobRow = Selectable<JobTable>
export type NewJobRow = Insertable<JobTable>
