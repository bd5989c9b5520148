import { describe, expect, it } from 'vitest'
import { newItem, parseSlots, templateDraftOf, templateFormSchema } from './template-form-schema'

const schema = templateFormSchema({
  slotsInvalid: 'slots invalid',
  priceInvalid: (digits) => `price with at most ${String(digits)} decimals`,
})
const draft = () => ({
  ...templateDraftOf(null),
  name: 'Drinks 10',
  resourceCode: 'TCN-CSC-10C',
  content: { items: [{ ...newItem(1), name: 'Cola', price: '1.80', stock: '6', capacity: '8' }] },
})
const messages = (value: ReturnType<typeof draft>) => {
  const result = schema.safeParse(value)
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('the template form schema', () => {
  it.each([
    ['1-4, 7', [1, 2, 3, 4, 7]],
    ['', []],
    ['4-1', null],
    ['a', null],
  ])('reads the slots %j as %j', (text, expected) => {
    expect(parseSlots(text)).toEqual(expected)
  })

  it('turns a valid draft into the request, the price in minor units', () => {
    const result = schema.safeParse({ ...draft(), sections: [{ name: 'Top', slot_nos: '1-2' }] })
    expect(result.success).toBe(true)
    expect(result.data?.sections).toEqual([{ name: 'Top', slot_nos: [1, 2] }])
    expect(result.data?.content.items[0]).toMatchObject({ slot_no: 1, name: 'Cola', price: 180, stock: 6 })
  })

  it('puts each issue on the input it belongs to, as the request names it', () => {
    const value = draft()
    value.sections = [{ name: '', slot_nos: '1-x' }]
    value.content.items.push({ ...newItem(1), name: 'Water', price: '1', stock: '9', capacity: '8' })
    expect(messages(value)).toEqual({
      'sections.0.slot_nos': 'slots invalid',
      'sections.0.name': 'Enter a name',
      'content.items.1.stock': 'Stock cannot exceed capacity',
      'content.items.1.slot_no': 'Slot listed twice',
    })
  })

  it('says a price that is not an amount of the currency in the form’s own words', () => {
    const value = draft()
    value.content.items.push({ ...newItem(2), name: 'Tea', price: '1.805' }, { ...newItem(3), name: 'Milo' })
    expect(messages(value)).toEqual({
      'content.items.1.price': 'price with at most 2 decimals',
      'content.items.2.price': 'price with at most 2 decimals',
    })
  })
})
