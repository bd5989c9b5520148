import { z } from 'zod'
import { currencies } from '../../enums/currency'
import { catalogueSchema, envelope, epochMs } from '../envelope'
import { MAX_ITEM_PRICE, MAX_SLOT_CAPACITY } from './machine-settings'

/** The numeric item fields of B §3 (Machine item), converted from text by the cleaning. */
export const TEMPLATE_NUMERIC_ITEM_FIELDS = [
  'slot_no',
  'price',
  'stock',
  'capacity',
  'total_revenue',
  'total_sold',
  'sku_id',
] as const
export const TEMPLATE_BOOLEAN_ITEM_FIELDS = ['is_enabled', 'is_active'] as const

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/

function toNumber(value: unknown, nullable: boolean): unknown {
  if (typeof value !== 'string') return value
  const text = value.trim().replace(/,/g, '')
  if (text === '') return nullable ? null : value
  return NUMBER_TEXT.test(text) ? Number(text) : value
}

function toBoolean(value: unknown): unknown {
  if (value === 1 || value === '1' || value === 'true') return true
  if (value === 0 || value === '0' || value === 'false') return false
  return value
}

/**
 * The "cleaning" of B §3 for one template item: price and the other numeric fields given as text ('180', ' 12 ')
 * become numbers, an empty sku_id becomes null, '1'/'0'/'true'/'false' flags become booleans. Anything it cannot
 * convert is left as it is, so validation then names the field instead of the value being silently changed.
 * Pure: returns a new object and never throws.
 */
export function cleanTemplateItem(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw
  const item: Record<string, unknown> = { ...(raw as Record<string, unknown>) }
  for (const field of TEMPLATE_NUMERIC_ITEM_FIELDS) {
    if (field in item) item[field] = toNumber(item[field], field === 'sku_id')
  }
  for (const field of TEMPLATE_BOOLEAN_ITEM_FIELDS) {
    if (field in item) item[field] = toBoolean(item[field])
  }
  return item
}

/** Cleans `content.items` of a template body; everything else passes through unchanged. */
export function cleanTemplateContent(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return raw
  const content = raw as Record<string, unknown>
  return Array.isArray(content.items) ? { ...content, items: content.items.map(cleanTemplateItem) } : raw
}

/** A template slot: the machine item fields of B §3, price in minor units of the template's currency. */
export const templateItem = z
  .strictObject({
    slot_no: z.number().int().min(0).max(10_000),
    price: z.number().int('Price must be a whole number of minor units').min(0).max(MAX_ITEM_PRICE),
    name: z.string().trim().min(1, 'Enter a name').max(120),
    description: z.string().trim().max(500).default(''),
    stock: z.number().int().min(0, 'Stock cannot be negative').max(MAX_SLOT_CAPACITY).default(0),
    capacity: z.number().int().min(0, 'Capacity cannot be negative').max(MAX_SLOT_CAPACITY),
    total_revenue: z.number().int().min(0).default(0),
    total_sold: z.number().int().min(0).default(0),
    is_enabled: z.boolean().default(true),
    is_active: z.boolean().default(true),
    sku_id: z.number().int().positive().nullable().default(null),
    image_url: z.string().max(500).nullable().default(null),
  })
  .refine((i) => i.stock <= i.capacity, { message: 'Stock cannot exceed capacity', path: ['stock'] })
export type TemplateItem = z.output<typeof templateItem>

export const templateContent = z
  .strictObject({ items: z.array(templateItem).max(500) })
  .superRefine((content, ctx) => {
    const seen = new Set<number>()
    content.items.forEach((item, index) => {
      if (seen.has(item.slot_no))
        ctx.addIssue({ code: 'custom', message: 'Slot listed twice', path: ['items', index, 'slot_no'] })
      seen.add(item.slot_no)
    })
  })
export type TemplateContent = z.output<typeof templateContent>

/** A named group of slots (a tray or a row of the machine); ours, as B §3 does not show its shape. */
export const templateSection = z.strictObject({
  name: z.string().trim().min(1, 'Enter a name').max(60),
  slot_nos: z.array(z.number().int().min(0).max(10_000)).max(500),
})
export type TemplateSection = z.infer<typeof templateSection>

/**
 * POST /iot/templates and PUT /iot/templates/{id}. `resourceCode` keeps the spec's spelling; it names the machine
 * model the template fits. `version` is the server's: 1 on create, one more on each change.
 */
export const templateWriteRequest = z.strictObject({
  resourceCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'Use 1–64 letters, digits, dots, dashes or underscores'),
  name: z.string().trim().min(1, 'Enter a name').max(120),
  currency_code: catalogueSchema(currencies).default('SGD'),
  sections: z.array(templateSection).max(50).default([]),
  content: z.preprocess(cleanTemplateContent, templateContent),
})
export type TemplateWriteInput = z.input<typeof templateWriteRequest>
export type TemplateWrite = z.output<typeof templateWriteRequest>

export const template = z.object({
  id: z.uuid(),
  resourceCode: z.string(),
  name: z.string(),
  version: z.number().int().min(1),
  currency_code: z.string(),
  sections: z.array(templateSection),
  content: z.object({ items: z.array(templateItem) }),
  created_at: epochMs,
  updated_at: epochMs,
})
export type Template = z.infer<typeof template>

/** A row of the templates list: the template without its items, with their count. */
export const templateListItem = template.omit({ content: true, sections: true }).extend({
  section_count: z.number().int().min(0),
  item_count: z.number().int().min(0),
})
export type TemplateListItem = z.infer<typeof templateListItem>

/** POST /iot/templates/filter (B §7: per_page, current_page from 1); `search` is ours. */
export const templateFilterRequest = z.strictObject({
  per_page: z.number().int().min(1).max(1000),
  current_page: z.number().int().min(1).max(1_000_000),
  search: z.string().trim().max(100).optional(),
})
export type TemplateFilterRequest = z.input<typeof templateFilterRequest>
export type TemplateFilter = z.output<typeof templateFilterRequest>

export const templateFilterResponse = envelope(
  z.object({ templates: z.array(templateListItem), count: z.number().int().min(0) }),
)
export type TemplateFilterData = z.infer<typeof templateFilterResponse>['data']
export const templateResponse = envelope(template)
export const templateIdParams = z.strictObject({ id: z.uuid() })
