import type { OcpiConnector, OcpiEvse, OcpiLocation } from '@portal/contract'
import {
  OcpiCode,
  ocpiConnector,
  ocpiConnectorPatch,
  ocpiEvse,
  ocpiEvsePatch,
  ocpiLocation,
  ocpiLocationPatch,
  ocpiTimeOf,
} from '@portal/contract'
import { createHash } from 'node:crypto'
import type { Db } from '../../db/database'
import { OcpiError, parseOcpi } from './ocpi-envelope'
import { rolesOf } from './ocpi-handshake.service'
import { alpha2Of, toOcpiEvse, toOcpiLocation } from './ocpi-locations.mapping'
import type { StoredConnector, StoredEvse, StoredLocation } from './ocpi-partner-locations.repository'
import {
  partnerConnectors,
  partnerEvses,
  partnerLocation,
  putPartnerEvse,
  putPartnerLocation,
} from './ocpi-partner-locations.repository'
import type { OcpiPartnerRow } from './ocpi.table'

/*
 * The eMSP receiving a partner's locations (mod_locations.asciidoc, receiver interface; decision 0113). Every object
 * is validated whole before anything is written: a PATCH is merged into what we hold and the result validated as a
 * full object, so a patch can never leave half an EVSE behind. EVSE statuses we do not list are mapped: INOPERATIVE
 * → OUTOFORDER, PLANNED → UNKNOWN; a REMOVED EVSE is dropped from our copy.
 */

export interface PartyRef {
  country_code: string
  party_id: string
}

/**
 * The party in the URL or object must be one of the partner's parties in `role` (its CPO parties for locations,
 * tariffs, sessions and CDRs; its eMSP parties for tokens), or any party when the partner is a hub.
 */
export function checkParty(
  partner: OcpiPartnerRow,
  country: string,
  party: string,
  role: 'CPO' | 'EMSP' = 'CPO',
): PartyRef {
  const ref = { country_code: country.toUpperCase(), party_id: party.toUpperCase() }
  const roles = rolesOf(partner)
  const allowed =
    roles.some((r) => r.role === 'HUB') ||
    roles.some((r) => r.role === role && r.country_code === ref.country_code && r.party_id === ref.party_id)
  if (!allowed)
    throw new OcpiError(
      403,
      OcpiCode.clientError,
      `${ref.country_code}/${ref.party_id} is not one of your ${role === 'CPO' ? 'CPO' : 'eMSP'} parties`,
    )
  return ref
}

const hashed = (...parts: string[]) => createHash('sha1').update(parts.join('\u0000')).digest('hex')
const partyKey = (ref: PartyRef) => `${ref.country_code}${ref.party_id}`
const firstText = (texts: readonly { text: string }[] | undefined) => texts?.[0]?.text.slice(0, 2000) ?? ''

const EVSE_STATUS: Record<string, string> = { INOPERATIVE: 'OUTOFORDER', PLANNED: 'UNKNOWN' }

function storedConnector(c: OcpiConnector): StoredConnector {
  return {
    connector_id: c.id,
    standard: c.standard,
    format: c.format,
    power_type: c.power_type,
    max_voltage: c.max_voltage,
    max_amperage: c.max_amperage,
    max_electric_power: c.max_electric_power ?? Math.round(c.max_voltage * c.max_amperage),
    updated_at: ocpiTimeOf(c.last_updated),
  }
}

function storedEvse(
  partner: OcpiPartnerRow,
  ref: PartyRef,
  locationId: string,
  e: OcpiEvse,
): StoredEvse | null {
  if (e.status === 'REMOVED') return null
  return {
    uid: hashed(String(partner.id), partyKey(ref), locationId, e.uid),
    ocpi_uid: e.uid,
    evse_id: e.evse_id ?? '',
    status: EVSE_STATUS[e.status] ?? e.status,
    physical_reference: e.physical_reference ?? '',
    directions: firstText(e.directions),
    capabilities: JSON.stringify(e.capabilities ?? []),
    parking_restrictions: JSON.stringify(e.parking_restrictions ?? []),
    floor_level: e.floor_level ?? '',
    updated_at: ocpiTimeOf(e.last_updated),
    connectors: e.connectors.map(storedConnector),
  }
}

function storedLocation(partner: OcpiPartnerRow, ref: PartyRef, l: OcpiLocation): StoredLocation {
  return {
    entity_code: partner.entity_code,
    partner_id: partner.id,
    party: partyKey(ref),
    uid: hashed(String(partner.id), partyKey(ref), l.id),
    ocpi_id: l.id,
    name: (l.name ?? l.address).slice(0, 200),
    address: l.address.slice(0, 300),
    city: l.city.slice(0, 100),
    postal_code: (l.postal_code ?? '').slice(0, 20),
    state: (l.state ?? '').slice(0, 100),
    country: alpha2Of(l.country, ref.country_code),
    latitude: Number(l.coordinates.latitude),
    longitude: Number(l.coordinates.longitude),
    directions: firstText(l.directions),
    parking_restrictions: '[]',
    publish: l.publish ? 1 : 0,
    time_zone: l.time_zone.slice(0, 64),
    updated_at: ocpiTimeOf(l.last_updated),
  }
}

