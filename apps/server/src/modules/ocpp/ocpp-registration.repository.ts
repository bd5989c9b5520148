import type { Insertable } from 'kysely'
import type { Db } from '../../db/database'
import type { EvChargePointTable, EvConnectorTable, EvEvseTable } from '../charging/ev.table'

/** A location of the entity, with the prefix its EVSE ids carry (`SG*SPK`), from one of its EVSEs if it has any. */
export async function findLocationForCharger(db: Db, entityCode: string, uid: string) {
  const location = await db
    .selectFrom('ev_location')
    .where('entity_code', '=', entityCode)
    .where('uid', '=', uid)
    .select(['id', 'country'])
    .executeTakeFirst()
  if (!location) return undefined
  const evse = await db
    .selectFrom('ev_evse')
    .where('entity_code', '=', entityCode)
    .select('evse_id')
    .orderBy('id')
    .executeTakeFirst()
  return { ...location, sampleEvseId: evse?.evse_id ?? null }
}

/** The entity's tariffs by uid: those a new charger's connectors name. */
export async function tariffIdsByUid(db: Db, entityCode: string, uids: readonly string[]) {
  if (uids.length === 0) return new Map<string, number>()
  const rows = await db
    .selectFrom('ev_tariff')
    .where('entity_code', '=', entityCode)
    .where('uid', 'in', uids)
    .select(['id', 'uid'])
    .execute()
  return new Map(rows.map((r) => [r.uid, r.id]))
}

export async function identityTaken(db: Db, identity: string): Promise<boolean> {
  const row = await db
    .selectFrom('ev_charge_point')
    .where('ocpp_identity', '=', identity)
    .select('id')
    .executeTakeFirst()
  return row !== undefined
}

export async function insertChargePoint(db: Db, row: Insertable<EvChargePointTable>): Promise<number> {
  const inserted = await db
    .insertInto('ev_charge_point')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow()
  return inserted.id
}

export async function insertEvse(db: Db, row: Insertable<EvEvseTable>): Promise<number> {
  const inserted = await db.insertInto('ev_evse').values(row).returning('id').executeTakeFirstOrThrow()
  return inserted.id
}

export async function insertConnector(db: Db, row: Insertable<EvConnectorTable>): Promise<void> {
  await db.insertInto('ev_connector').values(row).execute()
}
