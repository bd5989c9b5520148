import type { Generated, Selectable } from 'kysely'

/** A machine order: one purchase at a machine, paid once, with one or more items. */
export interface MachineOrderTable {
  id: Generated<number>
  uuid: string
  entity_code: string
  machine_id: number
  order_no: string
  out_trade_no: string
  /** The machine's username (the spec's order "username"). */
  username: string
  currency_code: string
  /** Minor units: what the items' funds add up to. */
  total_amount: number
  /** OrderStatus catalogue value. */
  status: number
  payment_method_code: number
  payment_type_code: string
  created_at: number
  updated_at: number
}

/**
 * An item of an order. Carries copies of its order's and machine's fields that the list shows, so the list reads
 * this table alone (docs/decisions/0014-orders-transactions.md).
 */
export interface MachineOrderItemTable {
  id: Generated<number>
  entity_code: string
  machine_order_id: number
  machine_order_uuid: string
  machine_order_out_trade_no: string
  order_no: string
  machine_id: number
  username: string
  serial_number: string
  alias: string
  location: string
  postal_code: string
  slot_no: number
  sku_id: number | null
  item_name: string
  description: string
  currency_code: string
  /** Minor units: list price, discount taken off, machine credit used, and the funds paid (price - discount - credit). */
  price: number
  discount: number
  credit: number
  funds: number
  /** PaymentStatus (machine order item status) catalogue value. */
  machine_order_item_status: number
  payment_method_code: number
  payment_type_code: string
  redemption_record_uuid: string | null
  refund_promotion_id: number | null
  /** Set when the item failed at a stage of its order. */
  failed_stage_name: string | null
  failed_stage_no: number | null
  created_at: number
}

export interface MachineOrderStageTable {
  machine_order_id: number
  stage_no: number
  stage_name: string
  /** StageStatus catalogue value. */
  status: number
  created_at: number
}

export interface MachineOrderPaymentTable {
  machine_order_id: number
  payment_no: number
  /** The payment transaction that carried it. */
  transaction_uuid: string
  payment_method_code: number
  payment_type_code: string
  payment_gateway_code: string
  currency_code: string
  amount: number
  /** PaymentStatus catalogue value. */
  status: number
  created_at: number
}

export type MachineOrderRow = Selectable<MachineOrderTable>
export type MachineOrderItemRow = Selectable<MachineOrderItemTable>
export type MachineOrderStageRow = Selectable<MachineOrderStageTable>
export type MachineOrderPaymentRow = Selectable<MachineOrderPaymentTable>
