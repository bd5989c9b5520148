import type { SkuFilter } from '@portal/contract'
import type { Updateable } from 'kysely'
import type { Db } from '../../../db/database'
import { containsInsensitive } from '../../../lib/sql'
import type { NewSkuRow, SkuRow, SkuTable } from './sku.table'

/** The filtered SKUs of one entity, without paging: shared by the page query and the count. */
function filtered(db: Db, entityCode: string, f: SkuFilter) {
  let q = db.selectFrom('sku').where('sku.entity_code', '=', entityCode)
  if (f.category_list?.length) q = q.where('sku.category', 'in', f.category_list)
  if (f.is_active !== undefined) q = q.where('sku.is_active', '=', f.is_active ? 1 : 0)
  const search = f.search
  if (search !== undefined && search !== '') {
    q = q.where((eb) =>
      eb.or([
        containsInsensitive(db, 'sku.sku_code', search),
        containsInsensitive(db, 'sku.name', search),
        eb('sku.barcode', '=', search),
      ]),
    )
  }
  return q
}

/** One page in code order (the unique (entity_code, sku_code) index serves it). */
export function findSkuPage(db: Db, entityCode: string, f: SkuFilter): Promise<SkuRow[]> {
  return filtered(db, entityCode, f)
    .selectAll('sku')
    .orderBy('sku.sku_code')
    .limit(f.limit)
    .offset(f.offset)
    .execute()
}

export async function countSkus(db: Db, entityCode: string, f: SkuFilter): Promise<number> {
  const row = await filtered(db, entityCode, f)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findSkuById(db: Db, entityCode: string, id: number): Promise<SkuRow | undefined> {
  return db
    .selectFrom('sku')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .selectAll()
    .executeTakeFirst()
}

export function findSkuByCode(db: Db, entityCode: string, code: string) {
  return db
    .selectFrom('sku')
    .where('entity_code', '=', entityCode)
    .where('sku_code', '=', code)
    .select('id')
    .executeTakeFirst()
}

/** How many machine slots of the entity sell each of these SKUs. */
export async function slotCounts(db: Db, entityCode: string, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number>()
  const rows = await db
    .selectFrom('machine_item')
    .where('entity_code', '=', entityCode)
    .where('sku_id', 'in', ids)
    .select((eb) => ['sku_id', eb.fn.countAll<number | string>().as('n')])
    .groupBy('sku_id')
    .execute()
  return new Map(rows.map((r) => [Number(r.sku_id), Number(r.n)]))
}

/** Inserts a SKU and returns its row (a duplicate code fails on the unique index; the service names the field). */
export function insertSku(db: Db, row: NewSkuRow): Promise<SkuRow> {
  return db.insertInto('sku').values(row).returningAll().executeTakeFirstOrThrow()
}

/** Updates one of the entity's SKUs and returns its row; throws when there is none. */
export function updateSkuRow(
  db: Db,
  entityCode: string,
  id: number,
  changes: Updateable<SkuTable>,
): Promise<SkuRow> {
  return db
    .updateTable('sku')
    .set(changes)
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
}
