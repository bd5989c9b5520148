import type { AuthorizationAnswer, TariffElement, TimedReading } from '@portal/contract'
import {
  authorizeToken,
  LiveEventName,
  meteredCharging,
  priceSession,
  stopReasonOfOcpp,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import { deriveCarbonRecords } from '../carbon/carbon-ledger'
import { utc8Day } from '../charging/sessions/session.service'
import type { ConnectorRef, ForeignToken, OcppSession } from './ocpp.service'
import { pickConnector, reportTime } from './ocpp.service'
import { numberedConnectors } from './ocpp.repository'
import type { OcppSessionRow, TokenOwner } from './ocpp-transaction.repository'
import {
  addSessionToDaily,
  carbonProgrammesOfCpo,
  connectorForSession,
  deleteReadings,
  findTokenOwner,
  insertReadings,
  insertSessionOnce,
  lockChargerSession,
  readingsOf,
  tariffById,
  touchCharger,
  supersedeSessions,
  updateSession,
} from './ocpp-transaction.repository'

/*
 * Charging sessions from chargers' transactions, whatever the OCPP version (docs/decisions/0103-ocpp-transactions.md).
 * ocpp.handlers.ts turns 1.6 StartTransaction / MeterValues / StopTransaction and 2.0.1 TransactionEvent into these
 * calls. Every one is idempotent: a message sent twice (a charger that did not get our answer, a queue replayed after
 * a reconnect) finds what the first one did and changes nothing, so nothing is counted twice.
 */

/** Bus topics (issue 16 streams them to the portal). */
export const SESSION_STARTED = 'session.started'
export const SESSION_UPDATED = 'session.updated'
export const SESSION_STOPPED = 'session.stopped'

/** A start that reaches us this long after it happened was queued while the charger was offline. */
const OFFLINE_AFTER_MS = 2 * 60_000

export interface TransactionStart {
  connector: ConnectorRef
  /** The idTag (1.6) or idToken (2.0.1); absent when a 2.0.1 charger starts on plug-in, before anyone authorizes. */
  tokenUid?: string
  /** When the session began, and the meter's total then. */
  timestamp: string
  meterStartWh: number | null
  /** The charger's key for the transaction (see insertSessionOnce), and its own id for it (2.0.1). */
  key: string
  chargerTransactionId?: string
  /** The charger says it was offline (2.0.1). */
  offline?: boolean
  readings?: readonly TimedReading[]
}

export interface TransactionStarted {
  sessionId: number
  /** The token's answer, when a token was given. */
  token?: AuthorizationAnswer
}

/** The payment method a token stands for, as the sessions list shows it. */
function paymentMethodOf(owner: TokenOwner | undefined): string {
  return owner?.type === 'APP_USER' ? 'APP' : 'RFID'
}

/**
 * Who charged, as a session records it: the token's EMSP and driver; a roaming partner's driver (the EMSP side is the
 * CPO's own code, the partner named beside it); or (unknown token) nobody but the CPO.
 */
function ownerFields(
  s: OcppSession,
  owner: TokenOwner | undefined,
  tokenUid: string | undefined,
  foreign?: ForeignToken,
) {
  if (owner === undefined && foreign !== undefined && tokenUid !== undefined)
    return {
      emsp_entity_code: s.charger.entity_code,
      driver_id: null,
      user_name: foreign.name,
      license_plate: null,
      authorization_reference: foreign.authorization_reference,
      payment_method_code: 'RFID',
      ocpi_partner_id: foreign.partner_id,
      ocpi_party: foreign.party,
      ocpi_token_uid: tokenUid,
      ocpi_auth_method: foreign.auth_method,
    }
  return {
    emsp_entity_code: owner?.entity_code ?? s.charger.entity_code,
    driver_id: owner?.driver_id ?? null,
    user_name: owner?.driver_name ?? owner?.visual_number ?? tokenUid ?? '',
    license_plate: owner?.license_plate ?? null,
    authorization_reference: tokenUid ?? '',
    payment_method_code: paymentMethodOf(owner),
  }
}

/** A token we did not issue, as the roaming partner that did answers for it. */
const foreignOf = (s: OcppSession, owner: TokenOwner | undefined, tokenUid: string | undefined) =>
  owner !== undefined || tokenUid === undefined || s.foreign === undefined
    ? Promise.resolve(undefined)
    : s.foreign.authorize(s.charger.entity_code, tokenUid, s.charger.id)

const publicFacts = (
  s: OcppSession,
  row: Pick<OcppSessionRow, 'uid' | 'entity_code' | 'emsp_entity_code'>,
) => ({
  session: row.uid,
  entity_code: row.entity_code,
  emsp_entity_code: row.emsp_entity_code,
  charge_point: s.charger.uid,
})

/**
 * A transaction began: a session opens on the connector, ACTIVE when the token may charge here, START_FAILURE (the
 * charger was told Invalid or Blocked and stops) when not. The CPO side is the charger's; the EMSP side the token's.
 */
export async function startTransaction(s: OcppSession, start: TransactionStart): Promise<TransactionStarted> {
  const now = s.now()
  const target = pickConnector(await numberedConnectors(s.db, s.charger.id), start.connector)
  const [connector, owner] = await Promise.all([
    connectorForSession(s.db, target.id),
    start.tokenUid === undefined ? Promise.resolve(undefined) : findTokenOwner(s.db, start.tokenUid),
    touchCharger(s.db, s.charger.id, now),
  ])
  const foreign = await foreignOf(s, owner, start.tokenUid)
  const answer =
    start.tokenUid === undefined
      ? undefined
      : (foreign?.answer ?? authorizeToken(owner, s.charger.entity_code))
  const refused = answer !== undefined && answer !== 'Accepted'
  const at = reportTime(start.timestamp, now)
  const elements = parseJson<TariffElement[]>(connector.tariff_elements ?? '[]', [])
  const currency = connector.tariff_currency ?? 'SGD'
  // Priced with no periods yet: the session shows its price per kWh from the first moment.
  const priced = priceSession({ elements, currency }, [], at)
  const uid = randomUUID()
  const opened = await s.db.transaction().execute(async (trx) => {
    const row = await insertSessionOnce(trx, {
      uid,
      external_id: start.chargerTransactionId ?? start.key,
      ...ownerFields(s, owner, start.tokenUid, foreign),
      entity_code: s.charger.entity_code,
      location_id: connector.location_id,
      evse_ref: connector.evse_ref,
      connector_ref: connector.id,
      tariff_id: connector.tariff_id,
      operator_name: connector.cpo_name,
      status: refused ? 'START_FAILURE' : 'ACTIVE',
      stop_reason: refused ? 'CHARGER_REJECTED' : null,
      protocol: connector.protocol ?? 'OCPI',
      connectivity: start.offline === true || now - at > OFFLINE_AFTER_MS ? 'OFFLINE' : 'ONLINE',
      currency,
      energy_wh: 0,
      price_per_kwh_excl_vat: Math.round(priced.price_per_kwh.excl_vat),
      price_per_kwh_incl_vat: Math.round(priced.price_per_kwh.incl_vat),
      cost_energy_excl_vat: 0,
      cost_energy_incl_vat: 0,
      cost_time_excl_vat: 0,
      cost_time_incl_vat: 0,
      cost_parking_excl_vat: 0,
      cost_parking_incl_vat: 0,
      cost_flat_excl_vat: 0,
      cost_flat_incl_vat: 0,
      total_excl_vat: 0,
      total_incl_vat: 0,
      paid_amount: 0,
      refunded_amount: 0,
      invoice_reference_id: null,
      charging_periods: '[]',
      start_date_time: at,
      end_date_time: refused ? at : null,
      last_updated: now,
      charge_point_id: s.charger.id,
      ocpp_key: start.key,
      meter_start_wh: start.meterStartWh,
    })
    // 1.6: the central system names the transaction, and its name is the session's id.
    if (row.created && start.chargerTransactionId === undefined)
      await updateSession(trx, row.id, { external_id: String(row.id) })
    // A connector holds one car at a time: a session still open on it from before this start never got its stop.
    if (row.created) await supersedeSessions(trx, connector.id, row.id, at, now)
    return row
  })
  if (opened.created) {
    const facts = publicFacts(s, {
      uid,
      entity_code: s.charger.entity_code,
      emsp_entity_code: owner?.entity_code ?? s.charger.entity_code,
    })
    const status = refused ? 'START_FAILURE' : 'ACTIVE'
    s.publish?.(SESSION_STARTED, { ...facts, status })
    s.tell?.({
      name: LiveEventName.sessionStarted,
      entities: [facts.entity_code, facts.emsp_entity_code],
      data: { session: facts.session, charge_point: facts.charge_point, status },
    })
  }
  if (start.readings && start.readings.length > 0 && !refused)
    await applyReadings(s, { id: opened.id }, start.readings)
  return { sessionId: opened.id, ...(answer !== undefined ? { token: answer } : {}) }
}

/**
 * A token named after the start (2.0.1: plug in first, then authorize). A session that has no driver yet takes the
 * token's owner; the answer is the token's, and a refused token ends nothing here (the charger stops and says so).
 */
export async function identifySession(
  s: OcppSession,
  key: string,
  tokenUid: string,
): Promise<AuthorizationAnswer> {
  const owner = await findTokenOwner(s.db, tokenUid)
  const foreign = await foreignOf(s, owner, tokenUid)
  const answer = foreign?.answer ?? authorizeToken(owner, s.charger.entity_code)
  if (answer !== 'Accepted') return answer
  await s.db.transaction().execute(async (trx) => {
    const row = await lockChargerSession(trx, s.charger.id, { key })
    if (!row || row.status !== 'ACTIVE' || row.authorization_reference !== '') return
    await updateSession(trx, row.id, { ...ownerFields(s, owner, tokenUid, foreign), last_updated: s.now() })
  })
  return answer
}

async function tariffOf(db: Db, row: OcppSessionRow) {
  const tariff = row.tariff_id === null ? undefined : await tariffById(db, row.tariff_id)
  return { elements: parseJson<TariffElement[]>(tariff?.elements ?? '[]', []), currency: row.currency }
}

/** The session's periods, energy and price from all its readings, up to `until`. */
async function meteredPatch(db: Db, row: OcppSessionRow, until: number) {
  const metered = meteredCharging({
    start: row.start_date_time,
    meterStartWh: row.meter_start_wh,
    readings: await readingsOf(db, row.id),
    until,
  })
  const price = priceSession(await tariffOf(db, row), metered.periods, until)
  return {
    charging_periods: JSON.stringify(metered.periods),
    energy_wh: metered.energyWh,
    cost_energy_excl_vat: price.energy.excl_vat,
    cost_energy_incl_vat: price.energy.incl_vat,
    cost_time_excl_vat: price.time.excl_vat,
    cost_time_incl_vat: price.time.incl_vat,
    cost_parking_excl_vat: price.parking_time.excl_vat,
    cost_parking_incl_vat: price.parking_time.incl_vat,
    cost_flat_excl_vat: price.flat.excl_vat,
    cost_flat_incl_vat: price.flat.incl_vat,
    total_excl_vat: price.total.excl_vat,
    total_incl_vat: price.total.incl_vat,
  }
}

export type SessionRef = { id: number } | { key: string }

/**
 * Meter readings of a running session: kept (once per timestamp), and the session's periods, energy and running
 * price rebuilt from all of them. Readings for a session we do not know, or one already completed (its price is
 * final), change nothing; the message log still holds them. Returns whether the session was found running.
 */
export async function applyReadings(
  s: OcppSession,
  ref: SessionRef,
  readings: readonly TimedReading[],
): Promise<boolean> {
  const now = s.now()
  await touchCharger(s.db, s.charger.id, now)
  const updated = await s.db.transaction().execute(async (trx) => {
    const row = await lockChargerSession(trx, s.charger.id, ref)
    if (!row || row.status !== 'ACTIVE') return null
    await insertReadings(trx, row.id, readings)
    const patch = await meteredPatch(trx, row, Math.max(now, row.start_date_time))
    await updateSession(trx, row.id, { ...patch, last_updated: now })
    return row
  })
  if (updated) {
    const facts = publicFacts(s, updated)
    s.publish?.(SESSION_UPDATED, facts)
    s.tell?.({
      name: LiveEventName.sessionUpdated,
      entities: [facts.entity_code, facts.emsp_entity_code],
      data: { session: facts.session, charge_point: facts.charge_point },
    })
  }
  return updated !== null
}

export interface TransactionStop {
  timestamp: string
  /** 1.6 meterStop: the meter's total at the end. */
  meterStopWh?: number
  /** The charger's reason (1.6 Reason, 2.0.1 stoppedReason). */
  reason?: string
  readings?: readonly TimedReading[]
}

/**
 * A transaction ended: the session completes with its final readings, priced by the contract's priceSession with the
 * EVSE's tariff; the daily rollups of both sides count it; its vehicle's carbon record is derived. A stop for a
 * transaction we never saw is answered (the charger would otherwise send it forever) and logged; a second stop
 * changes nothing.
 */
export async function stopTransaction(
  s: OcppSession,
  ref: SessionRef,
  stop: TransactionStop,
): Promise<'completed' | 'already' | 'unknown'> {
  const now = s.now()
  await touchCharger(s.db, s.charger.id, now)
  const done = await s.db.transaction().execute(async (trx) => {
    const row = await lockChargerSession(trx, s.charger.id, ref)
    if (!row) return 'unknown' as const
    // A superseded session (STOP_FAILURE) still takes its stop when it comes late: its energy is not lost.
    if (row.status !== 'ACTIVE' && !(row.status === 'STOP_FAILURE' && row.ocpp_key !== null))
      return 'already' as const
    const end = Math.max(reportTime(stop.timestamp, now), row.start_date_time)
    const finals: TimedReading[] = [...(stop.readings ?? [])]
    if (stop.meterStopWh !== undefined) finals.push({ at: end, registerWh: stop.meterStopWh })
    await insertReadings(trx, row.id, finals)
    const patch = await meteredPatch(trx, row, end)
    await updateSession(trx, row.id, {
      ...patch,
      status: 'COMPLETED',
      stop_reason: stopReasonOfOcpp(stop.reason),
      end_date_time: end,
      // The EMSP bills its customer the session's price (roaming settlement comes with OCPI, step 12).
      paid_amount: patch.total_incl_vat,
      last_updated: now,
    })
    await addSessionToDaily(trx, {
      ...row,
      day: utc8Day(row.start_date_time),
      energy_wh: patch.energy_wh,
      total_incl_vat: patch.total_incl_vat,
      total_excl_vat: patch.total_excl_vat,
    })
    // The readings served their purpose: the periods hold what they said.
    await deleteReadings(trx, row.id)
    return row
  })
  if (typeof done === 'string') {
    if (done === 'unknown')
      s.warn?.({ identity: s.charger.ocpp_identity, ref }, 'ocpp: stop for an unknown transaction')
    return done
  }
  const stopped = publicFacts(s, done)
  s.publish?.(SESSION_STOPPED, stopped)
  s.tell?.({
    name: LiveEventName.sessionStopped,
    entities: [stopped.entity_code, stopped.emsp_entity_code],
    data: { session: stopped.session, charge_point: stopped.charge_point },
  })
  if (done.license_plate !== null) await deriveCarbon(s, done.entity_code, done.license_plate, now)
  return 'completed'
}

/**
 * The session's carbon record in each programme its CPO is a partner of, for an enrolled vehicle. Idempotent, so a
 * failure here loses nothing that the next derive for the plate (or the programme's) will not write.
 */
async function deriveCarbon(s: OcppSession, cpo: string, plate: string, now: number): Promise<void> {
  try {
    for (const crx of await carbonProgrammesOfCpo(s.db, cpo))
      await deriveCarbonRecords(s.db, crx, now, [plate])
  } catch (err) {
    s.warn?.({ err, plate }, 'ocpp: deriving carbon records failed')
  }
}
