import { describe, expect, it } from 'vitest'
import { emptySkuDraft, skuFormSchema } from './sku-form-schema'

const t = (key: string, o?: Record<string, unknown>) => (o ? `${key}${JSON.stringify(o)}` : key)
const schema = skuFormSchema(t)
const messages = (draft: ReturnType<typeof emptySkuDraft>) => {
  const result = schema.safeParse(draft)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the SKU form schema', () => {
  it('says at once everything an empty form lacks: the contract’s messages, and its own for price and category', () => {
    expect(messages(emptySkuDraft())).toEqual({
      sku_code: 'Use 1–40 letters, digits, dots, dashes or underscores',
      name: 'Enter a name',
      category: 'catalogue.sku.categoryRequired',
      price: 'catalogue.sku.priceInvalid{"digits":2}',
    })
  })

  it('turns a valid draft into the request: the price in minor units, empty optionals as null, codes in capitals', () => {
    const result = schema.safeParse({
      ...emptySkuDraft(),
      sku_code: 'kopi-240',
      name: 'Kopi 240ml',
      category: 'coffee_tea',
      price: '2.10',
      currency_code: 'sgd',
    })
    expect(result.data).toEqual({
      sku_code: 'KOPI-240',
      name: 'Kopi 240ml',
      description: '',
      category: 'coffee_tea',
      barcode: null,
      price: 210,
      currency_code: 'SGD',
      image_url: null,
      is_active: true,
    })
  })

  it('checks the barcode with the contract', () => {
    const draft = {
      ...emptySkuDraft(),
      sku_code: 'A',
      name: 'A',
      category: 'other',
      price: '1',
      barcode: '12',
    }
    expect(messages(draft)).toEqual({ barcode: 'Use 8, 12, 13 or 14 digits' })
  })
})
