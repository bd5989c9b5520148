import { catalogueOfStrings, defineCatalogue, type ValueOf } from '../catalogue'

/** Payment / machine order item status (A §9; B §9 lists the same values without 0). */
export const PaymentStatus = {
  Unknown: 0,
  Initiated: 1,
  Paid: 2,
  Success: 3,
  Failed: 4,
  AutoRefund: 5,
  Timeout: 6,
  Cancelled: 7,
  ManualRefund: 8,
  StageFailed: 9,
  OfflineRefund: 10,
  Expired: 11,
  Skipped: 12,
} as const
export type PaymentStatus = ValueOf<typeof PaymentStatus>

export const paymentStatuses = defineCatalogue('payment status', [
  [PaymentStatus.Unknown, 'Unknown'],
  [PaymentStatus.Initiated, 'Initiated'],
  [PaymentStatus.Paid, 'Paid'],
  [PaymentStatus.Success, 'Success'],
  [PaymentStatus.Failed, 'Failed'],
  [PaymentStatus.AutoRefund, 'Auto Refund'],
  [PaymentStatus.Timeout, 'Timeout'],
  [PaymentStatus.Cancelled, 'Cancelled'],
  [PaymentStatus.ManualRefund, 'Manual Refund'],
  [PaymentStatus.StageFailed, 'Stage Failed'],
  [PaymentStatus.OfflineRefund, 'Offline Refund'],
  [PaymentStatus.Expired, 'Expired'],
  [PaymentStatus.Skipped, 'Skipped'],
])

/** The machine order item status is the payment status (the spec names them together). */
export const MachineOrderItemStatus = PaymentStatus
export type MachineOrderItemStatus = PaymentStatus
export const machineOrderItemStatuses = paymentStatuses

export const TransactionStatus = {
  Unknown: 0,
  Initiated: 1,
  Pending: 2,
  Success: 3,
  Failed: 4,
  Timeout: 5,
  Cancelled: 6,
  Refunded: 7,
  PartiallyRefunded: 8,
  Expired: 9,
  Captured: 10,
} as const
export type TransactionStatus = ValueOf<typeof TransactionStatus>

export const transactionStatuses = defineCatalogue('transaction status', [
  [TransactionStatus.Unknown, 'Unknown'],
  [TransactionStatus.Initiated, 'Initiated'],
  [TransactionStatus.Pending, 'Pending'],
  [TransactionStatus.Success, 'Success'],
  [TransactionStatus.Failed, 'Failed'],
  [TransactionStatus.Timeout, 'Timeout'],
  [TransactionStatus.Cancelled, 'Cancelled'],
  [TransactionStatus.Refunded, 'Refunded'],
  [TransactionStatus.PartiallyRefunded, 'Partially Refunded'],
  [TransactionStatus.Expired, 'Expired'],
  [TransactionStatus.Captured, 'Captured'],
])

export const TransactionType = { Normal: 1, Refund: 2, Payout: 3, Capture: 4, Preauth: 5 } as const
export type TransactionType = ValueOf<typeof TransactionType>

export const transactionTypes = defineCatalogue('transaction type', [
  [TransactionType.Normal, 'Normal'],
  [TransactionType.Refund, 'Refund'],
  [TransactionType.Payout, 'Payout'],
  [TransactionType.Capture, 'Capture'],
  [TransactionType.Preauth, 'Preauth'],
])

/** Payment type codes (`payment_type_code`). */
export const PaymentType = { normal: 'normal', preauth: 'preauth', capture: 'capture' } as const
export type PaymentType = ValueOf<typeof PaymentType>

export const paymentTypes = defineCatalogue('payment type', [
  [PaymentType.normal, 'Normal'],
  [PaymentType.preauth, 'Pre-Auth'],
  [PaymentType.capture, 'Capture'],
])

/** Card payment-type list (A §9). The spec gives only the names; the codes are ours. */
export const CardPaymentType = {
  straitsx: 'straitsx',
  stripe: 'stripe',
  credit_card: 'credit_card',
  free_of_charge: 'free_of_charge',
} as const
export type CardPaymentType = ValueOf<typeof CardPaymentType>

export const cardPaymentTypes = defineCatalogue('card payment type', [
  [CardPaymentType.straitsx, 'StraitsX'],
  [CardPaymentType.stripe, 'Stripe'],
  [CardPaymentType.credit_card, 'Credit Card'],
  [CardPaymentType.free_of_charge, 'Free of Charge'],
])

/**
 * Payment flow types 1–15. The spec names only CP, Dynamic, Static, Cash and Terminal (1–5, in that order);
 * the names of 6–15 are ours.
 */
export const PaymentFlowType = {
  Cp: 1,
  Dynamic: 2,
  Static: 3,
  Cash: 4,
  Terminal: 5,
  Redemption: 6,
  ClosedLoop: 7,
  MachineCredit: 8,
  Passcode: 9,
  PreAuth: 10,
  Postpaid: 11,
  Aggregate: 12,
  WebView: 13,
  ExternalCashless: 14,
  FreeOfCharge: 15,
} as const
export type PaymentFlowType = ValueOf<typeof PaymentFlowType>

export const paymentFlowTypes = defineCatalogue('payment flow type', [
  [PaymentFlowType.Cp, 'CP'],
  [PaymentFlowType.Dynamic, 'Dynamic'],
  [PaymentFlowType.Static, 'Static'],
  [PaymentFlowType.Cash, 'Cash'],
  [PaymentFlowType.Terminal, 'Terminal'],
  [PaymentFlowType.Redemption, 'Redemption'],
  [PaymentFlowType.ClosedLoop, 'Closed Loop'],
  [PaymentFlowType.MachineCredit, 'Machine Credit'],
  [PaymentFlowType.Passcode, 'Passcode'],
  [PaymentFlowType.PreAuth, 'Pre-Auth'],
  [PaymentFlowType.Postpaid, 'Postpaid'],
  [PaymentFlowType.Aggregate, 'Aggregate'],
  [PaymentFlowType.WebView, 'Web View'],
  [PaymentFlowType.ExternalCashless, 'External Cashless'],
  [PaymentFlowType.FreeOfCharge, 'Free of Charge'],
])

/** Payout (and carbon payout history) status: the values are the labels. */
export const PayoutStatus = { Pending: 'Pending', Paid: 'Paid' } as const
export type PayoutStatus = ValueOf<typeof PayoutStatus>

export const payoutStatuses = catalogueOfStrings('payout status', Object.values(PayoutStatus))
