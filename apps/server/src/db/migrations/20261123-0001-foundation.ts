/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time and must not depend on
   the app's current Database type (Kysely's documented pattern is Kysely<any>). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

// Frozen: never import application code here. Times are epoch ms (bigint), booleans 0/1 integers and
// JSON text on both dialects, so one set of queries serves SQLite and PostgreSQL.

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
  await withId(db, db.schema.createTable('entity'))
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('logo_url', 'text')
    .addColumn('preferred_identifier', 'varchar(64)')
    .addColumn('industries', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('ev_backend_url', 'text')
    .addColumn('parent_code', 'varchar(64)')
    .addColumn('currency_code', 'varchar(3)', (c) => c.notNull().defaultTo('SGD'))
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull().defaultTo('Asia/Singapore'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await db.schema.createIndex('entity_parent_idx').on('entity').columns(['parent_code']).execute()

  await withId(db, db.schema.createTable('app_user'))
    .addColumn('user_uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('username', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('email', 'varchar(200)')
    .addColumn('phone_number', 'varchar(32)')
    .addColumn('image_url', 'text')
    .addColumn('password_hash', 'text', notNull)
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_platform_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mfa_primary_mode', 'varchar(32)', (c) => c.notNull().defaultTo('none'))
    .addColumn('totp_secret', 'text')
    .addColumn('is_initial_login', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('default_entity_code', 'varchar(64)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()

  await db.schema
    .createTable('membership')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('relation', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addPrimaryKeyConstraint('membership_pk', ['user_id', 'entity_code'])
    .execute()
  await db.schema.createIndex('membership_entity_idx').on('membership').columns(['entity_code']).execute()

  await db.schema
    .createTable('auth_session')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('entity_code', 'varchar(64)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'varchar(64)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'text')
    .execute()
  await db.schema.createIndex('auth_session_user_idx').on('auth_session').columns(['user_id']).execute()

  await db.schema
    .createTable('auth_token')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(36)', (c) =>
      c.notNull().references('auth_session.id').onDelete('cascade'),
    )
    .addColumn('kind', 'varchar(16)', notNull)
    .addColumn('expires_at', 'bigint', notNull)
    .addColumn('spent_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  await db.schema.createIndex('auth_token_session_idx').on('auth_token').columns(['session_id']).execute()

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('at', 'bigint', notNull)
    .addColumn('actor_user_id', 'integer')
    .addColumn('entity_code', 'varchar(64)')
    .addColumn('action', 'varchar(64)', notNull)
    .addColumn('object_type', 'varchar(64)', notNull)
    .addColumn('object_id', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute()
  await db.schema
    .createIndex('audit_object_idx')
    .on('audit_log')
    .columns(['object_type', 'object_id', 'at'])
    .execute()

  await withId(db, db.schema.createTable('resource_set'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('code', 'varchar(64)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('parent_id', 'integer', (c) => c.references('resource_set.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('resource_set_code_uq', ['entity_code', 'code'])
    .execute()

  await withId(db, db.schema.createTable('machine'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code'))
    .addColumn('username', 'varchar(100)', notNull)
    .addColumn('serial_number', 'varchar(100)', notNull)
    .addColumn('alias', 'varchar(200)', notNull)
    .addColumn('location', 'varchar(300)', notNull)
    .addColumn('postal_code', 'varchar(16)', notNull)
    .addColumn('overall_status', 'integer', notNull)
    .addColumn('core_service_status', 'integer', notNull)
    .addColumn('machine_service_status', 'integer', notNull)
    .addColumn('payment_service_status', 'integer', notNull)
    .addColumn('reader_manager_status', 'integer', notNull)
    .addColumn('model_number', 'varchar(100)', notNull)
    .addColumn('last_activity_time', 'bigint')
    .addColumn('last_maintenance_time', 'bigint')
    .addColumn('vmc_type', 'integer', notNull)
    .addColumn('vmc_port', 'varchar(64)', notNull)
    .addColumn('payment_selections', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('capacity', 'integer', notNull)
    .addColumn('stock', 'integer', notNull)
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('general_settings', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('service_statuses', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('currency_code', 'varchar(3)', (c) => c.notNull().defaultTo('SGD'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  // The list pages by id within an entity; the status and activity filters narrow within the entity.
  await db.schema.createIndex('machine_entity_id_idx').on('machine').columns(['entity_code', 'id']).execute()
  await db.schema
    .createIndex('machine_entity_active_idx')
    .on('machine')
    .columns(['entity_code', 'is_active', 'id'])
    .execute()
  await db.schema
    .createIndex('machine_entity_overall_idx')
    .on('machine')
    .columns(['entity_code', 'overall_status', 'id'])
    .execute()
  await db.schema
    .createIndex('machine_entity_serial_idx')
    .on('machine')
    .columns(['entity_code', 'serial_number'])
    .execute()

  await db.schema
    .createTable('machine_set')
    .addColumn('machine_id', 'integer', (c) => c.notNull().references('machine.id').onDelete('cascade'))
    .addColumn('set_id', 'integer', (c) => c.notNull().references('resource_set.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('machine_set_pk', ['machine_id', 'set_id'])
    .execute()
  await db.schema
    .createIndex('machine_set_set_idx')
    .on('machine_set')
    .columns(['set_id', 'machine_id'])
    .execute()

  await withId(db, db.schema.createTable('machine_item'))
    .addColumn('machine_id', 'integer', (c) => c.notNull().references('machine.id').onDelete('cascade'))
    .addColumn('entity_code', 'varchar(64)', notNull)
    .addColumn('slot_no', 'integer', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', notNull)
    .addColumn('stock', 'integer', notNull)
    .addColumn('capacity', 'integer', notNull)
    .addColumn('total_revenue', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('total_sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sku_id', 'integer')
    .addColumn('image_url', 'text')
    .addUniqueConstraint('machine_item_slot_uq', ['machine_id', 'slot_no'])
    .execute()

  if (!isPostgres(db)) await sql`PRAGMA optimize`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'machine_item',
    'machine_set',
    'machine',
    'resource_set',
    'audit_log',
    'auth_token',
    'auth_session',
    'membership',
    'app_user',
    'entity',
  ]) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
