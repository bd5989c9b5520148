import type { Insertable } from 'kysely'
import type { Db } from '../../db/database'
import type {
  MachineOrderItemTable,
  MachineOrderPaymentTable,
  MachineOrderStageTable,
  MachineOrderTable,
} from '../iot/orders/order.table'
import type { PaymentTransactionTable } from '../payment/transactions/transaction.table'

/** What an order copies from its machine (the lists read the order items alone). */
export async function machineForOrders(db: Db, machineId: number) {
  return db
    .selectFrom('machine')
    .where('id', '=', machineId)
    .select(['username', 'serial_number', 'alias', 'location', 'postal_code', 'currency_code'])
    .executeTakeFirstOrThrow()
}

/** The out trade nos among `outTradeNos` the machine already has orders for (one query for a batch). */
export async function existingOrders(
  db: Db,
  machineId: number,
  outTradeNos: readonly string[],
): Promise<Set<string>> {
  if (outTradeNos.length === 0) return new Set()
  const rows = await db
    .selectFrom('machine_order')
    .where('machine_id', '=', machineId)
    .where('out_trade_no', 'in', outTradeNos)
    .select('out_trade_no')
    .execute()
  return new Set(rows.map((r) => r.out_trade_no))
}

export interface NewOrder {
  order: Insertable<MachineOrderTable>
  items: Omit<Insertable<MachineOrderItemTable>, 'machine_order_id'>[]
  stages: Omit<Insertable<MachineOrderStageTable>, 'machine_order_id'>[]
  payment: Omit<Insertable<MachineOrderPaymentTable>, 'machine_order_id'>
  transactions: Insertable<PaymentTransactionTable>[]
}

/**
 * Parameters per statement at most: a batch may hold 500 vends of 20 items each (27 columns an item), more than
 * SQLite's 32,766 parameters, and PostgreSQL parses and plans a long VALUES list slowly.
 */
const PARAMETERS_PER_STATEMENT = 10_000

function chunks<T extends object>(rows: readonly T[]): T[][] {
  const columns = Math.max(1, ...rows.map((r) => Object.keys(r).length))
  const size = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / columns))
  const out: T[][] = []
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size))
  return out
}

/**
 * A batch's orders with their items, stages, payments and transactions: one insert a table (more only for a very
 * large batch), rows in the batch's order, so ids ascend as the events did. Each order's id is found by its uuid,
 * not by the position of the returned rows, which no database promises.
 */
/** Inserts the orders with everything they hold; returns the orders' ids. */
export async function insertOrders(db: Db, orders: readonly NewOrder[]): Promise<number[]> {
  if (orders.length === 0) return []
  const ids = new Map<string, number>()
  for (const chunk of chunks(orders.map((o) => o.order)))
    for (const row of await db.insertInto('machine_order').values(chunk).returning(['id', 'uuid']).execute())
      ids.set(row.uuid, row.id)
  const idOf = (o: NewOrder) => {
    const id = ids.get(o.order.uuid)
    if (id === undefined) throw new Error(`order ${o.order.uuid} was not inserted`)
    return id
  }
  const items = orders.flatMap((o) => o.items.map((i) => ({ ...i, machine_order_id: idOf(o) })))
  for (const chunk of chunks(items)) await db.insertInto('machine_order_item').values(chunk).execute()
  const stages = orders.flatMap((o) => o.stages.map((s) => ({ ...s, machine_order_id: idOf(o) })))
  for (const chunk of chunks(stages)) await db.insertInto('machine_order_stage').values(chunk).execute()
  const payments = orders.map((o) => ({ ...o.payment, machine_order_id: idOf(o) }))
  for (const chunk of chunks(payments)) await db.insertInto('machine_order_payment').values(chunk).execute()
  const transactions = orders.flatMap((o) => o.transactions)
  for (const chunk of chunks(transactions)) await db.insertInto('payment_transaction').values(chunk).execute()
  return [...ids.values()]
}
