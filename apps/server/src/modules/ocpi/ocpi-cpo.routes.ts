import { OCPI_VERSION, OcpiCode } from '@portal/contract'
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
import { ourParty } from './ocpi-routing'

/*
 * What we send as a CPO (decision 0113), under /ocpi/cpo/2.2.1: Locations (GET list, one location, one EVSE, one
 * connector) and Tariffs (GET list). The partner's entity must play CPO; a hub's routing headers must name our party.
 */

const cpoParty = (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) =>
  ourParty(app, request, reply, 'CPO')

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
