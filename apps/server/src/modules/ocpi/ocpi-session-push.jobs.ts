import type { OcpiCdrToken, OcpiEndpoint } from '@portal/contract'
import { LiveEventName, minorUnitDigits } from '@portal/contract'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import type { LiveFact } from '../live/live-kinds'
import { ocpiCall } from './ocpi-client'
import type { OcpiSettings } from './ocpi-handshake.service'
import { connectorsOf, evsesOf, locationById } from './ocpi-locations.repository'
import { toOcpiLocation } from './ocpi-locations.mapping'
import type { PartyRef } from './ocpi-partner-locations.service'
import type { PlacedSessionRow } from './ocpi-sessions.repository'
import {
  cdrById,
  cdrOfSession,
  insertCdrOnce,
  isOurRoamingSession,
  ourRoamingSession,
  sessionCdrTokens,
  tariffRowById,
} from './ocpi-sessions.repository'
import { placeOf, toCdrLocation, toOcpiCdr, toOcpiSession } from './ocpi-sessions.mapping'
import { toOcpiTariff } from './ocpi-tariffs.service'
import type { OcpiPartnerRow } from './ocpi.table'
import { identitiesOf, partnerById, recordSync } from './ocpi.repository'

/*
 * Sessions and CDRs we send as the CPO (decision 0113). A partner's driver charging on our charger is a roaming
 * session (modules/ocpp marks it); each of its changes queues one push of the whole Session to the partner's
 * Sessions receiver (one job per session at a time: a burst of meter values becomes one push of the latest state).
 * When it completes, its CDR is made once, from the session as our pricing left it, and POSTed to the partner's CDRs
 * receiver in its own job: a partner that is down gets both later, in order of their retries.
 */

export const OCPI_PUSH_SESSION = 'ocpi.push.session'
export const OCPI_PUSH_CDR = 'ocpi.push.cdr'

interface PushSessionPayload {
  session_uid: string
}
interface PushCdrPayload {
  cdr_id: number
}

const PUSH_RECHECKS = 5
const SESSION_FACTS: ReadonlySet<string> = new Set([
  LiveEventName.sessionStarted,
  LiveEventName.sessionUpdated,
  LiveEventName.sessionStopped,
])

const receiverOf = (partner: OcpiPartnerRow, module: string) =>
  parseJson<OcpiEndpoint[]>(partner.endpoints, []).find(
    (e) => e.identifier === module && e.role === 'RECEIVER',
  )?.url

async function cpoPartyOf(db: Db, entityCode: string): Promise<PartyRef | undefined> {
  return (await identitiesOf(db, entityCode)).find((i) => i.role === 'CPO')
}

async function tokenOf(db: Db, row: PlacedSessionRow): Promise<OcpiCdrToken> {
  const [token] = await sessionCdrTokens(db, [row])
  if (!token) throw new Error('No token for the session')
  return token
}

/** Makes the CDR of a completed roaming session once; its id, or undefined when it cannot be made (yet). */
async function makeCdr(db: Db, party: PartyRef, row: PlacedSessionRow): Promise<number | undefined> {
  const held = await cdrOfSession(db, row.id, 'out')
  if (held) return held.id
  const location = await locationById(db, row.entity_code, row.location_id)
  if (!location) return undefined
  const [evses, connectors, tariffRow] = await Promise.all([
    evsesOf(db, [location.id]),
    connectorsOf(db, [location.id]),
    row.tariff_id === null ? Promise.resolve(undefined) : tariffRowById(db, row.tariff_id),
  ])
  const cdrLocation = toCdrLocation(toOcpiLocation(party, location, evses, connectors), placeOf(row))
  if (!cdrLocation) return undefined
  const now = Date.now()
  const cdr = toOcpiCdr(
    party,
    row,
    await tokenOf(db, row),
    cdrLocation,
    tariffRow === undefined ? undefined : toOcpiTariff(party, tariffRow),
    now,
  )
  return insertCdrOnce(db, {
    entity_code: row.entity_code,
    partner_id: row.ocpi_partner_id,
    direction: 'out',
    country_code: party.country_code,
    party_id: party.party_id,
    cdr_id: cdr.id,
    session_id: row.id,
    currency: cdr.currency,
    total_excl_vat: Math.round(cdr.total_cost.excl_vat * 10 ** minorUnitDigits(cdr.currency)),
    total_incl_vat: Math.round((cdr.total_cost.incl_vat ?? 0) * 10 ** minorUnitDigits(cdr.currency)),
    our_total_excl_vat: null,
    flagged: 0,
    flag_reason: null,
    body: JSON.stringify(cdr),
    last_updated: now,
    created_at: now,
  })
}

