import type { MtSummaryFilter } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { MachineScope } from '../machines/machine.repository'
import type { MtSummarySlotRow } from './mt-summary.table'

/** The filtered summaries of one entity, without paging: shared by the page query, the count and the export. */
export function filteredSummaries(
  db: Db,
  entityCode: string,
  f: Omit<MtSummaryFilter, 'limit' | 'offset'>,
  scope: MachineScope,
) {
  let q = db.selectFrom('mt_summary').where('mt_summary.entity_code', '=', entityCode)
  if (scope !== null) {
    q = q.where('mt_summary.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
        .select('machine_set.machine_id'),
    )
  }
  if (f.start_time_lower !== undefined) q = q.where('mt_summary.start_time', '>=', f.start_time_lower)
  if (f.start_time_upper !== undefined) q = q.where('mt_summary.start_time', '<=', f.start_time_upper)
  if (f.end_time_lower !== undefined) q = q.where('mt_summary.end_time', '>=', f.end_time_lower)
  if (f.end_time_upper !== undefined) q = q.where('mt_summary.end_time', '<=', f.end_time_upper)
  if (f.is_challenge_bypass === true) q = q.where('mt_summary.challenge_type', '<', 0)
  if (f.is_challenge_bypass === false) q = q.where('mt_summary.challenge_type', '>=', 0)
  if (f.machine_id_list?.length) q = q.where('mt_summary.machine_id', 'in', f.machine_id_list)
  if (f.user_uuid_list?.length) q = q.where('mt_summary.user_uuid', 'in', f.user_uuid_list)
  if (f.person_type_list?.length) q = q.where('mt_summary.person_type', 'in', f.person_type_list)
  const setCodes = f.set_list
  if (setCodes?.length) {
    q = q.where('mt_summary.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .innerJoin('resource_set', 'resource_set.id', 'machine_set.set_id')
        .where('resource_set.entity_code', '=', entityCode)
        .where('resource_set.code', 'in', setCodes)
        .select('machine_set.machine_id'),
    )
  }
  return q
}

/** Summary rows with their machine's fields and the maintainer's name, read for a known list of ids. */
export function summaryRows(db: Db, entityCode: string) {
  return db
    .selectFrom('mt_summary')
    .innerJoin('machine', 'machine.id', 'mt_summary.machine_id')
    .innerJoin('app_user', 'app_user.id', 'mt_summary.user_id')
    .where('mt_summary.entity_code', '=', entityCode)
    .selectAll('mt_summary')
    .select([
      'machine.username as machine_username',
      'machine.alias',
      'machine.location',
      'machine.postal_code',
      'machine.serial_number',
      'app_user.name as user_name',
      'app_user.phone_number as user_phone_number',
    ])
}

export type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryRows>['execute']>>[number]

/** One page, newest first, by a deferred join (the offset walks the narrow index, then the page's rows are read). */
export function findSummaryPage(db: Db, entityCode: string, f: MtSummaryFilter, scope: MachineScope) {
  const pageIds = filteredSummaries(db, entityCode, f, scope)
    .select('mt_summary.id')
    .orderBy('mt_summary.created_at', 'desc')
    .orderBy('mt_summary.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
  return summaryRows(db, entityCode)
    .where('mt_summary.id', 'in', pageIds)
    .orderBy('mt_summary.created_at', 'desc')
    .orderBy('mt_summary.id', 'desc')
    .execute()
}

export async function countSummaries(
  db: Db,
  entityCode: string,
  f: MtSummaryFilter,
  scope: MachineScope,
): Promise<number> {
  const row = await filteredSummaries(db, entityCode, f, scope)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findSummaryById(db: Db, entityCode: string, id: number, scope: MachineScope) {
  let q = summaryRows(db, entityCode).where('mt_summary.id', '=', id)
  if (scope !== null) {
    q = q.where('mt_summary.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
        .select('machine_set.machine_id'),
    )
  }
  return q.executeTakeFirst()
}

export function findSlotsOfSummary(db: Db, summaryId: number): Promise<MtSummarySlotRow[]> {
  return db
    .selectFrom('mt_summary_slot')
    .where('summary_id', '=', summaryId)
    .selectAll()
    .orderBy('slot_no')
    .execute()
}

/** The people with summaries on the machines the caller reaches, by name: the options of the user filter. */
export function findMaintainers(db: Db, entityCode: string, scope: MachineScope) {
  let q = db
    .selectFrom('mt_summary')
    .innerJoin('app_user', 'app_user.id', 'mt_summary.user_id')
    .where('mt_summary.entity_code', '=', entityCode)
  if (scope !== null) {
    q = q.where('mt_summary.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
        .select('machine_set.machine_id'),
    )
  }
  return q
    .select(['mt_summary.user_uuid', 'app_user.name', 'mt_summary.person_type'])
    .distinct()
    .orderBy('app_user.name')
    .execute()
}

/** Summaries after a keyset position in the list's order (newest first): the export's batches. */
export function findSummariesAfter(
  db: Db,
  entityCode: string,
  f: Omit<MtSummaryFilter, 'limit' | 'offset'>,
  scope: MachineScope,
  after: { created_at: number; id: number } | null,
  batch: number,
) {
  const pageIds = filteredSummaries(db, entityCode, f, scope).select('mt_summary.id')
  let q = summaryRows(db, entityCode).where('mt_summary.id', 'in', pageIds)
  if (after !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('mt_summary.created_at', '<', after.created_at),
        eb.and([eb('mt_summary.created_at', '=', after.created_at), eb('mt_summary.id', '<', after.id)]),
      ]),
    )
  }
  return q.orderBy('mt_summary.created_at', 'desc').orderBy('mt_summary.id', 'desc').limit(batch).execute()
}
