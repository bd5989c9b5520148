/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, Kysely } from 'kysely'
import { sql } from 'kysely'

/*
 * Summaries that stay small at a million rows (docs/decisions/0026 and 0027).
 *
 * 1. ev_session_daily (0012) is re-keyed by entity, side, UTC+8 day, currency and counterpart (the location on the
 *    CPO side, as decimal text; the CPO's entity code on the EMSP side), so the CPO and EMSP homes read money per
 *    currency and their top lists from it alone. Rebuilt here from the sessions (a session counts on its start day;
 *    `refunded` is what was refunded of it), as the seed and the refund write it.
 * 2. The homes' per-day covering indexes on ev_session (0018) go: nothing reads sessions per day any more.
 * 3. Two narrower carbon daily sums beside carbon_record_daily (0033), filled from it: without the location
 *    (totals, series, scenarios, partners, the list's count) and without the scenario (the locations). At a million
 *    records over 80 locations and 7 scenarios the full cells are ~2,000 a day; these ~40 and ~400.
 */

const notNull = (c: ColumnDefinitionBuilder) => c.notNull()
const entityRef = (c: ColumnDefinitionBuilder) => c.notNull().references('entity.code').onDelete('cascade')

/** The UTC+8 calendar day's start (epoch ms) of a time column, by integer division on both engines. */
const dayOf = (column: string) => sql`((${sql.ref(column)} + 28800000) / 86400000) * 86400000 - 28800000`

