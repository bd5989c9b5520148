/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { PostgresAdapter } from 'kysely'

// OCPI 2.2.1 roaming (issue 17, docs/decisions/0113-ocpi.md).
//
// - ocpi_identity: an entity's party per role it plays (CPO, EMSP). A party is unique in the deployment: an object a
//   partner pushes to SG/SPK must land at one entity.
// - ocpi_partner: a peer of one entity. `incoming_token_hash` is the SHA-256 of the token the partner calls us with
//   (token A until the handshake, then the one we issued), unique so one lookup finds the partner. `outgoing_token`
//   is the partner's token we call it with: kept as given, since every request must send it. `roles` and
//   `endpoints` are JSON, from the credentials and the version details.
// - ocpi_message: every OCPI request in and out, the partner's message log (bodies cut at 64 KB, tokens masked).
// - ev_location.ocpi_partner_id / ocpi_party: a partner's location as an eMSP holds it (with its EVSEs and
//   connectors in the usual tables, deleted with it): the eMSP's lists and map show it beside its own.
//   `external_id` is the partner's location id; null partner = the entity's own location.
// - ocpi_sync: per partner and module, the latest pull and push and their outcome (the partner screen shows them).

export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('ocpi_identity')
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('role', 'varchar(8)', (c) => c.notNull())
    .addColumn('country_code', 'varchar(2)', (c) => c.notNull())
    .addColumn('party_id', 'varchar(3)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('ocpi_identity_pk', ['entity_code', 'role'])
    .addUniqueConstraint('ocpi_identity_party_uq', ['role', 'country_code', 'party_id'])
    .execute()

  await db.schema
    .createTable('ocpi_partner')
    .addColumn('id', postgres ? 'serial' : 'integer', (c) => c.primaryKey())
    .addColumn('entity_code', 'varchar(64)', (c) => c.notNull().references('entity.code').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('initiated_by', 'varchar(8)', (c) => c.notNull())
    .addColumn('roles', 'text', (c) => c.notNull())
    .addColumn('incoming_token_hash', 'varchar(64)', (c) => c.unique())
    .addColumn('outgoing_token', 'varchar(64)')
    .addColumn('partner_versions_url', 'varchar(255)')
    .addColumn('version', 'varchar(10)')
    .addColumn('endpoints', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('connected_at', 'bigint')
    .addColumn('last_message_at', 'bigint')
    .execute()
  await db.schema
    .createIndex('ocpi_partner_entity_idx')
    .on('ocpi_partner')
    .columns(['entity_code', 'id'])
    .execute()

  await db.schema
    .createTable('ocpi_message')
    .addColumn('id', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('ocpi_partner.id').onDelete('cascade'))
    .addColumn('direction', 'varchar(3)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('url', 'varchar(1000)', (c) => c.notNull())
    .addColumn('module', 'varchar(20)')
    .addColumn('http_status', 'integer')
    .addColumn('ocpi_status', 'integer')
    .addColumn('request_id', 'varchar(64)')
    .addColumn('correlation_id', 'varchar(64)')
    .addColumn('request_body', 'text')
    .addColumn('response_body', 'text')
    .addColumn('latency_ms', 'integer')
    .addColumn('error', 'varchar(500)')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute()
  // The partner's log, newest first.
  await db.schema
    .createIndex('ocpi_message_partner_idx')
    .on('ocpi_message')
    .columns(['partner_id', 'id'])
    .execute()

  // Per partner and module: the latest pull (a full sync) and push, and how each went.
  await db.schema
    .createTable('ocpi_sync')
    .addColumn('partner_id', 'integer', (c) => c.notNull().references('ocpi_partner.id').onDelete('cascade'))
    .addColumn('module', 'varchar(20)', (c) => c.notNull())
    .addColumn('last_pull_at', 'bigint')
    .addColumn('last_pull_result', 'varchar(500)')
    .addColumn('last_push_at', 'bigint')
    .addColumn('last_push_result', 'varchar(500)')
    .addPrimaryKeyConstraint('ocpi_sync_pk', ['partner_id', 'module'])
    .execute()

  await db.schema
    .alterTable('ev_location')
    .addColumn('ocpi_partner_id', 'integer', (c) => c.references('ocpi_partner.id').onDelete('cascade'))
    .execute()
  // CountryCode + PartyId of the CPO that owns it (SGSPK).
  await db.schema.alterTable('ev_location').addColumn('ocpi_party', 'varchar(5)').execute()
  await db.schema
    .createIndex('ev_location_ocpi_partner_idx')
    .on('ev_location')
    .columns(['ocpi_partner_id', 'ocpi_party', 'external_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ev_location_ocpi_partner_idx').execute()
  await db.schema.alterTable('ev_location').dropColumn('ocpi_party').execute()
  await db.schema.alterTable('ev_location').dropColumn('ocpi_partner_id').execute()
  await db.schema.dropTable('ocpi_sync').execute()
  await db.schema.dropTable('ocpi_message').execute()
  await db.schema.dropTable('ocpi_partner').execute()
  await db.schema.dropTable('ocpi_identity').execute()
}
