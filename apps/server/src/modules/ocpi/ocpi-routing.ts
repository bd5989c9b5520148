import { OCPI_HEADERS, OcpiCode } from '@portal/contract'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { OcpiError } from './ocpi-envelope'
import { requirePartner } from './ocpi-scope'
import { identitiesOf } from './ocpi.repository'

/*
 * Hub routing (transport_and_format.asciidoc, "Message Routing"): a request through a hub names the party it is for
 * (OCPI-to-country-code, OCPI-to-party-id) and the party it is from. A request for another party than ours, in the
 * role the module is served in, is 4001 Unknown receiver; every answer says it is from our party and, when the
 * request said who it was from, to whom.
 */

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name.toLowerCase()]
  return typeof value === 'string' ? value : undefined
}
/** A country code or party id as the answer may echo it (letters and digits only, never anything else). */
const code = (value: string | undefined, length: number) =>
  value !== undefined && new RegExp(`^[A-Za-z0-9]{${String(length)}}$`).test(value)
    ? value.toUpperCase()
    : undefined

export async function ourParty(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  role: 'CPO' | 'EMSP',
) {
  const partner = requirePartner(request)
  const party = (await identitiesOf(app.db, partner.entity_code)).find((i) => i.role === role)
  if (!party)
    throw new OcpiError(
      404,
      OcpiCode.clientError,
      role === 'CPO'
        ? 'We are not a CPO to you: nothing to send'
        : 'We are not an eMSP to you: nothing to receive',
    )
  const toCountry = header(request, OCPI_HEADERS.toCountryCode)
  const toParty = header(request, OCPI_HEADERS.toPartyId)
  if (
    (toCountry !== undefined && toCountry.toUpperCase() !== party.country_code) ||
    (toParty !== undefined && toParty.toUpperCase() !== party.party_id)
  )
    throw new OcpiError(
      404,
      OcpiCode.unknownReceiver,
      `Unknown receiver: we are ${party.country_code}/${party.party_id}`,
    )
  void reply.header(OCPI_HEADERS.fromCountryCode, party.country_code)
  void reply.header(OCPI_HEADERS.fromPartyId, party.party_id)
  const fromCountry = code(header(request, OCPI_HEADERS.fromCountryCode), 2)
  const fromParty = code(header(request, OCPI_HEADERS.fromPartyId), 3)
  if (fromCountry !== undefined && fromParty !== undefined) {
    void reply.header(OCPI_HEADERS.toCountryCode, fromCountry)
    void reply.header(OCPI_HEADERS.toPartyId, fromParty)
  }
  return { partner, entity: partner.entity_code, party }
}
