/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Identity and access (step 3): policies (statements of app, resource, action), roles (bundles of policies),
// grants (a role or a policy given to a user in an entity, on a set or on everything), set descriptions.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull()

export async function up(db: Kysely<any>): Promise<void> {
  const id = <T extends string>(t: CreateTableBuilder<T>) =>
    isPostgres(db)
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey())

  await id(db.schema.createTable('iam_policy'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.references('entity.code').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'varchar(16)', notNull)
    .addColumn('statements', 'text', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('iam_policy_entity_idx')
    .on('iam_policy')
    .columns(['entity_code', 'name'])
    .execute()

  await id(db.schema.createTable('iam_role'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('name', 'varchar(120)', notNull)
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('iam_role_name_uq', ['entity_code', 'name'])
    .execute()

  await db.schema
    .createTable('iam_role_policy')
    .addColumn('role_id', 'integer', (c) => c.notNull().references('iam_role.id').onDelete('cascade'))
    .addColumn('policy_id', 'integer', (c) => c.notNull().references('iam_policy.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('iam_role_policy_pk', ['role_id', 'policy_id'])
    .execute()
  await db.schema
    .createIndex('iam_role_policy_policy_idx')
    .on('iam_role_policy')
    .columns(['policy_id'])
    .execute()

  await id(db.schema.createTable('iam_grant'))
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role_id', 'integer', (c) => c.references('iam_role.id').onDelete('cascade'))
    .addColumn('policy_id', 'integer', (c) => c.references('iam_policy.id').onDelete('cascade'))
    .addColumn('set_id', 'integer', (c) => c.references('resource_set.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('iam_grant_user_idx')
    .on('iam_grant')
    .columns(['user_id', 'entity_code'])
    .execute()

  await db.schema
    .alterTable('resource_set')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('resource_set').dropColumn('description').execute()
  for (const table of ['iam_grant', 'iam_role_policy', 'iam_role', 'iam_policy']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
