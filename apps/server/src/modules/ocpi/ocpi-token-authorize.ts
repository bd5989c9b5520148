import type { OcpiAllowedType, OcpiEndpoint, OcpiToken } from '@portal/contract'
import { OcpiCode, ocpiAuthorizationInfo } from '@portal/contract'
import type { AuthorizationAnswer } from '@portal/contract'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import type { ForeignToken, ForeignTokens } from '../ocpp/ocpp.service'
import { OcpiCallFailed, ocpiCall } from './ocpi-client'
import type { OcpiClientSettings } from './ocpi-client'
import { connectedPartnerTokens, recentStartCommand } from './ocpi-tokens.repository'
import { connectedPartnersOf } from './ocpi.repository'
import type { OcpiPartnerRow, OcpiTokenRow } from './ocpi.table'

/*
 * Our chargers and partners' drivers (mod_tokens.asciidoc "Real-time authorization", decision 0113). A token we did not
 * issue is a partner's when:
 * - the partner asked us to start a session with it on this charger a moment ago (START_SESSION: authorized by the
 *   eMSP already, its authorization reference goes into the session);
 * - the partner gave it to us (Tokens receiver, or a pull) and its whitelist lets us decide: ALWAYS by its `valid`,
 *   ALLOWED when valid (an invalid one is asked about: it may have become valid);
 * - else the partner says so when asked: every connected partner that sends tokens is asked at once, and the first
 *   ALLOWED wins. A token held as ALLOWED_OFFLINE is accepted by its `valid` when its partner cannot be reached.
 * A partner's answer is kept a minute: a 1.6 charger sends Authorize and then StartTransaction for the same plug-in.
 */

const COMMAND_WINDOW_MS = 15 * 60_000
const ANSWER_TTL_MS = 60_000
const ALLOWED_ANSWER: Record<OcpiAllowedType, AuthorizationAnswer> = {
  ALLOWED: 'Accepted',
  BLOCKED: 'Blocked',
  EXPIRED: 'Expired',
  NO_CREDIT: 'Invalid',
  NOT_ALLOWED: 'Invalid',
}

const partyOf = (token: { country_code: string; party_id: string }) =>
  `${token.country_code}${token.party_id}`
const nameOf = (token: Pick<OcpiToken, 'visual_number' | 'contract_id'>) =>
  token.visual_number ?? token.contract_id

const sendersOf = (partner: OcpiPartnerRow) =>
  parseJson<OcpiEndpoint[]>(partner.endpoints, []).find(
    (e) => e.identifier === 'tokens' && e.role === 'SENDER',
  )?.url

type Asked =
  { kind: 'answer'; token: ForeignToken } | { kind: 'unknown' } | { kind: 'unreachable'; why: string }

async function ask(
  db: Db,
  client: OcpiClientSettings,
  partner: OcpiPartnerRow,
  uid: string,
  type: string,
): Promise<Asked> {
  const url = sendersOf(partner)
  if (url === undefined || partner.outgoing_token === null) return { kind: 'unknown' }
  try {
    const answer = await ocpiCall(db, client, {
      partnerId: partner.id,
      method: 'POST',
      url: `${url}/${encodeURIComponent(uid)}/authorize?type=${type}`,
      token: partner.outgoing_token,
      module: 'tokens',
    })
    const info = ocpiAuthorizationInfo.safeParse(answer.envelope.data)
    if (!info.success) return { kind: 'unreachable', why: 'its AuthorizationInfo is not valid' }
    const token = info.data.token
    return {
      kind: 'answer',
      token: {
        partner_id: partner.id,
        party: partyOf(token),
        name: nameOf(token),
        answer: ALLOWED_ANSWER[info.data.allowed],
        authorization_reference: info.data.authorization_reference ?? uid,
        auth_method: 'AUTH_REQUEST',
      },
    }
  } catch (err) {
    if (err instanceof OcpiCallFailed && err.ocpiStatus === OcpiCode.unknownToken) return { kind: 'unknown' }
    return { kind: 'unreachable', why: err instanceof Error ? err.message : String(err) }
  }
}

function fromHeld(row: OcpiTokenRow, answer: AuthorizationAnswer, reference?: string): ForeignToken {
  const token = parseJson<OcpiToken>(row.body, {} as OcpiToken)
  return {
    partner_id: row.partner_id,
    party: partyOf(row),
    name: nameOf({ visual_number: token.visual_number, contract_id: row.contract_id }),
    answer,
    authorization_reference: reference ?? row.uid,
    auth_method: reference === undefined ? 'WHITELIST' : 'COMMAND',
  }
}

async function decide(
  db: Db,
  client: OcpiClientSettings,
  entityCode: string,
  uid: string,
): Promise<ForeignToken | undefined> {
  const held = await connectedPartnerTokens(db, entityCode, uid)
  const first = held[0]
  if (first?.whitelist === 'ALWAYS') return fromHeld(first, first.valid === 1 ? 'Accepted' : 'Invalid')
  if (first?.whitelist === 'ALLOWED' && first.valid === 1) return fromHeld(first, 'Accepted')

  // Ask the partner that gave it to us, else every partner that sends tokens.
  const partners = (await connectedPartnersOf(db, entityCode)).filter(
    (p) => first === undefined || p.id === first.partner_id,
  )
  const answers = await Promise.all(partners.map((p) => ask(db, client, p, uid, first?.type ?? 'RFID')))
  const given = answers.flatMap((a) => (a.kind === 'answer' ? [a.token] : []))
  const decided = given.find((t) => t.answer === 'Accepted') ?? given[0]
  if (decided) return decided
  if (first === undefined) return undefined
  // Nobody answered for a token we hold: ALLOWED_OFFLINE trusts what we were told; the rest are refused.
  const offline = answers.some((a) => a.kind === 'unreachable')
  return fromHeld(
    first,
    offline && first.whitelist === 'ALLOWED_OFFLINE' && first.valid === 1 ? 'Accepted' : 'Invalid',
  )
}

/** A START_SESSION the partner sent for this charger and token a moment ago: authorized by the eMSP already. */
async function commanded(db: Db, entityCode: string, uid: string, chargePointId: number) {
  const command = await recentStartCommand(db, chargePointId, uid, Date.now() - COMMAND_WINDOW_MS)
  if (!command) return undefined
  const token = (await connectedPartnerTokens(db, entityCode, uid)).find(
    (t) => t.partner_id === command.partner_id,
  )
  return token && fromHeld(token, 'Accepted', command.authorization_reference ?? uid)
}

export function foreignTokens(db: Db, client: OcpiClientSettings): ForeignTokens {
  const recent = new Map<string, { until: number; answer: Promise<ForeignToken | undefined> }>()
  return {
    async authorize(entityCode, uid, chargePointId) {
      const asked = await commanded(db, entityCode, uid, chargePointId)
      if (asked) return asked
      const key = `${entityCode}\u0000${uid}\u0000${String(chargePointId)}`
      const now = Date.now()
      for (const [k, v] of recent) if (v.until <= now) recent.delete(k)
      const hit = recent.get(key)
      if (hit) return hit.answer
      const answer = decide(db, client, entityCode, uid)
      // Only a partner's own answer is kept: what we decide from what we hold is cheap, and may change at once (a
      // START_SESSION arriving, a token pushed).
      recent.set(key, { until: now + ANSWER_TTL_MS, answer })
      answer.then(
        (given) => {
          if (given?.auth_method !== 'AUTH_REQUEST') recent.delete(key)
        },
        () => recent.delete(key),
      )
      return answer
    },
  }
}
