/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// TCN and dashboard devices, device commands, promotions (step 4; docs/decisions/0018-devices-promotions.md).
// A TCN device is the controller board a machine runs on; a dashboard device is the machine's screen unit, which
// receives commands. Lists lead with entity_code, then their sort keys (docs/decisions/0009).

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
const machineRef = (c: ColumnDefinitionBuilder) => c.references('machine.id').onDelete('set null')

async function index(db: Kysely<any>, table: string, name: string, columns: string[]) {
  await db.schema.createIndex(`${table}_${name}_idx`).on(table).columns(columns).execute()
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('tcn_device'))
    .addColumn('entity_code', 'varchar(64)', entity)
    .addColumn('mid', 'varchar(64)', notNull)
    .addColumn('device_code', 'varchar(64)', notNull)
    .addColumn('machine_id', 'integer', machineRef)
    .addColumn('firmware_version', 'varchar(40)', notNull)
    .addColumn('last_login', 'bigint')
    .addColumn('is_online', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('tcn_device_entity_mid_uq', ['entity_code', 'mid'])
    .execute()
  await index(db, 'tcn_device', 'entity_created', ['entity_code', 'created_at', 'id'])
  await index(db, 'tcn_device', 'entity_last_login', ['entity_code', 'last_login', 'id'])
  await index(db, 'tcn_device', 'machine', ['machine_id'])

  await withId(db, db.schema.createTable('dashboard_device'))
    .addColumn('entity_code', 'varchar(64)', entity)
    .addColumn('device_code', 'varchar(64)', notNull)
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('screen_type', 'integer', notNull)
    .addColumn('machine_id', 'integer', machineRef)
    .addColumn('app_version', 'varchar(40)', notNull)
    .addColumn('last_seen', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('dashboard_device_entity_code_uq', ['entity_code', 'device_code'])
    .execute()
  await index(db, 'dashboard_device', 'entity_created', ['entity_code', 'created_at', 'id'])
  await index(db, 'dashboard_device', 'entity_screen', ['entity_code', 'screen_type', 'created_at'])
  await index(db, 'dashboard_device', 'entity_last_seen', ['entity_code', 'last_seen', 'id'])
  await index(db, 'dashboard_device', 'machine', ['machine_id'])

  await withId(db, db.schema.createTable('device_command'))
    .addColumn('entity_code', 'varchar(64)', entity)
    .addColumn('device_id', 'integer', (c) =>
      c.notNull().references('dashboard_device.id').onDelete('cascade'),
    )
    .addColumn('command_code', 'varchar(40)', notNull)
    .addColumn('status', 'varchar(16)', notNull)
    .addColumn('created_by_user_id', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await index(db, 'device_command', 'device_created', ['device_id', 'created_at', 'id'])

  await withId(db, db.schema.createTable('promotion'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('entity_code', 'varchar(64)', entity)
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('type', 'integer', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('currency_code', 'varchar(3)', notNull)
    .addColumn('start_time', 'bigint')
    .addColumn('end_time', 'bigint')
    .addColumn('item_balance', 'bigint')
    .addColumn('original_item_balance', 'bigint')
    .addColumn('money_balance', 'bigint')
    .addColumn('original_money_balance', 'bigint')
    // JSON array of { name, quantity } (Set Count only).
    .addColumn('items', 'text')
    .addColumn('discount_type', 'integer')
    .addColumn('discount', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await index(db, 'promotion', 'entity_created', ['entity_code', 'created_at', 'id'])
  await index(db, 'promotion', 'entity_type', ['entity_code', 'type', 'created_at'])
  await index(db, 'promotion', 'entity_status', ['entity_code', 'status', 'created_at'])
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['promotion', 'device_command', 'dashboard_device', 'tcn_device']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
