import type { Sku } from '@portal/contract'
import { minorUnitDigits, minorUnitsFromText, minorUnitsToText, skuWriteRequest } from '@portal/contract'
import { z } from 'zod'

/** The SKU form's inputs as typed: the price in major units ('1.80'), empty optional fields as ''. */
export const skuDraft = z.object({
  sku_code: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  barcode: z.string(),
  price: z.string(),
  currency_code: z.string(),
  image_url: z.string(),
  is_active: z.boolean(),
})
export type SkuDraft = z.infer<typeof skuDraft>

export const emptySkuDraft = (): SkuDraft => ({
  sku_code: '',
  name: '',
  description: '',
  category: '',
  barcode: '',
  price: '',
  currency_code: 'SGD',
  image_url: '',
  is_active: true,
})

export function skuDraftOf(s: Sku): SkuDraft {
  return {
    sku_code: s.sku_code,
    name: s.name,
    description: s.description,
    category: s.category,
    barcode: s.barcode ?? '',
    price: minorUnitsToText(s.price, s.currency_code),
    currency_code: s.currency_code,
    image_url: s.image_url ?? '',
    is_active: s.is_active,
  }
}

/**
 * The form's schema (docs/decisions/0033-forms.md): the draft becomes the request and is checked by the contract's
 * schema of POST /iot/skus, so the portal says what the server would. The price and the category get messages of
 * their own: a price that is not an amount, and a category not yet chosen, say so in the user's words.
 */
export function skuFormSchema(t: (key: string, options?: Record<string, unknown>) => string) {
  return skuDraft.transform((draft, ctx) => {
    const currency = draft.currency_code.trim().toUpperCase()
    const price = minorUnitsFromText(draft.price, currency)
    const own: Record<string, string> = {}
    if (price === null) own.price = t('catalogue.sku.priceInvalid', { digits: minorUnitDigits(currency) })
    if (draft.category === '') own.category = t('catalogue.sku.categoryRequired')
    const parsed = skuWriteRequest.safeParse({
      ...draft,
      currency_code: currency,
      barcode: draft.barcode.trim() === '' ? null : draft.barcode,
      image_url: draft.image_url.trim() === '' ? null : draft.image_url.trim(),
      price: price ?? Number.NaN,
    })
    for (const [field, message] of Object.entries(own))
      ctx.addIssue({ code: 'custom', path: [field], message })
    for (const issue of parsed.error?.issues ?? []) {
      if (String(issue.path[0]) in own) continue
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
    }
    return parsed.success && Object.keys(own).length === 0 ? parsed.data : z.NEVER
  })
}
