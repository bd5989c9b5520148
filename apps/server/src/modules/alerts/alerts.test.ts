import { randomUUID } from 'node:crypto'
import { ALERT_KIND_INFO, ExportJobStatus, MachineStatus } from '@portal/contract'
import type { RPCClient } from 'ocpp-rpc'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DevMailOutbox } from '../../lib/mail'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs, until } from '../../test-support'
import { LiveClient } from '../../test-support/live-client'
import { demoMachine } from '../../test-support/demo-machine'
import { hashOcppPassword } from '../ocpp/ocpp-password'
import { testCharger } from '../ocpp/test-charger'
import { CONDITIONS } from './alert-conditions'
import { insertEvChargePoint, insertEvSession, insertEvSite } from '../../test-support/ev-fixtures'

/*
 * Alerts (issue 16, decision 0111) on SQLite and PostgreSQL: the evaluator raises one alert per subject in trouble,
 * keeps it while the trouble lasts and resolves it when it clears; people acknowledge, comment and resolve with an
 * activity trail; the rules are the entity's; new alerts reach the live stream and the subscribers' mailboxes.
 */

const MINUTE = 60_000

describe.each(DIALECTS)('alerts on %s', (dialect) => {
  let t: TestApp
  let base: string
  let port: number
  let vending: string
  let cpo: string
  let machineId: number
  let key = ''
  const clients: LiveClient[] = []
  const chargers: RPCClient[] = []

  const api = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    call(t.app, method, `/api/main${url}`, { token, ...(body === undefined ? {} : { body }) })
  const reportStatus = (overall: number, at: number) =>
    call(t.app, 'POST', '/api/machine/v1/events', {
      token: key,
      body: {
        events: [{ event_id: randomUUID(), occurred_at: at, type: 'status', overall_status: overall }],
      },
    })
  const alertsOf = async (token: string, filter: Record<string, unknown>) => {
    const r = await api(token, 'POST', '/alerts/filter', { limit: 100, offset: 0, ...filter })
    expect(r.status).toBe(200)
    return r.body.data.alerts as {
      id: number
      kind: string
      status: string
      message: string
      resolved_by: null
    }[]
  }
  const setRule = (token: string, kind: string, enabled: boolean, threshold: number | null) =>
    api(token, 'PUT', `/alerts/rules/${kind}`, { enabled, threshold })

  beforeAll(async () => {
    t = await createTestApp(dialect, { scale: 0.005 })
    base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const address = t.app.server.address()
    port = typeof address === 'object' && address ? address.port : 0
    vending = await loginAs(t.app, 'vending')
    cpo = await loginAs(t.app, 'cpo')
    const demo = await demoMachine(t.app.db)
    machineId = demo.id
    key = demo.key
    // Only the kinds a test looks at are on, so that the seeded data's own trouble stays out of the counts.
    for (const [token, kinds] of [
      [
        vending,
        ['charger_offline', 'connector_faulted', 'session_start_failed', 'machine_no_sale', 'slot_stock_low'],
      ],
      [
        cpo,
        ['connector_faulted', 'session_start_failed', 'machine_error', 'machine_no_sale', 'slot_stock_low'],
      ],
    ] as const)
      for (const kind of kinds)
        expect((await setRule(token, kind, false, ALERT_KIND_INFO[kind].defaultThreshold)).status).toBe(200)
    await t.app.db
      .updateTable('machine')
      .set({ overall_status: MachineStatus.Ready })
      .where('entity_code', '=', 'VEND')
      .execute()
    await t.app.db.updateTable('export_job').set({ status: ExportJobStatus.Ready }).execute()
  })
  afterAll(async () => {
    for (const c of clients) c.close()
    await Promise.all(chargers.map((c) => c.close({ force: true })))
    await t.close()
  })

  it('lists every kind with its default, and refuses a bad threshold naming the field', async () => {
    const r = await api(vending, 'GET', '/alerts/rules')
    expect(r.status).toBe(200)
    expect(r.body.data.rules).toHaveLength(7)
    expect(r.body.data.rules.find((x: { kind: string }) => x.kind === 'export_failed')).toMatchObject({
      enabled: true,
      threshold: null,
    })
    const zero = await setRule(vending, 'machine_error', true, 0)
    expect(zero.status).toBe(400)
    expect(zero.body.error.message).toContain('body.threshold')
    const extra = await setRule(vending, 'export_failed', true, 3)
    expect(extra.status).toBe(400)
    expect(extra.body.error.message).toContain('takes no threshold')
    expect((await api(vending, 'PUT', '/alerts/rules/no_such_kind', { enabled: true })).status).toBe(400)
    const saved = await setRule(vending, 'machine_error', true, 10)
    expect(saved.body.data.rule).toMatchObject({
      kind: 'machine_error',
      threshold: 10,
      updated_by: 'vending',
    })
  })

  it('raises a machine in error once, keeps it while it lasts and resolves it when the machine recovers', async () => {
    const stream = await LiveClient.open(base, vending)
    clients.push(stream)
    // In error for 5 minutes: under the 10-minute threshold, nothing yet.
    expect((await reportStatus(MachineStatus.Error, Date.now() - 5 * MINUTE)).status).toBe(200)
    await t.app.evaluateAlerts()
    expect(await alertsOf(vending, { kind: ['machine_error'], machine_id: machineId })).toEqual([])
    // The machine's error began 20 minutes ago (error_since keeps the start while later reports repeat Error).
    await t.app.db
      .updateTable('machine')
      .set({ error_since: Date.now() - 20 * MINUTE })
      .where('id', '=', machineId)
      .execute()
    expect((await reportStatus(MachineStatus.Error, Date.now())).status).toBe(200)
    const machine = await t.app.db
      .selectFrom('machine')
      .where('id', '=', machineId)
      .select('error_since')
      .executeTakeFirstOrThrow()
    expect(Number(machine.error_since)).toBeLessThan(Date.now() - 19 * MINUTE)
    expect((await t.app.evaluateAlerts()).raised).toBeGreaterThanOrEqual(1)
    const [raised, ...others] = await alertsOf(vending, { kind: ['machine_error'], machine_id: machineId })
    expect(others).toEqual([])
    expect(raised).toMatchObject({ status: 'open', kind: 'machine_error', resolved_by: null })
    expect(raised?.message).toMatch(/^In error since /)
    const event = await stream.next((e) => e.event === 'alert.raised')
    expect(JSON.parse(event.data)).toEqual({ alert_id: raised?.id })

    // Another evaluation: the same alert, not a second one.
    await t.app.evaluateAlerts()
    expect(await alertsOf(vending, { kind: ['machine_error'], machine_id: machineId })).toHaveLength(1)
    const summary = await api(vending, 'GET', '/alerts/summary')
    expect(summary.body.data.open).toBeGreaterThanOrEqual(1)
    expect(summary.body.data.latest.map((a: { id: number }) => a.id)).toContain(raised?.id)

    // Recovered: resolved by the server, with the step in its activity.
    expect((await reportStatus(MachineStatus.Ready, Date.now())).status).toBe(200)
    expect((await t.app.evaluateAlerts()).resolved).toBeGreaterThanOrEqual(1)
    const detail = await api(vending, 'GET', `/alerts/${String(raised?.id)}`)
    expect(detail.body.data.alert).toMatchObject({ status: 'resolved', resolved_by: null })
    expect(detail.body.data.activity.map((a: { action: string }) => a.action)).toEqual(['raised', 'resolved'])
    await stream.next((e) => e.event === 'alert.updated' && JSON.parse(e.data).alert_id === raised?.id)
  })

  it('is acknowledged, commented and resolved by people, each step recorded with who and when', async () => {
    await t.app.db
      .updateTable('machine')
      .set({ overall_status: MachineStatus.Error, error_since: Date.now() - 30 * MINUTE })
      .where('id', '=', machineId)
      .execute()
    await t.app.evaluateAlerts()
    const [alert] = await alertsOf(vending, {
      kind: ['machine_error'],
      machine_id: machineId,
      status: ['open'],
    })
    const id = String(alert?.id)
    const ack = await api(vending, 'POST', `/alerts/${id}/acknowledge`, { comment: 'On my way' })
    expect(ack.status).toBe(200)
    expect(ack.body.data.alert).toMatchObject({
      status: 'acknowledged',
      acknowledged_by: 'vending',
      comments: 1,
    })
    // Acknowledging twice changes nothing.
    await api(vending, 'POST', `/alerts/${id}/acknowledge`, {})
    expect((await api(vending, 'POST', `/alerts/${id}/comments`, { text: '' })).status).toBe(400)
    await api(vending, 'POST', `/alerts/${id}/comments`, { text: 'Replaced the board' })
    const resolved = await api(vending, 'POST', `/alerts/${id}/resolve`, {})
    expect(resolved.body.data.alert).toMatchObject({
      status: 'resolved',
      resolved_by: 'vending',
      comments: 2,
    })
    expect(
      resolved.body.data.activity.map((a: { action: string; username: string | null }) => [
        a.action,
        a.username,
      ]),
    ).toEqual([
      ['raised', null],
      ['acknowledged', 'vending'],
      ['commented', 'vending'],
      ['commented', 'vending'],
      ['resolved', 'vending'],
    ])
    // Still in error: resolved by hand, so the next evaluation raises it anew (the trouble is not over).
    await t.app.evaluateAlerts()
    const again = await alertsOf(vending, {
      kind: ['machine_error'],
      machine_id: machineId,
      status: ['open'],
    })
    expect(again).toHaveLength(1)
    expect(again[0]?.id).not.toBe(alert?.id)
    // Another entity's member cannot see or touch it.
    expect((await api(cpo, 'GET', `/alerts/${id}`)).status).toBe(404)
    expect((await api(cpo, 'POST', `/alerts/${id}/resolve`, {})).status).toBe(404)
    // A rule turned off resolves what it raised.
    await setRule(vending, 'machine_error', false, 10)
    await t.app.evaluateAlerts()
    expect(await alertsOf(vending, { kind: ['machine_error'], status: ['open', 'acknowledged'] })).toEqual([])
    await setRule(vending, 'machine_error', true, 10)
    await t.app.db
      .updateTable('machine')
      .set({ overall_status: MachineStatus.Ready, error_since: null })
      .where('id', '=', machineId)
      .execute()
  })

  it('e-mails a new alert to the members who asked for it', async () => {
    const outbox = t.app.mail
    if (!(outbox instanceof DevMailOutbox)) throw new Error('the tests send to the development outbox')
    await t.app.db
      .updateTable('app_user')
      .set({ email: 'ops@vend.example' })
      .where('username', '=', 'vending')
      .execute()
    const sub = await api(vending, 'PUT', '/alerts/subscription', { email: true })
    expect(sub.body.data).toEqual({ email: true, address: 'ops@vend.example' })
    await t.app.db
      .updateTable('machine_item')
      .set({ stock: 0 })
      .where('machine_id', '=', machineId)
      .where('slot_no', '=', 1)
      .execute()
    await setRule(vending, 'slot_stock_low', true, 2)
    await t.app.evaluateAlerts()
    const [low] = await alertsOf(vending, { kind: ['slot_stock_low'], machine_id: machineId })
    expect(low?.message).toMatch(/^Slots? .*1.* below 2$/)
    const mail = await until('the alert e-mail', () =>
      Promise.resolve(outbox.list('ops@vend.example').find((m) => m.text.includes(low?.message ?? '?'))),
    )
    expect(mail.subject).toMatch(/^\[VEND\] Slot stock low: /)
    await setRule(vending, 'slot_stock_low', false, 2)
  })

  it('raises a charger offline from the moment its connection closes, and resolves it when it is back', async () => {
    const cp = await t.app.db
      .selectFrom('ev_charge_point')
      .where('entity_code', '=', 'CPO')
      .select(['id', 'uid'])
      .orderBy('id')
      .executeTakeFirstOrThrow()
    await t.app.db
      .updateTable('ev_charge_point')
      .set({
        ocpp_identity: 'ALERT-CP-1',
        ocpp_password_hash: hashOcppPassword('alert-pass-0001'),
        commissioned: 1,
      })
      .where('id', '=', cp.id)
      .execute()
    // Other CPO chargers' seeded heartbeats are recent or old; only ours is looked at below.
    await setRule(cpo, 'charger_offline', true, 1)
    const charger = testCharger({ port, identity: 'ALERT-CP-1', password: 'alert-pass-0001' })
    chargers.push(charger)
    await charger.connect()
    const row = () =>
      t.app.db.selectFrom('ev_charge_point').where('id', '=', cp.id).selectAll().executeTakeFirstOrThrow()
    await until('the connection recorded', async () =>
      (await row()).ocpp_connected_at !== null ? true : undefined,
    )
    await charger.close({ force: true })
    const closed = await until('the disconnection recorded', async () => {
      const r = await row()
      return r.ocpp_disconnected_at === null ? undefined : r
    })
    expect(Number(closed.ocpp_disconnected_at)).toBeGreaterThanOrEqual(Number(closed.ocpp_connected_at))
    // Disconnected 2 minutes ago (moved back, as if time had passed): past the 1-minute threshold.
    await t.app.db
      .updateTable('ev_charge_point')
      .set({ ocpp_disconnected_at: Date.now() - 2 * MINUTE })
      .where('id', '=', cp.id)
      .execute()
    await t.app.evaluateAlerts()
    const [offline] = await alertsOf(cpo, { kind: ['charger_offline'], charge_point: cp.uid })
    expect(offline).toMatchObject({ status: 'open' })
    expect(offline?.message).toMatch(/^Disconnected since /)

    const back = testCharger({ port, identity: 'ALERT-CP-1', password: 'alert-pass-0001' })
    chargers.push(back)
    await back.connect()
    await until('the reconnection recorded', async () =>
      (await row()).ocpp_disconnected_at === null ? true : undefined,
    )
    await t.app.evaluateAlerts()
    const [after] = await alertsOf(cpo, { kind: ['charger_offline'], charge_point: cp.uid })
    expect(after).toMatchObject({ id: offline?.id, status: 'resolved', resolved_by: null })
  })

  it('raises a session that failed to start and a faulted connector, and clears them when they are over', async () => {
    await setRule(cpo, 'session_start_failed', true, null)
    await setRule(cpo, 'connector_faulted', true, null)
    const site = await insertEvSite(t.app.db, { entity: 'CPO', key: `alerts-${dialect}` })
    const cp = await insertEvChargePoint(t.app.db, {
      entity_code: 'CPO',
      location_id: site.location,
      uid: `alerts-cp-${dialect}`,
      serial_number: `ALERT-SN-${dialect}`,
      created_at: 0,
      updated_at: 0,
    })
    await t.app.db.updateTable('ev_evse').set({ charge_point_id: cp }).where('id', '=', site.evse).execute()
    const failedAt = Date.now() - 5 * MINUTE
    await insertEvSession(t.app.db, site, {
      uid: `alerts-fail-${dialect}`,
      start_date_time: failedAt,
      status: 'START_FAILURE',
      charge_point_id: cp,
    })
    await t.app.db
      .updateTable('ev_connector')
      .set({ status: 'Faulted', error_code: 'GroundFailure', status_at: failedAt })
      .where('id', '=', site.connector)
      .execute()
    await t.app.evaluateAlerts()
    const mine = async () =>
      (await alertsOf(cpo, { charge_point: `alerts-cp-${dialect}` })).map((a) => [
        a.kind,
        a.status,
        a.message,
      ])
    expect(await mine()).toEqual(
      expect.arrayContaining([
        ['session_start_failed', 'open', expect.stringMatching(/^A session failed to start at /)],
        ['connector_faulted', 'open', expect.stringMatching(/^Faulted \(GroundFailure\) since /)],
      ]),
    )
    // A session starts well after the failure, and the connector is back: both clear.
    await insertEvSession(t.app.db, site, {
      uid: `alerts-ok-${dialect}`,
      start_date_time: failedAt + MINUTE,
      status: 'ACTIVE',
      charge_point_id: cp,
    })
    await t.app.db
      .updateTable('ev_connector')
      .set({ status: 'Available', error_code: null })
      .where('id', '=', site.connector)
      .execute()
    await t.app.evaluateAlerts()
    expect((await mine()).map(([, status]) => status)).toEqual(['resolved', 'resolved'])
  })

  it('raises a failed export and leaves it for a person to clear', async () => {
    await setRule(cpo, 'export_failed', true, null)
    const uuid = randomUUID()
    await t.app.db
      .insertInto('export_job')
      .values({
        uuid,
        entity_code: 'CPO',
        requested_by: null,
        source: 'ocpp-messages',
        format: 'csv',
        filters: '{}',
        scope_set_ids: null,
        status: ExportJobStatus.Failed,
        row_count: null,
        file_name: null,
        file_size: null,
        error_message: 'disk full',
        created_at: Date.now(),
        started_at: Date.now(),
        heartbeat_at: null,
        finished_at: Date.now(),
      })
      .execute()
    await t.app.evaluateAlerts()
    const [failed] = await alertsOf(cpo, { kind: ['export_failed'], status: ['open'] })
    expect(failed?.message).toMatch(/disk full$/)
    // A day later it is out of the window, and still open: nothing cleared it.
    await t.app.db
      .updateTable('export_job')
      .set({ finished_at: Date.now() - 2 * 24 * 60 * MINUTE })
      .where('uuid', '=', uuid)
      .execute()
    await t.app.evaluateAlerts()
    expect((await alertsOf(cpo, { kind: ['export_failed'], status: ['open'] })).map((a) => a.id)).toContain(
      failed?.id,
    )
  })

  it('counts "no sale" only for a machine open for the whole window', async () => {
    const [open, closedMachine] = await t.app.db
      .selectFrom('machine')
      .where('entity_code', '=', 'VEND')
      .where('id', '<>', machineId)
      .select(['id', 'general_settings'])
      .orderBy('id')
      .limit(2)
      .execute()
    if (!open || !closedMachine) throw new Error('two machines needed')
    const day = (closed: boolean) => ({ closed, open: '00:00', close: '23:59' })
    const hours = (closed: boolean) =>
      Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'public_holiday'].map(
          (d) => [d, day(closed)],
        ),
      )
    for (const [m, closed] of [
      [open, false],
      [closedMachine, true],
    ] as const)
      await t.app.db
        .updateTable('machine')
        .set({
          is_active: 1,
          overall_status: MachineStatus.Ready,
          general_settings: JSON.stringify({
            ...JSON.parse(m.general_settings),
            opening_hours: hours(closed),
          }),
        })
        .where('id', '=', m.id)
        .execute()
    // Noon, thirty days after the seeded sales: nobody sold anything in the last 4 hours.
    const noon = Date.UTC(2026, 11, 23, 12, 0, 0)
    const findings = await CONDITIONS.machine_no_sale({
      db: t.app.db,
      entityCode: 'VEND',
      timeZone: 'UTC',
      threshold: 4,
      now: noon,
      minuteMs: MINUTE,
    })
    expect(findings.found.map((f) => f.machineId)).toContain(open.id)
    expect(findings.found.map((f) => f.machineId)).not.toContain(closedMachine.id)
    expect(findings.undecided?.has(`machine:${String(closedMachine.id)}`)).toBe(true)
    // At 02:00 the all-day machine has been open only two hours today: undecided, not in trouble.
    const early = await CONDITIONS.machine_no_sale({
      db: t.app.db,
      entityCode: 'VEND',
      timeZone: 'UTC',
      threshold: 4,
      now: Date.UTC(2026, 11, 23, 2, 0, 0),
      minuteMs: MINUTE,
    })
    expect(early.found.map((f) => f.machineId)).not.toContain(open.id)
  })
})
