import { z } from 'zod'
import { defineCatalogue } from '../../catalogue'
import { currencies } from '../../enums/currency'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

/** What a vending SKU is, for grouping the inventory (ours: B §3 shows no SKU fields; decision 0016). */
export const skuCategories = defineCatalogue('sku category', [
  ['drinks', 'Drinks'],
  ['coffee_tea', 'Coffee and tea'],
  ['snacks', 'Snacks'],
  ['confectionery', 'Confectionery'],
  ['biscuits', 'Biscuits and crackers'],
  ['noodles', 'Noodles and meals'],
  ['bakery', 'Bakery'],
  ['dairy', 'Dairy and chilled'],
  ['frozen', 'Ice cream and frozen'],
  ['healthy', 'Healthy choices'],
  ['personal_care', 'Personal care'],
  ['other', 'Other'],
])
export type SkuCategory = (typeof skuCategories.values)[number]

/** POST /iot/skus/filter (B §7: limit, offset); `search`, `category_list` and `is_active` are ours. */
export const skuFilterRequest = z.strictObject({
  ...paging,
  search: z.string().trim().max(100).optional(),
  category_list: z.array(catalogueSchema(skuCategories)).max(20).optional(),
  is_active: z.boolean().optional(),
})
export type SkuFilterRequest = z.input<typeof skuFilterRequest>
export type SkuFilter = z.output<typeof skuFilterRequest>

export const SKU_CODE_PATTERN = /^[A-Z0-9][A-Z0-9._-]{0,39}$/
/** EAN-8, UPC-A (12), EAN-13 or GTIN-14. */
export const BARCODE_PATTERN = /^(\d{8}|\d{12,14})$/

/** POST /iot/skus and PUT /iot/skus/{id}: every field; price in minor units of `currency_code`. */
export const skuWriteRequest = z.strictObject({
  sku_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(SKU_CODE_PATTERN, 'Use 1–40 letters, digits, dots, dashes or underscores'),
  name: z.string().trim().min(1, 'Enter a name').max(120),
  description: z.string().trim().max(500).default(''),
  category: catalogueSchema(skuCategories),
  barcode: z.string().trim().regex(BARCODE_PATTERN, 'Use 8, 12, 13 or 14 digits').nullable().default(null),
  price: z.number().int('Price must be a whole number of minor units').min(0).max(10_000_000),
  currency_code: catalogueSchema(currencies).default('SGD'),
  image_url: z
    .url({ protocol: /^https?$/, message: 'Use an http or https address' })
    .max(500)
    .nullable()
    .default(null),
  is_active: z.boolean().default(true),
})
export type SkuWriteInput = z.input<typeof skuWriteRequest>
export type SkuWrite = z.output<typeof skuWriteRequest>

export const sku = z.object({
  id: z.number().int(),
  sku_code: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  barcode: z.string().nullable(),
  price: z.number().int(),
  currency_code: z.string(),
  image_url: z.string().nullable(),
  is_active: z.boolean(),
  /** How many machine slots of the entity sell it. */
  slot_count: z.number().int().min(0),
  created_at: epochMs,
  updated_at: epochMs,
})
export type Sku = z.infer<typeof sku>

export const skuFilterResponse = envelope(z.object({ skus: z.array(sku), count: z.number().int().min(0) }))
export type SkuFilterData = z.infer<typeof skuFilterResponse>['data']
export const skuResponse = envelope(sku)
