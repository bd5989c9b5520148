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
