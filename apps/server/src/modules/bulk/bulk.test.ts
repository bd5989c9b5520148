import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../../test-support'
import { DevMailOutbox } from '../../lib/mail'
import { insertAlert } from '../alerts/alert.repository'
import { BULK_LIST_DEFS } from './bulk-lists'
import { insertBulkAction, recordBulkBatch } from './bulk.repository'
import { runBulk } from './bulk.service'

/*
 * Bulk actions (issue 18, decision 0117) on SQLite and PostgreSQL: each list's actions through the single-row
 * services, a job past 100 rows with progress and a report, resuming after the rows written, the filter resolved in
 * the caller's scope, rows the caller may not touch reported failed, one audit record, 400s naming fields, 404s.
 */

interface Bulk {
  id: string
  status: string
  total: number
  done: number
  succeeded: number
  failed: number
  rows: { id: string; ok: boolean; message: string | null }[]
  rows_total: number
}

describe.each(DIALECTS)('bulk actions on %s', (dialect) => {
  let t: TestApp
  let vending: string
  let cpo: string
  let viewer: string
  let machines: number[]
  let eastId: number
  let otherMachine: number

  const post = (token: string, body: unknown) =>
    call<{ data: { bulk: Bulk }; error?: unknown; message?: string }>(
      t.app,
      'POST',
      '/api/main/bulk-actions',
      {
        token,
        body,
      },
    )
  const get = (token: string, id: string, query = '') =>
    call<{ data: { bulk: Bulk } }>(t.app, 'GET', `/api/main/bulk-actions/${id}${query}`, { token })
  const auditOf = (uuid: string) =>
    t.app.db
      .selectFrom('audit_log')
      .where('object_type', '=', 'bulk_action')
      .where('object_id', '=', uuid)
      .selectAll()
      .execute()
  let alertSeq = 0
  const vendAlerts = async (n: number, tag: string) => {
    const ids: number[] = []
    const now = Date.now()
    for (let i = 0; i < n; i++) {
      const id = await insertAlert(t.app.db, {
        entity_code: 'VEND',
        kind: 'machine_error',
        severity: 'critical',
        status: 'open',
        subject_key: `bulk:${tag}:${String(++alertSeq)}`,
        subject: `${tag} machine ${String(i)}`,
        subject_path: null,
        machine_id: null,
        charge_point: null,
        message: 'In error',
        raised_at: now - i,
        last_seen_at: now,
        updated_at: now,
        acknowledged_at: null,
        acknowledged_by: null,
        resolved_at: null,
        resolved_by: null,
      })
      // A fresh subject key each time: the alert is always new.
      if (id === null) throw new Error('the alert was not inserted')
      ids.push(id)
    }
    return ids
  }
  const statusesOf = async (ids: number[]) =>
    (await t.app.db.selectFrom('alert').where('id', 'in', ids).select(['id', 'status']).execute()).map(
      (r) => r.status,
    )

  beforeAll(async () => {
    t = await createTestApp(dialect)
    vending = await loginAs(t.app, 'vending')
    cpo = await loginAs(t.app, 'cpo')
    viewer = await loginAs(t.app, 'viewer')
    machines = (
      await t.app.db
        .selectFrom('machine')
        .where('entity_code', '=', 'VEND')
        .select('id')
        .orderBy('id')
        .execute()
    ).map((m) => m.id)
    eastId = (
      await t.app.db
        .selectFrom('resource_set')
        .where('entity_code', '=', 'VEND')
        .where('code', '=', 'east')
        .select('id')
        .executeTakeFirstOrThrow()
    ).id
    otherMachine = (
      await t.app.db
        .selectFrom('machine')
        .where('entity_code', '<>', 'VEND')
        .select('id')
        .executeTakeFirstOrThrow()
    ).id
  })
  afterAll(() => t.close())

  it('adds machines to a set and takes them out, reporting each row; another entity’s machine fails', async () => {
    const chosen = machines.slice(10, 13)
    const r = await post(vending, {
      list: 'machines',
      action: 'add-to-set',
      params: { set_id: eastId },
      ids: [...chosen, otherMachine],
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const bulk = r.body.data.bulk
    expect(bulk).toMatchObject({ status: 'done', total: 4, done: 4, succeeded: 3, failed: 1 })
    // Failed rows first.
    expect(bulk.rows[0]).toEqual({ id: String(otherMachine), ok: false, message: 'Machine not found' })
    const members = await t.app.db
      .selectFrom('machine_set')
      .where('set_id', '=', eastId)
      .where('machine_id', 'in', [...chosen, otherMachine])
      .select('machine_id')
      .execute()
    expect(members.map((m) => m.machine_id).sort()).toEqual([...chosen].sort())
    // One audit record of the whole action, with its rows.
    const audit = await auditOf(bulk.id)
    expect(audit).toHaveLength(1)
    expect(audit[0]?.action).toBe('bulk.machines.add-to-set')
    const after = JSON.parse(audit[0]?.after ?? '{}') as { rows: unknown[]; succeeded: number }
    expect(after.rows).toHaveLength(4)
    expect(after.succeeded).toBe(3)

    const out = await post(vending, {
      list: 'machines',
      action: 'remove-from-set',
      params: { set_id: eastId },
      ids: chosen,
    })
    expect(out.body.data.bulk).toMatchObject({ status: 'done', succeeded: 3, failed: 0 })
    expect(
      await t.app.db
        .selectFrom('machine_set')
        .where('set_id', '=', eastId)
        .where('machine_id', 'in', chosen)
        .select('machine_id')
        .execute(),
    ).toEqual([])
  })

  it('sends a command to machines and changes their settings through the single-machine calls', async () => {
    const chosen = machines.slice(20, 22)
    const cmd = await post(vending, {
      list: 'machines',
      action: 'command',
      params: { command: 'reboot', params: {} },
      ids: chosen,
    })
    expect(cmd.body.data.bulk).toMatchObject({ status: 'done', succeeded: 2, failed: 0 })
    const queued = await t.app.db
      .selectFrom('machine_command')
      .where('machine_id', 'in', chosen)
      .where('command', '=', 'reboot')
      .select('machine_id')
      .execute()
    expect(queued).toHaveLength(2)

    const set = await post(vending, {
      list: 'machines',
      action: 'settings',
      params: { cp_timeout: 42 },
      ids: chosen,
    })
    expect(set.body.data.bulk).toMatchObject({ status: 'done', succeeded: 2 })
    const detail = await call(t.app, 'GET', `/api/main/iot/machines/${String(chosen[0])}`, { token: vending })
    expect(JSON.stringify(detail.body)).toContain('"cp_timeout":42')
  })

  it('changes user statuses and e-mails reset links', async () => {
    const users = await call<{ data: { users: { user_uuid: string; username: string }[] } }>(
      t.app,
      'POST',
      '/api/main/iam/users/filter',
      { token: vending, body: { limit: 100, offset: 0, search: 'finance' } },
    )
    const finance = users.body.data.users.find((u) => u.username === 'finance')
    expect(finance).toBeDefined()
    const uuid = finance?.user_uuid ?? ''
    const off = await post(vending, { list: 'users', action: 'status', params: { status: 4 }, ids: [uuid] })
    expect(off.body.data.bulk).toMatchObject({ succeeded: 1 })
    const on = await post(vending, { list: 'users', action: 'status', params: { status: 1 }, ids: [uuid] })
    expect(on.body.data.bulk).toMatchObject({ succeeded: 1 })
    await t.app.db
      .updateTable('app_user')
      .set({ email: 'finance@bulk.test' })
      .where('user_uuid', '=', uuid)
      .execute()
    const link = await post(vending, { list: 'users', action: 'reset-link', params: {}, ids: [uuid] })
    expect(link.body.data.bulk).toMatchObject({ succeeded: 1 })
    // The link goes to its owner, never into the report.
    expect(JSON.stringify(link.body)).not.toContain('/reset-password/')
    const mail = t.app.mail instanceof DevMailOutbox ? t.app.mail.list('finance@bulk.test') : []
    expect(mail[0]?.text).toContain('/reset-password/')
  })

  it('reports offline chargers as failed rows, not a failure of the whole', async () => {
    const chargers = await t.app.db
      .selectFrom('ev_charge_point')
      .where('entity_code', '=', 'CPO')
      .select('uid')
      .limit(2)
      .execute()
    const r = await post(cpo, {
      list: 'chargers',
      action: 'reset',
      params: { type: 'Soft' },
      ids: chargers.map((c) => c.uid),
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(r.body.data.bulk).toMatchObject({ status: 'done', total: 2, succeeded: 0, failed: 2 })
    for (const row of r.body.data.bulk.rows) expect(row.message).toMatch(/connect/i)
    const avail = await post(cpo, {
      list: 'chargers',
      action: 'change-availability',
      params: { operative: false },
      ids: chargers.map((c) => c.uid),
    })
    expect(avail.body.data.bulk).toMatchObject({ status: 'done', failed: 2 })
  })

  it('acknowledges and resolves alerts by id', async () => {
    const ids = await vendAlerts(2, 'byid')
    const ack = await post(vending, { list: 'alerts', action: 'acknowledge', params: {}, ids })
    expect(ack.body.data.bulk).toMatchObject({ succeeded: 2 })
    expect(await statusesOf(ids)).toEqual(['acknowledged', 'acknowledged'])
    const res = await post(vending, { list: 'alerts', action: 'resolve', params: { comment: 'done' }, ids })
    expect(res.body.data.bulk).toMatchObject({ succeeded: 2 })
    expect(await statusesOf(ids)).toEqual(['resolved', 'resolved'])
  })

  it('runs more than 100 rows chosen by filter as a job, with progress and a paged report', async () => {
    const ids = await vendAlerts(150, 'jobrun')
    const r = await post(vending, {
      list: 'alerts',
      action: 'acknowledge',
      params: {},
      filter: { search: 'jobrun', status: ['open'], limit: 20, offset: 0 },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    expect(['queued', 'running']).toContain(r.body.data.bulk.status)
    expect(r.body.data.bulk).toMatchObject({ total: 150, done: 0 })
    const id = r.body.data.bulk.id
    const done = await until('the job to finish', async () => {
      const g = await get(vending, id)
      return g.body.data.bulk.status === 'done' ? g.body.data.bulk : undefined
    })
    expect(done).toMatchObject({ total: 150, done: 150, succeeded: 150, failed: 0, rows_total: 150 })
    expect(done.rows).toHaveLength(100)
    const page2 = await get(vending, id, '?limit=100&offset=100')
    expect(page2.body.data.bulk.rows).toHaveLength(50)
    expect(new Set(await statusesOf(ids))).toEqual(new Set(['acknowledged']))
    expect(await auditOf(id)).toHaveLength(1)
    // The requester's; not another entity's, nor another member's who is no admin.
    expect((await get(cpo, id)).status).toBe(404)
    expect((await get(viewer, id)).status).toBe(404)
  })

  it('resumes a job after the rows already written, without redoing them', async () => {
    const ids = await vendAlerts(150, 'resume')
    const user = await t.app.db
      .selectFrom('app_user')
      .where('username', '=', 'vending')
      .select('id')
      .executeTakeFirstOrThrow()
    const bulkId = await insertBulkAction(t.app.db, {
      uuid: `resume-${dialect}`,
      entity_code: 'VEND',
      requested_by: user.id,
      ip: null,
      list: 'alerts',
      action: 'acknowledge',
      params: '{}',
      ids: JSON.stringify(ids),
      status: 'running',
      total: ids.length,
      done: 0,
      succeeded: 0,
      failed: 0,
      error: null,
      created_at: Date.now(),
      started_at: Date.now(),
      finished_at: null,
    })
    // As if an instance wrote the first 100 rows' results and died.
    await recordBulkBatch(
      t.app.db,
      bulkId,
      0,
      ids.slice(0, 100),
      ids.slice(0, 100).map(() => ({ ok: true, message: null })),
    )
    await runBulk(t.app, { commandTtlMs: 60_000, publicUrl: null }, bulkId)
    const statuses = await statusesOf(ids)
    expect(statuses.filter((s) => s === 'open')).toHaveLength(100)
    expect(statuses.filter((s) => s === 'acknowledged')).toHaveLength(50)
    const g = await get(vending, `resume-${dialect}`)
    expect(g.body.data.bulk).toMatchObject({ status: 'done', done: 150, succeeded: 150 })
  })

  it('resolves a filter within the caller’s set scope and entity', async () => {
    const user = await t.app.db
      .selectFrom('app_user')
      .where('username', '=', 'vending')
      .selectAll()
      .executeTakeFirstOrThrow()
    const caller = (sets: string[] | null) => ({
      auth: {
        sessionId: '',
        userId: user.id,
        userUuid: user.user_uuid,
        username: user.username,
        entityCode: 'VEND',
        isPlatformAdmin: false,
      },
      ip: null,
      sets,
    })
    const all = await BULK_LIST_DEFS.machines.resolve(t.app.db, caller(null), {}, 50_000)
    expect(all).toEqual(machines)
    const east = await BULK_LIST_DEFS.machines.resolve(t.app.db, caller(['east']), {}, 50_000)
    const eastMembers = await t.app.db
      .selectFrom('machine_set')
      .innerJoin('machine', 'machine.id', 'machine_set.machine_id')
      .where('machine_set.set_id', '=', eastId)
      .where('machine.entity_code', '=', 'VEND')
      .select('machine_id')
      .execute()
    expect(east.length).toBeLessThan(all.length)
    expect(new Set(east)).toEqual(new Set(eastMembers.map((m) => m.machine_id)))
    expect(east).not.toContain(otherMachine)
  })

  it('refuses bad input naming the field, and a member without the action’s policy', async () => {
    const bad = async (body: unknown, field: string) => {
      const r = await post(vending, body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(JSON.stringify(r.body)).toContain(field)
    }
    await bad({ list: 'nope', action: 'x', ids: [1] }, 'list')
    await bad({ list: 'machines', action: 'explode', ids: [1] }, 'body.action')
    await bad({ list: 'machines', action: 'add-to-set', params: {}, ids: [1] }, 'body.params.set_id')
    await bad(
      { list: 'machines', action: 'add-to-set', params: { set_id: 999999 }, ids: [1] },
      'body.params.set_id',
    )
    await bad({ list: 'machines', action: 'add-to-set', params: { set_id: eastId } }, 'body.ids')
    await bad(
      { list: 'machines', action: 'add-to-set', params: { set_id: eastId }, ids: [1], filter: {} },
      'body.ids',
    )
    await bad(
      { list: 'machines', action: 'add-to-set', params: { set_id: eastId }, ids: ['x'] },
      'body.ids.0',
    )
    await bad(
      { list: 'machines', action: 'add-to-set', params: { set_id: eastId }, filter: { bogus: 1 } },
      'body.filter',
    )
    await bad({ list: 'machines', action: 'settings', params: {}, ids: [1] }, 'body.params')
    const r = await post(viewer, {
      list: 'machines',
      action: 'add-to-set',
      params: { set_id: eastId },
      ids: [1],
    })
    expect(r.status).toBe(403)
  })
})
