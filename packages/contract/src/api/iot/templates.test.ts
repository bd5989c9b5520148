import { describe, expect, it } from 'vitest'
import { cleanTemplateContent, cleanTemplateItem, templateWriteRequest } from './templates'
import { machineItemsUpdateRequest } from './machine-settings'
import { skuWriteRequest } from './skus'

describe('cleanTemplateItem', () => {
  const cases: [string, unknown, unknown][] = [
    ['price text becomes a number', { price: '180' }, { price: 180 }],
    ['price with spaces and grouping', { price: ' 1,250 ' }, { price: 1250 }],
    ['a number stays a number', { price: 99 }, { price: 99 }],
    ['a decimal price is converted (validation rejects it later)', { price: '1.5' }, { price: 1.5 }],
    ['text that is not a number is left for validation', { price: 'abc' }, { price: 'abc' }],
    ['empty price is left for validation', { price: '' }, { price: '' }],
    [
      'every numeric field',
      { slot_no: '3', stock: '4', capacity: '10', total_revenue: '0', total_sold: '7' },
      { slot_no: 3, stock: 4, capacity: 10, total_revenue: 0, total_sold: 7 },
    ],
    ['negative numbers convert', { stock: '-1' }, { stock: -1 }],
    ['sku_id text', { sku_id: '12' }, { sku_id: 12 }],
    ['empty sku_id is null', { sku_id: '' }, { sku_id: null }],
    ['null sku_id stays', { sku_id: null }, { sku_id: null }],
    [
      'flags from text and 0/1',
      { is_enabled: 'false', is_active: 1 },
      { is_enabled: false, is_active: true },
    ],
    ['odd flags are left', { is_enabled: 'yes' }, { is_enabled: 'yes' }],
    ['other fields untouched', { name: '42', description: ' 7 ' }, { name: '42', description: ' 7 ' }],
    ['missing fields stay missing', {}, {}],
    ['not an object passes through', 'x', 'x'],
    ['null passes through', null, null],
    ['an array passes through', [1], [1]],
  ]
  it.each(cases)('%s', (_name, input, expected) => {
    expect(cleanTemplateItem(input)).toEqual(expected)
  })

  it('does not change its input', () => {
    const input = { price: '180' }
    cleanTemplateItem(input)
    expect(input).toEqual({ price: '180' })
  })
})

describe('cleanTemplateContent', () => {
  it('cleans each item and keeps the rest', () => {
    expect(cleanTemplateContent({ items: [{ price: '1' }, { price: 2 }] })).toEqual({
      items: [{ price: 1 }, { price: 2 }],
    })
    expect(cleanTemplateContent({ other: 1 })).toEqual({ other: 1 })
    expect(cleanTemplateContent(undefined)).toBeUndefined()
  })
})

describe('templateWriteRequest', () => {
  const body = (items: unknown[]) => ({ resourceCode: 'TCN-CSC-10C', name: 'Drinks', content: { items } })
  const item = { slot_no: '1', price: '180', name: 'Coke', capacity: '10', stock: '5' }

  it('accepts text numbers and fills defaults', () => {
    const parsed = templateWriteRequest.parse(body([item]))
    expect(parsed.content.items[0]).toMatchObject({
      slot_no: 1,
      price: 180,
      stock: 5,
      sku_id: null,
      is_enabled: true,
    })
    expect(parsed.currency_code).toBe('SGD')
  })

  const bad: [string, unknown[], string][] = [
    ['a decimal price', [{ ...item, price: '1.5' }], 'content.items.0.price'],
    ['a word as price', [{ ...item, price: 'cheap' }], 'content.items.0.price'],
    ['stock above capacity', [{ ...item, stock: '11' }], 'content.items.0.stock'],
    ['a slot twice', [item, item], 'content.items.1.slot_no'],
  ]
  it.each(bad)('rejects %s naming the field', (_name, items, path) => {
    const result = templateWriteRequest.safeParse(body(items))
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })
})

describe('machineItemsUpdateRequest', () => {
  const slot = { slot_no: 1, price: 150, stock: 3, capacity: 8, is_enabled: true }
  const cases: [string, unknown, string | null][] = [
    ['a valid slot', { items: [slot] }, null],
    ['stock above capacity', { items: [{ ...slot, stock: 9 }] }, 'items.0.stock'],
    ['negative stock', { items: [{ ...slot, stock: -1 }] }, 'items.0.stock'],
    ['negative price', { items: [{ ...slot, price: -1 }] }, 'items.0.price'],
    ['fractional price', { items: [{ ...slot, price: 1.5 }] }, 'items.0.price'],
    ['a slot twice', { items: [slot, slot] }, 'items.1.slot_no'],
    ['no items', { items: [] }, 'items'],
    ['an unknown field', { items: [{ ...slot, colour: 'red' }] }, 'items.0'],
  ]
  it.each(cases)('%s', (_name, input, path) => {
    const result = machineItemsUpdateRequest.safeParse(input)
    expect(result.success).toBe(path === null)
    if (path !== null) expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })
})

describe('skuWriteRequest', () => {
  const base = { sku_code: 'drk-001', name: 'Coke', category: 'drinks', price: 180 }
  it('upper-cases the code and fills defaults', () => {
    expect(skuWriteRequest.parse(base)).toMatchObject({
      sku_code: 'DRK-001',
      description: '',
      barcode: null,
      currency_code: 'SGD',
      is_active: true,
    })
  })
  const bad: [string, Record<string, unknown>, string][] = [
    ['a bad code', { sku_code: 'a b' }, 'sku_code'],
    ['an empty name', { name: ' ' }, 'name'],
    ['an unknown category', { category: 'cars' }, 'category'],
    ['a short barcode', { barcode: '123' }, 'barcode'],
    ['a negative price', { price: -5 }, 'price'],
    ['an unknown currency', { currency_code: 'XYZ' }, 'currency_code'],
    ['a non-http image', { image_url: 'ftp://x/y.png' }, 'image_url'],
  ]
  it.each(bad)('rejects %s', (_name, change, path) => {
    const result = skuWriteRequest.safeParse({ ...base, ...change })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })
})
