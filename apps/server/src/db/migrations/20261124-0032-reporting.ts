/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

/*
 * Step 6: health and test programmes (docs/decisions/0029-test-programmes.md). Groups of a programme with their
 * auth group configuration and schedule, the people in them (only the last four of a national ID are kept), and
 * their test instances. Every list leads with entity_code, then the group or person, then its time.
 */
function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey())
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('test_group'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('programme', 'varchar(20)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('site_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('period_days', 'integer', (c) => c.notNull())
    .addColumn('tests_per_period', 'integer', (c) => c.notNull())
    .addColumn('due_days', 'integer', (c) => c.notNull())
    /** JSON: the auth group configuration (A §3) as stored; A §5's fallback is applied when read. */
    .addColumn('auth_config', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('test_group_entity_programme_name')
    .on('test_group')
    .columns(['entity_code', 'programme', 'name'])
    .execute()

  await withId(db, db.schema.createTable('test_person'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('test_group.id').onDelete('cascade'))
    .addColumn('full_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('dial_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('mobile_number', 'varchar(20)', (c) => c.notNull())
    .addColumn('national_id_last_four', 'varchar(4)', (c) => c.notNull())
    .addColumn('nationality', 'varchar(40)', (c) => c.notNull())
    .addColumn('exempted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('test_person_entity_group_name')
    .on('test_person')
    .columns(['entity_code', 'group_id', 'full_name', 'id'])
    .execute()

  await withId(db, db.schema.createTable('test_instance'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('group_id', 'integer', (c) => c.notNull().references('test_group.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (c) => c.notNull().references('test_person.id').onDelete('cascade'))
    .addColumn('test_kit_provider', 'varchar(100)', (c) => c.notNull())
    .addColumn('test_kit_lot_no', 'varchar(64)')
    .addColumn('test_kit_id', 'varchar(64)')
    /** credentials.testID, kept in its own column because the list searches it. */
    .addColumn('test_id', 'varchar(64)')
    /** JSON: the other credentials given (a national ID only as its last four). */
    .addColumn('credentials', 'text', (c) => c.notNull())
    .addColumn('result', 'varchar(20)', (c) => c.notNull())
    .addColumn('site_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('reporter_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('reporter_user_id', 'integer')
    .addColumn('image_url', 'varchar(200)')
    .addColumn('submitted_at', 'bigint', (c) => c.notNull())
    .addColumn('time_result_recorded', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // ti-filter: a group's results, newest created first (every filter narrows this range).
  await db.schema
    .createIndex('test_instance_entity_group_created')
    .on('test_instance')
    .columns(['entity_code', 'group_id', 'created_at', 'id'])
    .execute()
  // ti-filter's result filter: a rare result (Positive) must not scan the group's whole range.
  await db.schema
    .createIndex('test_instance_entity_group_result_created')
    .on('test_instance')
    .columns(['entity_code', 'group_id', 'result', 'created_at', 'id'])
    .execute()
  // testInstances: the team view pages by the time the result was recorded.
  await db.schema
    .createIndex('test_instance_entity_group_recorded')
    .on('test_instance')
    .columns(['entity_code', 'group_id', 'time_result_recorded', 'id'])
    .execute()
  // A person's history and users_list; compliance reads a period of submissions per group.
  await db.schema
    .createIndex('test_instance_entity_person_submitted')
    .on('test_instance')
    .columns(['entity_code', 'person_id', 'submitted_at'])
    .execute()
  await db.schema
    .createIndex('test_instance_entity_group_submitted')
    .on('test_instance')
    .columns(['entity_code', 'group_id', 'submitted_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('test_instance').ifExists().execute()
  await db.schema.dropTable('test_person').ifExists().execute()
  await db.schema.dropTable('test_group').ifExists().execute()
}
