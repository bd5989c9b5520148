import type {
  ListCount,
  MachineOrderDetail,
  MachineOrderItem,
  OrderItemCountFilter,
  OrderItemFilter,
  OrderItemFilterData,
} from '@portal/contract'
import { COUNT_CAP } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import type { MachineScope } from '../machines/machine.repository'
import {
  countItems,
  findItemPage,
  findItemsOfOrder,
  findOrderByUuid,
  findPaymentsOfOrder,
  findStagesOfOrder,
} from './order.repository'
import type { MachineOrderItemRow } from './order.table'

/** The cache scope of order item counts: invalidate it after writing an entity's orders. */
export const orderCountScope = (entityCode: string) => `orders:${entityCode}`

export function toOrderItem(row: MachineOrderItemRow): MachineOrderItem {
  return {
    id: row.id,
    machine_order_uuid: row.machine_order_uuid,
    order_no: row.order_no,
    username: row.username,
    serial_number: row.serial_number,
    alias: row.alias,
    location: row.location,
    item: row.item_name,
    funds: row.funds,
    currency_code: row.currency_code,
    machine_order_item_status: row.machine_order_item_status,
    payment_method_code: row.payment_method_code,
    payment_type_code: row.payment_type_code,
    date: row.created_at,
    description: row.description,
    machine_id: row.machine_id,
  }
}

export async function filterOrderItems(
  db: Db,
  entityCode: string,
  filter: OrderItemFilter,
  scope: MachineScope,
): Promise<OrderItemFilterData> {
  const rows = await findItemPage(db, entityCode, filter, scope)
  return { items: rows.map(toOrderItem) }
}

/** A capped count (COUNT_CAP), cached per entity, filter and scope (lib/count-cache.ts). */
export async function countOrderItems(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: OrderItemCountFilter,
  scope: MachineScope,
): Promise<ListCount> {
  const n = await counts.get(orderCountScope(entityCode), { ...filter, scope }, () =>
    countItems(db, entityCode, filter, scope),
  )
  return { count: Math.min(n, COUNT_CAP), count_capped: n > COUNT_CAP }
}

export async function getOrder(
  db: Db,
  entityCode: string,
  uuid: string,
  scope: MachineScope,
): Promise<MachineOrderDetail> {
  const order = await findOrderByUuid(db, entityCode, uuid, scope)
  if (!order) throw notFound('Machine order')
  const [items, stages, payments] = await Promise.all([
    findItemsOfOrder(db, order.id),
    findStagesOfOrder(db, order.id),
    findPaymentsOfOrder(db, order.id),
  ])
  const first = items[0]
  return {
    uuid: order.uuid,
    order_no: order.order_no,
    out_trade_no: order.out_trade_no,
    machine_id: order.machine_id,
    username: order.username,
    serial_number: first?.serial_number ?? '',
    alias: first?.alias ?? '',
    location: first?.location ?? '',
    currency_code: order.currency_code,
    total_amount: order.total_amount,
    status: order.status,
    payment_method_code: order.payment_method_code,
    payment_type_code: order.payment_type_code,
    created_at: order.created_at,
    updated_at: order.updated_at,
    items: items.map((i) => ({
      id: i.id,
      slot_no: i.slot_no,
      sku_id: i.sku_id,
      item: i.item_name,
      description: i.description,
      price: i.price,
      discount: i.discount,
      credit: i.credit,
      funds: i.funds,
      machine_order_item_status: i.machine_order_item_status,
      failed_stage_name: i.failed_stage_name,
      failed_stage_no: i.failed_stage_no,
      redemption_record_uuid: i.redemption_record_uuid,
      refund_promotion_id: i.refund_promotion_id,
    })),
    stages: stages.map((s) => ({
      stage_no: s.stage_no,
      stage_name: s.stage_name,
      status: s.status,
      time: s.created_at,
    })),
    payments: payments.map((p) => ({
      payment_no: p.payment_no,
      transaction_uuid: p.transaction_uuid,
      payment_method_code: p.payment_method_code,
      payment_type_code: p.payment_type_code,
      payment_gateway_code: p.payment_gateway_code,
      amount: p.amount,
      status: p.status,
      date: p.created_at,
    })),
  }
}