const CARBON_SUMS = [
  'records',
  'energy_wh',
  'emissions_reduced_g',
  'total_earnings',
  'cpo_earnings',
  'fo_earnings',
] as const

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ev_session_daily').execute()
  await db.schema
    .createTable('ev_session_daily')
    .addColumn('entity_code', 'varchar(64)', entityRef)
    .addColumn('side', 'varchar(4)', notNull)
    .addColumn('day', 'bigint', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('counterpart', 'varchar(64)', notNull)
    .addColumn('sessions', 'integer', notNull)
    .addColumn('energy_wh', 'bigint', notNull)
    .addColumn('revenue_incl_vat', 'bigint', notNull)
    .addColumn('revenue_excl_vat', 'bigint', notNull)
    .addColumn('refunded', 'bigint', notNull)
    .addPrimaryKeyConstraint('ev_session_daily_pk', ['entity_code', 'side', 'day', 'currency', 'counterpart'])
    .execute()
  for (const side of ['CPO', 'EMSP'] as const) {
    const entity = side === 'CPO' ? 'entity_code' : 'emsp_entity_code'
    const counterpart = side === 'CPO' ? sql`cast(location_id as varchar(64))` : sql.ref('entity_code')
    await sql`insert into ev_session_daily (entity_code, side, day, currency, counterpart, sessions, energy_wh,
        revenue_incl_vat, revenue_excl_vat, refunded)
      select ${sql.ref(entity)}, ${sql.lit(side)}, ${dayOf('start_date_time')}, currency, ${counterpart}, count(*),
        sum(energy_wh), sum(total_incl_vat), sum(total_excl_vat), sum(refunded_amount)
      from ev_session
      group by ${sql.ref(entity)}, ${dayOf('start_date_time')}, currency, ${counterpart}`.execute(db)
  }

  await db.schema.dropIndex('ev_session_cpo_day_groups_idx').ifExists().execute()
  await db.schema.dropIndex('ev_session_emsp_day_groups_idx').ifExists().execute()

  await db.schema
    .createTable('carbon_scenario_daily')
    .addColumn('crx_entity_code', 'varchar(64)', entityRef)
    .addColumn('day', 'bigint', notNull)
    .addColumn('cpo_entity_code', 'varchar(64)', entityRef)
    .addColumn('fo_entity_code', 'varchar(64)', entityRef)
    .addColumn('scenario', 'varchar(80)', notNull)
    .addColumn('records', 'integer', notNull)
    .addColumn('energy_wh', 'bigint', notNull)
    .addColumn('emissions_reduced_g', 'bigint', notNull)
    .addColumn('total_earnings', 'bigint', notNull)
    .addColumn('cpo_earnings', 'bigint', notNull)
    .addColumn('fo_earnings', 'bigint', notNull)
    .addPrimaryKeyConstraint('carbon_scenario_daily_pk', [
      'crx_entity_code',
      'day',
      'cpo_entity_code',
      'fo_entity_code',
      'scenario',
    ])
    .execute()
  await db.schema
    .createTable('carbon_location_daily')
    .addColumn('crx_entity_code', 'varchar(64)', entityRef)
    .addColumn('day', 'bigint', notNull)
    .addColumn('cpo_entity_code', 'varchar(64)', entityRef)
    .addColumn('fo_entity_code', 'varchar(64)', entityRef)
    .addColumn('location_id', 'integer', notNull)
    .addColumn('location_name', 'varchar(200)', notNull)
    .addColumn('records', 'integer', notNull)
    .addColumn('energy_wh', 'bigint', notNull)
    .addColumn('emissions_reduced_g', 'bigint', notNull)
    .addColumn('total_earnings', 'bigint', notNull)
    .addColumn('cpo_earnings', 'bigint', notNull)
    .addColumn('fo_earnings', 'bigint', notNull)
    .addPrimaryKeyConstraint('carbon_location_daily_pk', [
      'crx_entity_code',
      'day',
      'cpo_entity_code',
      'fo_entity_code',
      'location_id',
    ])
    .execute()
  for (const table of ['carbon_scenario_daily', 'carbon_location_daily']) {
    for (const side of ['cpo', 'fo']) {
      await db.schema
        .createIndex(`${table}_${side}_idx`)
        .on(table)
        .columns([`${side}_entity_code`, 'day'])
        .execute()
    }
  }
  const sums = sql.join(CARBON_SUMS.map((c) => sql`sum(${sql.ref(c)})`))
  const sumColumns = sql.join(CARBON_SUMS.map((c) => sql.ref(c)))
  await sql`insert into carbon_scenario_daily (crx_entity_code, day, cpo_entity_code, fo_entity_code, scenario,
      ${sumColumns})
    select crx_entity_code, day, cpo_entity_code, fo_entity_code, scenario, ${sums}
    from carbon_record_daily
    group by crx_entity_code, day, cpo_entity_code, fo_entity_code, scenario`.execute(db)
  await sql`insert into carbon_location_daily (crx_entity_code, day, cpo_entity_code, fo_entity_code, location_id,
      location_name, ${sumColumns})
    select crx_entity_code, day, cpo_entity_code, fo_entity_code, location_id, max(location_name), ${sums}
    from carbon_record_daily
    group by crx_entity_code, day, cpo_entity_code, fo_entity_code, location_id`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('carbon_location_daily').execute()
  await db.schema.dropTable('carbon_scenario_daily').execute()
  // The earlier rollup: per entity, side and day (currencies added together, as it did).
  await db.schema.dropTable('ev_session_daily').execute()
  await db.schema
    .createTable('ev_session_daily')
    .addColumn('entity_code', 'varchar(64)', entityRef)
    .addColumn('side', 'varchar(4)', notNull)
    .addColumn('day', 'bigint', notNull)
    .addColumn('sessions', 'integer', notNull)
    .addColumn('energy_wh', 'bigint', notNull)
    .addColumn('revenue_incl_vat', 'bigint', notNull)
    .addColumn('revenue_excl_vat', 'bigint', notNull)
    .addColumn('refunded', 'bigint', notNull)
    .addPrimaryKeyConstraint('ev_session_daily_pk', ['entity_code', 'side', 'day'])
    .execute()
  for (const side of ['CPO', 'EMSP'] as const) {
    const entity = side === 'CPO' ? 'entity_code' : 'emsp_entity_code'
    await sql`insert into ev_session_daily (entity_code, side, day, sessions, energy_wh, revenue_incl_vat,
        revenue_excl_vat, refunded)
      select ${sql.ref(entity)}, ${sql.lit(side)}, ${dayOf('start_date_time')}, count(*), sum(energy_wh), sum(total_incl_vat),
        sum(total_excl_vat), sum(refunded_amount)
      from ev_session
      group by ${sql.ref(entity)}, ${dayOf('start_date_time')}`.execute(db)
  }
  // The homes' per-day covering indexes of 0018 are not brought back: the earlier code ran without them, slower.
}
