import { Registry } from 'prom-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DatabaseHandle } from '../db/database'
import { migrateToLatest } from '../db/migrate'
import { freshDatabase } from '../test-support'
import { registerJobMetrics } from './job-metrics'
import { JobQueue } from './job-queue'

describe('job queue metrics', () => {
  let handle: DatabaseHandle
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    const fresh = await freshDatabase('sqlite')
    handle = fresh.handle
    cleanup = fresh.cleanup
    await migrateToLatest(handle.db)
  })
  afterAll(async () => {
    await handle.destroy()
    await cleanup()
  })

  it('reports the depth and the oldest wait per kind at each scrape', async () => {
    const queue = new JobQueue(handle.db)
    const registry = new Registry()
    registerJobMetrics(registry, queue)
    await queue.enqueue('metrics.a', {}, { runAt: Date.now() - 30_000 })
    await queue.enqueue('metrics.a', {})
    const text = await registry.metrics()
    expect(text).toContain('portal_job_queue_depth{kind="metrics.a",status="queued"} 2')
    expect(text).toContain('portal_job_queue_depth{kind="metrics.a",status="dead"} 0')
    const age = /portal_job_oldest_age_seconds\{kind="metrics.a"\} ([\d.]+)/.exec(text)
    expect(Number(age?.[1])).toBeGreaterThanOrEqual(30)
    await handle.db.updateTable('job').set({ status: 'dead' }).execute()
    expect(await registry.metrics()).toContain('portal_job_queue_depth{kind="metrics.a",status="dead"} 2')
  })
})
