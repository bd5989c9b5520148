import type { Generated, Insertable, Selectable } from 'kysely'

export interface SkuTable {
  id: Generated<number>
  entity_code: string
  /** Unique within the entity; stored upper-case. */
  sku_code: string
  name: string
  description: string
  /** A value of the contract's skuCategories. */
  category: string
  barcode: string | null
  /** Default selling price, minor units of currency_code. */
  price: number
  currency_code: string
  image_url: string | null
  is_active: number
  created_at: number
  updated_at: number
}

export type SkuRow = Selectable<SkuTable>
export type NewSkuRow = Insertable<SkuTable>
