import type { ExportJob, MachineListItem } from '@portal/contract'
import { ExportJobStatus, labelOf, machineStatuses, vmcTypes } from '@portal/contract'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../lib/passwords'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { parseCsv, readXlsx } from './read-export-file'

const EXPORTS = '/api/main/exports'
const MACHINE_COLUMNS = [
  'username',
  'serial_number',
  'alias',
  'machine_id',
  'location',
  'postal_code',
  'overall_status',
  'model_number',
  'last_activity_time',
  'last_maintenance_time',
  'vmc_type',
  'vmc_port',
  'sets',
  'payment_selections',
  'is_active',
  'capacity',
  'stock',
]

describe.each(DIALECTS)('export API on %s', (dialect) => {
  let t: TestApp
  let dir: string
  let vending: string
  let cpo: string
  let nogrants: string
  let newstaff: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-export-api-'))
    t = await createTestApp(dialect, {
      scale: 0.05,
      config: { exportsDir: dir },
    })
    // A member of VEND with no role and no policy.
    const now = Date.now()
    const user = await t.database.db
      .insertInto('app_user')
      .values({
        user_uuid: 'nogrants-0000-4000-a000-00000000e0e0',
        name: 'No Grants',
        username: 'nogrants',
        email: null,
        phone_number: null,
        image_url: null,
        password_hash: await hashPassword('demo1234'),
        status: 1,
        is_platform_admin: 0,
        mfa_primary_mode: 'none',
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        password_changed_at: now,
        is_initial_login: 0,
        default_entity_code: 'VEND',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.database.db
      .insertInto('membership')
      .values({ user_id: user.id, entity_code: 'VEND', relation: 2, created_at: now })
      .execute()
    vending = await loginAs(t.app, 'vending')
    cpo = await loginAs(t.app, 'cpo')
    nogrants = await loginAs(t.app, 'nogrants')
    newstaff = await loginAs(t.app, 'newstaff')
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const request = async (token: string, body: unknown) => {
    const r = await call<{ data: { export_job: ExportJob } }>(t.app, 'POST', EXPORTS, { token, body })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data.export_job
  }
  const waitDone = async (token: string, uuid: string) => {
    const deadline = Date.now() + 10_000
    for (;;) {
      const r = await call<{ data: { export_job: ExportJob } }>(t.app, 'GET', `${EXPORTS}/${uuid}`, { token })
      expect(r.status).toBe(200)
      if (r.body.data.export_job.status !== ExportJobStatus.Pending) return r.body.data.export_job
      if (Date.now() > deadline) throw new Error('export did not finish')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }
  const machines = async (token: string, body: object) => {
    const r = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token,
      body: { limit: 1000, offset: 0, ...body },
    })
    return r.body.data.machines as MachineListItem[]
  }

  it('exports the machines of the current filters as csv, with B §3 columns, and lists the job', async () => {
    const filters = { active_filter: 1, search_key: 'location', search_value: 'a' }
    const job = await request(vending, { source: 'machines', format: 'csv', filters })
    expect(job).toMatchObject({
      source: 'machines',
      source_title: 'Machines',
      format: 'csv',
      status: ExportJobStatus.Pending,
      filters,
      requested_by: { name: 'Vera Tan' },
      download_path: null,
    })
    const done = await waitDone(vending, job.uuid)
    const expected = await machines(vending, filters)
    expect(expected.length).toBeGreaterThan(0)
    expect(done).toMatchObject({ status: ExportJobStatus.Ready, row_count: expected.length })
    expect(done.download_path).toBe(`/exports/${job.uuid}/download`)

    const file = await call(t.app, 'GET', `${EXPORTS}/${job.uuid}/download`, { token: vending })
    expect(file.status).toBe(200)
    expect(file.response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(file.response.headers['content-disposition']).toBe(
      `attachment; filename="${done.file_name ?? ''}"`,
    )
    const [header, ...rows] = parseCsv(file.response.body)
    expect(header).toEqual(MACHINE_COLUMNS)
    expect(rows.map((r) => Number(r[3]))).toEqual(expected.map((m) => m.machine_id))
    const m = expected[0] as MachineListItem
    const row = Object.fromEntries(MACHINE_COLUMNS.map((c, i) => [c, rows[0]?.[i]]))
    expect(row).toMatchObject({
      username: m.username,
      serial_number: m.serial_number,
      alias: m.alias,
      location: m.location,
      postal_code: m.postal_code,
      overall_status: labelOf(machineStatuses, m.overall_status),
      model_number: m.model_number,
      last_activity_time: m.last_activity_time === null ? '' : new Date(m.last_activity_time).toISOString(),
      vmc_type: labelOf(vmcTypes, m.vmc_type),
      vmc_port: m.vmc_port,
      sets: m.sets.map((s) => s.name).join(', '),
      is_active: 'Yes',
      capacity: String(m.capacity),
      stock: String(m.stock),
    })

    const history = await call(t.app, 'POST', `${EXPORTS}/filter`, {
      token: vending,
      body: { limit: 10, offset: 0 },
    })
    expect(history.status).toBe(200)
    expect(history.body.data.export_jobs[0]).toMatchObject({ uuid: job.uuid, status: ExportJobStatus.Ready })
  })

  it('exports xlsx with the same columns and rows', async () => {
    const job = await request(vending, { source: 'machines', format: 'xlsx', filters: { vmc_list: [1] } })
    const done = await waitDone(vending, job.uuid)
    expect(done.status).toBe(ExportJobStatus.Ready)
    const file = await t.app.inject({
      method: 'GET',
      url: `${EXPORTS}/${job.uuid}/download`,
      headers: { authorization: `Token ${vending}` },
    })
    expect(file.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    const book = readXlsx(new Uint8Array(file.rawPayload))
    const [header, ...rows] = book.rows[0] ?? []
    expect(header).toEqual(MACHINE_COLUMNS)
    const expected = await machines(vending, { vmc_list: [1] })
    expect(rows.map((r) => r[3])).toEqual(expected.map((m) => m.machine_id))
    expect(rows[0]?.[0]).toBe(expected[0]?.username)
  })

  it('exports only the machines of the sets a set-scoped user may see', async () => {
    const job = await request(newstaff, { source: 'machines', format: 'csv', filters: {} })
    const done = await waitDone(newstaff, job.uuid)
    const visible = await machines(newstaff, {})
    expect(visible.length).toBeLessThan((await machines(vending, {})).length)
    expect(done.row_count).toBe(visible.length)
  })

  it('refuses an unknown source, format or filter with a 400 naming the field', async () => {
    const cases: [unknown, string][] = [
      [{ source: 'nothing', format: 'csv', filters: {} }, 'body.source'],
      [{ source: 'machines', format: 'pdf', filters: {} }, 'body.format'],
      [{ source: 'machines', format: 'csv', filters: { active_filter: 9 } }, 'body.filters.active_filter'],
      [{ source: 'machines', format: 'csv', filters: { limit: 10 } }, 'body.filters.limit'],
      [{ source: 'machines', format: 'csv', filters: {}, extra: 1 }, 'body.extra'],
    ]
    for (const [body, path] of cases) {
      const r = await call(t.app, 'POST', EXPORTS, { token: vending, body })
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.error.issues?.[0]?.path ?? '', JSON.stringify(r.body)).toBe(path)
    }
    const badFilter = await call(t.app, 'POST', `${EXPORTS}/filter`, {
      token: vending,
      body: { limit: 10, offset: 0, status_list: [4] },
    })
    expect(badFilter.status).toBe(400)
  })

  it('answers 403 to a member who may not see the list, on every export route', async () => {
    const job = await request(vending, { source: 'machines', format: 'csv', filters: {} })
    await waitDone(vending, job.uuid)
    const calls: [string, string, unknown][] = [
      ['POST', EXPORTS, { source: 'machines', format: 'csv', filters: {} }],
      ['POST', `${EXPORTS}/filter`, { limit: 10, offset: 0 }],
      ['GET', `${EXPORTS}/${job.uuid}`, undefined],
      ['GET', `${EXPORTS}/${job.uuid}/download`, undefined],
    ]
    for (const [method, url, body] of calls) {
      const r = await call(t.app, method as 'GET' | 'POST', url, { token: nogrants, body })
      expect(r.status, url).toBe(403)
    }
  })

  it("answers 404 to another entity, and lists only the current entity's jobs", async () => {
    const job = await request(vending, { source: 'machines', format: 'csv', filters: {} })
    await waitDone(vending, job.uuid)
    for (const url of [`${EXPORTS}/${job.uuid}`, `${EXPORTS}/${job.uuid}/download`]) {
      const r = await call(t.app, 'GET', url, { token: cpo })
      expect(r.status, url).toBe(404)
      expect(Object.keys(r.body as object)).toEqual(['error'])
    }
    const theirs = await call(t.app, 'POST', `${EXPORTS}/filter`, {
      token: cpo,
      body: { limit: 10, offset: 0 },
    })
    expect(theirs.status).toBe(200)
    expect(theirs.body.data).toEqual({ export_jobs: [], count: 0 })
  })

  it('filters the history by source and status, pages it newest first, and counts it', async () => {
    const all = await call(t.app, 'POST', `${EXPORTS}/filter`, {
      token: vending,
      body: { limit: 100, offset: 0 },
    })
    const jobs = all.body.data.export_jobs as ExportJob[]
    expect(all.body.data.count).toBe(jobs.length)
    expect(jobs.length).toBeGreaterThanOrEqual(4)
    const times = jobs.map((j) => j.created_at)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const page = await call(t.app, 'POST', `${EXPORTS}/filter`, {
      token: vending,
      body: { limit: 2, offset: 1 },
    })
    expect(page.body.data.export_jobs.map((j: ExportJob) => j.uuid)).toEqual(
      jobs.slice(1, 3).map((j) => j.uuid),
    )
    expect(page.body.data.count).toBe(jobs.length)
    const failed = await call(t.app, 'POST', `${EXPORTS}/filter`, {
      token: vending,
      body: { limit: 10, offset: 0, status_list: [ExportJobStatus.Failed] },
    })
    expect(failed.body.data.count).toBe(0)
    const other = await call(t.app, 'POST', `${EXPORTS}/filter`, {
      token: vending,
      body: { limit: 10, offset: 0, source_list: ['transactions'] },
    })
    expect(other.body.data.count).toBe(0)
  })

  it('answers 409 to a download of an export that is not Ready', async () => {
    const job = await request(vending, { source: 'machines', format: 'csv', filters: {} })
    await waitDone(vending, job.uuid)
    await t.database.db
      .updateTable('export_job')
      .set({ status: ExportJobStatus.Failed, error_message: 'Disk full' })
      .where('uuid', '=', job.uuid)
      .execute()
    const r = await call(t.app, 'GET', `${EXPORTS}/${job.uuid}/download`, { token: vending })
    expect(r.status).toBe(409)
    const got = await call(t.app, 'GET', `${EXPORTS}/${job.uuid}`, { token: vending })
    expect(got.body.data.export_job).toMatchObject({
      status: 3,
      error_message: 'Disk full',
      download_path: null,
    })
  })
})