/** The body names the same object as the URL (mod_locations: "SHALL be the same"). */
function sameIds(where: string, expected: string, given: string | undefined) {
  if (given !== undefined && given.toUpperCase() !== expected.toUpperCase())
    throw new OcpiError(
      400,
      OcpiCode.invalidParameters,
      `${where}: ${given} does not match the URL's ${expected}`,
    )
}

/** What we hold of a partner's location, as OCPI (null when we hold nothing). */
export async function heldLocation(db: Db, partner: OcpiPartnerRow, ref: PartyRef, id: string) {
  const row = await partnerLocation(db, partner.id, partyKey(ref), id)
  if (!row) return null
  const [evses, connectors] = await Promise.all([partnerEvses(db, row.id), partnerConnectors(db, row.id)])
  const tariffless = connectors.map((c) => ({ ...c, tariff_uid: null }))
  return { row, location: toOcpiLocation(ref, row, evses, tariffless), evses, connectors: tariffless }
}

const unknownLocation = (id: string) =>
  new OcpiError(404, OcpiCode.unknownLocation, `Unknown location ${id.slice(0, 36)}`)

export async function receiveLocation(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  id: string,
  body: unknown,
  patch: boolean,
): Promise<void> {
  let location: OcpiLocation
  if (patch) {
    const held = await heldLocation(db, partner, ref, id)
    if (!held) throw unknownLocation(id)
    const change = parseOcpi(ocpiLocationPatch, body, '')
    location = parseOcpi(ocpiLocation, { ...held.location, ...change }, '')
  } else location = parseOcpi(ocpiLocation, body, '')
  sameIds('country_code', ref.country_code, location.country_code)
  sameIds('party_id', ref.party_id, location.party_id)
  sameIds('id', id, location.id)
  // A PATCH without an EVSE list keeps the EVSEs held; a PUT without one holds none.
  const patchedEvses =
    patch && (body as { evses?: unknown }).evses === undefined ? undefined : (location.evses ?? [])
  await putPartnerLocation(
    db,
    storedLocation(partner, ref, location),
    patchedEvses
      ?.map((e) => storedEvse(partner, ref, location.id, e))
      .filter((e): e is StoredEvse => e !== null),
    Date.now(),
  )
}

export async function receiveEvse(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  locationId: string,
  evseUid: string,
  body: unknown,
  patch: boolean,
): Promise<void> {
  const held = await heldLocation(db, partner, ref, locationId)
  if (!held) throw unknownLocation(locationId)
  let evse: OcpiEvse
  if (patch) {
    const current = held.location.evses?.find((e) => e.uid === evseUid)
    if (!current) throw new OcpiError(404, OcpiCode.clientError, `Unknown EVSE ${evseUid.slice(0, 36)}`)
    evse = parseOcpi(ocpiEvse, { ...current, ...parseOcpi(ocpiEvsePatch, body, '') }, '')
  } else evse = parseOcpi(ocpiEvse, body, '')
  sameIds('uid', evseUid, evse.uid)
  await putPartnerEvse(
    db,
    partner.entity_code,
    held.row.id,
    evse.uid,
    storedEvse(partner, ref, locationId, evse),
    Date.now(),
  )
}

export async function receiveConnector(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  locationId: string,
  evseUid: string,
  connectorId: string,
  body: unknown,
  patch: boolean,
): Promise<void> {
  const held = await heldLocation(db, partner, ref, locationId)
  if (!held) throw unknownLocation(locationId)
  const evse = held.location.evses?.find((e) => e.uid === evseUid)
  if (!evse) throw new OcpiError(404, OcpiCode.clientError, `Unknown EVSE ${evseUid.slice(0, 36)}`)
  const current = evse.connectors.find((c) => c.id === connectorId)
  if (patch && !current)
    throw new OcpiError(404, OcpiCode.clientError, `Unknown connector ${connectorId.slice(0, 36)}`)
  const connector = parseOcpi(
    ocpiConnector,
    patch ? { ...current, ...parseOcpi(ocpiConnectorPatch, body, '') } : body,
    '',
  )
  sameIds('id', connectorId, connector.id)
  const connectors = [...evse.connectors.filter((c) => c.id !== connectorId), connector]
  const merged = parseOcpi(ocpiEvse, { ...evse, connectors, last_updated: connector.last_updated }, '')
  await putPartnerEvse(
    db,
    partner.entity_code,
    held.row.id,
    merged.uid,
    storedEvse(partner, ref, locationId, merged),
    Date.now(),
  )
}

/** GET of one held object, for the partner to check what we have. */
export async function heldObject(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  locationId: string,
  evseUid?: string,
  connectorId?: string,
): Promise<unknown> {
  const held = await heldLocation(db, partner, ref, locationId)
  if (!held) throw unknownLocation(locationId)
  if (evseUid === undefined) return held.location
  const evseRow = held.evses.find((e) => e.external_id === evseUid)
  if (!evseRow) throw new OcpiError(404, OcpiCode.clientError, `Unknown EVSE ${evseUid.slice(0, 36)}`)
  const evse = toOcpiEvse(
    evseRow,
    held.connectors.filter((c) => c.evse_ref === evseRow.id),
    true,
  )
  if (connectorId === undefined) return evse
  const connector = evse.connectors.find((c) => c.id === connectorId)
  if (!connector)
    throw new OcpiError(404, OcpiCode.clientError, `Unknown connector ${connectorId.slice(0, 36)}`)
  return connector
}
