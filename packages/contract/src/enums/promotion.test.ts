import { describe, expect, it } from 'vitest'
import { labelOf } from '../catalogue'
import {
  DiscountType,
  discountTypes,
  PROMOTION_EXTRA_FIELDS,
  PromotionType,
  promotionTypes,
  RedemptionIdType,
  redemptionIdTypes,
} from './promotion'

describe('promotion types: 1 Count, 2 Credits, 3 Set Count, 4 Discount, 5 Postpaid', () => {
  it.each([
    [1, 'Count'],
    [2, 'Credits'],
    [3, 'Set Count'],
    [4, 'Discount'],
    [5, 'Postpaid'],
    [6, 'Unknown (6)'],
  ])('%i is %s', (value, label) => {
    expect(labelOf(promotionTypes, value)).toBe(label)
  })

  it('has five values', () => {
    expect(promotionTypes.values).toEqual(Object.values(PromotionType))
  })
})

describe('discount types: Flat Amount 1, Percentage 2', () => {
  it.each([
    [1, 'Flat Amount'],
    [2, 'Percentage'],
  ])('%i is %s', (value, label) => {
    expect(labelOf(discountTypes, value)).toBe(label)
  })

  it('has two values', () => {
    expect(discountTypes.values).toEqual(Object.values(DiscountType))
  })
})

describe('promotion extra fields per type (B §3)', () => {
  it.each([
    [PromotionType.Count, ['item_balance', 'original_item_balance']],
    [PromotionType.Credits, ['money_balance', 'original_money_balance']],
    [PromotionType.SetCount, ['item_balance', 'original_item_balance', 'items']],
    [PromotionType.Discount, ['discount_type', 'discount']],
    [PromotionType.Postpaid, ['item_balance', 'original_item_balance']],
  ])('type %i has %j', (type, fields) => {
    expect(PROMOTION_EXTRA_FIELDS[type]).toEqual(fields)
  })

  it('covers every promotion type', () => {
    expect(Object.keys(PROMOTION_EXTRA_FIELDS).map(Number)).toEqual([...promotionTypes.values])
  })
})

describe('redemption ID types: NRIC, Redemption Code, both', () => {
  it.each([
    ['nric', 'NRIC'],
    ['redemption_code', 'Redemption Code'],
    ['both', 'Both'],
  ])('%s is %s', (value, label) => {
    expect(labelOf(redemptionIdTypes, value)).toBe(label)
  })

  it('has three values', () => {
    expect(redemptionIdTypes.values).toEqual(Object.values(RedemptionIdType))
  })
})
