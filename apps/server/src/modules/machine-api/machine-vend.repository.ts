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

export async function orderExists(db: Db, machineId: number, outTradeNo: string): Promise<boolean> {
  const row = await db
    .selectFrom('machine_order')
    .where('machine_id', '=', machineId)
    .where('out_trade_no', '=', outTradeNo)
    .select('id')
    .executeTakeFirst()
  return row !== undefined
}

export interface NewOrder {
  order: Insertable<MachineOrderTable>
  items: Omit<Insertable<MachineOrderItemTable>, 'machine_order_id'>[]
  stages: Omit<Insertable<MachineOrderStageTable>, 'machine_order_id'>[]
  payment: Omit<Insertable<MachineOrderPaymentTable>, 'machine_order_id'>
  transactions: Insertable<PaymentTransactionTable>[]
}

/** An order with its items, stages, payment and transactions. */
export async function insertOrder(db: Db, o: NewOrder): Promise<number> {
  const { id } = await db
    .insertInto('machine_order')
    .values(o.order)
    .returning('id')
    .executeTakeFirstOrThrow()
  await db
    .insertInto('machine_order_item')
    .values(o.items.map((i) => ({ ...i, machine_order_id: id })))
    .execute()
  if (o.stages.length > 0)
    await db
      .insertInto('machine_order_stage')
      .values(o.stages.map((s) => ({ ...s, machine_order_id: id })))
      .execute()
  await db
    .insertInto('machine_order_payment')
    .values({ ...o.payment, machine_order_id: id })
    .execute()
  await db.insertInto('payment_transaction').values(o.transactions).execute()
  return id
}

/**
 * An item that left the machine: its slot sells one more for `funds`, and its stock goes down by one unless a count
 * taken after the sale already says what is left.
 */
export async function recordSale(
  db: Db,
  machineId: number,
  slotNo: number,
  funds: number,
  occurredAt: number,
): Promise<void> {
  await db
    .updateTable('machine_item')
    .set((eb) => ({
      total_sold: eb('total_sold', '+', 1),
      total_revenue: eb('total_revenue', '+', funds),
    }))
    .where('machine_id', '=', machineId)
    .where('slot_no', '=', slotNo)
    .execute()
  await db
    .updateTable('machine_item')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('machine_id', '=', machineId)
    .where('slot_no', '=', slotNo)
    .where('stock', '>', 0)
    .where((eb) => eb.or([eb('stock_reported_at', 'is', null), eb('stock_reported_at', '<', occurredAt)]))
    .execute()
}
