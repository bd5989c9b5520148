import type { Transaction } from 'kysely'
import type { Database, Db } from '../../db/database'

/*
 * A partner's locations as the eMSP keeps them (decision 0113): rows of ev_location marked with the partner and the
 * owning party, their EVSEs and connectors in the usual tables. Every write of one location is one transaction.
 */

export interface StoredConnector {
  connector_id: string
  standard: string
  format: string
  power_type: string
  max_voltage: number
  max_amperage: number
  max_electric_power: number
  updated_at: number
}

export interface StoredEvse {
  uid: string
  ocpi_uid: string
  evse_id: string
  status: string
  physical_reference: string
  directions: string
  capabilities: string
  parking_restrictions: string
  floor_level: string
  updated_at: number
  connectors: StoredConnector[]
}

export interface StoredLocation {
  entity_code: string
  partner_id: number
  party: string
  uid: string
  ocpi_id: string
  name: string
  address: string
  city: string
  postal_code: string
  state: string
  country: string
  latitude: number
  longitude: number
  directions: string
  parking_restrictions: string
  publish: number
  time_zone: string
  updated_at: number
}

export function partnerLocation(db: Db, partnerId: number, party: string, ocpiId: string) {
  return db
    .selectFrom('ev_location')
    .where('ocpi_partner_id', '=', partnerId)
    .where('ocpi_party', '=', party)
    .where('external_id', '=', ocpiId)
    .selectAll()
    .executeTakeFirst()
}

export function partnerEvses(db: Db, locationId: number) {
  return db.selectFrom('ev_evse').where('location_id', '=', locationId).selectAll().orderBy('id').execute()
}

export function partnerConnectors(db: Db, locationId: number) {
  return db
    .selectFrom('ev_connector')
    .where('location_id', '=', locationId)
    .selectAll()
    .orderBy('id')
    .execute()
}

type Trx = Transaction<Database>

async function writeEvse(trx: Trx, entity: string, locationId: number, evse: StoredEvse, now: number) {
  const existing = await trx
    .selectFrom('ev_evse')
    .where('location_id', '=', locationId)
    .where('external_id', '=', evse.ocpi_uid)
    .select('id')
    .executeTakeFirst()
  const values = {
    evse_id: evse.evse_id,
    status: evse.status,
    physical_reference: evse.physical_reference,
    directions: evse.directions,
    capabilities: evse.capabilities,
    parking_restrictions: evse.parking_restrictions,
    floor_level: evse.floor_level,
    updated_at: evse.updated_at,
  }
  let evseId: number
  if (existing) {
    await trx.updateTable('ev_evse').set(values).where('id', '=', existing.id).execute()
    evseId = existing.id
  } else {
    const inserted = await trx
      .insertInto('ev_evse')
      .values({
        ...values,
        entity_code: entity,
        location_id: locationId,
        uid: evse.uid,
        external_id: evse.ocpi_uid,
        charge_point_id: null,
        instructions: '',
        protocol: 'OCPI',
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    evseId = inserted.id
  }
  // An EVSE's connectors become the ones sent (OCPI sends an EVSE whole, connectors included): updated in place, not
  // replaced, since our drivers' sessions on them hang off their rows.
  const held = await trx
    .selectFrom('ev_connector')
    .where('evse_ref', '=', evseId)
    .select(['id', 'connector_id'])
    .execute()
  const sent = new Set(evse.connectors.map((c) => c.connector_id))
  const gone = held.filter((c) => !sent.has(c.connector_id)).map((c) => c.id)
  if (gone.length > 0) await trx.deleteFrom('ev_connector').where('id', 'in', gone).execute()
  const heldIds = new Map(held.map((c) => [c.connector_id, c.id]))
  for (const c of evse.connectors) {
    const id = heldIds.get(c.connector_id)
    if (id !== undefined) await trx.updateTable('ev_connector').set(c).where('id', '=', id).execute()
    else
      await trx
        .insertInto('ev_connector')
        .values({
          ...c,
          entity_code: entity,
          location_id: locationId,
          evse_ref: evseId,
          uid: `${evse.uid.slice(0, 40)}-${c.connector_id.slice(0, 20)}`,
          tariff_id: null,
          created_at: now,
        })
        .execute()
  }
}

/**
 * Writes a whole location (PUT): the location, and its EVSEs as sent; EVSEs no longer sent are removed. `evses`
 * undefined keeps the EVSEs there are (a location sent without its EVSE list).
 */
export async function putPartnerLocation(
  db: Db,
  location: StoredLocation,
  evses: readonly StoredEvse[] | undefined,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom('ev_location')
      .where('ocpi_partner_id', '=', location.partner_id)
      .where('ocpi_party', '=', location.party)
      .where('external_id', '=', location.ocpi_id)
      .select('id')
      .executeTakeFirst()
    const values = {
      name: location.name,
      address: location.address,
      city: location.city,
      postal_code: location.postal_code,
      state: location.state,
      country: location.country,
      latitude: location.latitude,
      longitude: location.longitude,
      directions: location.directions,
      parking_restrictions: location.parking_restrictions,
      publish: location.publish,
      time_zone: location.time_zone,
      updated_at: location.updated_at,
    }
    let id: number
    if (existing) {
      await trx.updateTable('ev_location').set(values).where('id', '=', existing.id).execute()
      id = existing.id
    } else {
      const inserted = await trx
        .insertInto('ev_location')
        .values({
          ...values,
          entity_code: location.entity_code,
          uid: location.uid,
          external_id: location.ocpi_id,
          contact_number: '',
          created_at: now,
          ocpi_partner_id: location.partner_id,
          ocpi_party: location.party,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      id = inserted.id
    }
    if (evses === undefined) return
    const kept = evses.map((e) => e.ocpi_uid)
    let gone = trx.deleteFrom('ev_evse').where('location_id', '=', id)
    if (kept.length > 0) gone = gone.where('external_id', 'not in', kept)
    await gone.execute()
    for (const evse of evses) await writeEvse(trx, location.entity_code, id, evse, now)
  })
}

/** Writes one EVSE of a known location (PUT or a merged PATCH); removes it when `evse` is null (status REMOVED). */
export async function putPartnerEvse(
  db: Db,
  entity: string,
  locationId: number,
  ocpiUid: string,
  evse: StoredEvse | null,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (evse === null)
      await trx
        .deleteFrom('ev_evse')
        .where('location_id', '=', locationId)
        .where('external_id', '=', ocpiUid)
        .execute()
    else await writeEvse(trx, entity, locationId, evse, now)
    await trx.updateTable('ev_location').set({ updated_at: now }).where('id', '=', locationId).execute()
  })
}

export async function countPartnerLocations(db: Db, partnerId: number): Promise<number> {
  const row = await db
    .selectFrom('ev_location')
    .where('ocpi_partner_id', '=', partnerId)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}
