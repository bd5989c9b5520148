import { z } from 'zod'
import { envelope, epochMs } from '../envelope'

/** Background jobs (issue 13 §2, docs/decisions/0091-instances-jobs-events.md): what platform admins see. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'dead'] as const
export type JobStatusName = (typeof JOB_STATUSES)[number]

/** POST /api/main/jobs/filter: newest first. */
export const jobFilterRequest = z.strictObject({
  status: z.array(z.enum(JOB_STATUSES)).max(4).optional(),
  kind: z.array(z.string().trim().min(1).max(100)).max(50).optional(),
  limit: z.number().int().min(1).max(100).default(20),
  offset: z.number().int().min(0).max(100_000_000).default(0),
})
export type JobFilterRequest = z.input<typeof jobFilterRequest>

/** Job ids are decimal strings: the column is a bigint. */
export const jobIdParams = z.strictObject({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, 'id must be a job id (digits)'),
})

export const jobSummary = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(JOB_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  run_at: epochMs,
  last_error: z.string().nullable(),
  created_at: epochMs,
  updated_at: epochMs,
  finished_at: epochMs.nullable(),
})
export type JobSummary = z.infer<typeof jobSummary>

/** Per kind: jobs waiting, running and dead, and how long the oldest due job has waited (seconds). */
export const jobDepthEntry = z.object({
  kind: z.string(),
  queued: z.number().int(),
  running: z.number().int(),
  dead: z.number().int(),
  oldest_age_s: z.number().nullable(),
})
export type JobDepthEntry = z.infer<typeof jobDepthEntry>

export const jobFilterResponse = envelope(
  z.object({ jobs: z.array(jobSummary), count: z.number().int(), depth: z.array(jobDepthEntry) }),
)

/** POST /api/main/jobs/:id/retry: a dead job back to the queue with its attempts reset. */
export const jobRetryResponse = envelope(z.object({ job: jobSummary }))
