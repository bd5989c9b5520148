/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time (Kysely's Kysely<any> pattern). */
import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// A refund names its session's EMSP (issue 13 §4: the EMSP home at ten million sessions). The EMSP home sums the
// refunds its customers' sessions got this month; found through ev_session, that was one index probe into the
// sessions per refund (210 ms for a month's refunds at ten million sessions). The EMSP never changes after the
// session is written, so it is copied onto the refund, and read by (emsp_entity_code, created_at).

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('ev_session_refund')
    .addColumn('emsp_entity_code', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`update ev_session_refund set emsp_entity_code = coalesce(
    (select s.emsp_entity_code from ev_session s where s.id = ev_session_refund.session_id), '')`.execute(db)
  await db.schema
    .createIndex('ev_session_refund_emsp_created_idx')
    .on('ev_session_refund')
    .columns(['emsp_entity_code', 'created_at'])
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ev_session_refund_emsp_created_idx').ifExists().execute()
  await db.schema.alterTable('ev_session_refund').dropColumn('emsp_entity_code').execute()
}
