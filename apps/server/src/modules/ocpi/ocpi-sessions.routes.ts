import type { OcpiCdrToken } from '@portal/contract'
import { OCPI_VERSION } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import { parseJson } from '../../lib/json'
import { ocpiOk } from './ocpi-envelope'
import type { OcpiSettings } from './ocpi-handshake.service'
import { publicUrlOf } from './ocpi-handshake.service'
import { pageHeaders, pagingOf } from './ocpi-paging'
import { checkParty } from './ocpi-partner-locations.service'
import {
  heldPartnerCdr,
  heldPartnerSession,
  receivePartnerCdr,
  receivePartnerSession,
} from './ocpi-partner-sessions.service'
import { ourParty } from './ocpi-routing'
import {
  cdrPage,
  countCdrs,
  countOurSessions,
  ourSessionPage,
  sessionCdrTokens,
} from './ocpi-sessions.repository'
import { placeOf, toOcpiSession } from './ocpi-sessions.mapping'

/*
 * Sessions and CDRs (mod_sessions, mod_cdrs). As the CPO we send, under /ocpi/cpo/2.2.1: the partner's drivers'
 * sessions on our chargers and their CDRs (GET lists, paged). As the eMSP we receive, under /ocpi/emsp/2.2.1: a
 * Session PUT, PATCH or GET by the CPO's party and id; a CDR POSTed (answered with its URL in Location) and GET.
 */

interface SessionParams {
  country_code: string
  party_id: string
  session_id: string
}

export function ocpiSessionRoutes(app: FastifyInstance, settings: OcpiSettings): void {
  const sessions = { ocpi: { module: 'sessions' } } as const
  const cdrs = { ocpi: { module: 'cdrs' } } as const

  app.get(`/cpo/${OCPI_VERSION}/sessions`, { config: sessions }, async (request, reply) => {
    const { partner, party } = await ourParty(app, request, reply, 'CPO')
    const paging = pagingOf(request)
    const window = { from: paging.from, to: paging.to }
    const [total, rows] = await Promise.all([
      countOurSessions(app.db, partner.id, window),
      ourSessionPage(app.db, partner.id, window, paging.limit, paging.offset),
    ])
    const tokens = await sessionCdrTokens(app.db, rows)
    const data = rows.map((row, i) => toOcpiSession(party, row, tokens[i] as OcpiCdrToken, placeOf(row)))
    pageHeaders(request, reply, publicUrlOf(settings), paging, rows.length, total)
    return ocpiOk(data)
  })

  app.get(`/cpo/${OCPI_VERSION}/cdrs`, { config: cdrs }, async (request, reply) => {
    const { partner } = await ourParty(app, request, reply, 'CPO')
    const paging = pagingOf(request)
    const window = { from: paging.from, to: paging.to }
    const [total, rows] = await Promise.all([
      countCdrs(app.db, partner.id, 'out', window),
      cdrPage(app.db, partner.id, 'out', window, paging.limit, paging.offset),
    ])
    pageHeaders(request, reply, publicUrlOf(settings), paging, rows.length, total)
    return ocpiOk(rows.map((row) => parseJson<unknown>(row.body, null)))
  })

  const sessionUrl = `/emsp/${OCPI_VERSION}/sessions/:country_code/:party_id/:session_id`
  for (const method of ['PUT', 'PATCH'] as const)
    app.route<{ Params: SessionParams }>({
      method,
      url: sessionUrl,
      config: sessions,
      handler: async (request, reply) => {
        const { partner } = await ourParty(app, request, reply, 'EMSP')
        const p = request.params
        const ref = checkParty(partner, p.country_code, p.party_id)
        await receivePartnerSession(app.db, partner, ref, p.session_id, request.body, method === 'PATCH')
        return ocpiOk()
      },
    })
  app.get<{ Params: SessionParams }>(sessionUrl, { config: sessions }, async (request, reply) => {
    const { partner } = await ourParty(app, request, reply, 'EMSP')
    const p = request.params
    const ref = checkParty(partner, p.country_code, p.party_id)
    return ocpiOk(await heldPartnerSession(app.db, partner, ref, p.session_id))
  })

  app.post(`/emsp/${OCPI_VERSION}/cdrs`, { config: cdrs }, async (request, reply) => {
    const { partner } = await ourParty(app, request, reply, 'EMSP')
    const id = await receivePartnerCdr(app.db, partner, request.body)
    void reply.header('Location', `${publicUrlOf(settings)}/ocpi/emsp/${OCPI_VERSION}/cdrs/${String(id)}`)
    return ocpiOk()
  })
  app.get<{ Params: { id: string } }>(
    `/emsp/${OCPI_VERSION}/cdrs/:id`,
    { config: cdrs },
    async (request, reply) => {
      const { partner } = await ourParty(app, request, reply, 'EMSP')
      return ocpiOk(await heldPartnerCdr(app.db, partner, request.params.id))
    },
  )
}
