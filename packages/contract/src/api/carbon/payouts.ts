import { z } from 'zod'
import { PAGE_SIZES } from '../../constants'
import { payoutStatuses } from '../../enums/payment'
import { catalogueSchema, envelope, epochMs, paging } from '../envelope'

/*
 * Payout and invoice history (B §3, A §2 /payout-history and /cpo-payout-history; page size 50, B §9). The original
 * showed sample data; here they are real rows made from the records' earnings: one payout per payee and UTC+8 month
 * (Pending until paid, Paid after), and for every closed month a self-billing invoice the exchange issues for it.
 * docs/decisions/0027-carbon-credits.md.
 */

export const PAYOUT_PAGE_SIZE = PAGE_SIZES.payouts
export const INVOICE_PAGE_SIZE = PAGE_SIZES.invoices

const payeeRole = z.enum(['CPO', 'FO'])
const entityCode = z.string().trim().toUpperCase().min(2).max(32)

/** POST /carbon/payouts/filter: the caller's payouts (the exchange: every payout of its programme). */
export const carbonPayoutFilterRequest = z.strictObject({
  ...paging,
  status_list: z.array(catalogueSchema(payoutStatuses)).max(2).optional(),
  payee_role: payeeRole.optional(),
  payee_entity_code: entityCode.optional(),
})
export type CarbonPayoutFilterRequest = z.input<typeof carbonPayoutFilterRequest>
export type CarbonPayoutFilter = z.output<typeof carbonPayoutFilterRequest>

export const carbonPayout = z.object({
  uuid: z.string(),
  /** When it was paid, or is due (the 15th after the month). */
  date: epochMs,
  description: z.string(),
  payment_bank: z.string(),
  /** Minor units of `currency`: the payee's earnings of the month's records. */
  total: z.number().int(),
  status: catalogueSchema(payoutStatuses),
  currency: z.string(),
  /** The UTC+8 month it pays for (its first day, epoch ms). */
  period: epochMs,
  records: z.number().int().min(0),
  payee_entity_code: z.string(),
  payee_entity_name: z.string(),
  payee_role: payeeRole,
  paid_at: epochMs.nullable(),
})
export type CarbonPayout = z.infer<typeof carbonPayout>

export const carbonPayoutFilterResponse = envelope(
  z.object({
    payouts: z.array(carbonPayout),
    count: z.number().int().min(0),
    /** Sums of the filtered payouts by status (minor units), for the page's tiles. */
    totals: z.object({ pending: z.number().int(), paid: z.number().int(), currency: z.string() }),
  }),
)
export type CarbonPayoutFilterData = z.infer<typeof carbonPayoutFilterResponse>['data']

/** POST /carbon/invoices/filter. */
export const carbonInvoiceFilterRequest = z.strictObject({
  ...paging,
  payee_role: payeeRole.optional(),
  payee_entity_code: entityCode.optional(),
  year_payable: z.number().int().min(2000).max(2100).optional(),
})
export type CarbonInvoiceFilterRequest = z.input<typeof carbonInvoiceFilterRequest>
export type CarbonInvoiceFilter = z.output<typeof carbonInvoiceFilterRequest>

export const carbonInvoice = z.object({
  uuid: z.string(),
  /** The invoice number, e.g. CRX-SBI-202608-CPO. */
  invoice: z.string(),
  date: epochMs,
  year_payable: z.number().int(),
  total: z.number().int(),
  currency: z.string(),
  payee_entity_code: z.string(),
  payee_entity_name: z.string(),
  payee_role: payeeRole,
  payout_uuid: z.string(),
})
export type CarbonInvoice = z.infer<typeof carbonInvoice>

export const carbonInvoiceFilterResponse = envelope(
  z.object({ invoices: z.array(carbonInvoice), count: z.number().int().min(0) }),
)
export type CarbonInvoiceFilterData = z.infer<typeof carbonInvoiceFilterResponse>['data']
