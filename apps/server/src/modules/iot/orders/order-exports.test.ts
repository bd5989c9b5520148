import type { ExportJob } from '@portal/contract'
import { ExportJobStatus } from '@portal/contract'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../../test-support'
import { call, createTestApp, DIALECTS, loginAs } from '../../../test-support'
import { exportSourceOf } from '../../exports/export-sources'
import { parseCsv } from '../../exports/read-export-file'
import { transactionExportSource } from '../../payment/transactions/transaction.export'
import { orderItemExportSource } from './order.export'

/** B §3, copied column by column: the export files must have exactly these headers, in this order. */
const ORDER_ITEM_COLUMNS =
  'id, machine_order_uuid, machine_order_out_trade_no, alias, serial_number, username, location, postal_code, order_no, payment_type_code, payment_method_code, machine_order_item_status, credit, redemption_record_uuid, discount, price, slot_no, item_name, description, date, time, sku_id, refund_promotion_id, failed_stage_name, failed_stage_no, set_name'.split(
    ', ',
  )
const TRANSACTION_COLUMNS =
  'id, uuid, order_uuid, username, currency_code, amount, refundable_amount, refunded_amount, transaction_type, transaction_status, payment_type_code, payment_method_code, payment_gateway_code, created_at, payment_refer_no, entity_refer_no'.split(
    ', ',
  )

async function collect<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const row of rows) out.push(row)
  return out
}

describe.each(DIALECTS)('order item and transaction exports on %s', (dialect) => {
  let t: TestApp

  let dir: string

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-order-export-'))
    t = await createTestApp(dialect, {
      scale: 0.05,
      config: { exportsDir: dir },
    })
  })
  afterAll(async () => {
    await t.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** Requests an export job as `vending`, waits for it, and returns the csv's header and rows. */
  const csvOf = async (source: string, filters: object) => {
    const token = await loginAs(t.app, 'vending')
    const r = await call<{ data: { export_job: ExportJob } }>(t.app, 'POST', '/api/main/exports', {
      token,
      body: { source, format: 'csv', filters },
    })
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    const uuid = r.body.data.export_job.uuid
    const deadline = Date.now() + 10_000
    for (;;) {
      const j = await call<{ data: { export_job: ExportJob } }>(t.app, 'GET', `/api/main/exports/${uuid}`, {
        token,
      })
      if (j.body.data.export_job.status !== ExportJobStatus.Pending) break
      if (Date.now() > deadline) throw new Error('export did not finish')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const file = await call(t.app, 'GET', `/api/main/exports/${uuid}/download`, { token })
    expect(file.status).toBe(200)
    const [header, ...rows] = parseCsv(file.response.body)
    return { header, rows }
  }

  it('writes csv files with exactly the B §3 columns, through the export API', async () => {
    const items = await csvOf('order-items', { status_list: [4] })
    expect(items.header).toEqual(ORDER_ITEM_COLUMNS)
    expect(items.rows.length).toBeGreaterThan(0)
    for (const row of items.rows)
      expect(row[ORDER_ITEM_COLUMNS.indexOf('machine_order_item_status')]).toBe('Failed')
    const txns = await csvOf('transactions', { status_list: [7] })
    expect(txns.header).toEqual(TRANSACTION_COLUMNS)
    for (const row of txns.rows)
      expect(row[TRANSACTION_COLUMNS.indexOf('transaction_status')]).toBe('Refunded')
  })

  it('are registered under their keys', () => {
    expect(exportSourceOf('order-items')).toBe(orderItemExportSource)
    expect(exportSourceOf('transactions')).toBe(transactionExportSource)
  })

  it.each(ORDER_ITEM_COLUMNS.map((c, i) => [i, c] as const))('order item column %i is %s', (i, header) => {
    expect(orderItemExportSource.columns[i]?.header).toBe(header)
  })

  it.each(TRANSACTION_COLUMNS.map((c, i) => [i, c] as const))('transaction column %i is %s', (i, header) => {
    expect(transactionExportSource.columns[i]?.header).toBe(header)
  })

  it('have no columns beyond B §3', () => {
    expect(orderItemExportSource.columns).toHaveLength(ORDER_ITEM_COLUMNS.length)
    expect(transactionExportSource.columns).toHaveLength(TRANSACTION_COLUMNS.length)
  })

  it('streams every matching order item, newest first, with failed stages and set names', async () => {
    const scope = { entityCode: 'VEND', setIds: null }
    const all = await collect(orderItemExportSource.rows(t.database.db, scope, {}))
    const count = await t.database.db
      .selectFrom('machine_order_item')
      .where('entity_code', '=', 'VEND')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    expect(all).toHaveLength(count.n)
    const times = all.map((r) => r.item.created_at)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const failed = await collect(orderItemExportSource.rows(t.database.db, scope, { status_list: [4] }))
    expect(failed.length).toBeGreaterThan(0)
    for (const r of failed) {
      const cells = Object.fromEntries(orderItemExportSource.columns.map((c) => [c.header, c.value(r)]))
      expect(cells.machine_order_item_status).toBe('Failed')
      expect(cells.failed_stage_name).toMatch(/Payment|Dispense/)
      expect(cells.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect(cells.time).toMatch(/^\d{2}:\d{2}:\d{2}$/)
      expect(cells.price).toMatch(/^\d+\.\d{2}$/)
    }
    expect(all.some((r) => r.setNames !== '')).toBe(true)
  })

  it('streams transactions with labels and amounts', async () => {
    const rows = await collect(
      transactionExportSource.rows(t.database.db, { entityCode: 'VEND', setIds: null }, { status_list: [7] }),
    )
    expect(rows.length).toBeGreaterThan(0)
    const first = rows[0]
    if (!first) throw new Error('no refunded transaction')
    const cells = Object.fromEntries(transactionExportSource.columns.map((c) => [c.header, c.value(first)]))
    expect(cells.transaction_status).toBe('Refunded')
    expect(cells.refundable_amount).toBe('0.00')
    expect(cells.refunded_amount).toBe(cells.amount)
    expect(String(cells.created_at)).toMatch(/Z$/)
  })
})
