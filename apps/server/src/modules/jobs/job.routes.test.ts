import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'

/* Issue 13 §2: platform administrators see the background queue and retry its dead jobs. */

describe.each(DIALECTS)('jobs API on %s', (dialect) => {
  let t: TestApp
  let admin: string

  beforeAll(async () => {
    // The queue takes jobs but runs none here: what the API shows stays as the test left it.
    t = await createTestApp(dialect, { scale: 0.01, build: { background: { jobs: false } } })
    admin = await loginAs(t.app, 'admin')
  })
  afterAll(() => t.close())

  async function jobWith(status: 'queued' | 'dead', kind = 'api.test'): Promise<string> {
    const id = await t.app.jobs.enqueue(kind, { n: 1 }, { maxAttempts: 3 })
    if (status === 'dead') {
      await t.database.db
        .updateTable('job')
        .set({ status: 'dead', attempts: 3, last_error: 'it broke', finished_at: Date.now() })
        .where('id', '=', Number(id))
        .execute()
    }
    return String(id)
  }

  it('lists jobs newest first with their count and the depth per kind', async () => {
    const queued = await jobWith('queued', 'api.list')
    const dead = await jobWith('dead', 'api.list')
    const r = await call(t.app, 'POST', '/api/main/jobs/filter', {
      token: admin,
      body: { kind: ['api.list'], limit: 10, offset: 0 },
    })
    expect(r.status).toBe(200)
    expect(r.body.data.count).toBe(2)
    expect(r.body.data.jobs.map((j: { id: string }) => j.id)).toEqual([dead, queued])
    expect(r.body.data.jobs[0]).toMatchObject({
      kind: 'api.list',
      status: 'dead',
      attempts: 3,
      max_attempts: 3,
      last_error: 'it broke',
    })
    expect(r.body.data.depth).toContainEqual(
      expect.objectContaining({ kind: 'api.list', queued: 1, running: 0, dead: 1 }),
    )
    const onlyDead = await call(t.app, 'POST', '/api/main/jobs/filter', {
      token: admin,
      body: { kind: ['api.list'], status: ['dead'] },
    })
    expect(onlyDead.body.data.jobs.map((j: { id: string }) => j.id)).toEqual([dead])
  })

  it('refuses a bad filter with 400 naming the field', async () => {
    const r = await call(t.app, 'POST', '/api/main/jobs/filter', {
      token: admin,
      body: { status: ['lost'], limit: 500 },
    })
    expect(r.status).toBe(400)
    const paths = (r.body.error.issues as { path: string }[]).map((i) => i.path)
    expect(paths).toEqual(expect.arrayContaining(['body.status.0', 'body.limit']))
  })

  it('queues a dead job again with its attempts reset', async () => {
    const dead = await jobWith('dead')
    const r = await call(t.app, 'POST', `/api/main/jobs/${dead}/retry`, { token: admin, body: {} })
    expect(r.status).toBe(200)
    expect(r.body.data.job).toMatchObject({ id: dead, status: 'queued', attempts: 0, finished_at: null })
  })

  it('answers 400 for a job that is not dead, 404 for none, 400 for an id that is not one', async () => {
    const queued = await jobWith('queued')
    const notDead = await call(t.app, 'POST', `/api/main/jobs/${queued}/retry`, { token: admin, body: {} })
    expect(notDead.status).toBe(400)
    expect(notDead.body.error.message).toContain('queued')
    const missing = await call(t.app, 'POST', '/api/main/jobs/999999999/retry', { token: admin, body: {} })
    expect(missing.status).toBe(404)
    const bad = await call(t.app, 'POST', '/api/main/jobs/abc/retry', { token: admin, body: {} })
    expect(bad.status).toBe(400)
    expect(bad.body.error.issues[0].path).toBe('params.id')
  })

  it('is for platform administrators only', async () => {
    const owner = await loginAs(t.app, 'vending')
    const r = await call(t.app, 'POST', '/api/main/jobs/filter', { token: owner, body: {} })
    expect(r.status).toBe(403)
  })
})
