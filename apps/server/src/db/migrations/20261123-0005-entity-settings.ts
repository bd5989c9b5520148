/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Entity settings (step 3): the entity's payment options (a method through a gateway, with its settings), the
// members allowed to use them (user payment configs), and integration options (SMS, email, ERP, ...). Secrets are
// kept in their own column so that no list query reads them by accident.

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
  await withId(db, db.schema.createTable('payment_option'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('method_code', 'integer', notNull)
    .addColumn('gateway_code', 'varchar(40)', notNull)
    .addColumn('display_name', 'varchar(120)', notNull)
    .addColumn('currency_code', 'varchar(3)', notNull)
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('config', 'text', notNull)
    .addColumn('secrets', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('payment_option_method_gateway_uq', ['entity_code', 'method_code', 'gateway_code'])
    .execute()

  await withId(db, db.schema.createTable('user_payment_config'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c) => c.notNull().references('payment_option.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('daily_limit', 'bigint')
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('user_payment_config_option_user_uq', ['option_id', 'user_id'])
    .execute()
  await db.schema
    .createIndex('user_payment_config_entity_user_idx')
    .on('user_payment_config')
    .columns(['entity_code', 'user_id'])
    .execute()

  await withId(db, db.schema.createTable('integration_option'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('type_code', 'varchar(32)', notNull)
    .addColumn('gateway_name', 'varchar(40)', notNull)
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('config', 'text', notNull)
    .addColumn('secrets', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('integration_option_name_uq', ['entity_code', 'name'])
    .execute()
  await db.schema
    .createIndex('integration_option_entity_type_idx')
    .on('integration_option')
    .columns(['entity_code', 'type_code'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['integration_option', 'user_payment_config', 'payment_option']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
