/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// OCPI tokens, sessions and CDRs (issue 17, docs/decisions/0113-ocpi.md):
// - ocpi_token: a partner eMSP's token as our CPO holds it (pushed to us, or named by a START_SESSION), kept as sent;
//   what our chargers authorize a partner's driver by. Keyed as OCPI keys it: the party, uid and type.
// - ev_session.ocpi_*: a roaming session, its partner and the partner's party. As the CPO: our charger, a partner's
//   driver (the EMSP side is the CPO's own code, as for any token we do not issue), with the token's uid and how it
//   was authorized (OCPI AuthMethod) for the Session and CDR we send. As the eMSP: a partner's charger (the location
//   is the partner's as we hold it, both sides our code), ocpi_key `<partner id>:<CC><PID>:<session id>` (a
//   partner's session ids are unique only within its party) and ocpi_body the Session as sent (a PATCH merges into it).
// - ocpi_push_queue: EVSE status changes waiting for a partner's push (one row per partner and EVSE).
// - ocpi_command: a command a partner sent our CPO ('in') or our eMSP sent a partner ('out'), with both answers.
// - ocpi_cdr: a CDR we produced for a partner (direction 'out') or one a partner sent us ('in'), with our own pricing
//   of it and whether the two differ by more than a cent.
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('ocpi_token')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('ocpi_partner.id').onDelete('cascade'))
    .addColumn('country_code', 'varchar(2)', (c) => c.notNull())
    .addColumn('party_id', 'varchar(3)', (c) => c.notNull())
    .addColumn('uid', 'varchar(36)', (c) => c.notNull())
    .addColumn('type', 'varchar(20)', (c) => c.notNull())
    .addColumn('contract_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('valid', 'integer', (c) => c.notNull())
    .addColumn('whitelist', 'varchar(20)', (c) => c.notNull())
    // The Token as the partner sent it (JSON).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('last_updated', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('ocpi_token_key_uq', ['partner_id', 'country_code', 'party_id', 'uid', 'type'])
    .execute()
  // A charger names a token by its uid alone: the entity's partners' tokens by uid.
  await db.schema.createIndex('ocpi_token_uid_idx').on('ocpi_token').columns(['entity_code', 'uid']).execute()

  await db.schema
    .alterTable('ev_session')
    .addColumn('ocpi_partner_id', 'integer', (c) => c.references('ocpi_partner.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('ev_session').addColumn('ocpi_party', 'varchar(5)').execute()
  await db.schema.alterTable('ev_session').addColumn('ocpi_key', 'varchar(120)').execute()
  await db.schema.alterTable('ev_session').addColumn('ocpi_token_uid', 'varchar(36)').execute()
  await db.schema.alterTable('ev_session').addColumn('ocpi_auth_method', 'varchar(16)').execute()
  await db.schema.alterTable('ev_session').addColumn('ocpi_body', 'text').execute()
  await db.schema.createIndex('ev_session_ocpi_key_uq').on('ev_session').column('ocpi_key').unique().execute()
  await db.schema
    .createIndex('ev_session_ocpi_partner_idx')
    .on('ev_session')
    .columns(['ocpi_partner_id', 'last_updated'])
    .execute()

  await db.schema
    .createTable('ocpi_cdr')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('partner_id', 'integer', (c) => c.references('ocpi_partner.id').onDelete('set null'))
    // 'out': ours, for the partner; 'in': the partner's, for us.
    .addColumn('direction', 'varchar(3)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(2)', (c) => c.notNull())
    .addColumn('party_id', 'varchar(3)', (c) => c.notNull())
    .addColumn('cdr_id', 'varchar(39)', (c) => c.notNull())
    .addColumn('session_id', 'integer', (c) => c.references('ev_session.id').onDelete('set null'))
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    // Minor units (cents), as the CDR's totals say them rounded.
    .addColumn('total_excl_vat', 'bigint', (c) => c.notNull())
    .addColumn('total_incl_vat', 'bigint', (c) => c.notNull())
    // Our pricing of the CDR by its tariffs (null: its tariffs use what our pricing cannot evaluate).
    .addColumn('our_total_excl_vat', 'bigint')
    .addColumn('flagged', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('flag_reason', 'varchar(400)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('last_updated', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('ocpi_cdr_key_uq')
    .on('ocpi_cdr')
    .columns(['entity_code', 'direction', 'country_code', 'party_id', 'cdr_id'])
    .unique()
    .execute()
  await db.schema
    .createIndex('ocpi_cdr_partner_idx')
    .on('ocpi_cdr')
    .columns(['partner_id', 'direction', 'last_updated'])
    .execute()
  await db.schema.createIndex('ocpi_cdr_session_idx').on('ocpi_cdr').column('session_id').execute()

  // EVSE status changes waiting to be pushed, one row per partner and EVSE (a later change of the same EVSE moves its
  // time): what a storm of changes leaves for the partner's drain job, kept across restarts.
  await db.schema
    .createTable('ocpi_push_queue')
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('ocpi_partner.id').onDelete('cascade'))
    .addColumn('evse_id', 'integer', (c) => c.notNull().references('ev_evse.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.notNull())
    .addColumn('queued_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ocpi_push_queue_pk', ['partner_id', 'evse_id'])
    .execute()
  await db.schema
    .createIndex('ocpi_push_queue_partner_idx')
    .on('ocpi_push_queue')
    .columns(['partner_id', 'queued_at'])
    .execute()

  await db.schema
    .createTable('ocpi_command')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    // Names the command in the URL its result comes back to (ours) or in the log.
    .addColumn('uid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('partner_id', 'integer', (c) => c.references('ocpi_partner.id').onDelete('set null'))
    // 'in': a partner eMSP asked our CPO; 'out': our eMSP asked a partner CPO.
    .addColumn('direction', 'varchar(3)', (c) => c.notNull())
    // CommandType: START_SESSION, STOP_SESSION, UNLOCK_CONNECTOR…
    .addColumn('command', 'varchar(24)', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('response_url', 'varchar(255)')
    .addColumn('charge_point_id', 'integer', (c) => c.references('ev_charge_point.id').onDelete('set null'))
    .addColumn('ocpp_command_id', 'integer')
    .addColumn('token_uid', 'varchar(36)')
    .addColumn('authorization_reference', 'varchar(36)')
    .addColumn('session_id', 'integer', (c) => c.references('ev_session.id').onDelete('set null'))
    // CommandResponseType (the synchronous answer) and CommandResultType (the asynchronous one).
    .addColumn('response', 'varchar(24)')
    .addColumn('result', 'varchar(24)')
    .addColumn('message', 'varchar(400)')
    .addColumn('requested_by', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('ocpi_command_entity_idx')
    .on('ocpi_command')
    .columns(['entity_code', 'direction', 'created_at'])
    .execute()
  // A session starting on a charger finds the START_SESSION that asked for it (its authorization reference).
  await db.schema
    .createIndex('ocpi_command_charger_idx')
    .on('ocpi_command')
    .columns(['charge_point_id', 'token_uid', 'created_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ocpi_command').execute()
  await db.schema.dropTable('ocpi_push_queue').execute()
  await db.schema.dropTable('ocpi_cdr').execute()
  await db.schema.dropIndex('ev_session_ocpi_partner_idx').execute()
  await db.schema.dropIndex('ev_session_ocpi_key_uq').execute()
  await db.schema.alterTable('ev_session').dropColumn('ocpi_body').execute()
  await db.schema.alterTable('ev_session').dropColumn('ocpi_auth_method').execute()
  await db.schema.alterTable('ev_session').dropColumn('ocpi_token_uid').execute()
  await db.schema.alterTable('ev_session').dropColumn('ocpi_key').execute()
  await db.schema.alterTable('ev_session').dropColumn('ocpi_party').execute()
  await db.schema.alterTable('ev_session').dropColumn('ocpi_partner_id').execute()
  await db.schema.dropTable('ocpi_token').execute()
}
