import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { EvTariffRow } from '../ev.table'

/*
 * Reads of the tariffs (docs/decisions/0022-tariffs.md). Every function takes the entity codes the caller may read
 * (its entity, or entities below it that it named). The list runs newest update first on 0012's
 * (entity_code, updated_at desc, id desc) index: the page's ids come from the index alone (a deferred join, so a deep
 * offset skips index entries, not rows), then the rows of those ids.
 */

export interface TariffFilter {
  /** Last updated at or after (ms, inclusive). */
  dateFrom?: number | undefined
  /** Last updated before (ms, exclusive). */
  dateTo?: number | undefined
  /** Part of the external id, any case. */
  externalId?: string | undefined
}

type Key = { id: number; updated_at: number }
const newestFirst = (a: Key, b: Key) => b.updated_at - a.updated_at || b.id - a.id

/** One entity's newest keys matching the filter, on its (entity_code, updated_at desc, id desc) index. */
function entityKeys(
  db: Db,
  entityCode: string,
  filter: TariffFilter,
  limit: number,
  offset: number,
): Promise<Key[]> {
  let q = db.selectFrom('ev_tariff').where('entity_code', '=', entityCode)
  if (filter.dateFrom !== undefined) q = q.where('updated_at', '>=', filter.dateFrom)
  if (filter.dateTo !== undefined) q = q.where('updated_at', '<', filter.dateTo)
  if (filter.externalId !== undefined)
    q = q.where(containsInsensitive(db, 'ev_tariff.external_id', filter.externalId))
  return q
    .select(['id', 'updated_at'])
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()
}

/**
 * The page `offset .. offset + limit` of the entities' tariffs, newest update first. Several entities are read one by
 * one (each at most `offset + limit` keys) and merged: `entity_code IN (...) ORDER BY updated_at` cannot walk one
 * index in order, and PostgreSQL then sorts every row of the entities (380 ms at a million, measured).
 */
export async function pageTariffs(
  db: Db,
  entityCodes: readonly string[],
  filter: TariffFilter,
  page: { limit: number; offset: number },
): Promise<EvTariffRow[]> {
  let keys: Key[]
  if (entityCodes.length === 0) return []
  if (entityCodes.length === 1) {
    keys = await entityKeys(db, entityCodes[0] ?? '', filter, page.limit, page.offset)
  } else {
    const take = page.offset + page.limit
    const lists = await Promise.all(entityCodes.map((code) => entityKeys(db, code, filter, take, 0)))
    keys = lists.flat().sort(newestFirst).slice(page.offset, take)
  }
  if (keys.length === 0) return []
  const rows = await db
    .selectFrom('ev_tariff')
    .where(
      'id',
      'in',
      keys.map((k) => k.id),
    )
    .selectAll()
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return keys.flatMap((k) => {
    const row = byId.get(k.id)
    return row ? [row] : []
  })
}

/** One tariff by uid among the entities', or undefined. */
export function findTariff(
  db: Db,
  entityCodes: readonly string[],
  uid: string,
): Promise<EvTariffRow | undefined> {
  if (entityCodes.length === 0) return Promise.resolve(undefined)
  return db
    .selectFrom('ev_tariff')
    .where('uid', '=', uid)
    .where('entity_code', 'in', entityCodes)
    .selectAll()
    .executeTakeFirst()
}

/** The connectors priced by a tariff and the locations they are at (ev_connector_tariff_idx, index only). */
export async function tariffUsage(
  db: Db,
  tariffId: number,
): Promise<{ connectors: number; locations: number }> {
  const row = await db
    .selectFrom('ev_connector')
    .where('tariff_id', '=', tariffId)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('connectors'),
      eb.fn.count<number | string>('location_id').distinct().as('locations'),
    ])
    .executeTakeFirstOrThrow()
  return { connectors: Number(row.connectors), locations: Number(row.locations) }
}

/** How deep the entity tree is walked; the IAM model nests entities a few levels at most. */
const MAX_DEPTH = 16
/** Entities below one that the walk collects at most (A §9's entity list limit). */
const MAX_DESCENDANTS = 1000

/** The codes of every entity below `entityCode` (children, their children, ...), in no particular order. */
export async function descendantCodes(db: Db, entityCode: string): Promise<string[]> {
  const found = new Set<string>([entityCode])
  let level = [entityCode]
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0 && found.size <= MAX_DESCENDANTS; depth++) {
    const rows = await db.selectFrom('entity').where('parent_code', 'in', level).select('code').execute()
    level = rows.map((r) => r.code).filter((code) => !found.has(code))
    for (const code of level) found.add(code)
  }
  found.delete(entityCode)
  return [...found]
}
