import type { PromotionFilter } from '@portal/contract'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { NewPromotionRow, PromotionRow } from './promotion.table'

function filtered(db: Db, entityCode: string, f: PromotionFilter) {
  let q = db.selectFrom('promotion').where('promotion.entity_code', '=', entityCode)
  if (f.type_list?.length) q = q.where('promotion.type', 'in', f.type_list)
  if (f.status !== undefined) q = q.where('promotion.status', '=', f.status)
  const search = f.search
  if (search) q = q.where(() => containsInsensitive(db, 'promotion.name', search))
  return q
}

/** Newest first (the index leads with entity_code, then created_at). */
export function findPromotionPage(db: Db, entityCode: string, f: PromotionFilter): Promise<PromotionRow[]> {
  return filtered(db, entityCode, f)
    .selectAll('promotion')
    .orderBy('promotion.created_at', 'desc')
    .orderBy('promotion.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countPromotions(db: Db, entityCode: string, f: PromotionFilter): Promise<number> {
  const row = await filtered(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findPromotionByUuid(db: Db, entityCode: string, uuid: string) {
  return db
    .selectFrom('promotion')
    .where('entity_code', '=', entityCode)
    .where('uuid', '=', uuid)
    .selectAll()
    .executeTakeFirst()
}

export function insertPromotion(db: Db, row: NewPromotionRow): Promise<PromotionRow> {
  return db.insertInto('promotion').values(row).returningAll().executeTakeFirstOrThrow()
}

export function updatePromotion(db: Db, id: number, values: Partial<NewPromotionRow>): Promise<PromotionRow> {
  return db.updateTable('promotion').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow()
}
