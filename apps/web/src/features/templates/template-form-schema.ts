import type { Template, TemplateWriteInput } from '@portal/contract'
import { minorUnitDigits, minorUnitsFromText, minorUnitsToText, templateWriteRequest } from '@portal/contract'
import { z } from 'zod'

/**
 * The template form's inputs as typed, shaped as the request (`content.items.0.price`, `sections.0.slot_nos`) so
 * that the contract's issues and the server's 400s name the input they belong to. Prices are major units ('1.80'),
 * a section's slots a list such as '1-4, 7'.
 */
export const templateDraft = z.object({
  resourceCode: z.string(),
  name: z.string(),
  currency_code: z.string(),
  sections: z.array(z.object({ name: z.string(), slot_nos: z.string() })),
  content: z.object({
    items: z.array(
      z.object({
        slot_no: z.string(),
        name: z.string(),
        description: z.string(),
        price: z.string(),
        capacity: z.string(),
        stock: z.string(),
        sku_id: z.string(),
        is_enabled: z.boolean(),
      }),
    ),
  }),
})
export type TemplateDraft = z.infer<typeof templateDraft>
export type ItemDraft = TemplateDraft['content']['items'][number]

export const newItem = (slot: number): ItemDraft => ({
  slot_no: String(slot),
  name: '',
  description: '',
  price: '',
  capacity: '10',
  stock: '0',
  sku_id: '',
  is_enabled: true,
})

export function templateDraftOf(template: Template | null): TemplateDraft {
  if (!template)
    return {
      resourceCode: '',
      name: '',
      currency_code: 'SGD',
      sections: [],
      content: { items: [newItem(1)] },
    }
  return {
    resourceCode: template.resourceCode,
    name: template.name,
    currency_code: template.currency_code,
    sections: template.sections.map((s) => ({ name: s.name, slot_nos: s.slot_nos.join(', ') })),
    content: {
      items: template.content.items.map((i) => ({
        slot_no: String(i.slot_no),
        name: i.name,
        description: i.description,
        price: minorUnitsToText(i.price, template.currency_code),
        capacity: String(i.capacity),
        stock: String(i.stock),
        sku_id: i.sku_id === null ? '' : String(i.sku_id),
        is_enabled: i.is_enabled,
      })),
    },
  }
}

/** '1-4, 7' → [1, 2, 3, 4, 7]; null when it is not a list of slots. */
export function parseSlots(text: string): number[] | null {
  const out: number[] = []
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')) {
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part)
    if (range) {
      const from = Number(range[1])
      const to = Number(range[2])
      if (to < from || to - from > 500) return null
      for (let n = from; n <= to; n++) out.push(n)
    } else if (/^\d+$/.test(part)) out.push(Number(part))
    else return null
  }
  return out
}

/**
 * The body as the API takes it. Prices typed in major units ('1.80') become minor units; what cannot be read is
 * sent as typed, so the contract's cleaning and validation name the field.
 */
export function templateBodyOf(d: TemplateDraft): TemplateWriteInput {
  const currency = d.currency_code.trim().toUpperCase()
  return {
    resourceCode: d.resourceCode,
    name: d.name,
    currency_code: currency as TemplateWriteInput['currency_code'],
    sections: d.sections.map((s) => ({ name: s.name, slot_nos: parseSlots(s.slot_nos) ?? [] })),
    content: {
      items: d.content.items.map((i) => ({
        ...i,
        price: minorUnitsFromText(i.price, currency) ?? i.price,
      })),
    },
  }
}

/** The form's own messages, in the user's language. */
export interface TemplateFormMessages {
  /** Section slots that are not a list such as '1-4, 7'. */
  slotsInvalid: string
  /** A price that is not an amount of the template's currency (of so many decimals at most). */
  priceInvalid: (digits: number) => string
}

/**
 * The form's schema (docs/decisions/0033-forms.md): the draft becomes the request and is checked by the contract's
 * schema of POST /iot/templates; section slots that are not a list of slots, and prices that are not amounts, get
 * messages of their own.
 */
export function templateFormSchema(messages: TemplateFormMessages) {
  return templateDraft.transform((draft, ctx) => {
    const currency = draft.currency_code.trim().toUpperCase()
    const own: { path: (string | number)[]; message: string }[] = [
      ...draft.sections.flatMap((s, index) =>
        parseSlots(s.slot_nos) === null
          ? [{ path: ['sections', index, 'slot_nos'], message: messages.slotsInvalid }]
          : [],
      ),
      ...draft.content.items.flatMap((item, index) =>
        minorUnitsFromText(item.price, currency) === null
          ? [
              {
                path: ['content', 'items', index, 'price'],
                message: messages.priceInvalid(minorUnitDigits(currency)),
              },
            ]
          : [],
      ),
    ]
    for (const issue of own) ctx.addIssue({ code: 'custom', ...issue })
    const parsed = templateWriteRequest.safeParse(templateBodyOf(draft))
    const ownKeys = new Set(own.map((issue) => issue.path.join('.')))
    for (const issue of parsed.error?.issues ?? []) {
      // A slot number out of range is a message on the section's one input, not on a number of its list.
      const path =
        issue.path[0] === 'sections' && issue.path[2] === 'slot_nos' ? issue.path.slice(0, 3) : issue.path
      if (ownKeys.has(path.map(String).join('.'))) continue
      ctx.addIssue({ code: 'custom', path, message: issue.message })
    }
    return parsed.success && own.length === 0 ? parsed.data : z.NEVER
  })
}
