/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Machine orders, their items, stages and payments; payment transactions (step 4,
// docs/decisions/0014-orders-transactions.md).
//
// The order-items list shows machine and order fields beside each item, so the item row carries copies of them
// (username, serial number, alias, location, postal code, order uuid/no/out trade no, method, type): the list and
// its count read one table and one index, never a join. Machines' names change rarely; an edit of a machine would
// rewrite its items' copies (not needed yet: machines are read-only in the portal).
// Stages and payments are keyed by their order (composite primary keys: no extra index to maintain for millions of
// rows).

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey())
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull()
const entity = (c: ColumnDefinitionBuilder) => c.notNull().references('entity.code').onDelete('cascade')

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('machine_order'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('entity_code', 'varchar(64)', entity)
    .addColumn('machine_id', 'integer', notNull)
    .addColumn('order_no', 'varchar(32)', notNull)
    .addColumn('out_trade_no', 'varchar(40)', notNull)
    .addColumn('username', 'varchar(120)', notNull)
    .addColumn('currency_code', 'varchar(3)', notNull)
    .addColumn('total_amount', 'integer', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('payment_method_code', 'integer', notNull)
    .addColumn('payment_type_code', 'varchar(16)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()

  await withId(db, db.schema.createTable('machine_order_item'))
    .addColumn('entity_code', 'varchar(64)', entity)
    .addColumn('machine_order_id', 'integer', (c) =>
      c.notNull().references('machine_order.id').onDelete('cascade'),
    )
    .addColumn('machine_order_uuid', 'varchar(36)', notNull)
    .addColumn('machine_order_out_trade_no', 'varchar(40)', notNull)
    .addColumn('order_no', 'varchar(32)', notNull)
    .addColumn('machine_id', 'integer', notNull)
    .addColumn('username', 'varchar(120)', notNull)
    .addColumn('serial_number', 'varchar(64)', notNull)
    .addColumn('alias', 'varchar(120)', notNull)
    .addColumn('location', 'varchar(200)', notNull)
    .addColumn('postal_code', 'varchar(16)', notNull)
    .addColumn('slot_no', 'integer', notNull)
    .addColumn('sku_id', 'integer')
    .addColumn('item_name', 'varchar(120)', notNull)
    .addColumn('description', 'varchar(200)', notNull)
    .addColumn('currency_code', 'varchar(3)', notNull)
    .addColumn('price', 'integer', notNull)
    .addColumn('discount', 'integer', notNull)
    .addColumn('credit', 'integer', notNull)
    .addColumn('funds', 'integer', notNull)
    .addColumn('machine_order_item_status', 'integer', notNull)
    .addColumn('payment_method_code', 'integer', notNull)
    .addColumn('payment_type_code', 'varchar(16)', notNull)
    .addColumn('redemption_record_uuid', 'varchar(36)')
    .addColumn('refund_promotion_id', 'integer')
    .addColumn('failed_stage_name', 'varchar(40)')
    .addColumn('failed_stage_no', 'integer')
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  // The list's sort (newest first) and each filter it is opened with lead an index, after the entity. The filter
  // indexes also carry the other filter columns, so a count over a combination (status + method + range) is read
  // from the index alone: without them, each match cost a row lookup (seconds at a million items).
  const itemIndexes: [string, string[]][] = [
    ['machine_order_item_entity_created_idx', ['entity_code', 'created_at', 'id']],
    [
      'machine_order_item_machine_idx',
      ['entity_code', 'machine_id', 'created_at', 'machine_order_item_status', 'payment_method_code'],
    ],
    [
      'machine_order_item_status_idx',
      ['entity_code', 'machine_order_item_status', 'created_at', 'payment_method_code', 'machine_id'],
    ],
    [
      'machine_order_item_method_idx',
      ['entity_code', 'payment_method_code', 'created_at', 'machine_order_item_status', 'machine_id'],
    ],
    ['machine_order_item_order_idx', ['machine_order_id']],
  ]
  for (const [name, columns] of itemIndexes) {
    await db.schema.createIndex(name).on('machine_order_item').columns(columns).execute()
  }

  await db.schema
    .createTable('machine_order_stage')
    .addColumn('machine_order_id', 'integer', (c) =>
      c.notNull().references('machine_order.id').onDelete('cascade'),
    )
    .addColumn('stage_no', 'integer', notNull)
    .addColumn('stage_name', 'varchar(40)', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('machine_order_stage_pk', ['machine_order_id', 'stage_no'])
    .execute()

  await db.schema
    .createTable('machine_order_payment')
    .addColumn('machine_order_id', 'integer', (c) =>
      c.notNull().references('machine_order.id').onDelete('cascade'),
    )
    .addColumn('payment_no', 'integer', notNull)
    .addColumn('transaction_uuid', 'varchar(36)', notNull)
    .addColumn('payment_method_code', 'integer', notNull)
    .addColumn('payment_type_code', 'varchar(16)', notNull)
    .addColumn('payment_gateway_code', 'varchar(40)', notNull)
    .addColumn('currency_code', 'varchar(3)', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('machine_order_payment_pk', ['machine_order_id', 'payment_no'])
    .execute()

  await withId(db, db.schema.createTable('payment_transaction'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('entity_code', 'varchar(64)', entity)
    .addColumn('machine_id', 'integer')
    .addColumn('order_uuid', 'varchar(36)')
    .addColumn('username', 'varchar(120)', notNull)
    .addColumn('currency_code', 'varchar(3)', notNull)
    .addColumn('amount', 'integer', notNull)
    .addColumn('refundable_amount', 'integer', notNull)
    .addColumn('refunded_amount', 'integer', notNull)
    .addColumn('transaction_type', 'integer', notNull)
    .addColumn('transaction_status', 'integer', notNull)
    .addColumn('payment_method_code', 'integer', notNull)
    .addColumn('payment_type_code', 'varchar(16)', notNull)
    .addColumn('payment_gateway_code', 'varchar(40)', notNull)
    .addColumn('entity_refer_no', 'varchar(64)', notNull)
    .addColumn('payment_refer_no', 'varchar(64)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  const txnIndexes: [string, string[]][] = [
    ['payment_transaction_entity_created_idx', ['entity_code', 'created_at', 'id']],
    [
      'payment_transaction_status_idx',
      ['entity_code', 'transaction_status', 'created_at', 'payment_method_code', 'machine_id'],
    ],
    [
      'payment_transaction_method_idx',
      ['entity_code', 'payment_method_code', 'created_at', 'transaction_status', 'machine_id'],
    ],
    ['payment_transaction_order_idx', ['order_uuid']],
    ['payment_transaction_entity_refer_idx', ['entity_refer_no']],
    ['payment_transaction_payment_refer_idx', ['payment_refer_no']],
  ]
  for (const [name, columns] of txnIndexes) {
    await db.schema.createIndex(name).on('payment_transaction').columns(columns).execute()
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'payment_transaction',
    'machine_order_payment',
    'machine_order_stage',
    'machine_order_item',
    'machine_order',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
