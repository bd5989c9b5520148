import type { Sku, SkuFilter, SkuFilterData, SkuWrite } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { fieldError, notFound } from '../../../lib/errors'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import { isUniqueViolation } from '../../payment/payment-configs/settings-errors'
import {
  countSkus,
  findSkuByCode,
  findSkuById,
  findSkuPage,
  insertSku,
  slotCounts,
  updateSkuRow,
} from './sku.repository'
import type { SkuRow } from './sku.table'

export const skuCountScope = (entityCode: string) => `skus:${entityCode}`

export function toSku(row: SkuRow, slots: number): Sku {
  return {
    id: row.id,
    sku_code: row.sku_code,
    name: row.name,
    description: row.description,
    category: row.category,
    barcode: row.barcode,
    price: row.price,
    currency_code: row.currency_code,
    image_url: row.image_url,
    is_active: row.is_active === 1,
    slot_count: slots,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export async function filterSkus(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: SkuFilter,
): Promise<SkuFilterData> {
  const { limit: _limit, offset: _offset, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findSkuPage(db, entityCode, filter),
    counts.get(skuCountScope(entityCode), countFilter, () => countSkus(db, entityCode, filter)),
  ])
  const slots = await slotCounts(
    db,
    entityCode,
    rows.map((r) => r.id),
  )
  return { skus: rows.map((r) => toSku(r, slots.get(r.id) ?? 0)), count }
}

async function requireSku(db: Db, entityCode: string, id: number): Promise<SkuRow> {
  const row = await findSkuById(db, entityCode, id)
  if (!row) throw notFound('SKU')
  return row
}

async function withSlots(db: Db, entityCode: string, row: SkuRow): Promise<Sku> {
  const slots = await slotCounts(db, entityCode, [row.id])
  return toSku(row, slots.get(row.id) ?? 0)
}

export async function getSku(db: Db, entityCode: string, id: number): Promise<Sku> {
  return withSlots(db, entityCode, await requireSku(db, entityCode, id))
}

const codeTaken = () =>
  fieldError('body.sku_code', 'Another SKU of this entity already has this code', 'taken')

function columnsOf(input: SkuWrite) {
  return {
    sku_code: input.sku_code,
    name: input.name,
    description: input.description,
    category: input.category,
    barcode: input.barcode,
    price: input.price,
    currency_code: input.currency_code,
    image_url: input.image_url,
    is_active: input.is_active ? 1 : 0,
  }
}

export async function createSku(db: Db, counts: CountCache, caller: Caller, input: SkuWrite): Promise<Sku> {
  const entityCode = caller.auth.entityCode
  if (await findSkuByCode(db, entityCode, input.sku_code)) throw codeTaken()
  const now = Date.now()
  try {
    const sku = await db.transaction().execute(async (trx) => {
      const row = await insertSku(trx, {
        entity_code: entityCode,
        ...columnsOf(input),
        created_at: now,
        updated_at: now,
      })
      const created = toSku(row, 0)
      await auditChange(trx, caller, 'sku_created', 'sku', row.id, null, created)
      return created
    })
    counts.invalidate(skuCountScope(entityCode))
    return sku
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken()
    throw err
  }
}

export async function updateSku(
  db: Db,
  counts: CountCache,
  caller: Caller,
  id: number,
  input: SkuWrite,
): Promise<Sku> {
  const entityCode = caller.auth.entityCode
  const stored = await requireSku(db, entityCode, id)
  const other = await findSkuByCode(db, entityCode, input.sku_code)
  if (other && other.id !== id) throw codeTaken()
  try {
    const sku = await db.transaction().execute(async (trx) => {
      const row = await updateSkuRow(trx, entityCode, id, { ...columnsOf(input), updated_at: Date.now() })
      const before = await withSlots(trx, entityCode, stored)
      const after = toSku(row, before.slot_count)
      await auditChange(trx, caller, 'sku_updated', 'sku', id, before, after)
      return after
    })
    counts.invalidate(skuCountScope(entityCode))
    return sku
  } catch (err) {
    if (isUniqueViolation(err)) throw codeTaken()
    throw err
  }
}
