/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Maintenance summaries and machine credit logs (step 4). A summary is one maintenance session of one person at
// one machine; its slot rows say what was added where. Machine fields (alias, location, ...) are read from the
// machine, not copied. Lists lead with entity_code and then their sort key, as docs/decisions/0009 says.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey())
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull()

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('mt_summary'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('code', 'varchar(32)', notNull)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('user_uuid', 'varchar(64)', notNull)
    .addColumn('person_type', 'varchar(16)', notNull)
    .addColumn('challenge_type', 'integer', notNull)
    .addColumn('challenge_bypass_reason', 'text')
    .addColumn('machine_id', 'integer', (c) => c.notNull().references('machine.id').onDelete('cascade'))
    .addColumn('start_time', 'bigint', notNull)
    .addColumn('end_time', 'bigint', notNull)
    .addColumn('additional_notes', 'text')
    .addColumn('total_added_stock', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('mt_summary_code_uq', ['entity_code', 'code'])
    .execute()
  // The list's order (newest first) and its time-range filters.
  await db.schema
    .createIndex('mt_summary_entity_created_idx')
    .on('mt_summary')
    .columns(['entity_code', 'created_at desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('mt_summary_entity_start_idx')
    .on('mt_summary')
    .columns(['entity_code', 'start_time'])
    .execute()
  await db.schema
    .createIndex('mt_summary_entity_machine_idx')
    .on('mt_summary')
    .columns(['entity_code', 'machine_id', 'created_at'])
    .execute()
  await db.schema
    .createIndex('mt_summary_entity_user_idx')
    .on('mt_summary')
    .columns(['entity_code', 'user_uuid', 'created_at'])
    .execute()

  await withId(db, db.schema.createTable('mt_summary_slot'))
    .addColumn('summary_id', 'integer', (c) => c.notNull().references('mt_summary.id').onDelete('cascade'))
    .addColumn('slot_no', 'integer', notNull)
    .addColumn('item_name', 'varchar(120)', notNull)
    .addColumn('stock_before', 'integer', notNull)
    .addColumn('added_stock', 'integer', notNull)
    .addColumn('capacity', 'integer', notNull)
    .execute()
  await db.schema
    .createIndex('mt_summary_slot_summary_idx')
    .on('mt_summary_slot')
    .columns(['summary_id', 'slot_no'])
    .execute()

  await withId(db, db.schema.createTable('machine_credit_log'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('machine_id', 'integer', (c) => c.notNull().references('machine.id').onDelete('cascade'))
    .addColumn('amount', 'bigint', notNull)
    .addColumn('currency_code', 'varchar(3)', notNull)
    .addColumn('mode', 'integer', notNull)
    .addColumn('payment_method', 'integer', notNull)
    .addColumn('payment_type', 'varchar(16)', notNull)
    .addColumn('client_time', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('machine_credit_log_entity_client_time_idx')
    .on('machine_credit_log')
    .columns(['entity_code', 'client_time desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('machine_credit_log_entity_machine_idx')
    .on('machine_credit_log')
    .columns(['entity_code', 'machine_id', 'client_time'])
    .execute()
  await db.schema
    .createIndex('machine_credit_log_entity_amount_idx')
    .on('machine_credit_log')
    .columns(['entity_code', 'amount', 'id'])
    .execute()
  await db.schema
    .createIndex('machine_credit_log_entity_mode_idx')
    .on('machine_credit_log')
    .columns(['entity_code', 'mode', 'client_time'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['machine_credit_log', 'mt_summary_slot', 'mt_summary']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
