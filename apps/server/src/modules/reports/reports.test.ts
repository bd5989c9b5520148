import type { ReportRun, ReportSchedule } from '@portal/contract'
import { nextReportRun } from '@portal/contract'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../../test-support'
import { WebhookReceiver } from '../../test-support/webhook-receiver'
import { DevMailOutbox } from '../../lib/mail'

/*
 * Scheduled reports (issue 18, decision 0119) on SQLite and PostgreSQL: set up from a saved view, validated field by
 * field, run now or when due (once, however many runs were missed), delivered by e-mail with the file attached, or
 * to a webhook as a signed `report.ready` delivery; paused, resumed, deleted; nobody else's to see.
 */

describe.each(DIALECTS)('scheduled reports on %s', (dialect) => {
  let t: TestApp
  let receiver: WebhookReceiver
  let vending: string
  let viewId: number
  const EMAIL = 'vera.reports@vend.example'

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      scale: 0.005,
      build: { background: { jobs: { pollMs: 50 } }, reports: { tickMs: false, pollMs: 100 } },
    })
    receiver = await WebhookReceiver.start()
    vending = await loginAs(t.app, 'vending')
    await t.database.db
      .updateTable('app_user')
      .set({ email: EMAIL })
      .where('username', '=', 'vending')
      .execute()
    const view = await call<{ data: { view: { id: number } } }>(t.app, 'POST', '/api/main/views', {
      token: vending,
      body: {
        list: 'machines',
        name: 'Machines by serial',
        state: { filters: {}, columns: ['serial_number', 'alias'], page_size: 20 },
        shared: false,
      },
    })
    expect(view.status, JSON.stringify(view.body)).toBe(200)
    viewId = view.body.data.view.id
  })
  afterAll(async () => {
    await t.close()
    await receiver.close()
  })

  const base = () => ({
    view_id: viewId,
    export: { source: 'machines', filters: {}, columns: ['serial_number', 'alias'] },
    format: 'csv',
    frequency: 'daily',
    time: '07:00',
    delivery: 'email',
  })
  const create = async (body: Record<string, unknown>, token = vending) =>
    call<{ data: { schedule: ReportSchedule } }>(t.app, 'POST', '/api/main/report-schedules', { token, body })
  const list = async (token = vending) => {
    const r = await call<{ data: { schedules: ReportSchedule[]; count: number } }>(
      t.app,
      'POST',
      '/api/main/report-schedules/filter',
      { token, body: { limit: 50, offset: 0 } },
    )
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    return r.body.data
  }
  const runsOf = async (id: number) => (await list()).schedules.find((s) => s.id === id)?.runs ?? []
  const finished = (id: number, runId: number) =>
    until(`run ${String(runId)} finished`, async () => {
      const run = (await runsOf(id)).find((r) => r.id === runId)
      return run && run.status !== 'running' ? run : undefined
    })
  const issuePaths = (body: unknown) =>
    ((body as { error: { issues?: { path: string }[] } }).error.issues ?? []).map((i) => i.path)
  const outbox = () => {
    const mail = t.app.mail
    if (!(mail instanceof DevMailOutbox)) throw new Error('the test app sends mail to the dev outbox')
    return mail
  }

  it('refuses a schedule that is not right, naming the field, and writes nothing', async () => {
    const before = (await list()).count
    const cases: [Record<string, unknown>, string][] = [
      [{ frequency: 'weekly' }, 'body.weekday'],
      [{ frequency: 'monthly', month_day: 31 }, 'body.month_day'],
      [{ time: '7:00' }, 'body.time'],
      [{ frequency: 'hourly' }, 'body.frequency'],
      [{ view_id: 999_999 }, 'body.view_id'],
      [{ export: { source: 'nothing', filters: {} } }, 'body.export.source'],
      [{ export: { source: 'machines', filters: {}, columns: ['no_such_column'] } }, 'body.export.columns'],
      [{ export: { source: 'machines', filters: { limit: 5 } } }, 'body.export.filters.limit'],
      [{ delivery: 'webhook' }, 'body.webhook_id'],
      [{ delivery: 'webhook', webhook_id: 999_999 }, 'body.webhook_id'],
    ]
    for (const [change, path] of cases) {
      const r = await create({ ...base(), ...change })
      expect(r.status, `${JSON.stringify(change)} → ${JSON.stringify(r.body)}`).toBe(400)
      expect(issuePaths(r.body).join(' ') + JSON.stringify(r.body)).toContain(path)
    }
    expect((await list()).count).toBe(before)
  })

  it("sets one up from a saved view, due next at its time in the entity's zone, and only its owner sees it", async () => {
    const now = Date.now()
    const r = await create({ ...base(), frequency: 'weekly', weekday: 1, time: '08:30' })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const s = r.body.data.schedule
    expect(s).toMatchObject({
      name: 'Machines by serial',
      view: { id: viewId, name: 'Machines by serial', list: 'machines' },
      source: 'machines',
      columns: ['serial_number', 'alias'],
      frequency: 'weekly',
      weekday: 1,
      month_day: null,
      time: '08:30',
      delivery: 'email',
      paused: false,
      runs: [],
    })
    const expected = nextReportRun({ frequency: 'weekly', time: '08:30', weekday: 1 }, s.time_zone, now)
    expect(Math.abs((s.next_run_at ?? 0) - expected)).toBeLessThan(7 * 86_400_000)
    expect(new Date(s.next_run_at ?? 0).getTime()).toBeGreaterThan(now)
    expect((await list()).schedules.map((x) => x.id)).toContain(s.id)

    // Another entity's user: not theirs to list, change or run.
    const cpo = await loginAs(t.app, 'cpo')
    for (const [method, path] of [
      ['PUT', `/api/main/report-schedules/${String(s.id)}`],
      ['DELETE', `/api/main/report-schedules/${String(s.id)}`],
      ['POST', `/api/main/report-schedules/${String(s.id)}/run`],
    ] as const) {
      const other = await call(t.app, method, path, {
        token: cpo,
        ...(method === 'PUT' ? { body: { paused: true } } : {}),
      })
      expect([403, 404]).toContain(other.status)
    }
  })

  it('runs now: the export with the view’s columns, e-mailed to its owner with the file attached', async () => {
    const s = (await create({ ...base(), name: 'Machines now' })).body.data.schedule
    const started = await call<{ data: { run: ReportRun } }>(
      t.app,
      'POST',
      `/api/main/report-schedules/${String(s.id)}/run`,
      { token: vending },
    )
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body.data.run).toMatchObject({ status: 'running', manual: true })
    const run = await finished(s.id, started.body.data.run.id)
    expect(run.status, run.message ?? '').toBe('sent')
    expect(run.export_uuid).not.toBeNull()
    expect(run.row_count).toBeGreaterThan(0)
    const mail = outbox()
      .list(EMAIL)
      .find((m) => m.subject.includes('Machines now'))
    expect(mail?.subject).toBe('[VEND] Report: Machines now')
    expect(mail?.attachments?.length).toBe(1)
    const csv = mail?.attachments?.[0]?.content.toString('utf8').replace(/^\uFEFF/, '') ?? ''
    expect(csv.split(/\r?\n/)[0]).toBe('serial_number,alias')
    // The export is the owner's, in their history, like one they asked for.
    const history = await call<{ data: { export_jobs: { uuid: string; source: string }[] } }>(
      t.app,
      'POST',
      '/api/main/exports/filter',
      { token: vending, body: { limit: 20, offset: 0 } },
    )
    expect(history.body.data.export_jobs.map((j) => j.uuid)).toContain(run.export_uuid)
  })

  it('runs a schedule missed while the server was down once, and moves it to its next time after now', async () => {
    const s = (await create({ ...base(), name: 'Missed ones' })).body.data.schedule
    const now = Date.now()
    // Due three days ago: three daily runs were missed.
    await t.database.db
      .updateTable('report_schedule')
      .set({ next_run_at: now - 3 * 86_400_000 })
      .where('id', '=', s.id)
      .execute()
    const [first, second] = await Promise.all([t.app.tickReports(now), t.app.tickReports(now)])
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1)
    const after = (await list()).schedules.find((x) => x.id === s.id)
    expect(after?.next_run_at).toBe(nextReportRun({ frequency: 'daily', time: '07:00' }, s.time_zone, now))
    expect(after?.runs.filter((r) => !r.manual)).toHaveLength(1)
    expect(await t.app.tickReports(now)).toBe(0)
    const run = await finished(s.id, after?.runs[0]?.id ?? 0)
    expect(run.status, run.message ?? '').toBe('sent')
  })

  it('pauses (no next run, the tick leaves it), resumes from now, and deletes', async () => {
    const s = (await create({ ...base(), name: 'Paused one', frequency: 'monthly', month_day: 3 })).body.data
      .schedule
    const paused = await call<{ data: { schedule: ReportSchedule } }>(
      t.app,
      'PUT',
      `/api/main/report-schedules/${String(s.id)}`,
      { token: vending, body: { paused: true } },
    )
    expect(paused.status, JSON.stringify(paused.body)).toBe(200)
    expect(paused.body.data.schedule).toMatchObject({ paused: true, next_run_at: null })
    await t.app.tickReports(Date.now() + 40 * 86_400_000)
    expect(await runsOf(s.id)).toHaveLength(0)

    const resumed = await call<{ data: { schedule: ReportSchedule } }>(
      t.app,
      'PUT',
      `/api/main/report-schedules/${String(s.id)}`,
      { token: vending, body: { paused: false, frequency: 'daily', time: '18:15' } },
    )
    expect(resumed.body.data.schedule).toMatchObject({ paused: false, frequency: 'daily', month_day: null })
    expect(resumed.body.data.schedule.next_run_at).toBeGreaterThan(Date.now())

    const gone = await call(t.app, 'DELETE', `/api/main/report-schedules/${String(s.id)}`, { token: vending })
    expect(gone.status).toBe(200)
    const again = await call(t.app, 'PUT', `/api/main/report-schedules/${String(s.id)}`, {
      token: vending,
      body: { paused: true },
    })
    expect(again.status).toBe(404)
  })

  it('sends a report to a webhook as a signed report.ready delivery', async () => {
    const hook = await call<{ data: { id: number } }>(t.app, 'POST', '/api/main/webhooks', {
      token: vending,
      body: { url: receiver.url('/reports'), events: ['alert.raised'] },
    })
    expect(hook.status, JSON.stringify(hook.body)).toBe(200)
    const s = (
      await create({
        ...base(),
        name: 'To the warehouse',
        delivery: 'webhook',
        webhook_id: hook.body.data.id,
      })
    ).body.data.schedule
    expect(s.webhook?.id).toBe(hook.body.data.id)
    const started = await call<{ data: { run: ReportRun } }>(
      t.app,
      'POST',
      `/api/main/report-schedules/${String(s.id)}/run`,
      { token: vending },
    )
    const run = await finished(s.id, started.body.data.run.id)
    expect(run.status, run.message ?? '').toBe('sent')
    const received = await until('the report at the receiver', () =>
      Promise.resolve(receiver.at('/reports')[0]),
    )
    expect(received.headers['x-portal-event']).toBe('report.ready')
    expect(String(received.headers['x-portal-signature'])).toMatch(/^sha256=[0-9a-f]{64}$/)
    const body = JSON.parse(received.body.toString('utf8')) as {
      data: { name: string; export: { uuid: string; download_path: string; row_count: number } }
    }
    expect(body.data.name).toBe('To the warehouse')
    expect(body.data.export.uuid).toBe(run.export_uuid)
    expect(body.data.export.download_path).toBe(`/api/main/exports/${String(run.export_uuid)}/download`)
  })

  it('says why a run failed when its owner may no longer export the list', async () => {
    const s = (await create({ ...base(), name: 'Lost access' })).body.data.schedule
    // The owner leaves the entity: the run acts with their permissions as they are when it runs.
    const owner = await t.database.db
      .selectFrom('app_user')
      .where('username', '=', 'vending')
      .select('id')
      .executeTakeFirstOrThrow()
    const membership = await t.database.db
      .selectFrom('membership')
      .where('user_id', '=', owner.id)
      .where('entity_code', '=', 'VEND')
      .selectAll()
      .executeTakeFirstOrThrow()
    await t.database.db
      .deleteFrom('membership')
      .where('user_id', '=', owner.id)
      .where('entity_code', '=', 'VEND')
      .execute()
    try {
      const runId = await t.app.tickReports(0).then(async () => {
        await t.database.db
          .updateTable('report_schedule')
          .set({ next_run_at: 1 })
          .where('id', '=', s.id)
          .execute()
        await t.app.tickReports(Date.now())
        const row = await t.database.db
          .selectFrom('report_run')
          .where('schedule_id', '=', s.id)
          .select('id')
          .executeTakeFirstOrThrow()
        return row.id
      })
      const run = await until('the failed run', async () => {
        const row = await t.database.db
          .selectFrom('report_run')
          .where('id', '=', runId)
          .selectAll()
          .executeTakeFirst()
        return row && row.status !== 'running' ? row : undefined
      })
      expect(run.status).toBe('failed')
      expect(run.message).toContain('no longer an active member')
    } finally {
      await t.database.db.insertInto('membership').values(membership).execute()
    }
  })
})
