import type { OcpiCdrToken } from '@portal/contract'
import type { Insertable } from 'kysely'
import type { Db } from '../../db/database'
import type { EvSessionTable } from '../charging/ev.table'
import type { OcpiCdrTable } from './ocpi.table'

/*
 * Roaming sessions and CDRs (decision 0113). Ours for a partner: sessions on our chargers of a partner's driver
 * (ocpi_partner_id set, ocpi_key null), the CDRs we made of them. A partner's for us: sessions on its chargers of our
 * drivers (ocpi_key set), the CDRs it sent.
 */

export interface SessionWindow {
  from?: number | undefined
  to?: number | undefined
}

const placeColumns = ['l.uid as location_uid', 'e.uid as evse_uid', 'c.connector_id'] as const

function ourSessionsFor(db: Db, partnerId: number, window: SessionWindow) {
  let query = db
    .selectFrom('ev_session as s')
    .innerJoin('ev_location as l', 'l.id', 's.location_id')
    .innerJoin('ev_evse as e', 'e.id', 's.evse_ref')
    .innerJoin('ev_connector as c', 'c.id', 's.connector_ref')
    .where('s.ocpi_partner_id', '=', partnerId)
    .where('s.ocpi_key', 'is', null)
  if (window.from !== undefined) query = query.where('s.last_updated', '>=', window.from)
  if (window.to !== undefined) query = query.where('s.last_updated', '<', window.to)
  return query
}

export async function countOurSessions(db: Db, partnerId: number, window: SessionWindow): Promise<number> {
  const row = await ourSessionsFor(db, partnerId, window)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function ourSessionPage(
  db: Db,
  partnerId: number,
  window: SessionWindow,
  limit: number,
  offset: number,
) {
  return ourSessionsFor(db, partnerId, window)
    .selectAll('s')
    .select(placeColumns)
    .orderBy('s.last_updated')
    .orderBy('s.id')
    .limit(limit)
    .offset(offset)
    .execute()
}
export type PlacedSessionRow = Awaited<ReturnType<typeof ourSessionPage>>[number]

/** A session on our charger by its uid, with where it ran, when it is a partner's driver's. */
export function ourRoamingSession(db: Db, uid: string) {
  return db
    .selectFrom('ev_session as s')
    .innerJoin('ev_location as l', 'l.id', 's.location_id')
    .innerJoin('ev_evse as e', 'e.id', 's.evse_ref')
    .innerJoin('ev_connector as c', 'c.id', 's.connector_ref')
    .where('s.uid', '=', uid)
    .where('s.ocpi_partner_id', 'is not', null)
    .where('s.ocpi_key', 'is', null)
    .selectAll('s')
    .select(placeColumns)
    .executeTakeFirst()
}

/**
 * The partner's tokens sessions of ours were authorized with, as CdrTokens, in one query; a token forgotten since (a
 * pull that no longer lists it) is rebuilt from what the session recorded (its uid and the partner's party).
 */
export async function sessionCdrTokens(
  db: Db,
  rows: readonly Pick<
    PlacedSessionRow,
    'ocpi_partner_id' | 'ocpi_party' | 'ocpi_token_uid' | 'authorization_reference'
  >[],
): Promise<OcpiCdrToken[]> {
  const uidOf = (row: (typeof rows)[number]) => row.ocpi_token_uid ?? row.authorization_reference
  const partners = [...new Set(rows.flatMap((r) => (r.ocpi_partner_id === null ? [] : [r.ocpi_partner_id])))]
  const held =
    rows.length === 0 || partners.length === 0
      ? []
      : await db
          .selectFrom('ocpi_token')
          .where('partner_id', 'in', partners)
          .where('uid', 'in', [...new Set(rows.map(uidOf))])
          .select(['partner_id', 'country_code', 'party_id', 'uid', 'type', 'contract_id', 'last_updated'])
          .orderBy('last_updated', 'desc')
          .execute()
  return rows.map((row) => {
    const uid = uidOf(row)
    const token = held.find((t) => t.partner_id === row.ocpi_partner_id && t.uid === uid)
    if (token)
      return {
        country_code: token.country_code,
        party_id: token.party_id,
        uid: token.uid,
        type: token.type as OcpiCdrToken['type'],
        contract_id: token.contract_id,
      }
    const party = row.ocpi_party ?? '?????'
    return {
      country_code: party.slice(0, 2),
      party_id: party.slice(2, 5),
      uid,
      type: 'RFID',
      contract_id: uid,
    }
  })
}

/** Adds a CDR once: a second one with its key is the same CDR (a retry), and the first is kept. */
export async function insertCdrOnce(db: Db, row: Insertable<OcpiCdrTable>): Promise<number> {
  const added = await insertCdrIfNew(db, row)
  if (added !== undefined) return added
  const held = await heldCdrId(db, row)
  if (held === undefined) throw new Error('A CDR refused as held was not found')
  return held
}

/** The id of a CDR held by its key (entity, direction, party, the CDR's id), if any. */
export async function heldCdrId(
  db: Db,
  key: { entity_code: string; direction: string; country_code: string; party_id: string; cdr_id: string },
): Promise<number | undefined> {
  const row = await db
    .selectFrom('ocpi_cdr')
    .where('entity_code', '=', key.entity_code)
    .where('direction', '=', key.direction)
    .where('country_code', '=', key.country_code)
    .where('party_id', '=', key.party_id)
    .where('cdr_id', '=', key.cdr_id)
    .select('id')
    .executeTakeFirst()
  return row?.id
}

/** Adds a CDR unless one with its key is held: its id, or undefined when it was held already. */
export async function insertCdrIfNew(db: Db, row: Insertable<OcpiCdrTable>): Promise<number | undefined> {
  const inserted = await db
    .insertInto('ocpi_cdr')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['entity_code', 'direction', 'country_code', 'party_id', 'cdr_id']).doNothing(),
    )
    .returning('id')
    .executeTakeFirst()
  return inserted?.id
}

