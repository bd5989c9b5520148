import type {
  Promotion,
  PromotionFilter,
  PromotionFilterData,
  PromotionInput,
  PromotionSetItem,
} from '@portal/contract'
import { pickPromotionExtras } from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import { findEntityByCode } from '../../iam/entities/entity.repository'
import {
  countPromotions,
  findPromotionByUuid,
  findPromotionPage,
  insertPromotion,
  updatePromotion,
} from './promotion.repository'
import type { NewPromotionRow, PromotionRow } from './promotion.table'

export const promotionCountScope = (entityCode: string) => `promotions:${entityCode}`

export function toPromotion(row: PromotionRow): Promotion {
  return {
    uuid: row.uuid,
    name: row.name,
    description: row.description,
    type: row.type,
    status: row.status,
    currency_code: row.currency_code,
    start_time: row.start_time,
    end_time: row.end_time,
    item_balance: row.item_balance,
    original_item_balance: row.original_item_balance,
    money_balance: row.money_balance,
    original_money_balance: row.original_money_balance,
    items: row.items === null ? null : parseJson<PromotionSetItem[]>(row.items, []),
    discount_type: row.discount_type,
    discount: row.discount,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

export async function filterPromotions(
  db: Db,
  counts: CountCache,
  entityCode: string,
  filter: PromotionFilter,
): Promise<PromotionFilterData> {
  const { limit: _limit, offset: _offset, ...countFilter } = filter
  const [rows, count] = await Promise.all([
    findPromotionPage(db, entityCode, filter),
    counts.get(promotionCountScope(entityCode), countFilter, () => countPromotions(db, entityCode, filter)),
  ])
  return { promotions: rows.map(toPromotion), count }
}

export async function getPromotion(db: Db, entityCode: string, uuid: string): Promise<Promotion> {
  const row = await findPromotionByUuid(db, entityCode, uuid)
  if (!row) throw notFound('Promotion')
  return toPromotion(row)
}

/** The stored columns of a validated input: only the type's extras are kept (pickPromotionExtras). */
function columnsOf(input: PromotionInput) {
  const extras = pickPromotionExtras(input.type, input)
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    status: input.status,
    start_time: input.start_time ?? null,
    end_time: input.end_time ?? null,
    item_balance: extras.item_balance ?? null,
    original_item_balance: extras.original_item_balance ?? null,
    money_balance: extras.money_balance ?? null,
    original_money_balance: extras.original_money_balance ?? null,
    items:
      extras.items === null || extras.items === undefined
        ? null
        : JSON.stringify(extras.items.map((i) => ({ name: i.name.trim(), quantity: i.quantity }))),
    discount_type: extras.discount_type ?? null,
    discount: extras.discount ?? null,
  } satisfies Partial<NewPromotionRow>
}

export async function createPromotion(
  db: Db,
  counts: CountCache,
  caller: Caller,
  input: PromotionInput,
  now = Date.now(),
): Promise<Promotion> {
  const entityCode = caller.auth.entityCode
  const created = await db.transaction().execute(async (trx) => {
    const entity = await findEntityByCode(trx, entityCode)
    if (!entity) throw new Error(`entity ${entityCode} not found`)
    const row = await insertPromotion(trx, {
      uuid: randomUUID(),
      entity_code: entityCode,
      currency_code: entity.currency_code,
      ...columnsOf(input),
      created_at: now,
      updated_at: now,
    })
    const promotion = toPromotion(row)
    await auditChange(trx, caller, 'promotion_created', 'promotion', row.uuid, null, promotion)
    return promotion
  })
  counts.invalidate(promotionCountScope(entityCode))
  return created
}

export async function replacePromotion(
  db: Db,
  counts: CountCache,
  caller: Caller,
  uuid: string,
  input: PromotionInput,
  now = Date.now(),
): Promise<Promotion> {
  const entityCode = caller.auth.entityCode
  const updated = await db.transaction().execute(async (trx) => {
    const before = await findPromotionByUuid(trx, entityCode, uuid)
    if (!before) throw notFound('Promotion')
    const row = await updatePromotion(trx, before.id, { ...columnsOf(input), updated_at: now })
    const promotion = toPromotion(row)
    await auditChange(trx, caller, 'promotion_updated', 'promotion', uuid, toPromotion(before), promotion)
    return promotion
  })
  counts.invalidate(promotionCountScope(entityCode))
  return updated
}
