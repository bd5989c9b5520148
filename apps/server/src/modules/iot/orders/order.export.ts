import type { OrderItemCountFilter } from '@portal/contract'
import { labelOf, machineOrderItemStatuses, orderItemCountRequest } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { ExportColumn, ExportScope, ExportSource } from '../../exports/export-source'
import { findSetsOfMachines } from '../machines/machine.repository'
import { filteredItems } from './order.repository'
import type { MachineOrderItemRow } from './order.table'

export interface OrderItemExportRow {
  item: MachineOrderItemRow
  setNames: string
}

const BATCH = 2000

/** Minor units as a decimal amount ("1.50"): the list's currencies all have two decimals. */
const money = (minor: number) => (minor / 100).toFixed(2)
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const isoTime = (ms: number) => new Date(ms).toISOString().slice(11, 19)

/** B §3 machine order item export columns, in order. Date and time are UTC; status as its label. */
export const orderItemExportColumns: ExportColumn<OrderItemExportRow>[] = [
  { header: 'id', value: (r) => r.item.id },
  { header: 'machine_order_uuid', value: (r) => r.item.machine_order_uuid },
  { header: 'machine_order_out_trade_no', value: (r) => r.item.machine_order_out_trade_no },
  { header: 'alias', value: (r) => r.item.alias },
  { header: 'serial_number', value: (r) => r.item.serial_number },
  { header: 'username', value: (r) => r.item.username },
  { header: 'location', value: (r) => r.item.location },
  { header: 'postal_code', value: (r) => r.item.postal_code },
  { header: 'order_no', value: (r) => r.item.order_no },
  { header: 'payment_type_code', value: (r) => r.item.payment_type_code },
  { header: 'payment_method_code', value: (r) => r.item.payment_method_code },
  {
    header: 'machine_order_item_status',
    value: (r) => labelOf(machineOrderItemStatuses, r.item.machine_order_item_status),
  },
  { header: 'credit', value: (r) => money(r.item.credit) },
  { header: 'redemption_record_uuid', value: (r) => r.item.redemption_record_uuid },
  { header: 'discount', value: (r) => money(r.item.discount) },
  { header: 'price', value: (r) => money(r.item.price) },
  { header: 'slot_no', value: (r) => r.item.slot_no },
  { header: 'item_name', value: (r) => r.item.item_name },
  { header: 'description', value: (r) => r.item.description },
  { header: 'date', value: (r) => isoDate(r.item.created_at) },
  { header: 'time', value: (r) => isoTime(r.item.created_at) },
  { header: 'sku_id', value: (r) => r.item.sku_id },
  { header: 'refund_promotion_id', value: (r) => r.item.refund_promotion_id },
  { header: 'failed_stage_name', value: (r) => r.item.failed_stage_name },
  { header: 'failed_stage_no', value: (r) => r.item.failed_stage_no },
  { header: 'set_name', value: (r) => r.setNames },
]

/** Every matching item, newest first like the list, by keyset batches on (created_at, id). */
async function* orderItemRows(
  db: Db,
  scope: ExportScope,
  filters: OrderItemCountFilter,
): AsyncIterable<OrderItemExportRow> {
  const setScope = scope.setIds === null ? null : [...scope.setIds]
  const setNames = new Map<number, string>()
  let after: { at: number; id: number } | null = null
  for (;;) {
    let q = filteredItems(db, scope.entityCode, filters, setScope)
    if (after !== null) {
      const { at, id } = after
      q = q.where((eb) =>
        eb.or([
          eb('machine_order_item.created_at', '<', at),
          eb.and([eb('machine_order_item.created_at', '=', at), eb('machine_order_item.id', '<', id)]),
        ]),
      )
    }
    const batch = await q
      .selectAll('machine_order_item')
      .orderBy('machine_order_item.created_at', 'desc')
      .orderBy('machine_order_item.id', 'desc')
      .limit(BATCH)
      .execute()
    if (batch.length === 0) return
    const unknown = [...new Set(batch.map((i) => i.machine_id))].filter((id) => !setNames.has(id))
    if (unknown.length) {
      const sets = await findSetsOfMachines(db, scope.entityCode, unknown)
      for (const id of unknown) setNames.set(id, '')
      for (const s of sets) {
        const prev = setNames.get(s.machine_id) ?? ''
        setNames.set(s.machine_id, prev === '' ? s.name : `${prev}, ${s.name}`)
      }
    }
    for (const item of batch) yield { item, setNames: setNames.get(item.machine_id) ?? '' }
    const last = batch[batch.length - 1] as MachineOrderItemRow
    after = { at: last.created_at, id: last.id }
    if (batch.length < BATCH) return
  }
}

export const orderItemExportSource: ExportSource<OrderItemCountFilter, OrderItemExportRow> = {
  key: 'order-items',
  title: 'Machine order items',
  permission: { app: 'iot', resource: 'orders/*', action: 'read' },
  filters: orderItemCountRequest,
  columns: orderItemExportColumns,
  rows: orderItemRows,
}
