import type { MachineDetail, MachineItemUpdate } from '@portal/contract'
import { machineItemUpdate, minorUnitsFromText, minorUnitsToText } from '@portal/contract'
import { z } from 'zod'
import { ApiError } from '@/lib/http'

/** A slot as the editor holds it: the numbers as typed, so a half-typed price is not lost or reformatted. */
export interface ItemDraft {
  slot_no: number
  name: string
  price: string
  stock: string
  capacity: string
  is_enabled: boolean
}

const wholeNumber = z
  .string()
  .trim()
  .regex(/^-?\d+$/, 'Enter a whole number')
  .transform(Number)

/**
 * The items form: each slot's text read as the request's item (the price in minor units of the machine's currency),
 * then checked by the contract's rule for an item (docs/decisions/0033-forms.md).
 */
export function itemsForm(currency: string, priceInvalid: string) {
  const row = z
    .object({
      slot_no: z.number(),
      name: z.string(),
      price: z.string().transform((text, ctx) => {
        const minor = minorUnitsFromText(text, currency)
        if (minor === null) {
          // A price that is not an amount of the currency ('1.5.0', '1.234' in SGD) gets a plain message.
          ctx.addIssue({ code: 'custom', message: priceInvalid })
          return z.NEVER
        }
        return minor
      }),
      stock: wholeNumber,
      capacity: wholeNumber,
      is_enabled: z.boolean(),
    })
    .transform(({ name: _name, ...item }) => item)
    .pipe(machineItemUpdate)
  return z.object({ items: z.array(row) })
}

export function itemsDraftOf(m: MachineDetail): { items: ItemDraft[] } {
  return {
    items: m.items.map((i) => ({
      slot_no: i.slot_no,
      name: i.name,
      price: minorUnitsToText(i.price, m.currency_code),
      stock: String(i.stock),
      capacity: String(i.capacity),
      is_enabled: i.is_enabled,
    })),
  }
}

/** The slots whose values differ from the machine's: only they are sent. */
export function changedItems(m: MachineDetail, items: readonly MachineItemUpdate[]): MachineItemUpdate[] {
  return items.filter((item) => {
    const saved = m.items.find((i) => i.slot_no === item.slot_no)
    return (
      saved === undefined ||
      saved.price !== item.price ||
      saved.stock !== item.stock ||
      saved.capacity !== item.capacity ||
      saved.is_enabled !== item.is_enabled
    )
  })
}

/**
 * A failed save with its issues named by the form's rows: the request held only the changed slots, so the server's
 * `body.items.<n>` is the n-th changed slot, which may sit elsewhere in the form.
 */
export function onFormRows(
  error: unknown,
  sent: readonly MachineItemUpdate[],
  rows: readonly { slot_no: number }[],
): unknown {
  if (!(error instanceof ApiError)) return error
  const issues = error.issues.map((issue) => {
    const match = /^body\.items\.(\d+)(\..*)?$/.exec(issue.path)
    const slot = match ? sent[Number(match[1])]?.slot_no : undefined
    const row = rows.findIndex((r) => r.slot_no === slot)
    return match && row >= 0 ? { ...issue, path: `body.items.${String(row)}${match[2] ?? ''}` } : issue
  })
  return new ApiError(error.status, error.message, error.code, issues)
}
