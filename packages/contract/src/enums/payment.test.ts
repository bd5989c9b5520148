import { describe, expect, it } from 'vitest'
import { itLabels, itListsValues } from '../test-support'
import {
  CardPaymentType,
  cardPaymentTypes,
  machineOrderItemStatuses,
  PaymentFlowType,
  paymentFlowTypes,
  PaymentStatus,
  paymentStatuses,
  PaymentType,
  paymentTypes,
  PayoutStatus,
  payoutStatuses,
  TransactionStatus,
  transactionStatuses,
  TransactionType,
  transactionTypes,
} from './payment'

describe('catalogue sizes', () => {
  itListsValues(paymentStatuses, PaymentStatus, 13)
  itListsValues(transactionStatuses, TransactionStatus, 11)
  itListsValues(transactionTypes, TransactionType, 5)
  itListsValues(paymentTypes, PaymentType, 3)
  itListsValues(cardPaymentTypes, CardPaymentType, 4)
  itListsValues(paymentFlowTypes, PaymentFlowType, 15)
  itListsValues(payoutStatuses, PayoutStatus, 2)
})

// Payment / machine order item status: 0 Unknown, 1 Initiated, 2 Paid, 3 Success, 4 Failed, 5 Auto Refund,
// 6 Timeout, 7 Cancelled, 8 Manual Refund, 9 Stage Failed, 10 Offline Refund, 11 Expired, 12 Skipped.
itLabels(paymentStatuses, [
  [0, 'Unknown'],
  [1, 'Initiated'],
  [2, 'Paid'],
  [3, 'Success'],
  [4, 'Failed'],
  [5, 'Auto Refund'],
  [6, 'Timeout'],
  [7, 'Cancelled'],
  [8, 'Manual Refund'],
  [9, 'Stage Failed'],
  [10, 'Offline Refund'],
  [11, 'Expired'],
  [12, 'Skipped'],
  [13, 'Unknown (13)'],
  ['2', 'Unknown (2)'],
])

describe('machine order item status', () => {
  it('is the payment status', () => {
    expect(machineOrderItemStatuses).toBe(paymentStatuses)
  })
})

// Transaction status: 0 Unknown, 1 Initiated, 2 Pending, 3 Success, 4 Failed, 5 Timeout, 6 Cancelled, 7 Refunded,
// 8 Partially Refunded, 9 Expired, 10 Captured.
itLabels(transactionStatuses, [
  [0, 'Unknown'],
  [2, 'Pending'],
  [5, 'Timeout'],
  [7, 'Refunded'],
  [8, 'Partially Refunded'],
  [9, 'Expired'],
  [10, 'Captured'],
  [11, 'Unknown (11)'],
])

// Transaction type: 1 Normal, 2 Refund, 3 Payout, 4 Capture, 5 Preauth.
itLabels(transactionTypes, [
  [1, 'Normal'],
  [2, 'Refund'],
  [3, 'Payout'],
  [4, 'Capture'],
  [5, 'Preauth'],
  [0, 'Unknown (0)'],
])

// Payment type strings: normal, preauth (Pre-Auth), capture.
itLabels(paymentTypes, [
  ['normal', 'Normal'],
  ['preauth', 'Pre-Auth'],
  ['capture', 'Capture'],
  ['refund', 'Unknown (refund)'],
])

// Card payment-type list: StraitsX, Stripe, Credit Card, Free of Charge.
itLabels(cardPaymentTypes, [
  ['straitsx', 'StraitsX'],
  ['stripe', 'Stripe'],
  ['credit_card', 'Credit Card'],
  ['free_of_charge', 'Free of Charge'],
])

// Payment flow types 1 to 15 (CP, Dynamic, Static, Cash, Terminal and others).
itLabels(paymentFlowTypes, [
  [1, 'CP'],
  [2, 'Dynamic'],
  [3, 'Static'],
  [4, 'Cash'],
  [5, 'Terminal'],
  [16, 'Unknown (16)'],
])

describe('payment flow types', () => {
  it('are numbered 1 to 15', () => {
    expect(paymentFlowTypes.values).toEqual(Array.from({ length: 15 }, (_, i) => i + 1))
  })
})

// Payout history status: Pending, Paid.
itLabels(payoutStatuses, [
  ['Pending', 'Pending'],
  ['Paid', 'Paid'],
  ['Failed', 'Unknown (Failed)'],
])
