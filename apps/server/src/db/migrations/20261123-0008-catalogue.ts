/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Machine settings and items editing, SKUs, machine templates (step 4). The machine table already holds every
// general setting (one JSON column) and machine_item every editable slot field, so editing needs no new column;
// SKUs and templates get their own tables (docs/decisions/0016-catalogue.md).

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
  await withId(db, db.schema.createTable('sku'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('sku_code', 'varchar(40)', notNull)
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('description', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'varchar(32)', notNull)
    .addColumn('barcode', 'varchar(14)')
    .addColumn('price', 'integer', notNull)
    .addColumn('currency_code', 'varchar(3)', notNull)
    .addColumn('image_url', 'varchar(500)')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    // The list's order, and what makes a code unique within the entity.
    .addUniqueConstraint('sku_entity_code_uq', ['entity_code', 'sku_code'])
    .execute()
  await db.schema
    .createIndex('sku_entity_category_idx')
    .on('sku')
    .columns(['entity_code', 'category', 'sku_code'])
    .execute()
  await db.schema.createIndex('sku_entity_name_idx').on('sku').columns(['entity_code', 'name']).execute()
  // "Slots selling this SKU" counts machine items by sku_id.
  await db.schema
    .createIndex('machine_item_entity_sku_idx')
    .on('machine_item')
    .columns(['entity_code', 'sku_id'])
    .execute()

  await withId(db, db.schema.createTable('machine_template'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('resource_code', 'varchar(64)', notNull)
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('currency_code', 'varchar(3)', notNull)
    .addColumn('sections', 'text', notNull)
    .addColumn('content', 'text', notNull)
    // Kept beside the JSON so the list shows counts without reading every template's content.
    .addColumn('section_count', 'integer', notNull)
    .addColumn('item_count', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('machine_template_entity_updated_idx')
    .on('machine_template')
    .columns(['entity_code', 'updated_at desc', 'id desc'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('machine_item_entity_sku_idx').ifExists().execute()
  for (const table of ['machine_template', 'sku']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
