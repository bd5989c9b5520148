import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { EntityRow, EntityUpdate, NewEntityRow } from './entity.table'

export function findEntityByCode(db: Db, code: string): Promise<EntityRow | undefined> {
  return db.selectFrom('entity').where('code', '=', code).selectAll().executeTakeFirst()
}

export function findEntityById(db: Db, id: number): Promise<EntityRow | undefined> {
  return db.selectFrom('entity').where('id', '=', id).selectAll().executeTakeFirst()
}

/** Codes from the root entity down to `code`, for the entity paths of A §3. Guards against cycles. */
export async function entityPath(db: Db, code: string): Promise<string> {
  const chain: string[] = [code]
  let current: string | null = code
  while (current !== null && chain.length < 16) {
    const row: { parent_code: string | null } | undefined = await db
      .selectFrom('entity')
      .where('code', '=', current)
      .select('parent_code')
      .executeTakeFirst()
    current = row?.parent_code ?? null
    if (current !== null) {
      if (chain.includes(current)) break
      chain.unshift(current)
    }
  }
  return chain.join('/')
}

export function firstEntity(db: Db): Promise<EntityRow | undefined> {
  return db.selectFrom('entity').orderBy('id').selectAll().limit(1).executeTakeFirst()
}

/** The codes of every entity below `code` (children, their children, …), at most 16 levels down. */
export async function descendantCodes(db: Db, code: string): Promise<string[]> {
  const out: string[] = []
  let level = [code]
  for (let depth = 0; depth < 16 && level.length > 0; depth++) {
    const rows = await db.selectFrom('entity').where('parent_code', 'in', level).select('code').execute()
    level = rows.map((r) => r.code).filter((c) => c !== code && !out.includes(c))
    out.push(...level)
  }
  return out
}

/** The codes of the entities above `code`, from its parent up to the root. */
export async function ancestorCodes(db: Db, code: string): Promise<string[]> {
  return (await entityPath(db, code))
    .split('/')
    .filter((c) => c !== code)
    .reverse()
}

/** Every entity's name by its code (exports name both sides of a charging session). */
export async function entityNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.selectFrom('entity').select(['code', 'name']).execute()
  return new Map(rows.map((e) => [e.code, e.name]))
}

export function insertEntityRow(db: Db, values: NewEntityRow): Promise<EntityRow> {
  return db.insertInto('entity').values(values).returningAll().executeTakeFirstOrThrow()
}

/** Changes the entity's columns given in `changes`. */
export async function updateEntityRow(db: Db, code: string, changes: EntityUpdate): Promise<void> {
  await db.updateTable('entity').set(changes).where('code', '=', code).execute()
}

/** One page of entities by name, and the count of all that match; `codes` limits them when given. */
export async function findEntityPage(
  db: Db,
  f: {
    codes?: string[] | undefined
    search?: string | undefined
    industry?: string | undefined
    parent_code?: string | undefined
    limit: number
    offset: number
  },
): Promise<{ rows: EntityRow[]; count: number }> {
  let q = db.selectFrom('entity')
  if (f.codes !== undefined) q = q.where('entity.code', 'in', f.codes)
  const search = f.search
  if (search)
    q = q.where((eb) =>
      eb.or([containsInsensitive(db, 'entity.code', search), containsInsensitive(db, 'entity.name', search)]),
    )
  if (f.industry) q = q.where(() => containsInsensitive(db, 'entity.industries', `"${f.industry ?? ''}"`))
  if (f.parent_code) q = q.where('entity.parent_code', '=', f.parent_code)
  const [rows, count] = await Promise.all([
    q.selectAll().orderBy('entity.name').orderBy('entity.id').limit(f.limit).offset(f.offset).execute(),
    q.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
  ])
  return { rows, count: Number(count.count) }
}

/** The user's memberships, unordered. */
export function userMemberships(db: Db, userId: number) {
  return db
    .selectFrom('membership')
    .where('user_id', '=', userId)
    .select(['entity_code', 'relation'])
    .execute()
}

/** Entities by name, at most `limit`; only those of `codes` when given. */
export function findEntitiesByName(db: Db, codes: string[] | undefined, limit: number): Promise<EntityRow[]> {
  let q = db.selectFrom('entity').selectAll()
  if (codes !== undefined) q = q.where('code', 'in', codes)
  return q.orderBy('name').limit(limit).execute()
}

/** Entities acting as a CPO or EMSP, by name. */
export function findChargingPartners(db: Db, limit: number): Promise<EntityRow[]> {
  return db
    .selectFrom('entity')
    .where((eb) =>
      eb.or([containsInsensitive(db, 'roles', '"CPO"'), containsInsensitive(db, 'roles', '"EMSP"')]),
    )
    .selectAll()
    .orderBy('name')
    .limit(limit)
    .execute()
}
