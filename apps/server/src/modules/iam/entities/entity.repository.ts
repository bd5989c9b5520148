import type { Db } from '../../../db/database'
import type { EntityRow } from './entity.table'

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
