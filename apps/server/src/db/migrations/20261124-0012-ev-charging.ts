/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// EV charging (step 5, docs/decisions/0020-ev-charging-model.md). The model follows OCPI 2.2.1: a location holds
// EVSEs, an EVSE holds connectors; a tariff holds elements of price components; a session (with its CDR facts:
// charging periods of dimensions, costs by type) belongs to the CPO entity that runs the charger and names the
// EMSP entity whose customer charged. Times are epoch ms; money is in minor units (cents) as integers.

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
  await withId(db, db.schema.createTable('ev_tariff'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('external_id', 'varchar(64)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    // OCPI TariffType (AD_HOC_PAYMENT, PROFILE_CHEAP, PROFILE_FAST, PROFILE_GREEN, REGULAR) or null.
    .addColumn('type', 'varchar(40)')
    // JSON: TariffElement[] of the contract (price_components with type, price, vat, step_size; restrictions).
    .addColumn('elements', 'text', notNull)
    .addColumn('min_price_excl_vat', 'integer')
    .addColumn('max_price_excl_vat', 'integer')
    .addColumn('start_date_time', 'bigint')
    .addColumn('end_date_time', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('ev_tariff_entity_updated_idx')
    .on('ev_tariff')
    .columns(['entity_code', 'updated_at desc', 'id desc'])
    .execute()

  await withId(db, db.schema.createTable('ev_location'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('external_id', 'varchar(64)', notNull)
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('address', 'varchar(300)', notNull)
    .addColumn('city', 'varchar(100)', notNull)
    .addColumn('postal_code', 'varchar(20)', notNull)
    .addColumn('state', 'varchar(100)', notNull)
    // ISO 3166-1 alpha-2 (SG, MY): the list filter's reset value is SG (B §9).
    .addColumn('country', 'varchar(2)', notNull)
    .addColumn('latitude', 'double precision', notNull)
    .addColumn('longitude', 'double precision', notNull)
    .addColumn('directions', 'text', notNull)
    .addColumn('contact_number', 'varchar(40)', notNull)
    // JSON string[] of parkingRestrictions.
    .addColumn('parking_restrictions', 'text', notNull)
    .addColumn('publish', 'integer', notNull)
    .addColumn('time_zone', 'varchar(64)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('ev_location_entity_country_name_idx')
    .on('ev_location')
    .columns(['entity_code', 'country', 'name', 'id'])
    .execute()

  // A charger (charge point) as the CPO manages it: the "EV devices" screen. Its EVSEs point back at it.
  await withId(db, db.schema.createTable('ev_charge_point'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('ev_location.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('serial_number', 'varchar(64)', notNull)
    .addColumn('vendor', 'varchar(100)', notNull)
    .addColumn('model', 'varchar(100)', notNull)
    .addColumn('firmware_version', 'varchar(40)', notNull)
    .addColumn('protocol', 'varchar(20)', notNull)
    // connectorStatuses (the OCPP status last reported).
    .addColumn('ocpp_status', 'varchar(20)', notNull)
    .addColumn('last_heartbeat_at', 'bigint')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('ev_charge_point_entity_idx')
    .on('ev_charge_point')
    .columns(['entity_code', 'created_at desc', 'id desc'])
    .execute()

  await withId(db, db.schema.createTable('ev_evse'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('ev_location.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().unique())
    // OCPI evse_id (eMI3 form, e.g. SG*SPK*E00012*1).
    .addColumn('evse_id', 'varchar(64)', notNull)
    .addColumn('charge_point_id', 'integer', (c) => c.references('ev_charge_point.id').onDelete('set null'))
    .addColumn('external_id', 'varchar(64)', notNull)
    // evseStatuses.
    .addColumn('status', 'varchar(20)', notNull)
    .addColumn('physical_reference', 'varchar(40)', notNull)
    .addColumn('directions', 'text', notNull)
    .addColumn('instructions', 'text', notNull)
    // chargeProtocols.
    .addColumn('protocol', 'varchar(20)', notNull)
    // JSON string[]: OCPI Capability values (RFID_READER, REMOTE_START_STOP_CAPABLE, CREDIT_CARD_PAYABLE, ...).
    .addColumn('capabilities', 'text', notNull)
    .addColumn('parking_restrictions', 'text', notNull)
    .addColumn('floor_level', 'varchar(10)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('ev_evse_location_idx')
    .on('ev_evse')
    .columns(['location_id', 'status'])
    .execute()
  await db.schema
    .createIndex('ev_evse_entity_status_idx')
    .on('ev_evse')
    .columns(['entity_code', 'status'])
    .execute()

  await withId(db, db.schema.createTable('ev_connector'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('location_id', 'integer', (c) => c.notNull().references('ev_location.id').onDelete('cascade'))
    .addColumn('evse_ref', 'integer', (c) => c.notNull().references('ev_evse.id').onDelete('cascade'))
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().unique())
    // OCPI connector id within its EVSE ("1", "2").
    .addColumn('connector_id', 'varchar(10)', notNull)
    .addColumn('standard', 'varchar(40)', notNull)
    .addColumn('format', 'varchar(10)', notNull)
    .addColumn('power_type', 'varchar(12)', notNull)
    .addColumn('max_voltage', 'integer', notNull)
    .addColumn('max_amperage', 'integer', notNull)
    // Watts, as OCPI's max_electric_power.
    .addColumn('max_electric_power', 'integer', notNull)
    .addColumn('tariff_id', 'integer', (c) => c.references('ev_tariff.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .execute()
  await db.schema.createIndex('ev_connector_evse_idx').on('ev_connector').column('evse_ref').execute()
  await db.schema
    .createIndex('ev_connector_location_power_idx')
    .on('ev_connector')
    .columns(['location_id', 'power_type', 'max_electric_power'])
    .execute()

  // Drivers (voltnet EMSP's and limo's), and the EMSP's app users: one table, told apart by entity.
  await withId(db, db.schema.createTable('ev_driver'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(200)', notNull)
    .addColumn('mobile_number', 'varchar(40)', notNull)
    .addColumn('email', 'varchar(200)', notNull)
    .addColumn('nationality', 'varchar(60)', notNull)
    .addColumn('is_registered', 'integer', notNull)
    // JSON string[] of CPO entity codes the driver subscribes to.
    .addColumn('subscribed_cpo_entities', 'text', notNull)
    .addColumn('license_plate', 'varchar(20)')
    .addColumn('created_at', 'bigint', notNull)
    .addColumn('updated_at', 'bigint', notNull)
    .addUniqueConstraint('ev_driver_entity_mobile_uq', ['entity_code', 'mobile_number'])
    .execute()
  await db.schema
    .createIndex('ev_driver_entity_created_idx')
    .on('ev_driver')
    .columns(['entity_code', 'created_at desc', 'id desc'])
    .execute()

  await withId(db, db.schema.createTable('ev_session'))
    .addColumn('uid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('external_id', 'varchar(64)', notNull)
    .addColumn('authorization_reference', 'varchar(64)', notNull)
    // The CPO (charger owner) and the EMSP (whose customer charged); both entity codes.
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('emsp_entity_code', 'varchar(64)', (c) =>
      c.notNull().references('entity.code').onDelete('cascade'),
    )
    .addColumn('location_id', 'integer', (c) => c.notNull().references('ev_location.id').onDelete('cascade'))
    .addColumn('evse_ref', 'integer', (c) => c.notNull().references('ev_evse.id').onDelete('cascade'))
    .addColumn('connector_ref', 'integer', (c) =>
      c.notNull().references('ev_connector.id').onDelete('cascade'),
    )
    .addColumn('tariff_id', 'integer', (c) => c.references('ev_tariff.id').onDelete('set null'))
    .addColumn('driver_id', 'integer', (c) => c.references('ev_driver.id').onDelete('set null'))
    .addColumn('user_name', 'varchar(200)', notNull)
    .addColumn('operator_name', 'varchar(200)', notNull)
    // evSessionStatuses.
    .addColumn('status', 'varchar(24)', notNull)
    .addColumn('stop_reason', 'varchar(48)')
    .addColumn('protocol', 'varchar(20)', notNull)
    .addColumn('connectivity', 'varchar(10)', notNull)
    .addColumn('payment_method_code', 'varchar(40)', notNull)
    .addColumn('license_plate', 'varchar(20)')
    .addColumn('currency', 'varchar(3)', notNull)
    // Energy in Wh (integer, exact); price per kWh in minor units ×100 (hundredths of a cent), excl. VAT.
    .addColumn('energy_wh', 'integer', notNull)
    .addColumn('price_per_kwh_excl_vat', 'integer', notNull)
    .addColumn('price_per_kwh_incl_vat', 'integer', notNull)
    // Costs by type (minor units), from the contract's priceSession on the session's tariff and periods.
    .addColumn('cost_energy_excl_vat', 'integer', notNull)
    .addColumn('cost_energy_incl_vat', 'integer', notNull)
    .addColumn('cost_time_excl_vat', 'integer', notNull)
    .addColumn('cost_time_incl_vat', 'integer', notNull)
    .addColumn('cost_parking_excl_vat', 'integer', notNull)
    .addColumn('cost_parking_incl_vat', 'integer', notNull)
    .addColumn('cost_flat_excl_vat', 'integer', notNull)
    .addColumn('cost_flat_incl_vat', 'integer', notNull)
    .addColumn('total_excl_vat', 'integer', notNull)
    .addColumn('total_incl_vat', 'integer', notNull)
    // What the customer paid (minor units) and what has been refunded of it.
    .addColumn('paid_amount', 'integer', notNull)
    .addColumn('refunded_amount', 'integer', notNull)
    .addColumn('invoice_reference_id', 'varchar(64)')
    // JSON: ChargingPeriod[] of the contract (start_date_time, dimensions [{type, volume}], session_stage).
    .addColumn('charging_periods', 'text', notNull)
    .addColumn('start_date_time', 'bigint', notNull)
    .addColumn('end_date_time', 'bigint')
    .addColumn('last_updated', 'bigint', notNull)
    .execute()
  // The lists' orders and ranges: the CPO's and the EMSP's sessions by last update or start, newest first.
  await db.schema
    .createIndex('ev_session_cpo_updated_idx')
    .on('ev_session')
    .columns(['entity_code', 'last_updated desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('ev_session_emsp_updated_idx')
    .on('ev_session')
    .columns(['emsp_entity_code', 'last_updated desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('ev_session_cpo_start_idx')
    .on('ev_session')
    .columns(['entity_code', 'start_date_time desc', 'id desc'])
    .execute()
  await db.schema
    .createIndex('ev_session_emsp_start_idx')
    .on('ev_session')
    .columns(['emsp_entity_code', 'start_date_time desc', 'id desc'])
    .execute()
  await db.schema.createIndex('ev_session_external_idx').on('ev_session').column('external_id').execute()
  await db.schema.createIndex('ev_session_driver_idx').on('ev_session').column('driver_id').execute()

  await withId(db, db.schema.createTable('ev_session_refund'))
    .addColumn('session_id', 'integer', (c) => c.notNull().references('ev_session.id').onDelete('cascade'))
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('amount', 'integer', notNull)
    .addColumn('currency', 'varchar(3)', notNull)
    .addColumn('reason', 'varchar(500)', notNull)
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('created_by_name', 'varchar(200)', notNull)
    // The payment transaction (type Refund) the refund produced.
    .addColumn('transaction_uuid', 'varchar(64)', notNull)
    .addColumn('created_at', 'bigint', notNull)
    .execute()
  await db.schema
    .createIndex('ev_session_refund_session_idx')
    .on('ev_session_refund')
    .column('session_id')
    .execute()

  // Daily summaries per entity and side (CPO or EMSP), kept up to date with the sessions, so the home screens and
  // the carbon dashboard do not scan a million sessions. Day is the UTC+8 calendar day as epoch ms of its start.
  await db.schema
    .createTable('ev_session_daily')
    .addColumn('entity_code', 'varchar(64)', entityColumn)
    .addColumn('side', 'varchar(4)', notNull)
    .addColumn('day', 'bigint', notNull)
    .addColumn('sessions', 'integer', notNull)
    .addColumn('energy_wh', 'bigint', notNull)
    .addColumn('revenue_incl_vat', 'bigint', notNull)
    .addColumn('revenue_excl_vat', 'bigint', notNull)
    .addColumn('refunded', 'bigint', notNull)
    .addPrimaryKeyConstraint('ev_session_daily_pk', ['entity_code', 'side', 'day'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'ev_session_daily',
    'ev_session_refund',
    'ev_session',
    'ev_driver',
    'ev_connector',
    'ev_evse',
    'ev_charge_point',
    'ev_location',
    'ev_tariff',
  ]) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
