/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'

// OCPI tariffs (issue 17, docs/decisions/0113-ocpi.md): a roaming partner's tariff as the eMSP holds it, in ev_tariff
// beside the entity's own, marked like a partner's location: the partner and the owning CPO party (SGSPK), its
// `external_id` the partner's tariff id. Deleted with the partner.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ev_tariff')
    .addColumn('ocpi_partner_id', 'integer', (c) => c.references('ocpi_partner.id').onDelete('cascade'))
    .execute()
  await db.schema.alterTable('ev_tariff').addColumn('ocpi_party', 'varchar(5)').execute()
  await db.schema
    .createIndex('ev_tariff_ocpi_partner_idx')
    .on('ev_tariff')
    .columns(['ocpi_partner_id', 'ocpi_party', 'external_id'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ev_tariff_ocpi_partner_idx').execute()
  await db.schema.alterTable('ev_tariff').dropColumn('ocpi_party').execute()
  await db.schema.alterTable('ev_tariff').dropColumn('ocpi_partner_id').execute()
}
