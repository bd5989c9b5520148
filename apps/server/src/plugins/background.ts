import type { FastifyInstance } from 'fastify'
import type { Config } from '../config/env'
import type { DatabaseHandle } from '../db/database'
import type { EventBus } from '../events/event-bus'
import { InProcessEventBus } from '../events/in-process-event-bus'
import { BUS_RECONNECTED, PgEventBus } from '../events/pg-event-bus'
import { registerJobPrune } from '../jobs/job-prune'
import type { QueueOptions } from '../jobs/job-queue'
import { defaultInstanceId, JobQueue } from '../jobs/job-queue'

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue shared by every instance (docs/decisions/0091-instances-jobs-events.md). */
    jobs: JobQueue
    /** Events to every instance: LISTEN/NOTIFY on PostgreSQL, this process alone on SQLite. */
    events: EventBus
  }
}

/** Published by an instance that enqueued a job due now: the others look for work at once instead of polling. */
export const JOBS_ENQUEUED = 'jobs.enqueued'

export interface BackgroundOptions {
  instanceId?: string
  /** Queue settings; `false`: the queue takes jobs (enqueue) but this process runs none (tests). */
  jobs?: QueueOptions | false
}

/**
 * The queue and the bus of this instance. The queue starts once the app is ready, and stops before the server
 * closes so that jobs running here are handed back to the queue for another instance (graceful shutdown).
 */
export function registerBackground(
  app: FastifyInstance,
  handle: DatabaseHandle,
  config: Pick<Config, 'jobLeaseMs'>,
  options: BackgroundOptions = {},
): void {
  const instanceId = options.instanceId ?? defaultInstanceId()
  const log = { info: (m: string) => app.log.info(m), error: (m: string) => app.log.error(m) }
  const events: EventBus =
    handle.dialect === 'postgres' && handle.newClient
      ? new PgEventBus({
          db: handle.db,
          newClient: handle.newClient,
          schema: handle.schema ?? 'public',
          instanceId,
          log,
        })
      : new InProcessEventBus(instanceId, log)
  const queueOptions = options.jobs === false ? {} : (options.jobs ?? {})
  const jobs = new JobQueue(handle.db, { leaseMs: config.jobLeaseMs, log, ...queueOptions, instanceId })

  // notify() wakes this instance itself; the bus carries it to the others, whose own events come back ignored.
  jobs.setNotifier(() => {
    events.publish(JOBS_ENQUEUED, null).catch((err: unknown) => {
      log.error(`jobs: publishing ${JOBS_ENQUEUED} failed: ${(err as Error).message}`)
    })
  })
  const unsubscribe = [
    events.subscribe(JOBS_ENQUEUED, (event) => {
      if (event.origin !== instanceId) jobs.wake()
    }),
    // Events were missed while the listener was away: look for work now rather than at the next poll.
    events.subscribe(BUS_RECONNECTED, () => jobs.wake()),
  ]

  registerJobPrune(jobs, handle.db)

  app.decorate('jobs', jobs)
  app.decorate('events', events)
  if (options.jobs !== false) app.addHook('onReady', () => Promise.resolve(jobs.start()))
  app.addHook('preClose', async () => {
    await jobs.stop()
  })
  app.addHook('onClose', async () => {
    for (const off of unsubscribe) off()
    await events.close()
  })
}
