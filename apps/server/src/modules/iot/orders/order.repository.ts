import type { OrderItemCountFilter } from '@portal/contract'
import { COUNT_CAP } from '@portal/contract'
import { sql } from 'kysely'
import type { Db } from '../../../db/database'
import type { MachineScope } from '../machines/machine.repository'
import type {
  MachineOrderItemRow,
  MachineOrderPaymentRow,
  MachineOrderRow,
  MachineOrderStageRow,
} from './order.table'

/** The filtered order items of one entity, without paging: shared by the page, the count and the export. */
export function filteredItems(db: Db, entityCode: string, f: OrderItemCountFilter, scope: MachineScope) {
  let q = db.selectFrom('machine_order_item').where('machine_order_item.entity_code', '=', entityCode)
  if (scope !== null) {
    q = q.where('machine_order_item.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
        .select('machine_set.machine_id'),
    )
  }
  if (f.machine_id_list?.length) q = q.where('machine_order_item.machine_id', 'in', f.machine_id_list)
  if (f.payment_method_list?.length)
    q = q.where('machine_order_item.payment_method_code', 'in', f.payment_method_list)
  if (f.status_list?.length) q = q.where('machine_order_item.machine_order_item_status', 'in', f.status_list)
  const setCodes = f.set_list
  if (setCodes?.length) {
    q = q.where('machine_order_item.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .innerJoin('resource_set', 'resource_set.id', 'machine_set.set_id')
        .where('resource_set.entity_code', '=', entityCode)
        .where('resource_set.code', 'in', setCodes)
        .select('machine_set.machine_id'),
    )
  }
  const uuid = f.uuid
  if (uuid !== undefined && uuid !== '') {
    // Through the order's unique uuid index: the item table has no index of its own on the copy.
    q = q.where('machine_order_item.machine_order_id', 'in', (eb) =>
      eb
        .selectFrom('machine_order')
        .where('machine_order.uuid', '=', uuid)
        .where('machine_order.entity_code', '=', entityCode)
        .select('machine_order.id'),
    )
  }
  // Seconds in, milliseconds stored: the end second is inclusive to its last millisecond.
  if (f.start !== undefined) q = q.where('machine_order_item.created_at', '>=', f.start * 1000)
  if (f.end !== undefined) q = q.where('machine_order_item.created_at', '<=', f.end * 1000 + 999)
  return q
}

/**
 * One page, newest first, by a deferred join: the offset walks the (entity, created_at, id) index for ids only,
 * then the page's rows are read.
 */
export function findItemPage(
  db: Db,
  entityCode: string,
  f: OrderItemCountFilter & { limit: number; offset: number },
  scope: MachineScope,
): Promise<MachineOrderItemRow[]> {
  const pageIds = filteredItems(db, entityCode, f, scope)
    .select('machine_order_item.id')
    .orderBy('machine_order_item.created_at', 'desc')
    .orderBy('machine_order_item.id', 'desc')
    .limit(f.limit)
    .offset(f.offset)
  return db
    .selectFrom('machine_order_item')
    .where('machine_order_item.id', 'in', pageIds)
    .selectAll('machine_order_item')
    .orderBy('machine_order_item.created_at', 'desc')
    .orderBy('machine_order_item.id', 'desc')
    .execute()
}

/** How many items match, counting at most COUNT_CAP + 1 rows (more than the cap reads as "capped"). */
export async function countItems(
  db: Db,
  entityCode: string,
  f: OrderItemCountFilter,
  scope: MachineScope,
): Promise<number> {
  const limited = filteredItems(db, entityCode, f, scope)
    .select(sql<number>`1`.as('one'))
    .limit(COUNT_CAP + 1)
    .as('limited')
  const row = await db
    .selectFrom(limited)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export function findOrderByUuid(
  db: Db,
  entityCode: string,
  uuid: string,
  scope: MachineScope,
): Promise<MachineOrderRow | undefined> {
  let q = db
    .selectFrom('machine_order')
    .where('machine_order.uuid', '=', uuid)
    .where('machine_order.entity_code', '=', entityCode)
  if (scope !== null) {
    q = q.where('machine_order.machine_id', 'in', (eb) =>
      eb
        .selectFrom('machine_set')
        .where('machine_set.set_id', 'in', scope.length ? scope : [-1])
        .select('machine_set.machine_id'),
    )
  }
  return q.selectAll('machine_order').executeTakeFirst()
}

export function findItemsOfOrder(db: Db, orderId: number): Promise<MachineOrderItemRow[]> {
  return db
    .selectFrom('machine_order_item')
    .where('machine_order_id', '=', orderId)
    .selectAll()
    .orderBy('id')
    .execute()
}

export function findStagesOfOrder(db: Db, orderId: number): Promise<MachineOrderStageRow[]> {
  return db
    .selectFrom('machine_order_stage')
    .where('machine_order_id', '=', orderId)
    .selectAll()
    .orderBy('stage_no')
    .execute()
}

export function findPaymentsOfOrder(db: Db, orderId: number): Promise<MachineOrderPaymentRow[]> {
  return db
    .selectFrom('machine_order_payment')
    .where('machine_order_id', '=', orderId)
    .selectAll()
    .orderBy('payment_no')
    .execute()
}
