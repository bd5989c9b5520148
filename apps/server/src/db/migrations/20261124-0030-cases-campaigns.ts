/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Digital health cases and typeform campaigns (step 6, docs/decisions/0028-digital-health-and-campaigns.md).
// A case belongs to an entity and a clinic (site), is numbered by the entity's counter, and keeps every change in
// its history. A campaign has ordered stages and the responses its Typeform form collected.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey())
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull()
const entityColumn = (c: ColumnDefinitionBuilder) => c.notNull().references('entity.code').onDelete('cascade')
const userColumn = (c: ColumnDefinitionBuilder) => c.notNull().references('app_user.id')

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('health_site'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('code', 'varchar(40)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('address', 'varchar(300)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('health_site_code_uq', ['entity_code', 'code'])
    .execute()

  // The last case number given out per entity; incremented in the creating transaction (a row lock on
  // PostgreSQL, the single writer on SQLite), so two intakes never get the same number.
  await db.schema
    .createTable('health_case_counter')
    .addColumn('entity_code', 'varchar(64)', (c) =>
      c.primaryKey().references('entity.code').onDelete('cascade'),
    )
    .addColumn('last_no', 'integer', notNull)
    .execute()

  await withId(db, db.schema.createTable('health_case'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('case_uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('case_seq', 'integer', notNull)
    .addColumn('case_no', 'varchar(80)', notNull)
    .addColumn('template', 'varchar(40)', notNull)
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('urgency', 'varchar(20)', notNull)
    .addColumn('patient_name', 'varchar(200)', notNull)
    .addColumn('id_type', 'varchar(20)', notNull)
    // Only the masked ID is kept ("S****567D"): the full NRIC is checked at intake and never stored.
    .addColumn('id_masked', 'varchar(40)', notNull)
    .addColumn('date_of_birth', 'varchar(10)', notNull)
    .addColumn('sex', 'varchar(2)', notNull)
    .addColumn('dial_code', 'varchar(6)', notNull)
    .addColumn('mobile_number', 'varchar(20)', notNull)
    .addColumn('site_code', 'varchar(40)', notNull)
    // JSON object of the template's answers.
    .addColumn('answers', 'text', notNull)
    .addColumn('notes', 'text', notNull)
    .addColumn('consent_at', 'bigint', notNull)
    .addColumn('created_by', 'integer', userColumn)
    .addColumn('updated_by', 'integer', userColumn)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('last_edited_at', 'bigint', notNull)
    .addColumn('version', 'integer', notNull)
    .addUniqueConstraint('health_case_seq_uq', ['entity_code', 'case_seq'])
    .execute()
  // The list's default order (newest edit first) and each filter that narrows on its own, each then by that order.
  const caseIndexes: [string, string[]][] = [
    ['health_case_edited_idx', ['entity_code', 'last_edited_at desc', 'id desc']],
    ['health_case_created_idx', ['entity_code', 'created_at desc', 'id desc']],
    ['health_case_template_idx', ['entity_code', 'template', 'last_edited_at desc', 'id desc']],
    ['health_case_status_idx', ['entity_code', 'status', 'last_edited_at desc', 'id desc']],
    ['health_case_creator_idx', ['entity_code', 'created_by', 'last_edited_at desc', 'id desc']],
  ]
  for (const [name, columns] of caseIndexes)
    await db.schema.createIndex(name).on('health_case').columns(columns).execute()

  await withId(db, db.schema.createTable('health_case_event'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('case_id', 'integer', (c) => c.notNull().references('health_case.id').onDelete('cascade'))
    .addColumn('action', 'varchar(20)', notNull)
    .addColumn('at', 'bigint', notNull)
    .addColumn('user_id', 'integer', userColumn)
    // JSON [{ field, from, to }].
    .addColumn('changes', 'text', notNull)
    .addColumn('comment', 'text', notNull)
    .execute()
  await db.schema
    .createIndex('health_case_event_case_idx')
    .on('health_case_event')
    .columns(['case_id', 'at desc', 'id desc'])
    .execute()

  await withId(db, db.schema.createTable('campaign'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('campaign_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('description', 'text', notNull)
    .addColumn('status_code', 'integer', notNull)
    .addColumn('start_date', 'bigint', notNull)
    .addColumn('end_date', 'bigint')
    .addColumn('typeform_form_id', 'varchar(40)', notNull)
    .addColumn('typeform_url', 'varchar(300)', notNull)
    .addColumn('responses_count', 'integer', notNull)
    .addColumn('completed_count', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('campaign_start_idx')
    .on('campaign')
    .columns(['entity_code', 'start_date desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('campaign_status_start_idx')
    .on('campaign')
    .columns(['entity_code', 'status_code', 'start_date desc', 'id desc'])
    .execute()

  await withId(db, db.schema.createTable('campaign_stage'))
    .addColumn('campaign_ref', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('stage_no', 'integer', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('sync_mode', 'varchar(10)', notNull)
    .addColumn('advance_mode', 'varchar(10)', notNull)
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('started_at', 'bigint')
    .addColumn('completed_at', 'bigint')
    .addColumn('responses_count', 'integer', notNull)
    .addUniqueConstraint('campaign_stage_no_uq', ['campaign_ref', 'stage_no'])
    .execute()

  await withId(db, db.schema.createTable('campaign_response'))
    .addColumn('campaign_ref', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('response_id', 'varchar(64)', notNull)
    .addColumn('stage_no', 'integer', notNull)
    .addColumn('submitted_at', 'bigint', notNull)
    .addColumn('respondent', 'varchar(200)', notNull)
    .addColumn('completed', 'integer', notNull)
    .addColumn('score', 'integer')
    .execute()
  await db.schema
    .createIndex('campaign_response_recent_idx')
    .on('campaign_response')
    .columns(['campaign_ref', 'submitted_at desc', 'id desc'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'campaign_response',
    'campaign_stage',
    'campaign',
    'health_case_event',
    'health_case',
    'health_case_counter',
    'health_site',
  ])
    await db.schema.dropTable(table).ifExists().execute()
}
