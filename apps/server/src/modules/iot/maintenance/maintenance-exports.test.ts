import type { ExportJob, MachineCreditLog, MtSummary } from '@portal/contract'
import { challengeTypes, creditModes, ExportJobStatus, labelOf, paymentMethods } from '@portal/contract'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import { parseCsv, readXlsx } from '../../exports/read-export-file'

const EXPORTS = '/api/main/exports'

/** B §3 "Maintenance summary" export columns, copied from the spec. */
const MAINTENANCE_COLUMNS =
  'mt_user_id, name, phone_number, postal_code, location, alias, username, serial_number, start_time, end_time, topped_up, challenge_type, challenge_bypassed, challenge_bypass_reason'.split(
    ', ',
  )
/** B §3 "Machine credit log" export columns, copied from the spec. */
const CREDIT_LOG_COLUMNS =
  'credits_log_id, machine_id, machine_username, machine_serial_number, machine_alias, machine_location, amount, credit_mode, payment_method, created_at, client_time'.split(
    ', ',
  )

describe.each(DIALECTS)('maintenance and credit log exports on %s', (dialect) => {
  let t: TestApp
  let dir: string
  let vending: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-mt-export-'))
    t = await createTestApp(dialect, {
      scale: 0.05,
      config: { exportsDir: dir },
    })
    vending = await loginAs(t.app, 'vending')
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const exportFile = async (token: string, body: object) => {
    const r = await call<{ data: { export_job: ExportJob } }>(t.app, 'POST', EXPORTS, { token, body })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const uuid = r.body.data.export_job.uuid
    const deadline = Date.now() + 10_000
    for (;;) {
      const s = await call<{ data: { export_job: ExportJob } }>(t.app, 'GET', `${EXPORTS}/${uuid}`, { token })
      if (s.body.data.export_job.status === ExportJobStatus.Ready) break
      expect(s.body.data.export_job.status).toBe(ExportJobStatus.Pending)
      if (Date.now() > deadline) throw new Error('export did not finish')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    return t.app.inject({
      method: 'GET',
      url: `${EXPORTS}/${uuid}/download`,
      headers: { authorization: `Token ${token}` },
    })
  }

  it('exports the maintenance summaries of the filters as csv with exactly B §3 columns', async () => {
    const filters = { is_challenge_bypass: true }
    const file = await exportFile(vending, { source: 'maintenance', format: 'csv', filters })
    const [header, ...rows] = parseCsv(file.body)
    expect(header).toEqual(MAINTENANCE_COLUMNS)
    const list = await call(t.app, 'POST', '/api/main/iot/mt-summaries/filter', {
      token: vending,
      body: { limit: 1000, offset: 0, ...filters },
    })
    const expected = list.body.data.mt_summaries as MtSummary[]
    expect(expected.length).toBeGreaterThan(0)
    expect(rows).toHaveLength(expected.length)
    const s = expected[0] as MtSummary
    const row = Object.fromEntries(MAINTENANCE_COLUMNS.map((c, i) => [c, rows[0]?.[i]]))
    expect(row).toMatchObject({
      mt_user_id: s.user_uuid,
      name: s.user_name,
      location: s.location,
      alias: s.alias,
      username: s.machine_username,
      serial_number: s.serial_number,
      start_time: new Date(s.start_time).toISOString(),
      end_time: new Date(s.end_time).toISOString(),
      topped_up: String(s.total_added_stock),
      challenge_type: labelOf(challengeTypes, s.challenge_type),
      challenge_bypassed: 'Yes',
      challenge_bypass_reason: s.challenge_bypass_reason ?? '',
    })
    // The csv writer guards a leading + against formula injection with a quote.
    expect(row.phone_number).toMatch(/^'?\+65 /)
  })

  it('exports the credit logs as xlsx with exactly B §3 columns, newest client time first', async () => {
    const filters = { modes: [1] }
    const file = await exportFile(vending, { source: 'credit-logs', format: 'xlsx', filters })
    const [header, ...rows] = readXlsx(new Uint8Array(file.rawPayload)).rows[0] ?? []
    expect(header).toEqual(CREDIT_LOG_COLUMNS)
    const list = await call(t.app, 'POST', '/api/main/iot/orders/creditlogs/filter', {
      token: vending,
      body: { limit: 1000, offset: 0, ...filters },
    })
    const expected = list.body.data.machine_credit_logs as MachineCreditLog[]
    expect(expected.length).toBeGreaterThan(0)
    expect(rows.map((r) => r[0])).toEqual(expected.map((l) => l.machine_credit_log_id))
    const l = expected[0] as MachineCreditLog
    const row = Object.fromEntries(CREDIT_LOG_COLUMNS.map((c, i) => [c, rows[0]?.[i]]))
    expect(row).toMatchObject({
      machine_id: l.machine_id,
      machine_username: l.username,
      machine_serial_number: l.serial_number,
      machine_alias: l.alias,
      machine_location: l.location,
      credit_mode: labelOf(creditModes, l.mode),
      payment_method: labelOf(paymentMethods, l.payment_method),
      created_at: new Date(l.created_at).toISOString(),
      client_time: new Date(l.client_time).toISOString(),
    })
    expect(String(row.amount)).toBe((l.amount / 100).toFixed(2))
  })

  it('refuses the maintenance export to a member without the maintenance policy', async () => {
    const payments = await loginAs(t.app, 'payments')
    const r = await call(t.app, 'POST', EXPORTS, {
      token: payments,
      body: { source: 'maintenance', format: 'csv', filters: {} },
    })
    expect(r.status).toBe(403)
  })
})
