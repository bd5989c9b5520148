import type { OcpiAuthorizationInfo, OcpiToken, OcpiTokenType } from '@portal/contract'
import {
  OCPI_TOKEN_TYPES,
  OcpiCode,
  ocpiLocationReferences,
  ocpiToken,
  ocpiTokenPatch,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import { OcpiError, parseOcpi } from './ocpi-envelope'
import type { PartyRef } from './ocpi-partner-locations.service'
import { toOcpiToken } from './ocpi-tokens.mapping'
import { entityName, ownToken, partnerToken, upsertPartnerToken } from './ocpi-tokens.repository'
import type { OcpiPartnerRow } from './ocpi.table'

/*
 * Tokens (mod_tokens.asciidoc, decision 0113). As the CPO we receive a partner eMSP's tokens (PUT whole, PATCH merged
 * and the result validated whole before it is written, GET what we hold); as the eMSP we send ours (the list, in
 * ocpi-tokens.routes.ts) and answer real-time authorization for them.
 */

/** `?type=` of a token URL: RFID when absent (mod_tokens.asciidoc: "Default if omitted: RFID"). */
export function tokenTypeOf(query: unknown): OcpiTokenType {
  const type = (query as { type?: unknown } | null)?.type
  if (type === undefined) return 'RFID'
  if (typeof type === 'string' && (OCPI_TOKEN_TYPES as readonly string[]).includes(type))
    return type as OcpiTokenType
  throw new OcpiError(400, OcpiCode.invalidParameters, `type: one of ${OCPI_TOKEN_TYPES.join(', ')}`)
}

export async function heldPartnerToken(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  uid: string,
  type: OcpiTokenType,
): Promise<OcpiToken> {
  const row = await partnerToken(db, partner.id, ref.country_code, ref.party_id, uid, type)
  if (!row) throw new OcpiError(404, OcpiCode.unknownToken, `Unknown token ${uid.slice(0, 36)}`)
  return parseJson<OcpiToken>(row.body, {} as OcpiToken)
}

export async function receivePartnerToken(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  uid: string,
  type: OcpiTokenType,
  body: unknown,
  patch: boolean,
): Promise<void> {
  let token: OcpiToken
  if (patch) {
    const changes = parseOcpi(ocpiTokenPatch, body, '')
    const held = await heldPartnerToken(db, partner, ref, uid, type)
    token = parseOcpi(ocpiToken, { ...held, ...changes }, '')
  } else token = parseOcpi(ocpiToken, body, '')
  for (const [field, expected, given] of [
    ['country_code', ref.country_code, token.country_code],
    ['party_id', ref.party_id, token.party_id],
    ['uid', uid, token.uid],
    ['type', type, token.type],
  ] as const)
    if (expected.toUpperCase() !== given.toUpperCase())
      throw new OcpiError(
        400,
        OcpiCode.invalidParameters,
        `${field}: ${given} does not match the URL's ${expected}`,
      )
  await upsertPartnerToken(db, partner, token)
}

/**
 * Real-time authorization of one of our tokens (the partner CPO asks before its charger lets our driver charge).
 * Every token we issue may charge on a partner's network while it is ALLOWED; the answer carries a reference the CPO
 * copies into the session and CDR.
 */
export async function authorizeOwnToken(
  db: Db,
  partner: OcpiPartnerRow,
  party: PartyRef,
  uid: string,
  type: OcpiTokenType,
  body: unknown,
): Promise<OcpiAuthorizationInfo> {
  const location =
    body === undefined || body === null || body === ''
      ? undefined
      : parseOcpi(ocpiLocationReferences, body, '')
  const row = await ownToken(db, partner.entity_code, uid)
  if (!row || toOcpiToken(party, '', row).type !== type)
    throw new OcpiError(404, OcpiCode.unknownToken, `Unknown token ${uid.slice(0, 36)}`)
  const token = toOcpiToken(party, await entityName(db, partner.entity_code), row)
  const allowed = row.status === 'ALLOWED' ? 'ALLOWED' : row.status === 'EXPIRED' ? 'EXPIRED' : 'BLOCKED'
  return {
    allowed,
    token,
    ...(location === undefined ? {} : { location }),
    ...(allowed === 'ALLOWED'
      ? { authorization_reference: randomUUID().replaceAll('-', '').slice(0, 36) }
      : {}),
  }
}