export async function linkCdrSession(db: Db, cdrId: number, sessionId: number): Promise<void> {
  await db.updateTable('ocpi_cdr').set({ session_id: sessionId }).where('id', '=', cdrId).execute()
}

export function cdrById(db: Db, id: number) {
  return db.selectFrom('ocpi_cdr').where('id', '=', id).selectAll().executeTakeFirst()
}

function cdrsFor(db: Db, partnerId: number, direction: 'in' | 'out', window: SessionWindow) {
  let query = db.selectFrom('ocpi_cdr').where('partner_id', '=', partnerId).where('direction', '=', direction)
  if (window.from !== undefined) query = query.where('last_updated', '>=', window.from)
  if (window.to !== undefined) query = query.where('last_updated', '<', window.to)
  return query
}

export async function countCdrs(
  db: Db,
  partnerId: number,
  direction: 'in' | 'out',
  window: SessionWindow,
): Promise<number> {
  const row = await cdrsFor(db, partnerId, direction, window)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export function cdrPage(
  db: Db,
  partnerId: number,
  direction: 'in' | 'out',
  window: SessionWindow,
  limit: number,
  offset: number,
) {
  return cdrsFor(db, partnerId, direction, window)
    .selectAll()
    .orderBy('last_updated')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute()
}

export function cdrOfSession(db: Db, sessionId: number, direction: 'in' | 'out') {
  return db
    .selectFrom('ocpi_cdr')
    .where('session_id', '=', sessionId)
    .where('direction', '=', direction)
    .selectAll()
    .executeTakeFirst()
}

/** A partner's session as we hold it, by its key (partner, party, the partner's id). */
export function partnerSession(db: Db, key: string) {
  return db.selectFrom('ev_session').where('ocpi_key', '=', key).selectAll().executeTakeFirst()
}

export async function insertPartnerSession(db: Db, row: Insertable<EvSessionTable>): Promise<void> {
  await db
    .insertInto('ev_session')
    .values(row)
    .onConflict((oc) => oc.column('ocpi_key').doNothing())
    .execute()
}

export async function updatePartnerSession(
  db: Db,
  key: string,
  changes: Partial<Insertable<EvSessionTable>>,
): Promise<void> {
  await db.updateTable('ev_session').set(changes).where('ocpi_key', '=', key).execute()
}

/** Our copy of the partner's EVSE and connector a session names (the partner's ids). */
export function partnerPlace(
  db: Db,
  partnerId: number,
  party: string,
  locationId: string,
  evseUid: string,
  connectorId: string,
) {
  return db
    .selectFrom('ev_location as l')
    .innerJoin('ev_evse as e', 'e.location_id', 'l.id')
    .innerJoin('ev_connector as c', 'c.evse_ref', 'e.id')
    .where('l.ocpi_partner_id', '=', partnerId)
    .where('l.ocpi_party', '=', party)
    .where('l.external_id', '=', locationId)
    .where('e.external_id', '=', evseUid)
    .where('c.connector_id', '=', connectorId)
    .select(['l.id as location_id', 'l.time_zone', 'e.id as evse_ref', 'c.id as connector_ref'])
    .executeTakeFirst()
}

/** Our token a partner's session names, with its driver. */
export function ownTokenOwner(db: Db, entityCode: string, uid: string) {
  return db
    .selectFrom('ev_token as t')
    .leftJoin('ev_driver as d', 'd.id', 't.driver_id')
    .where('t.entity_code', '=', entityCode)
    .where('t.uid', '=', uid)
    .select(['t.type', 't.visual_number', 't.driver_id', 'd.name as driver_name', 'd.license_plate'])
    .executeTakeFirst()
}

/** Whether a session is one of ours for a partner's driver (the live feed's hook asks for every session fact). */
export async function isOurRoamingSession(db: Db, uid: string): Promise<boolean> {
  const row = await db
    .selectFrom('ev_session')
    .where('uid', '=', uid)
    .where('ocpi_partner_id', 'is not', null)
    .where('ocpi_key', 'is', null)
    .select('id')
    .executeTakeFirst()
  return row !== undefined
}

export function tariffRowById(db: Db, id: number) {
  return db.selectFrom('ev_tariff').where('id', '=', id).selectAll().executeTakeFirst()
}
