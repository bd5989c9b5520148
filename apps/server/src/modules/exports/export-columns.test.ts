import type { ExportJob, MachineListItem } from '@portal/contract'
import { ExportJobStatus } from '@portal/contract'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../test-support'
import { parseCsv } from './read-export-file'

/* An export that names its columns (a saved view's, decision 0116) writes only those, in that order. */

const EXPORTS = '/api/main/exports'

describe.each(DIALECTS)('export columns on %s', (dialect) => {
  let t: TestApp
  let dir: string
  let vending: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-export-columns-'))
    t = await createTestApp(dialect, { scale: 0.02, config: { exportsDir: dir } })
    vending = await loginAs(t.app, 'vending')
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  const waitDone = async (uuid: string) => {
    const deadline = Date.now() + 10_000
    for (;;) {
      const r = await call<{ data: { export_job: ExportJob } }>(t.app, 'GET', `${EXPORTS}/${uuid}`, {
        token: vending,
      })
      if (r.body.data.export_job.status !== ExportJobStatus.Pending) return r.body.data.export_job
      if (Date.now() > deadline) throw new Error('export did not finish')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  it('writes the named columns in their order', async () => {
    const columns = ['stock', 'alias', 'machine_id']
    const r = await call<{ data: { export_job: ExportJob } }>(t.app, 'POST', EXPORTS, {
      token: vending,
      body: { source: 'machines', format: 'csv', filters: { active_filter: 1 }, columns },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const done = await waitDone(r.body.data.export_job.uuid)
    expect(done.status, done.error_message ?? '').toBe(ExportJobStatus.Ready)
    const file = await call(t.app, 'GET', `${EXPORTS}/${done.uuid}/download`, { token: vending })
    const [header, ...rows] = parseCsv(file.response.body)
    expect(header).toEqual(columns)
    const listed = await call(t.app, 'POST', '/api/main/iot/machines/filter', {
      token: vending,
      body: { limit: 1000, offset: 0, active_filter: 1 },
    })
    const machines = listed.body.data.machines as MachineListItem[]
    expect(rows.map((row) => Number(row[2]))).toEqual(machines.map((m) => m.machine_id))
    expect(rows[0]).toEqual([
      String(machines[0]?.stock ?? ''),
      machines[0]?.alias ?? '',
      String(machines[0]?.machine_id),
    ])
  })

  it('answers 400 naming columns for an unknown, repeated or empty list', async () => {
    for (const columns of [['alias', 'nope'], ['alias', 'alias'], []]) {
      const r = await call(t.app, 'POST', EXPORTS, {
        token: vending,
        body: { source: 'machines', format: 'csv', filters: {}, columns },
      })
      expect(r.status, JSON.stringify(columns)).toBe(400)
      expect(JSON.stringify(r.body)).toContain('body.columns')
    }
  })
})
