import { z } from 'zod'
import { envelope } from '../envelope'
import { machineGeneralSettings, machineItem } from './machines'

/**
 * PUT /iot/machines/{id}/settings: the whole general-settings object of B §3 (docs/decisions/0016-catalogue.md).
 * Strict, so a misspelt field is a 400 naming it rather than silently dropped.
 */
export const machineSettingsUpdateRequest = machineGeneralSettings.strict()
export type MachineSettingsUpdate = z.infer<typeof machineSettingsUpdateRequest>
export const machineSettingsResponse = envelope(machineGeneralSettings)

/** The largest price or quantity a slot takes: far above any real vending slot, well inside an int4. */
export const MAX_ITEM_PRICE = 10_000_000
export const MAX_SLOT_CAPACITY = 10_000

/** The editable part of one slot item: price (minor units), stock, capacity and whether it sells. */
export const machineItemUpdate = z
  .strictObject({
    slot_no: z.number().int().min(0).max(10_000),
    price: z.number().int('Price must be a whole number of minor units').min(0).max(MAX_ITEM_PRICE),
    stock: z.number().int().min(0, 'Stock cannot be negative').max(MAX_SLOT_CAPACITY),
    capacity: z.number().int().min(0, 'Capacity cannot be negative').max(MAX_SLOT_CAPACITY),
    is_enabled: z.boolean(),
  })
  .refine((i) => i.stock <= i.capacity, { message: 'Stock cannot exceed capacity', path: ['stock'] })
export type MachineItemUpdate = z.infer<typeof machineItemUpdate>

/**
 * PUT /iot/machines/{id}/items: the slots listed change, the others stay; all or nothing, one audit record.
 * A slot listed twice is a 400 (which value would win is not obvious).
 */
export const machineItemsUpdateRequest = z
  .strictObject({ items: z.array(machineItemUpdate).min(1).max(500) })
  .superRefine((body, ctx) => {
    const seen = new Set<number>()
    body.items.forEach((item, index) => {
      if (seen.has(item.slot_no))
        ctx.addIssue({ code: 'custom', message: 'Slot listed twice', path: ['items', index, 'slot_no'] })
      seen.add(item.slot_no)
    })
  })
export type MachineItemsUpdate = z.infer<typeof machineItemsUpdateRequest>
export const machineItemsResponse = envelope(z.object({ items: z.array(machineItem) }))
