import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { ResourceSetRow } from './set.table'

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
