import type { Registry } from 'prom-client'
import { Gauge } from 'prom-client'
import type { JobQueue } from './job-queue'

const STATUSES = ['queued', 'running', 'dead'] as const

/**
 * The queue's depth as Prometheus gauges, read from the database at each scrape (every instance reports the same
 * shared numbers: aggregate them with max, not sum). Alert on a growing `oldest_age_seconds` or any dead job.
 */
export function registerJobMetrics(registry: Registry, queue: JobQueue): void {
  new Gauge({
    name: 'portal_job_queue_depth',
    help: 'Background jobs by kind and status (queued, running, dead)',
    labelNames: ['kind', 'status'],
    registers: [registry],
    async collect() {
      this.reset()
      for (const row of await queue.depth()) {
        for (const status of STATUSES) this.set({ kind: row.kind, status }, row[status])
      }
    },
  })
  new Gauge({
    name: 'portal_job_oldest_age_seconds',
    help: 'How long the oldest due queued job of a kind has waited, in seconds (0 when none waits)',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset()
      for (const row of await queue.depth()) this.set({ kind: row.kind }, row.oldest_age_s ?? 0)
    },
  })
}
