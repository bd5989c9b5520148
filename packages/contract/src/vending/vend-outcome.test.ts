import { describe, expect, it } from 'vitest'
import { OrderStatus } from '../enums/order'
import { PaymentStatus, TransactionStatus } from '../enums/payment'
import { paymentGatewayOf, vendOutcome } from './vend-outcome'

const S = PaymentStatus
describe('vendOutcome', () => {
  it.each([
    ['one item sold', [[S.Success, 150]], OrderStatus.Success, TransactionStatus.Success, 150, 0],
    [
      'two sold',
      [
        [S.Success, 150],
        [S.Paid, 200],
      ],
      OrderStatus.Success,
      TransactionStatus.Success,
      350,
      0,
    ],
    [
      'one sold, one failed',
      [
        [S.Success, 150],
        [S.Failed, 200],
      ],
      OrderStatus.PartialSuccess,
      TransactionStatus.Success,
      150,
      0,
    ],
    [
      'one sold, one refunded',
      [
        [S.Success, 150],
        [S.AutoRefund, 200],
      ],
      OrderStatus.PartialSuccess,
      TransactionStatus.PartiallyRefunded,
      150,
      200,
    ],
    [
      'dispense failed and refunded',
      [[S.AutoRefund, 200]],
      OrderStatus.Refunded,
      TransactionStatus.Refunded,
      0,
      200,
    ],
    [
      'refunded and failed',
      [
        [S.ManualRefund, 200],
        [S.StageFailed, 100],
      ],
      OrderStatus.PartiallyRefunded,
      TransactionStatus.Refunded,
      0,
      200,
    ],
    ['payment failed', [[S.Failed, 200]], OrderStatus.Failed, TransactionStatus.Failed, 0, 0],
    ['timed out', [[S.Timeout, 200]], OrderStatus.Timeout, TransactionStatus.Timeout, 0, 0],
    [
      'cancelled',
      [
        [S.Cancelled, 200],
        [S.Cancelled, 100],
      ],
      OrderStatus.Cancelled,
      TransactionStatus.Cancelled,
      0,
      0,
    ],
    ['initiated', [[S.Initiated, 200]], OrderStatus.Initiated, TransactionStatus.Pending, 0, 0],
    ['expired', [[S.Expired, 200]], OrderStatus.Expired, TransactionStatus.Expired, 0, 0],
    ['free item sold', [[S.Success, 0]], OrderStatus.Success, TransactionStatus.Success, 0, 0],
  ] as const)('%s', (_name, items, order, transaction, charged, refunded) => {
    const outcome = vendOutcome(items.map(([status, funds]) => ({ status, funds })))
    expect(outcome).toMatchObject({ order, transaction, charged, refunded })
    expect(outcome.dispensed).toEqual(items.map(([status]) => status === S.Success || status === S.Paid))
  })
})

describe('paymentGatewayOf', () => {
  it.each([
    [5, 'stripe'],
    [29, 'stripe'],
    [6, 'nets'],
    [20, 'internal'],
    [95, 'internal'],
    [11, 'fomo'],
  ])('method %i goes through %s', (method, gateway) => {
    expect(paymentGatewayOf(method)).toBe(gateway)
  })
})
