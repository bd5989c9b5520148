import type { CarbonSide } from '@portal/contract'
import type { RawBuilder, SqlBool } from 'kysely'
import { sql } from 'kysely'
import type { Db } from '../../db/database'
import { carbonDb } from './carbon.table'

/**
 * Who the caller is in the carbon programmes, read from the data (docs/decisions/0027-carbon-credits.md): the
 * exchange of the programme it runs, a CPO or a fleet owner where it is a partner. An entity in none of them sees
 * nothing. Every carbon query takes this scope; the side decides which of a record's three entity codes must be the
 * caller's.
 */
export interface CarbonScope {
  entityCode: string
  sides: CarbonSide[]
}

export async function carbonScopeOf(db: Db, entityCode: string): Promise<CarbonScope> {
  const cdb = carbonDb(db)
  const [programme, partner] = await Promise.all([
    cdb.selectFrom('carbon_programme').where('entity_code', '=', entityCode).select('id').executeTakeFirst(),
    cdb
      .selectFrom('carbon_partner')
      .where('entity_code', '=', entityCode)
      .select('role')
      .distinct()
      .execute(),
  ])
  const sides: CarbonSide[] = []
  if (programme) sides.push('CRX')
  for (const role of ['CPO', 'FO'] as const) if (partner.some((p) => p.role === role)) sides.push(role)
  return { entityCode, sides }
}

/** The column naming the caller on each side. */
export const SIDE_COLUMN = {
  CRX: 'crx_entity_code',
  CPO: 'cpo_entity_code',
  FO: 'fo_entity_code',
} as const satisfies Record<CarbonSide, string>

/**
 * The rows of a records-shaped table (records, their daily sums) the caller may see: its code in the column of one of
 * its sides. `alias` is the table's alias in the query, if it has one.
 */
export function visibleSql(scope: CarbonScope, alias?: string): RawBuilder<SqlBool> {
  const each = scope.sides.map(
    (side) =>
      sql<SqlBool>`${sql.ref(alias ? `${alias}.${SIDE_COLUMN[side]}` : SIDE_COLUMN[side])} = ${scope.entityCode}`,
  )
  if (each.length === 0) return sql<SqlBool>`1 = 0`
  return sql<SqlBool>`(${sql.join(each, sql` or `)})`
}

/**
 * What the caller earns of a record, as SQL over the records-shaped tables: the exchange counts the whole value of
 * the credits; a CPO or fleet owner its own share (both, if it were both on one record).
 */
export function rebatesSql(scope: CarbonScope) {
  if (scope.sides.includes('CRX')) return sql<number>`total_earnings`
  return sql<number>`(case when cpo_entity_code = ${scope.entityCode} then cpo_earnings else 0 end + case when fo_entity_code = ${scope.entityCode} then fo_earnings else 0 end)`
}
