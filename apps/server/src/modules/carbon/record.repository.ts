import type { CarbonRecordFilters } from '@portal/contract'
import type { Db } from '../../db/database'
import type { CarbonScope } from './carbon-scope'
import { visibleSql } from './carbon-scope'
import type { CarbonProgrammeRow } from './carbon.table'
import { carbonDb } from './carbon.table'

/** The caller's records matching the filters (alias `r`), without order or paging. */
export function filteredRecords(db: Db, scope: CarbonScope, f: CarbonRecordFilters) {
  let q = carbonDb(db).selectFrom('carbon_record as r').where(visibleSql(scope, 'r'))
  if (f.date_time_from !== undefined) q = q.where('r.date_time', '>=', f.date_time_from)
  if (f.date_time_to !== undefined) q = q.where('r.date_time', '<=', f.date_time_to)
  if (f.cpo_entity_code !== undefined) q = q.where('r.cpo_entity_code', '=', f.cpo_entity_code)
  if (f.fo_entity_code !== undefined) q = q.where('r.fo_entity_code', '=', f.fo_entity_code)
  if (f.scenario_list?.length) q = q.where('r.scenario', 'in', f.scenario_list)
  return q
}

/** The full rows of some records, with both partners' names. */
function recordsWithNames(db: Db) {
  return carbonDb(db)
    .selectFrom('carbon_record as r')
    .leftJoin('entity as ce', 'ce.code', 'r.cpo_entity_code')
    .leftJoin('entity as fe', 'fe.code', 'r.fo_entity_code')
    .selectAll('r')
    .select(['ce.name as cpo_entity_name', 'fe.name as fo_entity_name'])
}

export type RecordRow = Awaited<ReturnType<ReturnType<typeof recordsWithNames>['execute']>>[number]

/**
 * One page, newest first (id breaking ties). The ids come from the side index alone and the rows are read after
 * (a deferred join), so a deep page does not drag every skipped row along.
 */
export async function findRecordPage(
  db: Db,
  scope: CarbonScope,
  f: CarbonRecordFilters,
  page: { limit: number; offset: number },
): Promise<RecordRow[]> {
  if (scope.sides.length === 0) return []
  const ids = await filteredRecords(db, scope, f)
    .select(['r.id'])
    .orderBy('r.date_time', 'desc')
    .orderBy('r.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
  if (ids.length === 0) return []
  const rows = await recordsWithNames(db)
    .where(
      'r.id',
      'in',
      ids.map((r) => r.id),
    )
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.map((r) => byId.get(r.id)).filter((r): r is RecordRow => r !== undefined)
}

/** Records after a keyset position in the list's order: the export's batches. */
export async function findRecordsAfter(
  db: Db,
  scope: CarbonScope,
  f: CarbonRecordFilters,
  after: { date_time: number; id: number } | null,
  batch: number,
): Promise<RecordRow[]> {
  if (scope.sides.length === 0) return []
  let q = filteredRecords(db, scope, f)
  if (after !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('r.date_time', '<', after.date_time),
        eb.and([eb('r.date_time', '=', after.date_time), eb('r.id', '<', after.id)]),
      ]),
    )
  }
  const ids = await q
    .select(['r.id'])
    .orderBy('r.date_time', 'desc')
    .orderBy('r.id', 'desc')
    .limit(batch)
    .execute()
  if (ids.length === 0) return []
  const rows = await recordsWithNames(db)
    .where(
      'r.id',
      'in',
      ids.map((r) => r.id),
    )
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.map((r) => byId.get(r.id)).filter((r): r is RecordRow => r !== undefined)
}

/** Names of the entities with these codes (codes not found are left out). */
export async function findEntityNameRows(
  db: Db,
  codes: readonly string[],
): Promise<{ code: string; name: string }[]> {
  return db
    .selectFrom('entity')
    .where('code', 'in', [...new Set(codes)])
    .select(['code', 'name'])
    .execute()
}

/** The programme the caller runs, or the first it is a partner of. */
export async function findProgrammeOf(db: Db, entityCode: string): Promise<CarbonProgrammeRow | undefined> {
  const cdb = carbonDb(db)
  const own = await cdb
    .selectFrom('carbon_programme')
    .where('entity_code', '=', entityCode)
    .selectAll()
    .executeTakeFirst()
  if (own) return own
  return cdb
    .selectFrom('carbon_programme as p')
    .innerJoin('carbon_partner as cp', 'cp.crx_entity_code', 'p.entity_code')
    .where('cp.entity_code', '=', entityCode)
    .selectAll('p')
    .orderBy('p.id')
    .executeTakeFirst()
}

/** The partners a programme's CRX has signed, with their role. */
export async function findCrxPartners(
  db: Db,
  crxEntityCode: string,
): Promise<{ entity_code: string; role: string }[]> {
  return carbonDb(db)
    .selectFrom('carbon_partner')
    .where('crx_entity_code', '=', crxEntityCode)
    .select(['entity_code', 'role'])
    .execute()
}

/** The FOs a CPO is partnered with. */
export async function findFoPartnersOfCpo(
  db: Db,
  cpoEntityCode: string,
): Promise<{ fo_entity_code: string }[]> {
  return carbonDb(db)
    .selectFrom('carbon_partnership')
    .where('cpo_entity_code', '=', cpoEntityCode)
    .select('fo_entity_code')
    .execute()
}

/** The CPOs an FO is partnered with. */
export async function findCpoPartnersOfFo(
  db: Db,
  foEntityCode: string,
): Promise<{ cpo_entity_code: string }[]> {
  return carbonDb(db)
    .selectFrom('carbon_partnership')
    .where('fo_entity_code', '=', foEntityCode)
    .select('cpo_entity_code')
    .execute()
}

/** The scenarios of the caller's visible daily sums, in order. */
export async function findVisibleScenarios(db: Db, scope: CarbonScope): Promise<{ scenario: string }[]> {
  return carbonDb(db)
    .selectFrom('carbon_scenario_daily')
    .where(visibleSql(scope))
    .select('scenario')
    .distinct()
    .orderBy('scenario')
    .execute()
}
