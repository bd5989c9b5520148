/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter, sql } from 'kysely'

/*
 * Step 6: SRS buddy pairs with their witnessed swabs and history, and versioned medical terms and conditions with
 * their acceptances (docs/decisions/0030-srs-buddy-medical-terms-components.md). Every list's index leads with
 * entity_code, then what it filters or orders by.
 */
function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey())
}

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('srs_buddy'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('reference', 'varchar(20)', (c) => c.notNull())
    .addColumn('person_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('person_dial_code', 'varchar(8)', (c) => c.notNull())
    .addColumn('person_mobile', 'varchar(20)', (c) => c.notNull())
    .addColumn('person_id_last_four', 'varchar(4)', (c) => c.notNull())
    // The buddy columns are null together while the record needs a buddy (status 'unpaired').
    .addColumn('buddy_name', 'varchar(100)')
    .addColumn('buddy_dial_code', 'varchar(8)')
    .addColumn('buddy_mobile', 'varchar(20)')
    .addColumn('buddy_id_last_four', 'varchar(4)')
    .addColumn('site', 'varchar(100)', (c) => c.notNull())
    .addColumn('interval_days', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    // 1 while the status is 'inactive': the default order lists inactive records last without a sort of the whole
    // entity (an inactive record's due date means nothing, and it would otherwise head "most urgent first").
    .addColumn('is_inactive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_test_at', 'bigint')
    .addColumn('last_result', 'varchar(20)')
    // Kept with last_test_at (srsNextDueAt), so "most urgent first" and "late" are index range reads.
    .addColumn('next_due_at', 'bigint', (c) => c.notNull())
    .addColumn('enrolled_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('srs_buddy_entity_reference')
    .on('srs_buddy')
    .columns(['entity_code', 'reference'])
    .unique()
    .execute()
  // The default order (most urgent first), and Late / not-late reads of the compliance filter.
  await db.schema
    .createIndex('srs_buddy_entity_due')
    .on('srs_buddy')
    .columns(['entity_code', 'is_inactive', 'next_due_at', 'id'])
    .execute()
  await db.schema
    .createIndex('srs_buddy_entity_status_due')
    .on('srs_buddy')
    .columns(['entity_code', 'status', 'next_due_at', 'id'])
    .execute()
  // "Latest swab first" lists never-tested records last. SQLite sorts NULL lowest, so a backward scan of a plain
  // index gives exactly that; PostgreSQL sorts NULL highest, so its index keeps NULLs first for the same scan.
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`create index srs_buddy_entity_last_test on srs_buddy (entity_code, last_test_at asc nulls first, id)`.execute(
      db,
    )
  } else {
    await db.schema
      .createIndex('srs_buddy_entity_last_test')
      .on('srs_buddy')
      .columns(['entity_code', 'last_test_at', 'id'])
      .execute()
  }
  await db.schema
    .createIndex('srs_buddy_entity_name')
    .on('srs_buddy')
    .columns(['entity_code', 'person_name', 'id'])
    .execute()
  await db.schema
    .createIndex('srs_buddy_entity_enrolled')
    .on('srs_buddy')
    .columns(['entity_code', 'enrolled_at', 'id'])
    .execute()

  await withId(db, db.schema.createTable('srs_buddy_test'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('buddy_id', 'integer', (c) => c.notNull().references('srs_buddy.id').onDelete('cascade'))
    .addColumn('tested_at', 'bigint', (c) => c.notNull())
    .addColumn('result', 'varchar(20)', (c) => c.notNull())
    .addColumn('witness_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('test_kit_lot_no', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  // A record's swabs, newest first; and the page's "tests in the last 30 days" (one grouped read per page).
  await db.schema
    .createIndex('srs_buddy_test_entity_buddy_tested')
    .on('srs_buddy_test')
    .columns(['entity_code', 'buddy_id', 'tested_at', 'id'])
    .execute()

  await withId(db, db.schema.createTable('srs_buddy_event'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('buddy_id', 'integer', (c) => c.notNull().references('srs_buddy.id').onDelete('cascade'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('action', 'varchar(32)', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('reason', 'varchar(500)', (c) => c.notNull())
    .addColumn('from_buddy', 'varchar(100)')
    .addColumn('to_buddy', 'varchar(100)')
    .execute()
  await db.schema
    .createIndex('srs_buddy_event_entity_buddy_at')
    .on('srs_buddy_event')
    .columns(['entity_code', 'buddy_id', 'at', 'id'])
    .execute()

  await withId(db, db.schema.createTable('medical_terms'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('effective_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('updated_by', 'integer')
    .addColumn('published_at', 'bigint')
    .addColumn('retired_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  // Versions are numbered per entity; two drafts created at once cannot take the same number.
  await db.schema
    .createIndex('medical_terms_entity_version')
    .on('medical_terms')
    .columns(['entity_code', 'version'])
    .unique()
    .execute()
  // At most one published version per entity, kept by the database itself (both engines have partial indexes).
  await db.schema
    .createIndex('medical_terms_one_published')
    .on('medical_terms')
    .column('entity_code')
    .unique()
    .where(sql.ref('status'), '=', 'published')
    .execute()

  await withId(db, db.schema.createTable('medical_terms_acceptance'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('terms_id', 'integer', (c) => c.notNull().references('medical_terms.id').onDelete('cascade'))
    /** Who accepted: the programme's own reference of the person (the patient app writes these). */
    .addColumn('person_ref', 'varchar(64)', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('medical_terms_acceptance_entity_terms_person')
    .on('medical_terms_acceptance')
    .columns(['entity_code', 'terms_id', 'person_ref'])
    .unique()
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('medical_terms_acceptance').ifExists().execute()
  await db.schema.dropTable('medical_terms').ifExists().execute()
  await db.schema.dropTable('srs_buddy_event').ifExists().execute()
  await db.schema.dropTable('srs_buddy_test').ifExists().execute()
  await db.schema.dropTable('srs_buddy').ifExists().execute()
}
