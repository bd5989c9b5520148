import { z } from 'zod'
import { transactionStatuses } from '../../enums/payment'
import { paymentMethods } from '../../enums/payment-method'
import { catalogueSchema, envelope, epochMs, epochSeconds, paging } from '../envelope'

const ref = z.string().trim().max(64)

/** The filters of POST /payment/transaction/filter (B §7); start and end are epoch seconds like the order items'. */
export const transactionFilters = {
  payment_method_list: z.array(catalogueSchema(paymentMethods)).max(100).optional(),
  status_list: z.array(catalogueSchema(transactionStatuses)).max(20).optional(),
  order_uuid: ref.optional(),
  start: epochSeconds.optional(),
  end: epochSeconds.optional(),
  entity_refer_no: ref.optional(),
  payment_refer_no: ref.optional(),
  uuid: ref.optional(),
}

export const transactionExportFilters = z.strictObject(transactionFilters)
export type TransactionExportFilter = z.output<typeof transactionExportFilters>

export const transactionFilterRequest = z.strictObject({ ...paging, ...transactionFilters })
export type TransactionFilterRequest = z.input<typeof transactionFilterRequest>
export type TransactionFilter = z.output<typeof transactionFilterRequest>

/** A row of the Transactions list: the fields of B §3, plus the codes and currency to show them. */
export const paymentTransaction = z.object({
  uuid: z.string(),
  order_uuid: z.string().nullable(),
  username: z.string(),
  /** Minor units of currency_code. */
  amount: z.number().int(),
  currency_code: z.string(),
  transaction_type: z.number().int(),
  transaction_status: z.number().int(),
  payment_method_code: z.number().int(),
  payment_method_display: z.string(),
  payment_type_code: z.string(),
  date: epochMs,
  entity_refer_no: z.string(),
  payment_refer_no: z.string(),
})
export type PaymentTransaction = z.infer<typeof paymentTransaction>

export const transactionFilterResponse = envelope(
  z.object({
    transactions: z.array(paymentTransaction),
    count: z.number().int().min(0),
    /** The count stopped at COUNT_CAP (docs/decisions/0014-orders-transactions.md). */
    count_capped: z.boolean(),
  }),
)
export type TransactionFilterData = z.infer<typeof transactionFilterResponse>['data']
