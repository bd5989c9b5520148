import { OCPI_VERSION } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { ocpiOk } from './ocpi-envelope'
import type { OcpiSettings } from './ocpi-handshake.service'
import { publicUrlOf } from './ocpi-handshake.service'
import { pageHeaders, pagingOf } from './ocpi-paging'
import { checkParty } from './ocpi-partner-locations.service'
import { ourParty } from './ocpi-routing'
import { toOcpiToken } from './ocpi-tokens.mapping'
import { countOwnTokens, entityName, ownTokenPage } from './ocpi-tokens.repository'
import { authorizeOwnToken, heldPartnerToken, receivePartnerToken, tokenTypeOf } from './ocpi-tokens.service'

/*
 * Tokens (mod_tokens.asciidoc): the eMSP sends (GET list, POST real-time authorization) under /ocpi/emsp/2.2.1/tokens;
 * the CPO receives (PUT, PATCH, GET of one token, `?type=` defaulting to RFID) under /ocpi/cpo/2.2.1/tokens.
 */

interface TokenParams {
  country_code: string
  party_id: string
  token_uid: string
}

export function ocpiTokenRoutes(app: FastifyInstance, settings: OcpiSettings): void {
  const config = { ocpi: { module: 'tokens' } } as const

  app.get(`/emsp/${OCPI_VERSION}/tokens`, { config }, async (request, reply) => {
    const { entity, party } = await ourParty(app, request, reply, 'EMSP')
    const paging = pagingOf(request)
    const window = { from: paging.from, to: paging.to }
    const [total, rows, issuer] = await Promise.all([
      countOwnTokens(app.db, entity, window),
      ownTokenPage(app.db, entity, window, paging.limit, paging.offset),
      entityName(app.db, entity),
    ])
    pageHeaders(request, reply, publicUrlOf(settings), paging, rows.length, total)
    return ocpiOk(rows.map((row) => toOcpiToken(party, issuer, row)))
  })

  app.post<{ Params: { token_uid: string } }>(
    `/emsp/${OCPI_VERSION}/tokens/:token_uid/authorize`,
    { config },
    async (request, reply) => {
      const { partner, party } = await ourParty(app, request, reply, 'EMSP')
      const type = tokenTypeOf(request.query)
      return ocpiOk(
        await authorizeOwnToken(app.db, partner, party, request.params.token_uid, type, request.body),
      )
    },
  )

  const url = `/cpo/${OCPI_VERSION}/tokens/:country_code/:party_id/:token_uid`
  for (const method of ['PUT', 'PATCH'] as const)
    app.route<{ Params: TokenParams }>({
      method,
      url,
      config,
      handler: async (request, reply) => {
        const { partner } = await ourParty(app, request, reply, 'CPO')
        const p = request.params
        const ref = checkParty(partner, p.country_code, p.party_id, 'EMSP')
        const type = tokenTypeOf(request.query)
        await receivePartnerToken(app.db, partner, ref, p.token_uid, type, request.body, method === 'PATCH')
        return ocpiOk()
      },
    })
  app.get<{ Params: TokenParams }>(url, { config }, async (request, reply) => {
    const { partner } = await ourParty(app, request, reply, 'CPO')
    const p = request.params
    const ref = checkParty(partner, p.country_code, p.party_id, 'EMSP')
    return ocpiOk(await heldPartnerToken(app.db, partner, ref, p.token_uid, tokenTypeOf(request.query)))
  })
}
