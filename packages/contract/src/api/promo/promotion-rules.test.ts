import { describe, expect, it } from 'vitest'
import { PromotionType } from '../../enums/promotion'
import type { PromotionExtras } from './promotion-rules'
import { pickPromotionExtras, promotionExtraIssues } from './promotion-rules'

const { Count, Credits, SetCount, Discount, Postpaid } = PromotionType
const ok: [string, number, PromotionExtras][] = [
  ['count', Count, { item_balance: 3, original_item_balance: 10 }],
  ['count, zero balance', Count, { item_balance: 0, original_item_balance: 0 }],
  ['postpaid, equal balances', Postpaid, { item_balance: 5, original_item_balance: 5 }],
  ['credits', Credits, { money_balance: 250, original_money_balance: 1000 }],
  [
    'set count',
    SetCount,
    { item_balance: 1, original_item_balance: 2, items: [{ name: 'Latte', quantity: 1 }] },
  ],
  ['discount percentage 100', Discount, { discount_type: 2, discount: 100 }],
  ['discount percentage 1', Discount, { discount_type: 2, discount: 1 }],
  ['discount flat amount', Discount, { discount_type: 1, discount: 150 }],
  ['discount ignores other fields', Discount, { discount_type: 1, discount: 150, item_balance: -3 }],
  ['count ignores discount fields', Count, { item_balance: 1, original_item_balance: 1, discount: 500 }],
]

const bad: [string, number, PromotionExtras, [string, string][]][] = [
  [
    'count without fields',
    Count,
    {},
    [
      ['item_balance', 'Required'],
      ['original_item_balance', 'Required'],
    ],
  ],
  [
    'count, negative balance',
    Count,
    { item_balance: -1, original_item_balance: 3 },
    [['item_balance', 'Must not be negative']],
  ],
  [
    'count, fractional',
    Count,
    { item_balance: 1.5, original_item_balance: 3 },
    [['item_balance', 'Must be a whole number']],
  ],
  [
    'count, original below current',
    Count,
    { item_balance: 5, original_item_balance: 3 },
    [['original_item_balance', 'Must be at least the item balance']],
  ],
  [
    'postpaid, null original',
    Postpaid,
    { item_balance: 5, original_item_balance: null },
    [['original_item_balance', 'Required']],
  ],
  [
    'credits, original below current',
    Credits,
    { money_balance: 500, original_money_balance: 100 },
    [['original_money_balance', 'Must be at least the money balance']],
  ],
  [
    'credits, item fields do not count',
    Credits,
    { item_balance: 1, original_item_balance: 1 },
    [
      ['money_balance', 'Required'],
      ['original_money_balance', 'Required'],
    ],
  ],
  [
    'set count without items',
    SetCount,
    { item_balance: 1, original_item_balance: 1, items: [] },
    [['items', 'Add at least one item']],
  ],
  [
    'set count, items missing',
    SetCount,
    { item_balance: 1, original_item_balance: 1 },
    [['items', 'Add at least one item']],
  ],
  [
    'set count, item quantity 0',
    SetCount,
    {
      item_balance: 1,
      original_item_balance: 1,
      items: [
        { name: 'Tea', quantity: 1 },
        { name: 'Cake', quantity: 0 },
      ],
    },
    [['items', 'Item 2 needs a name and a quantity from 1 to 1000']],
  ],
  ['discount without type', Discount, { discount: 10 }, [['discount_type', 'Required']]],
  [
    'discount, unknown type',
    Discount,
    { discount_type: 3, discount: 10 },
    [['discount_type', 'Must be Flat Amount (1) or Percentage (2)']],
  ],
  ['discount without value', Discount, { discount_type: 2 }, [['discount', 'Required']]],
  [
    'percentage 0',
    Discount,
    { discount_type: 2, discount: 0 },
    [['discount', 'A percentage must be from 1 to 100']],
  ],
  [
    'percentage 101',
    Discount,
    { discount_type: 2, discount: 101 },
    [['discount', 'A percentage must be from 1 to 100']],
  ],
  [
    'flat amount 0',
    Discount,
    { discount_type: 1, discount: 0 },
    [['discount', 'An amount must be at least 1 (in minor units)']],
  ],
  [
    'flat amount fractional',
    Discount,
    { discount_type: 1, discount: 1.25 },
    [['discount', 'Must be a whole number']],
  ],
]

describe('promotion extra fields by type (B §3)', () => {
  it.each(ok)('accepts %s', (_name, type, extras) => {
    expect(promotionExtraIssues(type, extras)).toEqual([])
  })

  it.each(bad)('rejects %s', (_name, type, extras, expected) => {
    expect(promotionExtraIssues(type, extras).map((i) => [i.field, i.message])).toEqual(expected)
  })

  it('keeps only the fields of the type', () => {
    expect(pickPromotionExtras(Discount, { discount_type: 2, discount: 10, item_balance: 4 })).toEqual({
      item_balance: null,
      original_item_balance: null,
      money_balance: null,
      original_money_balance: null,
      items: null,
      discount_type: 2,
      discount: 10,
    })
    expect(
      pickPromotionExtras(SetCount, {
        item_balance: 1,
        original_item_balance: 2,
        items: [{ name: 'A', quantity: 1 }],
      }).items,
    ).toEqual([{ name: 'A', quantity: 1 }])
  })
})
