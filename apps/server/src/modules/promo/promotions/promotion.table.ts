import type { Generated, Insertable, Selectable } from 'kysely'

/** A promotion of B §3: common fields plus the extras of its type (others null). Money in minor units. */
export interface PromotionTable {
  id: Generated<number>
  uuid: string
  entity_code: string
  name: string
  description: string
  /** PromotionType catalogue value. */
  type: number
  /** PromotionStatus catalogue value. */
  status: number
  currency_code: string
  start_time: number | null
  end_time: number | null
  item_balance: number | null
  original_item_balance: number | null
  money_balance: number | null
  original_money_balance: number | null
  /** JSON array of { name, quantity } (Set Count only). */
  items: string | null
  discount_type: number | null
  discount: number | null
  created_at: number
  updated_at: number
}

export type PromotionRow = Selectable<PromotionTable>
export type NewPromotionRow = Insertable<PromotionTable>
