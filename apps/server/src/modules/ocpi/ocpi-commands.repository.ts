import type { Insertable } from 'kysely'
import type { Db } from '../../db/database'
import type { OcpiCommandRow, OcpiCommandTable } from './ocpi.table'

/*
 * Commands with partners (mod_commands.asciidoc, decision 0113): the ocpi_command rows both ways, and what carrying
 * one out or sending one needs to find: our chargers behind an OCPI location, EVSE and connector (the CPO receiving),
 * the partner's location as we hold it (the eMSP sending), and the sessions a STOP_SESSION names.
 */

export type NewOcpiCommandRow = Omit<Insertable<OcpiCommandTable>, 'id'>

export async function insertOcpiCommand(db: Db, row: NewOcpiCommandRow): Promise<number> {
  const inserted = await db.insertInto('ocpi_command').values(row).returning('id').executeTakeFirstOrThrow()
  return inserted.id
}

export function ocpiCommandById(db: Db, id: number): Promise<OcpiCommandRow | undefined> {
  return db.selectFrom('ocpi_command').where('id', '=', id).selectAll().executeTakeFirst()
}

/** A command our eMSP sent this partner, by the uid in the URL its result comes back to. */
export function sentCommandByUid(
  db: Db,
  partnerId: number,
  uid: string,
): Promise<OcpiCommandRow | undefined> {
  return db
    .selectFrom('ocpi_command')
    .where('partner_id', '=', partnerId)
    .where('direction', '=', 'out')
    .where('uid', '=', uid)
    .selectAll()
    .executeTakeFirst()
}

export async function updateOcpiCommand(
  db: Db,
  id: number,
  change: Partial<
    Pick<OcpiCommandRow, 'response' | 'result' | 'message' | 'ocpp_command_id' | 'session_id'>
  > & { updated_at: number },
): Promise<void> {
  await db.updateTable('ocpi_command').set(change).where('id', '=', id).execute()
}

/**
 * Commands with their session's uid: the one a STOP_SESSION named, else the one the OCPP remote start opened (linked
 * to the OCPP command when the charger started it).
 */
function commandViews(db: Db) {
  return db
    .selectFrom('ocpi_command as c')
    .leftJoin('ev_session as s', 's.id', 'c.session_id')
    .leftJoin('ocpp_command as o', 'o.id', 'c.ocpp_command_id')
    .leftJoin('ev_session as os', 'os.id', 'o.session_id')
    .selectAll('c')
    .select((eb) => eb.fn.coalesce('s.uid', 'os.uid').as('session_uid'))
}
export function commandViewById(db: Db, id: number) {
  return commandViews(db).where('c.id', '=', id).executeTakeFirst()
}
export type OcpiCommandViewRow = NonNullable<Awaited<ReturnType<typeof commandViewById>>>

/** The partner's latest commands, both ways, newest first. */
export function partnerCommandViews(db: Db, entityCode: string, partnerId: number, limit: number) {
  return commandViews(db)
    .where('c.entity_code', '=', entityCode)
    .where('c.partner_id', '=', partnerId)
    .orderBy('c.id', 'desc')
    .limit(limit)
    .execute()
}

// --- The CPO: our chargers behind a location.

/** A location's EVSEs with the charger each belongs to (none for an EVSE without one). */
export function evsesWithChargers(db: Db, locationId: number) {
  return db
    .selectFrom('ev_evse as e')
    .leftJoin('ev_charge_point as cp', 'cp.id', 'e.charge_point_id')
    .where('e.location_id', '=', locationId)
    .select([
      'e.id',
      'e.uid',
      'e.status',
      'e.charge_point_id',
      'cp.uid as charger_uid',
      'cp.ocpp_identity',
      'cp.ocpp_version',
    ])
    .orderBy('e.id')
    .execute()
}
export type EvseWithCharger = Awaited<ReturnType<typeof evsesWithChargers>>[number]

export function connectorsOfLocation(db: Db, locationId: number) {
  return db
    .selectFrom('ev_connector')
    .where('location_id', '=', locationId)
    .select(['id', 'evse_ref', 'connector_id', 'status'])
    .orderBy('id')
    .execute()
}

export function chargerById(db: Db, entityCode: string, id: number) {
  return db
    .selectFrom('ev_charge_point')
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .select(['id', 'uid', 'ocpp_identity', 'ocpp_version'])
    .executeTakeFirst()
}

export async function connectorStatus(db: Db, id: number): Promise<string | null> {
  const row = await db.selectFrom('ev_connector').where('id', '=', id).select('status').executeTakeFirst()
  return row?.status ?? null
}

/** One of the entity's sessions by its uid (the OCPI session id we send partners). */
export function ownSessionByUid(db: Db, entityCode: string, uid: string) {
  return db
    .selectFrom('ev_session')
    .where('entity_code', '=', entityCode)
    .where('uid', '=', uid)
    .select(['id', 'uid', 'status', 'charge_point_id', 'ocpi_partner_id'])
    .executeTakeFirst()
}

// --- The eMSP: the partner's locations and sessions as we hold them.

export function heldLocationId(db: Db, entityCode: string, partnerId: number, ocpiId: string) {
  return db
    .selectFrom('ev_location')
    .where('entity_code', '=', entityCode)
    .where('ocpi_partner_id', '=', partnerId)
    .where('external_id', '=', ocpiId)
    .select('id')
    .orderBy('id')
    .executeTakeFirst()
}

export function heldEvseId(db: Db, locationId: number, ocpiUid: string) {
  return db
    .selectFrom('ev_evse')
    .where('location_id', '=', locationId)
    .where('external_id', '=', ocpiUid)
    .select('id')
    .executeTakeFirst()
}

export function heldConnectorId(db: Db, evseId: number, ocpiId: string) {
  return db
    .selectFrom('ev_connector')
    .where('evse_ref', '=', evseId)
    .where('connector_id', '=', ocpiId)
    .select('id')
    .executeTakeFirst()
}

/** A session a partner sent us, by its keys (`<partner id>:<CC><PID>:<session id>`, one per party it may be of). */
export function heldSessionId(db: Db, entityCode: string, keys: readonly string[]) {
  return db
    .selectFrom('ev_session')
    .where('emsp_entity_code', '=', entityCode)
    .where('ocpi_key', 'in', keys.length > 0 ? [...keys] : [''])
    .select('id')
    .executeTakeFirst()
}
