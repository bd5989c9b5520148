import type { Generated, Insertable } from 'kysely'

/** A change of a machine's credit (B §3 "Machine credit log"). */
export interface MachineCreditLogTable {
  id: Generated<number>
  entity_code: string
  machine_id: number
  /** Minor units of currency_code. */
  amount: number
  currency_code: string
  /** CreditMode catalogue value: 1 addition, 2 consumed, 3 cash refund, 4 timeout. */
  mode: number
  /** PaymentMethod catalogue value. */
  payment_method: number
  /** PaymentType catalogue value (normal, preauth, capture). */
  payment_type: string
  /** When the machine says it happened. */
  client_time: number
  created_at: number
}

export type NewMachineCreditLogRow = Insertable<MachineCreditLogTable>
