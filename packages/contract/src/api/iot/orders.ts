import { z } from 'zod'
import { machineOrderItemStatuses } from '../../enums/payment'
import { paymentMethods } from '../../enums/payment-method'
import { catalogueSchema, envelope, epochMs, epochSeconds, paging } from '../envelope'

/**
 * The most rows a list count counts: past it the count answers `count: COUNT_CAP, count_capped: true` and the
 * portal shows "100,000+" (docs/decisions/0014-orders-transactions.md). Counting every one of a million rows on each
 * new filter costs more than the page itself; nobody pages past the 2,000th page.
 */
export const COUNT_CAP = 100_000

const idList = z.array(z.number().int().positive()).max(1000)
const methodList = z.array(catalogueSchema(paymentMethods)).max(100)
const setList = z.array(z.string().min(1).max(64)).max(200)

/** The filters of POST /iot/orders/items-filter and /items/count (B §7); start and end are epoch seconds. */
export const orderItemFilters = {
  machine_id_list: idList.optional(),
  payment_method_list: methodList.optional(),
  status_list: z.array(catalogueSchema(machineOrderItemStatuses)).max(20).optional(),
  /** The machine order's UUID (exact). */
  uuid: z.string().trim().max(64).optional(),
  set_list: setList.optional(),
  start: epochSeconds.optional(),
  end: epochSeconds.optional(),
}

export const orderItemCountRequest = z.strictObject(orderItemFilters)
export type OrderItemCountRequest = z.input<typeof orderItemCountRequest>
export type OrderItemCountFilter = z.output<typeof orderItemCountRequest>

export const orderItemFilterRequest = z.strictObject({ ...paging, ...orderItemFilters })
export type OrderItemFilterRequest = z.input<typeof orderItemFilterRequest>
export type OrderItemFilter = z.output<typeof orderItemFilterRequest>

/** A row of the machine order items list: the fields of B §3, plus the machine id and currency to show them. */
export const machineOrderItem = z.object({
  id: z.number().int(),
  machine_order_uuid: z.string(),
  order_no: z.string(),
  username: z.string(),
  serial_number: z.string(),
  alias: z.string(),
  location: z.string(),
  item: z.string(),
  /** Minor units of currency_code. */
  funds: z.number().int(),
  currency_code: z.string(),
  machine_order_item_status: z.number().int(),
  payment_method_code: z.number().int(),
  payment_type_code: z.string(),
  date: epochMs,
  description: z.string(),
  machine_id: z.number().int(),
})
export type MachineOrderItem = z.infer<typeof machineOrderItem>

export const orderItemFilterResponse = envelope(z.object({ items: z.array(machineOrderItem) }))
export type OrderItemFilterData = z.infer<typeof orderItemFilterResponse>['data']

/** A list count: exact up to COUNT_CAP; `count_capped` says there are more. */
export const listCount = z.object({ count: z.number().int().min(0), count_capped: z.boolean() })
export type ListCount = z.infer<typeof listCount>
export const orderItemCountResponse = envelope(listCount)

export const orderUuidParams = z.strictObject({ uuid: z.string().trim().min(1).max(64) })

/** An item of an order's detail: the list row's item fields and what the order's receipt shows. */
export const machineOrderDetailItem = z.object({
  id: z.number().int(),
  slot_no: z.number().int(),
  sku_id: z.number().int().nullable(),
  item: z.string(),
  description: z.string(),
  price: z.number().int(),
  discount: z.number().int(),
  credit: z.number().int(),
  funds: z.number().int(),
  machine_order_item_status: z.number().int(),
  failed_stage_name: z.string().nullable(),
  failed_stage_no: z.number().int().nullable(),
  redemption_record_uuid: z.string().nullable(),
  refund_promotion_id: z.number().int().nullable(),
})

export const machineOrderStage = z.object({
  stage_no: z.number().int(),
  stage_name: z.string(),
  /** StageStatus catalogue value. */
  status: z.number().int(),
  time: epochMs,
})
export type MachineOrderStage = z.infer<typeof machineOrderStage>

export const machineOrderPayment = z.object({
  payment_no: z.number().int(),
  transaction_uuid: z.string(),
  payment_method_code: z.number().int(),
  payment_type_code: z.string(),
  payment_gateway_code: z.string(),
  amount: z.number().int(),
  /** PaymentStatus catalogue value. */
  status: z.number().int(),
  date: epochMs,
})
export type MachineOrderPayment = z.infer<typeof machineOrderPayment>

/** GET /iot/orders/{uuid}: the order with its items, stages and payments. */
export const machineOrderDetail = z.object({
  uuid: z.string(),
  order_no: z.string(),
  out_trade_no: z.string(),
  machine_id: z.number().int(),
  username: z.string(),
  serial_number: z.string(),
  alias: z.string(),
  location: z.string(),
  currency_code: z.string(),
  total_amount: z.number().int(),
  /** OrderStatus catalogue value. */
  status: z.number().int(),
  payment_method_code: z.number().int(),
  payment_type_code: z.string(),
  created_at: epochMs,
  updated_at: epochMs,
  items: z.array(machineOrderDetailItem),
  stages: z.array(machineOrderStage),
  payments: z.array(machineOrderPayment),
})
export type MachineOrderDetail = z.infer<typeof machineOrderDetail>
export const machineOrderDetailResponse = envelope(machineOrderDetail)
