import type {
  CarbonInvoiceFilter,
  CarbonInvoiceFilterData,
  CarbonPayoutFilter,
  CarbonPayoutFilterData,
} from '@portal/contract'
import { PayoutStatus } from '@portal/contract'
import type { Db } from '../../db/database'
import type { CarbonScope } from './carbon-scope'
import type { InvoiceRow, PayoutRow } from './payout.repository'
import { countInvoices, findInvoicePage, findPayoutPage, payoutTotals } from './payout.repository'
import { findProgrammeOf } from './record.repository'
import { UNKNOWN_ENTITY } from './record.service'

const roleOf = (role: string): 'CPO' | 'FO' => (role === 'CPO' ? 'CPO' : 'FO')
const statusOf = (status: string) => (status === 'Paid' ? PayoutStatus.Paid : PayoutStatus.Pending)

function toApiPayout(r: PayoutRow) {
  return {
    uuid: r.uuid,
    date: r.date,
    description: r.description,
    payment_bank: r.payment_bank,
    total: r.total,
    status: statusOf(r.status),
    currency: r.currency,
    period: r.period,
    records: r.records,
    payee_entity_code: r.entity_code,
    payee_entity_name: r.payee_name ?? UNKNOWN_ENTITY,
    payee_role: roleOf(r.role),
    paid_at: r.paid_at,
  }
}

function toApiInvoice(r: InvoiceRow) {
  return {
    uuid: r.uuid,
    invoice: r.invoice_no,
    date: r.date,
    year_payable: r.year_payable,
    total: r.total,
    currency: r.currency,
    payee_entity_code: r.entity_code,
    payee_entity_name: r.payee_name ?? UNKNOWN_ENTITY,
    payee_role: roleOf(r.role),
    payout_uuid: r.payout_uuid,
  }
}

/** The caller's payouts, newest first, with how many there are and what is pending and paid of them. */
export async function filterPayouts(
  db: Db,
  scope: CarbonScope,
  body: CarbonPayoutFilter,
): Promise<CarbonPayoutFilterData> {
  const { limit: _limit, offset: _offset, ...filters } = body
  const [rows, totals, programme] = await Promise.all([
    findPayoutPage(db, scope, body),
    payoutTotals(db, scope, filters),
    findProgrammeOf(db, scope.entityCode),
  ])
  const sum = (status: string) => totals.filter((t) => t.status === status).reduce((s, t) => s + t.total, 0)
  return {
    payouts: rows.map(toApiPayout),
    count: totals.reduce((s, t) => s + t.count, 0),
    totals: {
      pending: sum(PayoutStatus.Pending),
      paid: sum(PayoutStatus.Paid),
      currency: programme?.currency ?? 'SGD',
    },
  }
}

export async function filterInvoices(
  db: Db,
  scope: CarbonScope,
  body: CarbonInvoiceFilter,
): Promise<CarbonInvoiceFilterData> {
  const { limit: _limit, offset: _offset, ...filters } = body
  const [rows, count] = await Promise.all([
    findInvoicePage(db, scope, body),
    countInvoices(db, scope, filters),
  ])
  return { invoices: rows.map(toApiInvoice), count }
}
