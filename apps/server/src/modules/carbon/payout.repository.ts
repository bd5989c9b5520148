import type { CarbonInvoiceFilter, CarbonPayoutFilter } from '@portal/contract'
import type { SqlBool } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import type { CarbonScope } from './carbon-scope'
import { carbonDb } from './carbon.table'

/**
 * Payouts and invoices the caller may see (alias `p`): the exchange every one of its programme, a CPO or fleet owner
 * its own (as that role).
 */
function ownedBy(scope: CarbonScope, alias: string) {
  const each = scope.sides.map((side) =>
    side === 'CRX'
      ? sql<SqlBool>`${sql.ref(`${alias}.crx_entity_code`)} = ${scope.entityCode}`
      : sql<SqlBool>`(${sql.ref(`${alias}.entity_code`)} = ${scope.entityCode} and ${sql.ref(`${alias}.role`)} = ${side})`,
  )
  return each.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`(${sql.join(each, sql` or `)})`
}

type PayoutFilters = Omit<CarbonPayoutFilter, 'limit' | 'offset'>

function filteredPayouts(db: Db, scope: CarbonScope, f: PayoutFilters) {
  let q = carbonDb(db).selectFrom('carbon_payout as p').where(ownedBy(scope, 'p'))
  if (f.status_list?.length) q = q.where('p.status', 'in', f.status_list)
  if (f.payee_role !== undefined) q = q.where('p.role', '=', f.payee_role)
  if (f.payee_entity_code !== undefined) q = q.where('p.entity_code', '=', f.payee_entity_code)
  return q
}

export async function findPayoutPage(db: Db, scope: CarbonScope, f: CarbonPayoutFilter) {
  return filteredPayouts(db, scope, f)
    .leftJoin('entity as e', 'e.code', 'p.entity_code')
    .selectAll('p')
    .select('e.name as payee_name')
    .orderBy('p.date', 'desc')
    .orderBy('p.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}
export type PayoutRow = Awaited<ReturnType<typeof findPayoutPage>>[number]

/** How many payouts match, and their sums by status. */
export async function payoutTotals(db: Db, scope: CarbonScope, f: PayoutFilters) {
  const rows = await filteredPayouts(db, scope, f)
    .select((eb) => [
      'p.status',
      eb.fn.countAll<number | string>().as('count'),
      eb.fn.sum<number | string>('p.total').as('total'),
    ])
    .groupBy('p.status')
    .execute()
  return rows.map((r) => ({ status: r.status, count: Number(r.count), total: Number(r.total) }))
}

type InvoiceFilters = Omit<CarbonInvoiceFilter, 'limit' | 'offset'>

function filteredInvoices(db: Db, scope: CarbonScope, f: InvoiceFilters) {
  let q = carbonDb(db).selectFrom('carbon_invoice as p').where(ownedBy(scope, 'p'))
  if (f.payee_role !== undefined) q = q.where('p.role', '=', f.payee_role)
  if (f.payee_entity_code !== undefined) q = q.where('p.entity_code', '=', f.payee_entity_code)
  if (f.year_payable !== undefined) q = q.where('p.year_payable', '=', f.year_payable)
  return q
}

export async function findInvoicePage(db: Db, scope: CarbonScope, f: CarbonInvoiceFilter) {
  return filteredInvoices(db, scope, f)
    .innerJoin('carbon_payout as po', 'po.id', 'p.payout_id')
    .leftJoin('entity as e', 'e.code', 'p.entity_code')
    .selectAll('p')
    .select(['e.name as payee_name', 'po.uuid as payout_uuid'])
    .orderBy('p.date', 'desc')
    .orderBy('p.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}
export type InvoiceRow = Awaited<ReturnType<typeof findInvoicePage>>[number]

export async function countInvoices(db: Db, scope: CarbonScope, f: InvoiceFilters): Promise<number> {
  const row = await filteredInvoices(db, scope, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
