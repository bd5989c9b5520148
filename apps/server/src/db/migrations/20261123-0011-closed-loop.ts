/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Closed-loop persons, employees and redemptions (step 4, docs/decisions/0019-closed-loop.md). A person is a
// member of the closed loop (a hospital's staff); an employee record is one balance they (or a standalone
// card) redeem from, at the machines of a set. Each redemption takes one item from an employee's balance.

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

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('closed_loop_person'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('person_uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('username', 'varchar(120)', notNull)
    .addColumn('phone_number', 'varchar(40)', notNull)
    .addColumn('email', 'varchar(200)', notNull)
    .addColumn('nric_last_four_characters', 'varchar(4)', notNull)
    .addColumn('hospital_code', 'varchar(40)', notNull)
    .addColumn('status', 'integer', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  // The list's order: newest first.
  await db.schema
    .createIndex('closed_loop_person_entity_created_idx')
    .on('closed_loop_person')
    .columns(['entity_code', 'created_at desc', 'id desc'])
    .execute()

  await withId(db, db.schema.createTable('closed_loop_employee'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('employee_uuid', 'varchar(64)', (c) => c.notNull().unique())
    // Null: a standalone employee record (a card not tied to a person).
    .addColumn('person_id', 'integer', (c) => c.references('closed_loop_person.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('nric_last_four_characters', 'varchar(4)', notNull)
    .addColumn('redemption_code', 'varchar(40)', notNull)
    .addColumn('phone_number', 'varchar(40)', notNull)
    .addColumn('balance_type', 'integer', notNull)
    .addColumn('quota', 'integer', notNull)
    .addColumn('item_balance', 'integer', notNull)
    .addColumn('gender', 'varchar(2)', notNull)
    .addColumn('hospital_code', 'varchar(40)', notNull)
    .addColumn('last_collected', 'bigint')
    .addColumn('refresh_time', 'bigint')
    .addColumn('next_refresh_time', 'bigint')
    .addColumn('refresh_frequency_type', 'integer', notNull)
    .addColumn('start_time', 'bigint', notNull)
    .addColumn('end_time', 'bigint')
    .addColumn('status', 'integer', notNull)
    // The machines the employee may redeem at; null means every machine of the entity.
    .addColumn('set_id', 'integer', (c) => c.references('resource_set.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('closed_loop_employee_code_uq', ['entity_code', 'redemption_code'])
    .execute()
  await db.schema
    .createIndex('closed_loop_employee_entity_created_idx')
    .on('closed_loop_employee')
    .columns(['entity_code', 'created_at desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('closed_loop_employee_entity_variant_idx')
    .on('closed_loop_employee')
    .columns(['entity_code', 'balance_type', 'created_at desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('closed_loop_employee_person_idx')
    .on('closed_loop_employee')
    .columns(['person_id'])
    .execute()

  await withId(db, db.schema.createTable('closed_loop_redemption'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('redemption_uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('redemption_refer_no', 'varchar(40)', notNull)
    .addColumn('employee_id', 'integer', (c) =>
      c.notNull().references('closed_loop_employee.id').onDelete('cascade'),
    )
    // The employee's person at the time (null for standalone employees): the person variant of the export.
    .addColumn('person_id', 'integer', (c) => c.references('closed_loop_person.id').onDelete('set null'))
    .addColumn('redemption_code', 'varchar(40)', notNull)
    .addColumn('method_code', 'varchar(32)', notNull)
    .addColumn('item_name', 'varchar(200)', notNull)
    .addColumn('machine_id', 'integer', (c) => c.references('machine.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('closed_loop_redemption_employee_idx')
    .on('closed_loop_redemption')
    .columns(['employee_id', 'created_at desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('closed_loop_redemption_person_idx')
    .on('closed_loop_redemption')
    .columns(['person_id', 'created_at desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('closed_loop_redemption_entity_created_idx')
    .on('closed_loop_redemption')
    .columns(['entity_code', 'created_at desc', 'id desc'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['closed_loop_redemption', 'closed_loop_employee', 'closed_loop_person']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
