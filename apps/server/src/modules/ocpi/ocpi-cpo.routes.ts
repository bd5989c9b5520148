import { OCPI_HEADERS, OCPI_VERSION, OcpiCode } from '@portal/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OcpiError, ocpiOk, ocpiUnknown } from './ocpi-envelope'
import type { OcpiSettings } from './ocpi-handshake.service'
import { publicUrlOf } from './ocpi-handshake.service'
import {
  connectorsOf,
  countLocations,
  evsesOf,
  locationByUid,
  locationPage,
} from './ocpi-locations.repository'
import { toOcpiEvse, toOcpiLocation } from './ocpi-locations.mapping'
import { pageHeaders, pagingOf } from './ocpi-paging'
import { countTariffs, tariffPage } from './ocpi-tariffs.repository'
import { toOcpiTariff } from './ocpi-tariffs.service'
import { requirePartner } from './ocpi-scope'
import { identitiesOf } from './ocpi.repository'

/*
 * What we send as a CPO (decision 0113), under /ocpi/cpo/2.2.1: Locations (GET list, one location, one EVSE, one
 * connector) and Tariffs (GET list). The partner's entity must play CPO; a hub's routing headers must name our party.
 */

async function cpoParty(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const partner = requirePartner(request)
  const party = (await identitiesOf(app.db, partner.entity_code)).find((i) => i.role === 'CPO')
  if (!party) throw new OcpiError(404, OcpiCode.clientError, 'We are not a CPO to you: nothing to send')
  const toCountry = request.headers[OCPI_HEADERS.toCountryCode.toLowerCase()]
  const toParty = request.headers[OCPI_HEADERS.toPartyId.toLowerCase()]
  if (
    (typeof toCountry === 'string' && toCountry.toUpperCase() !== party.country_code) ||
    (typeof toParty === 'string' && toParty.toUpperCase() !== party.party_id)
  )
    throw new OcpiError(
      404,
      OcpiCode.unknownReceiver,
      `Unknown receiver: we are ${party.country_code}/${party.party_id}`,
    )
  // The answer says who it is from, and to whom when the request said who it was from (hub routing).
  void reply.header(OCPI_HEADERS.fromCountryCode, party.country_code)
  void reply.header(OCPI_HEADERS.fromPartyId, party.party_id)
  const fromCountry = request.headers[OCPI_HEADERS.fromCountryCode.toLowerCase()]
  const fromParty = request.headers[OCPI_HEADERS.fromPartyId.toLowerCase()]
  if (typeof fromCountry === 'string' && typeof fromParty === 'string') {
    void reply.header(OCPI_HEADERS.toCountryCode, fromCountry.slice(0, 2))
    void reply.header(OCPI_HEADERS.toPartyId, fromParty.slice(0, 3))
  }
  return { entity: partner.entity_code, party }
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>()
  for (const item of items) {
    const k = key(item)
    const group = groups.get(k)
    if (group) group.push(item)
    else groups.set(k, [item])
  }
  return groups
}

export function ocpiCpoRoutes(app: FastifyInstance, settings: OcpiSettings): void {
  const config = { ocpi: { module: 'locations' } } as const
  const prefix = `/cpo/${OCPI_VERSION}/locations`

  app.get(prefix, { config }, async (request, reply) => {
    const { entity, party } = await cpoParty(app, request, reply)
    const paging = pagingOf(request)
    const window = { from: paging.from, to: paging.to }
    const [total, rows] = await Promise.all([
      countLocations(app.db, entity, window),
      locationPage(app.db, entity, window, paging.limit, paging.offset),
    ])
    const ids = rows.map((r) => r.id)
    const [evses, connectors] = await Promise.all([evsesOf(app.db, ids), connectorsOf(app.db, ids)])
    const evsesByLocation = groupBy(evses, (e) => e.location_id)
    const locationOfEvse = new Map(evses.map((e) => [e.id, e.location_id]))
    const connectorsByLocation = groupBy(connectors, (c) => locationOfEvse.get(c.evse_ref) ?? -1)
    const locations = rows.map((row) =>
      toOcpiLocation(party, row, evsesByLocation.get(row.id) ?? [], connectorsByLocation.get(row.id) ?? []),
    )
    pageHeaders(request, reply, publicUrlOf(settings), paging, rows.length, total)
    return ocpiOk(locations)
  })

  // Tariffs (mod_tariffs.asciidoc): the sender interface is the list alone.
  app.get(
    `/cpo/${OCPI_VERSION}/tariffs`,
    { config: { ocpi: { module: 'tariffs' } } },
    async (request, reply) => {
      const { entity, party } = await cpoParty(app, request, reply)
      const paging = pagingOf(request)
      const window = { from: paging.from, to: paging.to }
      const [total, rows] = await Promise.all([
        countTariffs(app.db, entity, window),
        tariffPage(app.db, entity, window, paging.limit, paging.offset),
      ])
      pageHeaders(request, reply, publicUrlOf(settings), paging, rows.length, total)
      return ocpiOk(rows.map((row) => toOcpiTariff(party, row)))
    },
  )

  const oneLocation = async (request: FastifyRequest, reply: FastifyReply, uid: string) => {
    const { entity, party } = await cpoParty(app, request, reply)
    const row = await locationByUid(app.db, entity, uid)
    if (!row) throw new OcpiError(404, OcpiCode.unknownLocation, `Unknown location ${uid.slice(0, 36)}`)
    const [evses, connectors] = await Promise.all([evsesOf(app.db, [row.id]), connectorsOf(app.db, [row.id])])
    return { location: toOcpiLocation(party, row, evses, connectors), evses, connectors }
  }

  app.get<{ Params: { location_id: string } }>(`${prefix}/:location_id`, { config }, async (request, reply) =>
    ocpiOk((await oneLocation(request, reply, request.params.location_id)).location),
  )
  app.get<{ Params: { location_id: string; evse_uid: string } }>(
    `${prefix}/:location_id/:evse_uid`,
    { config },
    async (request, reply) => {
      const { evses, connectors } = await oneLocation(request, reply, request.params.location_id)
      const evse = evses.find((e) => e.uid === request.params.evse_uid)
      const own = connectors.filter((c) => c.evse_ref === evse?.id)
      if (!evse || own.length === 0) throw ocpiUnknown(`EVSE ${request.params.evse_uid.slice(0, 36)}`)
      return ocpiOk(toOcpiEvse(evse, own))
    },
  )
  app.get<{ Params: { location_id: string; evse_uid: string; connector_id: string } }>(
    `${prefix}/:location_id/:evse_uid/:connector_id`,
    { config },
    async (request, reply) => {
      const { evses, connectors } = await oneLocation(request, reply, request.params.location_id)
      const evse = evses.find((e) => e.uid === request.params.evse_uid)
      const own = connectors.filter((c) => c.evse_ref === evse?.id)
      const connector = own.find((c) => c.connector_id === request.params.connector_id)
      if (!evse || !connector) throw ocpiUnknown(`connector ${request.params.connector_id.slice(0, 36)}`)
      return ocpiOk(toOcpiEvse(evse, [connector]).connectors[0])
    },
  )
}
