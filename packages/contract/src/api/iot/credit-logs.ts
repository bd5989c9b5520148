import { z } from 'zod'
import { creditModes } from '../../enums/machine'
import { paymentTypes } from '../../enums/payment'
import { paymentMethods } from '../../enums/payment-method'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

/** The sortable columns of the credit log list (B §3 "Columns", in that order). */
export const CREDIT_LOG_SORT_FIELDS = [
  'machine_credit_log_id',
  'machine_id',
  'username',
  'serial_number',
  'alias',
  'location',
  'postal_code',
  'amount',
  'mode',
  'payment_method',
  'client_time',
  'payment_type',
] as const
export type CreditLogSortField = (typeof CREDIT_LOG_SORT_FIELDS)[number]

export const CREDIT_LOG_SORT_ORDERS = ['asc', 'desc'] as const

/**
 * POST /iot/orders/creditlogs/filter (B §7). Amounts are minor units; client times epoch ms; bounds inclusive.
 * Without sort_by the newest client time comes first (docs/decisions/0017-maintenance-and-credit-logs.md).
 */
export const creditLogFilterRequest = z.strictObject({
  ...paging,
  sort_by: z.enum(CREDIT_LOG_SORT_FIELDS).default('client_time'),
  order_by: z.enum(CREDIT_LOG_SORT_ORDERS).default('desc'),
  amount_lower: z.number().int().optional(),
  amount_upper: z.number().int().optional(),
  client_time_lower: epochMs.optional(),
  client_time_upper: epochMs.optional(),
  machine_credit_log_ids: z.array(z.number().int().positive()).max(1000).optional(),
  machine_ids: z.array(z.number().int().positive()).max(1000).optional(),
  modes: z.array(catalogueSchema(creditModes)).max(4).optional(),
  payment_methods: z.array(catalogueSchema(paymentMethods)).max(100).optional(),
  payment_types: z.array(catalogueSchema(paymentTypes)).max(3).optional(),
})
export type CreditLogFilterRequest = z.input<typeof creditLogFilterRequest>
export type CreditLogFilter = z.output<typeof creditLogFilterRequest>

/** A machine credit log row: the columns of B §3 plus the currency of the amount and when it was recorded. */
export const machineCreditLog = z.object({
  machine_credit_log_id: z.number().int(),
  machine_id: z.number().int(),
  username: z.string(),
  serial_number: z.string(),
  alias: z.string(),
  location: z.string(),
  postal_code: z.string(),
  amount: z.number().int(),
  currency_code: z.string(),
  mode: z.number().int(),
  payment_method: z.number().int(),
  client_time: epochMs,
  payment_type: z.string(),
  created_at: epochMs,
})
export type MachineCreditLog = z.infer<typeof machineCreditLog>

export const creditLogFilterResponse = envelope(
  z.object({ machine_credit_logs: z.array(machineCreditLog), count: z.number().int().min(0) }),
)
export type CreditLogFilterData = z.infer<typeof creditLogFilterResponse>['data']