async function pushSession(app: FastifyInstance, settings: OcpiSettings, payload: PushSessionPayload) {
  const db = app.db
  const first = await ourRoamingSession(db, payload.session_uid)
  if (first?.ocpi_partner_id == null) return
  const party = await cpoPartyOf(db, first.entity_code)
  if (!party) return
  const partner = await partnerById(db, first.ocpi_partner_id)
  if (partner?.status !== 'connected' || partner.outgoing_token === null) return
  const url = receiverOf(partner, 'sessions')
  const read = async () => {
    const row = await ourRoamingSession(db, payload.session_uid)
    return row ? { row, session: toOcpiSession(party, row, await tokenOf(db, row), placeOf(row)) } : undefined
  }
  let current = await read()
  for (let round = 0; current !== undefined && round < PUSH_RECHECKS; round++) {
    if (current.session.status === 'COMPLETED') {
      const cdrId = await makeCdr(db, party, current.row)
      if (cdrId !== undefined)
        await app.jobs.enqueue<PushCdrPayload>(
          OCPI_PUSH_CDR,
          { cdr_id: cdrId },
          { uniqueKey: `${OCPI_PUSH_CDR}:${String(cdrId)}` },
        )
    }
    if (url === undefined) return
    const sent = current.session
    try {
      await ocpiCall(db, settings.client, {
        partnerId: partner.id,
        method: 'PUT',
        url: `${url}/${party.country_code}/${party.party_id}/${encodeURIComponent(sent.id)}`,
        token: partner.outgoing_token,
        module: 'sessions',
        body: sent,
      })
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err)
      await recordSync(db, partner.id, 'sessions', 'push', Date.now(), why)
      throw err
    }
    await recordSync(db, partner.id, 'sessions', 'push', Date.now(), `ok: session ${sent.id}`)
    current = await read()
    if (current !== undefined && JSON.stringify(current.session) === JSON.stringify(sent)) return
  }
}

async function pushCdr(app: FastifyInstance, settings: OcpiSettings, payload: PushCdrPayload) {
  const db = app.db
  const row = await cdrById(db, payload.cdr_id)
  if (row?.partner_id == null || row.direction !== 'out') return
  const partner = await partnerById(db, row.partner_id)
  if (partner?.status !== 'connected' || partner.outgoing_token === null) return
  const url = receiverOf(partner, 'cdrs')
  if (url === undefined) return
  try {
    await ocpiCall(db, settings.client, {
      partnerId: partner.id,
      method: 'POST',
      url,
      token: partner.outgoing_token,
      module: 'cdrs',
      body: parseJson<unknown>(row.body, null),
    })
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err)
    await recordSync(db, partner.id, 'cdrs', 'push', Date.now(), why)
    throw err
  }
  await recordSync(db, partner.id, 'cdrs', 'push', Date.now(), `ok: cdr ${row.cdr_id}`)
}

/** The live feed's hook: a roaming session's change queues its push. */
function sessionHook(app: FastifyInstance) {
  return async (facts: readonly LiveFact[]) => {
    for (const fact of facts) {
      if (!SESSION_FACTS.has(fact.name)) continue
      const uid = (fact.data as { session?: unknown }).session
      if (typeof uid !== 'string') continue
      if (await isOurRoamingSession(app.db, uid))
        await app.jobs.enqueue<PushSessionPayload>(
          OCPI_PUSH_SESSION,
          { session_uid: uid },
          { uniqueKey: `${OCPI_PUSH_SESSION}:${uid}` },
        )
    }
  }
}

export function registerOcpiSessionPush(app: FastifyInstance, settings: OcpiSettings): void {
  app.jobs.register<PushSessionPayload>(OCPI_PUSH_SESSION, (payload) => pushSession(app, settings, payload), {
    maxAttempts: 12,
  })
  app.jobs.register<PushCdrPayload>(OCPI_PUSH_CDR, (payload) => pushCdr(app, settings, payload), {
    maxAttempts: 16,
  })
  app.live.onRecorded(sessionHook(app))
}
