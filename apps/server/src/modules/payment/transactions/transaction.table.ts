import type { Generated, Selectable } from 'kysely'

/** A payment transaction: a charge, a refund (its own row), a capture... of an order or of another payment. */
export interface PaymentTransactionTable {
  id: Generated<number>
  uuid: string
  entity_code: string
  /** The machine the payment was taken at (set scoping); null for payments not made at a machine. */
  machine_id: number | null
  order_uuid: string | null
  username: string
  currency_code: string
  /** Minor units. */
  amount: number
  refundable_amount: number
  refunded_amount: number
  /** TransactionType and TransactionStatus catalogue values. */
  transaction_type: number
  transaction_status: number
  payment_method_code: number
  payment_type_code: string
  payment_gateway_code: string
  /** Our reference sent to the gateway (the out trade no), and the gateway's own. */
  entity_refer_no: string
  payment_refer_no: string
  created_at: number
}

export type PaymentTransactionRow = Selectable<PaymentTransactionTable>
