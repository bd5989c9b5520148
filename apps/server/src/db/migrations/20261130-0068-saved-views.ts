/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Saved views (issue 18, docs/decisions/0116-saved-views.md):
// - saved_view: a list's filters, columns, order and page size (state, JSON), owned by a user in an entity, private
//   or shared with the entity; names are unique per owner, entity and list.
// - saved_view_default: a user's default view of a list in an entity (one per user, entity and list).
// - export_job.columns: the export's columns in order (JSON array of headers), null for every column.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('saved_view')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('list_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(80)', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('shared', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('saved_view_name_uq', ['entity_code', 'owner_id', 'list_key', 'name'])
    .execute()
  // A list's views: the entity's shared ones and the caller's own.
  await db.schema
    .createIndex('saved_view_list_idx')
    .on('saved_view')
    .columns(['entity_code', 'list_key', 'shared'])
    .execute()

  await db.schema
    .createTable('saved_view_default')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('list_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('view_id', 'integer', (c) => c.notNull().references('saved_view.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('saved_view_default_pk', ['user_id', 'entity_code', 'list_key'])
    .execute()

  await db.schema.alterTable('export_job').addColumn('columns', 'text').execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('export_job').dropColumn('columns').execute()
  await db.schema.dropTable('saved_view_default').execute()
  await db.schema.dropTable('saved_view').execute()
}
