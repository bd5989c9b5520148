import { ExportJobStatus } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { createTestApp, DIALECTS } from '../../test-support'
import { migrateTo, migrateToLatest } from '../migrate'

/* Migration 0046 gives every export still Pending at the upgrade an export.write job, and resets its progress. */

describe.each(DIALECTS)('migration 0046 (exports queued) on %s', (dialect) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.01, build: { background: { jobs: false } } })
  })
  afterAll(() => t.close())

  it('queues a job for each Pending export, and none for finished ones', async () => {
    const db = t.database.db
    await migrateTo(db, '20261128-0044-login-failure')
    const entity = await db.selectFrom('entity').select('code').executeTakeFirstOrThrow()
    const row = (uuid: string, status: number, started_at: number | null) => ({
      uuid,
      entity_code: entity.code,
      requested_by: null,
      source: 'machines',
      format: 'csv',
      filters: '{}',
      scope_set_ids: null,
      status,
      row_count: null,
      file_name: null,
      file_size: null,
      error_message: null,
      attempts: started_at === null ? 0 : 1,
      progress: started_at === null ? 0 : 40,
      created_at: 1,
      started_at,
      heartbeat_at: started_at,
      finished_at: status === ExportJobStatus.Pending ? null : 2,
    })
    const uuids = ['00000000-0000-4000-a000-000000000461', '00000000-0000-4000-a000-000000000462']
    await db
      .insertInto('export_job')
      .values([
        row(uuids[0] ?? '', ExportJobStatus.Pending, null),
        row(uuids[1] ?? '', ExportJobStatus.Pending, 5),
        row('00000000-0000-4000-a000-000000000463', ExportJobStatus.Ready, 5),
      ])
      .execute()
    await migrateToLatest(db)

    const exports = await db
      .selectFrom('export_job')
      .where('uuid', 'in', uuids)
      .select(['id', 'started_at', 'progress', 'attempts'])
      .orderBy('uuid')
      .execute()
    for (const e of exports) expect(e).toMatchObject({ started_at: null, progress: 0, attempts: 0 })
    const jobs = await db
      .selectFrom('job')
      .where('kind', '=', 'export.write')
      .select(['payload', 'status', 'max_attempts', 'unique_key'])
      .execute()
    expect(jobs.map((j) => ({ ...j, payload: JSON.parse(j.payload) as unknown }))).toEqual(
      exports.map((e) => ({
        payload: { export_id: e.id },
        status: 'queued',
        max_attempts: 2,
        unique_key: `export:${String(e.id)}`,
      })),
    )
  })
})
