/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// Carbon credits (step 6, docs/decisions/0027-carbon-credits.md). An exchange (CRX) runs a programme; charge point
// operators and fleet owners are its partners, paired in partnerships with a split; the fleet owners enrol their
// vehicles; the exchange's emissions categories give each vehicle type and fuel its factor. A record is one completed
// session of an enrolled vehicle on a partner CPO's charger, materialised with its figures and indexed on every side
// (exchange, CPO, fleet owner). Days are UTC+8 calendar days as epoch ms; money integer minor units; energy Wh;
// emissions grams CO2e.

function isPostgres(db: Kysely<any>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

function withId<T extends string>(db: Kysely<any>, table: CreateTableBuilder<T>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey())
}

const notNull = (c: ColumnDefinitionBuilder) => c.notNull()
const entityRef = (c: ColumnDefinitionBuilder) => c.notNull().references('entity.code').onDelete('cascade')

export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('carbon_programme'))
    .addColumn('entity_code', 'varchar(64)', (c) =>
      c.notNull().unique().references('entity.code').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    // Minor units per tonne of CO2e.
    .addColumn('credit_price_per_tonne', 'integer', notNull)
    .addColumn('registry_url', 'varchar(300)', notNull)
    .addColumn('started_at', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()

  // A CPO or fleet owner in a programme, with the bank its payouts go to.
  await withId(db, db.schema.createTable('carbon_partner'))
    .addColumn('crx_entity_code', 'varchar(64)', entityRef)
    .addColumn('entity_code', 'varchar(64)', entityRef)
    .addColumn('role', 'varchar(4)', notNull)
    .addColumn('payment_bank', 'varchar(120)', notNull)
    .addColumn('joined_at', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('carbon_partner_unique', ['crx_entity_code', 'entity_code', 'role'])
    .execute()
  await db.schema
    .createIndex('carbon_partner_entity_idx')
    .on('carbon_partner')
    .columns(['entity_code', 'role'])
    .execute()

  // A CPO and a fleet owner sharing records in a programme; cpo_share_bps of each record's value goes to the CPO.
  await withId(db, db.schema.createTable('carbon_partnership'))
    .addColumn('crx_entity_code', 'varchar(64)', entityRef)
    .addColumn('cpo_entity_code', 'varchar(64)', entityRef)
    .addColumn('fo_entity_code', 'varchar(64)', entityRef)
    .addColumn('cpo_share_bps', 'integer', notNull)
    .addColumn('since', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('carbon_partnership_unique', [
      'crx_entity_code',
      'cpo_entity_code',
      'fo_entity_code',
    ])
    .execute()
  await db.schema
    .createIndex('carbon_partnership_cpo_idx')
    .on('carbon_partnership')
    .columns(['cpo_entity_code', 'fo_entity_code'])
    .execute()
  await db.schema
    .createIndex('carbon_partnership_fo_idx')
    .on('carbon_partnership')
    .columns(['fo_entity_code', 'cpo_entity_code'])
    .execute()

  await withId(db, db.schema.createTable('carbon_emissions_category'))
    .addColumn('entity_code', 'varchar(64)', entityRef)
    .addColumn('name', 'varchar(80)', notNull)
    .addColumn('vehicle_type', 'varchar(32)', notNull)
    .addColumn('fuel', 'varchar(32)', notNull)
    // g CO2e avoided per kWh charged.
    .addColumn('emission_factor_g', 'integer', notNull)
    .addColumn('description', 'varchar(500)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('carbon_category_name_unique', ['entity_code', 'name'])
    .addUniqueConstraint('carbon_category_kind_unique', ['entity_code', 'vehicle_type', 'fuel'])
    .execute()

  // A fleet owner's vehicle in a programme, known by its plate (what the charging session records).
  await withId(db, db.schema.createTable('carbon_vehicle'))
    .addColumn('crx_entity_code', 'varchar(64)', entityRef)
    .addColumn('fo_entity_code', 'varchar(64)', entityRef)
    .addColumn('license_plate', 'varchar(20)', notNull)
    .addColumn('vehicle_type', 'varchar(32)', notNull)
    .addColumn('fuel', 'varchar(32)', notNull)
    .addColumn('enrolled_at', 'bigint', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addUniqueConstraint('carbon_vehicle_plate_unique', ['crx_entity_code', 'license_plate'])
    .execute()
  await db.schema
    .createIndex('carbon_vehicle_fo_idx')
    .on('carbon_vehicle')
    .columns(['fo_entity_code', 'license_plate'])
    .execute()

  await withId(db, db.schema.createTable('carbon_record'))
    .addColumn('crx_entity_code', 'varchar(64)', entityRef)
    .addColumn('cpo_entity_code', 'varchar(64)', entityRef)
    .addColumn('fo_entity_code', 'varchar(64)', entityRef)
    // One record per session, ever: deriving again never doubles a credit.
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().unique().references('ev_session.id').onDelete('cascade'),
    )
    .addColumn('cdr', 'varchar(64)', notNull)
    .addColumn('location_id', 'integer', notNull)
    .addColumn('location_name', 'varchar(200)', notNull)
    .addColumn('license_plate', 'varchar(20)', notNull)
    .addColumn('vehicle_type', 'varchar(32)', notNull)
    .addColumn('fuel', 'varchar(32)', notNull)
    .addColumn('category_id', 'integer', (c) =>
      c.references('carbon_emissions_category.id').onDelete('set null'),
    )
    .addColumn('scenario', 'varchar(80)', notNull)
    .addColumn('energy_wh', 'integer', notNull)
    .addColumn('date_time', 'bigint', notNull)
    // The factor, price and split the record was computed with, kept so it can always be explained.
    .addColumn('emission_factor_g', 'integer', notNull)
    .addColumn('credit_price_per_tonne', 'integer', notNull)
    .addColumn('cpo_share_bps', 'integer', notNull)
    .addColumn('emissions_reduced_g', 'integer', notNull)
    .addColumn('total_earnings', 'integer', notNull)
    .addColumn('cpo_earnings', 'integer', notNull)
    .addColumn('fo_earnings', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('vc_url', 'varchar(300)')
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  // Every side's list, newest first; the partner and scenario filters of each side.
  const recordIndexes: [string, string[]][] = [
    ['carbon_record_crx_idx', ['crx_entity_code', 'date_time desc', 'id desc']],
    ['carbon_record_cpo_idx', ['cpo_entity_code', 'date_time desc', 'id desc']],
    ['carbon_record_fo_idx', ['fo_entity_code', 'date_time desc', 'id desc']],
    ['carbon_record_cpo_fo_idx', ['cpo_entity_code', 'fo_entity_code', 'date_time desc', 'id desc']],
    ['carbon_record_fo_cpo_idx', ['fo_entity_code', 'cpo_entity_code', 'date_time desc', 'id desc']],
    ['carbon_record_crx_scenario_idx', ['crx_entity_code', 'scenario', 'date_time desc']],
    ['carbon_record_cpo_scenario_idx', ['cpo_entity_code', 'scenario', 'date_time desc']],
    ['carbon_record_fo_scenario_idx', ['fo_entity_code', 'scenario', 'date_time desc']],
  ]
  for (const [name, columns] of recordIndexes) {
    await db.schema.createIndex(name).on('carbon_record').columns(columns).execute()
  }

  // The records summed per UTC+8 day and per everything the dashboard groups or filters by, rebuilt for a day
  // whenever records of that day are written: the dashboard and the list's count read these, not the records.
  await db.schema
    .createTable('carbon_record_daily')
    .addColumn('crx_entity_code', 'varchar(64)', entityRef)
    .addColumn('day', 'bigint', notNull)
    .addColumn('cpo_entity_code', 'varchar(64)', entityRef)
    .addColumn('fo_entity_code', 'varchar(64)', entityRef)
    .addColumn('location_id', 'integer', notNull)
    .addColumn('scenario', 'varchar(80)', notNull)
    .addColumn('location_name', 'varchar(200)', notNull)
    .addColumn('records', 'integer', notNull)
    .addColumn('energy_wh', 'bigint', notNull)
    .addColumn('emissions_reduced_g', 'bigint', notNull)
    .addColumn('total_earnings', 'bigint', notNull)
    .addColumn('cpo_earnings', 'bigint', notNull)
    .addColumn('fo_earnings', 'bigint', notNull)
    .addPrimaryKeyConstraint('carbon_record_daily_pk', [
      'crx_entity_code',
      'day',
      'cpo_entity_code',
      'fo_entity_code',
      'location_id',
      'scenario',
    ])
    .execute()
  await db.schema
    .createIndex('carbon_record_daily_cpo_idx')
    .on('carbon_record_daily')
    .columns(['cpo_entity_code', 'day'])
    .execute()
  await db.schema
    .createIndex('carbon_record_daily_fo_idx')
    .on('carbon_record_daily')
    .columns(['fo_entity_code', 'day'])
    .execute()

  // One payout per payee and UTC+8 month of a programme: the payee's earnings of the month's records.
  await withId(db, db.schema.createTable('carbon_payout'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('crx_entity_code', 'varchar(64)', entityRef)
    .addColumn('entity_code', 'varchar(64)', entityRef)
    .addColumn('role', 'varchar(4)', notNull)
    .addColumn('period', 'bigint', notNull)
    .addColumn('date', 'bigint', notNull)
    .addColumn('description', 'varchar(300)', notNull)
    .addColumn('payment_bank', 'varchar(120)', notNull)
    .addColumn('total', 'bigint', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('records', 'integer', notNull)
    .addColumn('status', 'varchar(10)', notNull)
    .addColumn('paid_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('carbon_payout_period_unique', ['crx_entity_code', 'entity_code', 'role', 'period'])
    .execute()
  await db.schema
    .createIndex('carbon_payout_entity_idx')
    .on('carbon_payout')
    .columns(['entity_code', 'date desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('carbon_payout_crx_idx')
    .on('carbon_payout')
    .columns(['crx_entity_code', 'date desc', 'id desc'])
    .execute()

  // The self-billing invoice the exchange issues for a closed month's payout.
  await withId(db, db.schema.createTable('carbon_invoice'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('invoice_no', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('crx_entity_code', 'varchar(64)', entityRef)
    .addColumn('entity_code', 'varchar(64)', entityRef)
    .addColumn('role', 'varchar(4)', notNull)
    .addColumn('payout_id', 'integer', (c) =>
      c.notNull().unique().references('carbon_payout.id').onDelete('cascade'),
    )
    .addColumn('date', 'bigint', notNull)
    .addColumn('year_payable', 'integer', notNull)
    .addColumn('total', 'bigint', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('carbon_invoice_entity_idx')
    .on('carbon_invoice')
    .columns(['entity_code', 'date desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('carbon_invoice_crx_idx')
    .on('carbon_invoice')
    .columns(['crx_entity_code', 'date desc', 'id desc'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'carbon_invoice',
    'carbon_payout',
    'carbon_record_daily',
    'carbon_record',
    'carbon_vehicle',
    'carbon_emissions_category',
    'carbon_partnership',
    'carbon_partner',
    'carbon_programme',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
