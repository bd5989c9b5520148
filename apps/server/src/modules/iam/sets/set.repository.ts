import type { Insertable } from 'kysely'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { ResourceSetRow, ResourceSetTable } from './set.table'

export interface SetFilter {
  limit: number
  offset: number
  search?: string | undefined
  parent_id?: number | null | undefined
}

function filtered(db: Db, entityCode: string, f: Omit<SetFilter, 'limit' | 'offset'>) {
  let q = db.selectFrom('resource_set').where('resource_set.entity_code', '=', entityCode)
  const search = f.search
  if (search) {
    q = q.where((eb) =>
      eb.or([
        containsInsensitive(db, 'resource_set.name', search),
        containsInsensitive(db, 'resource_set.code', search),
      ]),
    )
  }
  if (f.parent_id === null) q = q.where('resource_set.parent_id', 'is', null)
  else if (f.parent_id !== undefined) q = q.where('resource_set.parent_id', '=', f.parent_id)
  return q
}

export function findSetPage(db: Db, entityCode: string, f: SetFilter): Promise<ResourceSetRow[]> {
  return filtered(db, entityCode, f)
    .selectAll('resource_set')
    .orderBy('resource_set.name')
    .orderBy('resource_set.id')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countSets(
  db: Db,
  entityCode: string,
  f: Omit<SetFilter, 'limit' | 'offset'>,
): Promise<number> {
  const row = await filtered(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findSet(db: Db, entityCode: string, id: number): Promise<ResourceSetRow | undefined> {
  return db
    .selectFrom('resource_set')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .selectAll()
    .executeTakeFirst()
}

export function allSetsOf(db: Db, entityCode: string) {
  return db
    .selectFrom('resource_set')
    .where('entity_code', '=', entityCode)
    .select(['id', 'code', 'name', 'parent_id'])
    .execute()
}

export async function resourceCounts(db: Db, setIds: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>()
  if (setIds.length === 0) return counts
  const rows = await db
    .selectFrom('machine_set')
    .where('set_id', 'in', setIds)
    .select(['set_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('set_id')
    .execute()
  for (const r of rows) counts.set(r.set_id, Number(r.n))
  return counts
}

/**
 * The ids of the sets with these codes and of every set below them: a grant on a region reaches its sub-regions
 * (DESIGN.md: sets are hierarchical).
 */
export async function setIdsWithDescendants(
  db: Db,
  entityCode: string,
  codes: readonly string[],
): Promise<number[]> {
  const sets = await allSetsOf(db, entityCode)
  const chosen = new Set(sets.filter((s) => codes.includes(s.code)).map((s) => s.id))
  let grew = true
  while (grew) {
    grew = false
    for (const s of sets) {
      if (s.parent_id !== null && chosen.has(s.parent_id) && !chosen.has(s.id)) {
        chosen.add(s.id)
        grew = true
      }
    }
  }
  return [...chosen]
}

/** The entity's machines in the set, by alias (at most 5000). */
export function findSetMachines(db: Db, entityCode: string, setId: number) {
  return db
    .selectFrom('machine_set')
    .innerJoin('machine', 'machine.id', 'machine_set.machine_id')
    .where('machine_set.set_id', '=', setId)
    .where('machine.entity_code', '=', entityCode)
    .select(['machine.id', 'machine.alias', 'machine.serial_number'])
    .orderBy('machine.alias')
    .limit(5000)
    .execute()
}

/** The sets directly below this one, by name. */
export function findChildSets(db: Db, entityCode: string, parentId: number) {
  return db
    .selectFrom('resource_set')
    .where('entity_code', '=', entityCode)
    .where('parent_id', '=', parentId)
    .select(['id', 'code', 'name'])
    .orderBy('name')
    .execute()
}

/** The entity's machines whose alias, serial number or location contains the query (all when it is empty). */
export function findMachinesMatching(db: Db, entityCode: string, query: string, limit: number) {
  let q = db.selectFrom('machine').where('entity_code', '=', entityCode)
  if (query) {
    q = q.where((eb) =>
      eb.or([
        containsInsensitive(db, 'machine.alias', query),
        containsInsensitive(db, 'machine.serial_number', query),
        containsInsensitive(db, 'machine.location', query),
      ]),
    )
  }
  return q.select(['id', 'alias', 'serial_number']).orderBy('alias').limit(limit).execute()
}

/** Which of these machine ids belong to the entity. */
export async function existingMachineIds(
  db: Db,
  entityCode: string,
  ids: readonly number[],
): Promise<number[]> {
  const rows = await db
    .selectFrom('machine')
    .where('entity_code', '=', entityCode)
    .where('id', 'in', ids)
    .select('id')
    .execute()
  return rows.map((r) => r.id)
}

/** Inserts a set and answers its id. */
export async function insertSet(db: Db, row: Insertable<ResourceSetTable>): Promise<number> {
  const inserted = await db.insertInto('resource_set').values(row).returning('id').executeTakeFirstOrThrow()
  return inserted.id
}

export async function updateSetRow(
  db: Db,
  entityCode: string,
  id: number,
  values: Pick<ResourceSetRow, 'code' | 'name' | 'description' | 'parent_id'>,
): Promise<void> {
  await db
    .updateTable('resource_set')
    .set(values)
    .where('id', '=', id)
    .where('entity_code', '=', entityCode)
    .execute()
}

/** Puts the machines in the set (nothing to insert when there are none). */
export async function insertSetMachines(db: Db, setId: number, machineIds: readonly number[]): Promise<void> {
  if (machineIds.length)
    await db
      .insertInto('machine_set')
      .values(machineIds.map((machine_id) => ({ machine_id, set_id: setId })))
      .execute()
}

/** Replaces the machines of the set with these. */
export async function replaceSetMachines(
  db: Db,
  setId: number,
  machineIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('machine_set').where('set_id', '=', setId).execute()
  await insertSetMachines(db, setId, machineIds)
}

/** Which of these machines are in the set already. */
export async function setMemberIds(db: Db, setId: number, machineIds: readonly number[]): Promise<number[]> {
  if (machineIds.length === 0) return []
  const rows = await db
    .selectFrom('machine_set')
    .where('set_id', '=', setId)
    .where('machine_id', 'in', machineIds)
    .select('machine_id')
    .execute()
  return rows.map((r) => r.machine_id)
}

/** Takes these machines out of the set. */
export async function deleteSetMachines(db: Db, setId: number, machineIds: readonly number[]): Promise<void> {
  if (machineIds.length)
    await db
      .deleteFrom('machine_set')
      .where('set_id', '=', setId)
      .where('machine_id', 'in', machineIds)
      .execute()
}
