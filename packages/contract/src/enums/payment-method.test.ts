import { describe, expect, it } from 'vitest'
import { isInCatalogue, labelOf } from '../catalogue'
import { PaymentMethod, paymentMethods } from './payment-method'

describe('payment methods (A §9)', () => {
  it('has the values 1–45 and 95–105, in order', () => {
    const expected = [
      ...Array.from({ length: 45 }, (_, i) => i + 1),
      ...Array.from({ length: 11 }, (_, i) => i + 95),
    ]
    expect(paymentMethods.values).toEqual(expected)
    expect(paymentMethods.values).toEqual(Object.values(PaymentMethod))
  })

  it.each([
    [1, 'Alipay'],
    [2, 'WeChatPay'],
    [5, 'Credit Card'],
    [6, 'NETS QR'],
    [10, 'Touch n Go'],
    [12, 'Maybank QRPay'],
    [19, 'MCash'],
    [20, 'Redemption (variant 20)'],
    [24, 'Redemption (variant 24)'],
    [25, 'Sarawak Pay'],
    [26, 'Token NRIC Redemption'],
    [28, 'Closed Loop Redemption'],
    [33, 'CEPAS Closed Loop'],
    [34, 'ActiveSG'],
    [43, 'AliPay+'],
    [45, 'StraitsX'],
    [95, 'Detect'],
    [96, 'External Terminal'],
    [97, 'Machine Credit'],
    [101, 'Passcode Input'],
    [103, 'Placewise'],
    [104, 'Health Tracker Verify'],
    [105, 'Health Tracker Pairing'],
    [46, 'Unknown (46)'],
    [94, 'Unknown (94)'],
    [106, 'Unknown (106)'],
  ])('labels %i as %s', (value, label) => {
    expect(labelOf(paymentMethods, value)).toBe(label)
  })

  it('has unique labels', () => {
    const labels = paymentMethods.entries.map((e) => e.label)
    expect(new Set(labels).size).toBe(labels.length)
  })

  it('does not take the string form of a value', () => {
    expect(isInCatalogue(paymentMethods, '5')).toBe(false)
  })
})
