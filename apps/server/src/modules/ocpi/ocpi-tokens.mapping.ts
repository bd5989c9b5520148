import type { OcpiToken, OcpiTokenType } from '@portal/contract'
import { OCPI_TOKEN_TYPES, ocpiDateTimeOf } from '@portal/contract'
import type { Selectable } from 'kysely'
import type { EvTokenTable } from '../charging/ev.table'
import type { PartyRef } from './ocpi-partner-locations.service'

/*
 * Our eMSP's token as OCPI's Token (mod_tokens.asciidoc): the party is the eMSP's, the issuer its name. Every token
 * we issue is ours to authorize: partners may keep it and authorize it themselves while it is valid (ALLOWED), and
 * ask us when it is not; a BLOCKED or EXPIRED token is sent as not valid.
 */
export type EvTokenRow = Pick<
  Selectable<EvTokenTable>,
  'uid' | 'type' | 'contract_id' | 'visual_number' | 'status' | 'updated_at'
>

const tokenTypeOf = (type: string): OcpiTokenType =>
  (OCPI_TOKEN_TYPES as readonly string[]).includes(type) ? (type as OcpiTokenType) : 'OTHER'

export function toOcpiToken(party: PartyRef, issuer: string, row: EvTokenRow): OcpiToken {
  return {
    country_code: party.country_code,
    party_id: party.party_id,
    uid: row.uid,
    type: tokenTypeOf(row.type),
    contract_id: row.contract_id,
    ...(row.visual_number === '' ? {} : { visual_number: row.visual_number.slice(0, 64) }),
    issuer: issuer.slice(0, 64),
    valid: row.status === 'ALLOWED',
    whitelist: 'ALLOWED',
    last_updated: ocpiDateTimeOf(row.updated_at),
  }
}
