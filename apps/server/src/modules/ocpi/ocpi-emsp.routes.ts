import { OCPI_VERSION } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { ocpiOk } from './ocpi-envelope'
import {
  checkParty,
  heldObject,
  receiveConnector,
  receiveEvse,
  receiveLocation,
} from './ocpi-partner-locations.service'
import { ourParty } from './ocpi-routing'
import { heldTariff, receiveTariff, removeTariff } from './ocpi-tariffs.service'

/*
 * What we receive as an eMSP (decision 0113), under /ocpi/emsp/2.2.1: Locations pushed by a CPO partner (PUT, PATCH
 * and GET of a location, an EVSE, a connector), keyed by the CPO's country code and party id.
 */

interface LocationParams {
  country_code: string
  party_id: string
  location_id: string
}
interface EvseParams extends LocationParams {
  evse_uid: string
}
interface ConnectorParams extends EvseParams {
  connector_id: string
}
interface TariffParams {
  country_code: string
  party_id: string
  tariff_id: string
}

export function ocpiEmspRoutes(app: FastifyInstance): void {
  const config = { ocpi: { module: 'locations' } } as const
  const base = `/emsp/${OCPI_VERSION}/locations/:country_code/:party_id/:location_id`

  for (const method of ['PUT', 'PATCH'] as const) {
    const patch = method === 'PATCH'
    app.route<{ Params: LocationParams }>({
      method,
      url: base,
      config,
      handler: async (request, reply) => {
        const { partner } = await ourParty(app, request, reply, 'EMSP')
        const p = request.params
        await receiveLocation(
          app.db,
          partner,
          checkParty(partner, p.country_code, p.party_id),
          p.location_id,
          request.body,
          patch,
        )
        return ocpiOk()
      },
    })
    app.route<{ Params: EvseParams }>({
      method,
      url: `${base}/:evse_uid`,
      config,
      handler: async (request, reply) => {
        const { partner } = await ourParty(app, request, reply, 'EMSP')
        const p = request.params
        const ref = checkParty(partner, p.country_code, p.party_id)
        await receiveEvse(app.db, partner, ref, p.location_id, p.evse_uid, request.body, patch)
        return ocpiOk()
      },
    })
    app.route<{ Params: ConnectorParams }>({
      method,
      url: `${base}/:evse_uid/:connector_id`,
      config,
      handler: async (request, reply) => {
        const { partner } = await ourParty(app, request, reply, 'EMSP')
        const p = request.params
        const ref = checkParty(partner, p.country_code, p.party_id)
        await receiveConnector(
          app.db,
          partner,
          ref,
          p.location_id,
          p.evse_uid,
          p.connector_id,
          request.body,
          patch,
        )
        return ocpiOk()
      },
    })
  }
  // Tariffs (mod_tariffs.asciidoc, receiver interface): PUT, DELETE and GET of one tariff.
  const tariffs = { ocpi: { module: 'tariffs' } } as const
  const tariffUrl = `/emsp/${OCPI_VERSION}/tariffs/:country_code/:party_id/:tariff_id`
  app.put<{ Params: TariffParams }>(tariffUrl, { config: tariffs }, async (request, reply) => {
    const { partner } = await ourParty(app, request, reply, 'EMSP')
    const p = request.params
    await receiveTariff(
      app.db,
      partner,
      checkParty(partner, p.country_code, p.party_id),
      p.tariff_id,
      request.body,
    )
    return ocpiOk()
  })
  app.delete<{ Params: TariffParams }>(tariffUrl, { config: tariffs }, async (request, reply) => {
    const { partner } = await ourParty(app, request, reply, 'EMSP')
    const p = request.params
    await removeTariff(app.db, partner, checkParty(partner, p.country_code, p.party_id), p.tariff_id)
    return ocpiOk()
  })
  app.get<{ Params: TariffParams }>(tariffUrl, { config: tariffs }, async (request, reply) => {
    const { partner } = await ourParty(app, request, reply, 'EMSP')
    const p = request.params
    return ocpiOk(
      await heldTariff(app.db, partner, checkParty(partner, p.country_code, p.party_id), p.tariff_id),
    )
  })

  app.get<{ Params: LocationParams }>(base, { config }, async (request, reply) => {
    const { partner } = await ourParty(app, request, reply, 'EMSP')
    const p = request.params
    return ocpiOk(
      await heldObject(app.db, partner, checkParty(partner, p.country_code, p.party_id), p.location_id),
    )
  })
  app.get<{ Params: EvseParams }>(`${base}/:evse_uid`, { config }, async (request, reply) => {
    const { partner } = await ourParty(app, request, reply, 'EMSP')
    const p = request.params
    const ref = checkParty(partner, p.country_code, p.party_id)
    return ocpiOk(await heldObject(app.db, partner, ref, p.location_id, p.evse_uid))
  })
  app.get<{ Params: ConnectorParams }>(
    `${base}/:evse_uid/:connector_id`,
    { config },
    async (request, reply) => {
      const { partner } = await ourParty(app, request, reply, 'EMSP')
      const p = request.params
      const ref = checkParty(partner, p.country_code, p.party_id)
      return ocpiOk(await heldObject(app.db, partner, ref, p.location_id, p.evse_uid, p.connector_id))
    },
  )
}
