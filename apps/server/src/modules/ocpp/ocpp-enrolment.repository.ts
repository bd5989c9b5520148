import type { Db } from '../../db/database'
import type { BootFacts } from './ocpp.repository'
import type { OcppPendingChargerRow } from './ocpp.table'

/** The entity whose enrolment password has this SHA-256, if any. */
export async function findEnrolmentEntity(db: Db, lookup: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('ocpp_enrolment')
    .where('password_lookup', '=', lookup)
    .select('entity_code')
    .executeTakeFirst()
  return row?.entity_code
}

export async function findEnrolment(db: Db, entityCode: string) {
  return db
    .selectFrom('ocpp_enrolment')
    .where('entity_code', '=', entityCode)
    .select(['set_at'])
    .executeTakeFirst()
}

export async function saveEnrolment(
  db: Db,
  row: { entity_code: string; password_lookup: string; set_at: number; set_by: string },
): Promise<void> {
  await db
    .insertInto('ocpp_enrolment')
    .values(row)
    .onConflict((oc) =>
      oc.column('entity_code').doUpdateSet({
        password_lookup: row.password_lookup,
        set_at: row.set_at,
        set_by: row.set_by,
      }),
    )
    .execute()
}

export async function findPendingCharger(
  db: Db,
  identity: string,
): Promise<OcppPendingChargerRow | undefined> {
  return db.selectFrom('ocpp_pending_charger').where('identity', '=', identity).selectAll().executeTakeFirst()
}

export async function countPendingChargers(db: Db, entityCode: string): Promise<number> {
  const row = await db
    .selectFrom('ocpp_pending_charger')
    .where('entity_code', '=', entityCode)
    .where('dismissed_at', 'is', null)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * A waiting charger's connection: inserted the first time (two instances racing for one identity: the unique
 * identity keeps one row), else its version, password and address brought up to date.
 */
export async function upsertPendingCharger(
  db: Db,
  row: {
    entity_code: string
    identity: string
    ocpp_version: string
    password_hash: string
    remote_address: string
    now: number
  },
): Promise<number> {
  const saved = await db
    .insertInto('ocpp_pending_charger')
    .values({
      entity_code: row.entity_code,
      identity: row.identity,
      ocpp_version: row.ocpp_version,
      password_hash: row.password_hash,
      remote_address: row.remote_address,
      first_seen_at: row.now,
      last_seen_at: row.now,
      boot_at: null,
      dismissed_at: null,
    })
    .onConflict((oc) =>
      oc.column('identity').doUpdateSet({
        ocpp_version: row.ocpp_version,
        password_hash: row.password_hash,
        remote_address: row.remote_address,
        last_seen_at: row.now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow()
  return saved.id
}

/** What a waiting charger's BootNotification says it is; false when it waits no more (commissioned, dismissed). */
export async function recordPendingBoot(db: Db, id: number, boot: BootFacts, now: number): Promise<boolean> {
  const updated = await db
    .updateTable('ocpp_pending_charger')
    .set({
      vendor: boot.vendor.slice(0, 100),
      model: boot.model.slice(0, 100),
      serial_number: (boot.serialNumber ?? '').slice(0, 100),
      firmware_version: (boot.firmwareVersion ?? '').slice(0, 100),
      ocpp_version: boot.version,
      boot_at: now,
      last_seen_at: now,
    })
    .where('id', '=', id)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

export async function touchPendingCharger(db: Db, id: number, now: number): Promise<void> {
  await db.updateTable('ocpp_pending_charger').set({ last_seen_at: now }).where('id', '=', id).execute()
}

export async function listPendingChargers(db: Db, entityCode: string): Promise<OcppPendingChargerRow[]> {
  return db
    .selectFrom('ocpp_pending_charger')
    .where('entity_code', '=', entityCode)
    .where('dismissed_at', 'is', null)
    .selectAll()
    .orderBy('first_seen_at', 'desc')
    .orderBy('id', 'desc')
    .execute()
}

/** Marks an entity's waiting charger dismissed; whether there was one waiting. */
export async function dismissPending(
  db: Db,
  entityCode: string,
  identity: string,
  now: number,
): Promise<boolean> {
  const updated = await db
    .updateTable('ocpp_pending_charger')
    .set({ dismissed_at: now })
    .where('entity_code', '=', entityCode)
    .where('identity', '=', identity)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

/** Removes an entity's waiting (or dismissed) charger: it has become a charger. Whether there was one. */
export async function deletePendingCharger(db: Db, entityCode: string, identity: string): Promise<boolean> {
  const deleted = await db
    .deleteFrom('ocpp_pending_charger')
    .where('entity_code', '=', entityCode)
    .where('identity', '=', identity)
    .executeTakeFirst()
  return Number(deleted.numDeletedRows) > 0
}
