import type { ChargingPeriod, OcpiCdr, OcpiChargingPeriod, OcpiSession, OcpiTariff } from '@portal/contract'
import {
  OcpiCode,
  minorUnitDigits,
  ocpiCdr,
  ocpiDateTimeOf,
  ocpiSession,
  ocpiSessionPatch,
  ocpiTimeOf,
  priceOcpiCdr,
} from '@portal/contract'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import { OcpiError, parseOcpi } from './ocpi-envelope'
import type { PartyRef } from './ocpi-partner-locations.service'
import { checkParty } from './ocpi-partner-locations.service'
import {
  cdrById,
  heldCdrId,
  insertCdrIfNew,
  insertPartnerSession,
  linkCdrSession,
  ownTokenOwner,
  partnerPlace,
  partnerSession,
  updatePartnerSession,
} from './ocpi-sessions.repository'
import { partnerTariff } from './ocpi-tariffs.repository'
import { toOcpiTariff } from './ocpi-tariffs.service'
import type { OcpiPartnerRow } from './ocpi.table'

/*
 * Sessions and CDRs a partner CPO sends our eMSP (mod_sessions, mod_cdrs receiver interfaces; decision 0113): our
 * drivers charging on the partner's chargers. A session is kept as an ev_session on our copy of the partner's
 * location (so it is in the sessions list, marked with the partner), its Session JSON beside it for PATCHes. A CDR is
 * authoritative: it completes the session with its totals. We price it ourselves by its tariff and flag it for review
 * when the two differ by more than one minor unit (a cent); one we cannot price says why and is not flagged.
 */

const partyKey = (ref: PartyRef) => `${ref.country_code}${ref.party_id}`
const sessionKey = (partner: OcpiPartnerRow, ref: PartyRef, id: string) =>
  `${String(partner.id)}:${partyKey(ref)}:${id}`

const STATUS: Record<OcpiSession['status'], string> = {
  ACTIVE: 'ACTIVE',
  COMPLETED: 'COMPLETED',
  INVALID: 'START_FAILURE',
  PENDING: 'PENDING',
  RESERVATION: 'RESERVATION',
}

const minor = (amount: number | undefined, currency: string) =>
  amount === undefined ? 0 : Math.round(amount * 10 ** minorUnitDigits(currency))

function matchUrl(fields: readonly (readonly [string, string, string])[]): void {
  for (const [field, expected, given] of fields)
    if (expected.toUpperCase() !== given.toUpperCase())
      throw new OcpiError(
        400,
        OcpiCode.invalidParameters,
        `${field}: ${given} does not match the URL's ${expected}`,
      )
}

/** OCPI's periods as ours (epoch ms; PARKING_TIME is a parking stage's TIME). */
function ourPeriods(periods: readonly OcpiChargingPeriod[] | undefined): ChargingPeriod[] {
  return (periods ?? []).map((p) => {
    const parking = p.dimensions.some((d) => d.type === 'PARKING_TIME')
    return {
      start_date_time: ocpiTimeOf(p.start_date_time),
      dimensions: p.dimensions.flatMap((d) => {
        const type = d.type === 'PARKING_TIME' ? 'TIME' : d.type
        return type === 'ENERGY' || type === 'TIME' || type === 'MAX_POWER'
          ? [{ type, volume: Math.max(0, d.volume) }]
          : []
      }),
      session_stage: parking ? 'PARKING_REGULAR' : 'CHARGING',
    }
  })
}

/** A running session's costs by the partner's tariff, in minor units; undefined when it cannot be priced here. */
function displayCosts(
  ref: PartyRef,
  row: NonNullable<Awaited<ReturnType<typeof partnerTariff>>>,
  session: OcpiSession,
  timeZone: string,
  now: number,
) {
  if (!session.charging_periods?.length) return undefined
  const priced = priceOcpiCdr(
    { ...toOcpiTariff(ref, row), id: row.external_id },
    {
      start_date_time: session.start_date_time,
      end_date_time: session.end_date_time ?? ocpiDateTimeOf(now),
      charging_periods: session.charging_periods,
    },
    { time_zone: timeZone },
  )
  if (!priced.ok) return undefined
  const k = priced.costs
  const c = session.currency
  return {
    total_excl_vat: minor(k.total_cost.excl_vat, c),
    total_incl_vat: minor(k.total_cost.incl_vat, c),
    cost_energy_excl_vat: minor(k.total_energy_cost.excl_vat, c),
    cost_energy_incl_vat: minor(k.total_energy_cost.incl_vat, c),
    cost_time_excl_vat: minor(k.total_time_cost.excl_vat, c),
    cost_time_incl_vat: minor(k.total_time_cost.incl_vat, c),
    cost_parking_excl_vat: minor(k.total_parking_cost.excl_vat, c),
    cost_parking_incl_vat: minor(k.total_parking_cost.incl_vat, c),
    cost_flat_excl_vat: minor(k.total_fixed_cost.excl_vat, c),
    cost_flat_incl_vat: minor(k.total_fixed_cost.incl_vat, c),
  }
}

async function placeAndDriver(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  object: Pick<OcpiSession, 'location_id' | 'evse_uid' | 'connector_id' | 'cdr_token'>,
) {
  const [place, owner] = await Promise.all([
    partnerPlace(db, partner.id, partyKey(ref), object.location_id, object.evse_uid, object.connector_id),
    ownTokenOwner(db, partner.entity_code, object.cdr_token.uid),
  ])
  if (!place)
    throw new OcpiError(
      404,
      OcpiCode.unknownLocation,
      `Unknown location ${object.location_id.slice(0, 36)}/${object.evse_uid.slice(0, 36)}/${object.connector_id.slice(0, 36)}: push the location first`,
    )
  if (!owner)
    throw new OcpiError(
      404,
      OcpiCode.unknownToken,
      `cdr_token.uid: ${object.cdr_token.uid} is not a token of ours`,
    )
  return { place, owner }
}

export async function receivePartnerSession(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  id: string,
  body: unknown,
  patch: boolean,
): Promise<void> {
  const key = sessionKey(partner, ref, id)
  const held = await partnerSession(db, key)
  let session: OcpiSession
  if (patch) {
    const changes = parseOcpi(ocpiSessionPatch, body, '')
    if (!held?.ocpi_body) throw new OcpiError(404, OcpiCode.clientError, `Unknown session ${id.slice(0, 36)}`)
    const before = parseJson<Record<string, unknown>>(held.ocpi_body, {})
    // mod_sessions "PATCH": charging periods in a PATCH are added to those the receiver has.
    const periods =
      changes.charging_periods === undefined
        ? before.charging_periods
        : [...((before.charging_periods as unknown[] | undefined) ?? []), ...changes.charging_periods]
    session = parseOcpi(ocpiSession, { ...before, ...changes, charging_periods: periods }, '')
  } else session = parseOcpi(ocpiSession, body, '')
  matchUrl([
    ['country_code', ref.country_code, session.country_code],
    ['party_id', ref.party_id, session.party_id],
    ['id', id, session.id],
  ])
  const { place, owner } = await placeAndDriver(db, partner, ref, session)
  const tariffId = session.charging_periods?.find((p) => p.tariff_id !== undefined)?.tariff_id
  const tariff =
    tariffId === undefined ? undefined : await partnerTariff(db, partner.id, partyKey(ref), tariffId)
  const c = session.currency
  const now = Date.now()
  // Without a running total from the partner, its tariff prices the session for display (the CDR's totals replace
  // it when the CDR comes).
  const display =
    session.total_cost === undefined && tariff
      ? displayCosts(ref, tariff, session, place.time_zone, now)
      : undefined
  const fields = {
    authorization_reference: session.authorization_reference ?? '',
    location_id: place.location_id,
    evse_ref: place.evse_ref,
    connector_ref: place.connector_ref,
    tariff_id: tariff?.id ?? null,
    status: STATUS[session.status],
    currency: c,
    energy_wh: Math.round(session.kwh * 1000),
    total_excl_vat: minor(session.total_cost?.excl_vat, c),
    total_incl_vat: minor(session.total_cost?.incl_vat ?? session.total_cost?.excl_vat, c),
    charging_periods: JSON.stringify(ourPeriods(session.charging_periods)),
    start_date_time: ocpiTimeOf(session.start_date_time),
    end_date_time: session.end_date_time === undefined ? null : ocpiTimeOf(session.end_date_time),
    last_updated: now,
    ocpi_body: JSON.stringify(session),
    ...display,
  }
  if (held) {
    // An older whole session (a PUT overtaken by a later one) never wins; a PATCH adds to what is held, so it applies.
    const before =
      held.ocpi_body === null ? undefined : parseJson<{ last_updated?: string }>(held.ocpi_body, {})
    if (
      !patch &&
      before?.last_updated !== undefined &&
      ocpiTimeOf(before.last_updated) > ocpiTimeOf(session.last_updated)
    )
      return
    // A CDR has the last word: once one completed the session, later Session updates do not reopen it.
    if (held.status === 'COMPLETED' && held.invoice_reference_id !== null) return
    await updatePartnerSession(db, key, fields)
    return
  }
  await insertPartnerSession(db, {
    ...fields,
    uid: randomUUID(),
    external_id: session.id,
    entity_code: partner.entity_code,
    emsp_entity_code: partner.entity_code,
    driver_id: owner.driver_id,
    user_name: owner.driver_name ?? owner.visual_number,
    operator_name: partner.name,
    stop_reason: null,
    protocol: 'OCPI',
    connectivity: 'ONLINE',
    payment_method_code: owner.type === 'APP_USER' ? 'APP' : 'RFID',
    license_plate: owner.license_plate,
    price_per_kwh_excl_vat: 0,
    price_per_kwh_incl_vat: 0,
    cost_energy_excl_vat: 0,
    cost_energy_incl_vat: 0,
    cost_time_excl_vat: 0,
    cost_time_incl_vat: 0,
    cost_parking_excl_vat: 0,
    cost_parking_incl_vat: 0,
    cost_flat_excl_vat: 0,
    cost_flat_incl_vat: 0,
    ...display,
    paid_amount: 0,
    refunded_amount: 0,
    invoice_reference_id: null,
    ocpi_partner_id: partner.id,
    ocpi_party: partyKey(ref),
    ocpi_key: key,
  })
}

export async function heldPartnerSession(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  id: string,
): Promise<unknown> {
  const held = await partnerSession(db, sessionKey(partner, ref, id))
  if (!held?.ocpi_body) throw new OcpiError(404, OcpiCode.clientError, `Unknown session ${id.slice(0, 36)}`)
  return parseJson<unknown>(held.ocpi_body, null)
}

/** Our pricing of a CDR by its own tariff (else the partner's tariff its periods name): the review's verdict. */
async function review(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  cdr: OcpiCdr,
  timeZone: string | undefined,
) {
  let tariff: OcpiTariff | undefined = cdr.tariffs?.[0]
  if (tariff === undefined) {
    const id = cdr.charging_periods.find((p) => p.tariff_id !== undefined)?.tariff_id
    const row = id === undefined ? undefined : await partnerTariff(db, partner.id, partyKey(ref), id)
    if (row) tariff = { ...toOcpiTariff(ref, row), id: row.external_id }
  }
  if (tariff === undefined) return { ours: null, flagged: false, reason: 'No tariff to price it by' }
  const priced = priceOcpiCdr(tariff, cdr, timeZone === undefined ? {} : { time_zone: timeZone })
  if (!priced.ok)
    return {
      ours: null,
      flagged: false,
      reason: `Not priced here: ${priced.unsupported.join('; ')}`.slice(0, 400),
    }
  const c = cdr.currency
  const ours = priced.costs.total_cost
  const off = (a: number, b: number | undefined) => b !== undefined && Math.abs(minor(a, c) - minor(b, c)) > 1
  const flagged = off(ours.excl_vat, cdr.total_cost.excl_vat) || off(ours.incl_vat, cdr.total_cost.incl_vat)
  return {
    ours: minor(ours.excl_vat, c),
    flagged,
    reason: flagged
      ? `Our pricing: ${ours.excl_vat.toFixed(minorUnitDigits(c))} excl. VAT, ${ours.incl_vat.toFixed(minorUnitDigits(c))} incl. VAT; the CDR says ${cdr.total_cost.excl_vat.toFixed(minorUnitDigits(c))} and ${(cdr.total_cost.incl_vat ?? cdr.total_cost.excl_vat).toFixed(minorUnitDigits(c))}`
      : null,
  }
}

/**
 * A CDR posted by a partner: kept as sent (a second POST of the same id is the same CDR, its first copy kept), its
 * session completed with the CDR's totals (made from the CDR when the partner never sent the session), reviewed
 * against our own pricing. Answers the id our GET knows it by.
 */
export async function receivePartnerCdr(db: Db, partner: OcpiPartnerRow, body: unknown): Promise<number> {
  const cdr = parseOcpi(ocpiCdr, body, '')
  const ref = checkParty(partner, cdr.country_code, cdr.party_id)
  // A CDR we hold already (a retry): its first copy stands, and so does the session it completed.
  const kept = await heldCdrId(db, {
    entity_code: partner.entity_code,
    direction: 'in',
    ...ref,
    cdr_id: cdr.id,
  })
  if (kept !== undefined) return kept
  const c = cdr.currency
  const key = cdr.session_id === undefined ? undefined : sessionKey(partner, ref, cdr.session_id)
  const loc = cdr.cdr_location
  const [place, held] = await Promise.all([
    partnerPlace(db, partner.id, partyKey(ref), loc.id, loc.evse_uid, loc.connector_id),
    key === undefined ? Promise.resolve(undefined) : partnerSession(db, key),
  ])
  const verdict = await review(db, partner, ref, cdr, place?.time_zone)
  const now = Date.now()
  const totals = {
    status: 'COMPLETED',
    energy_wh: Math.round(cdr.total_energy * 1000),
    total_excl_vat: minor(cdr.total_cost.excl_vat, c),
    total_incl_vat: minor(cdr.total_cost.incl_vat ?? cdr.total_cost.excl_vat, c),
    cost_energy_excl_vat: minor(cdr.total_energy_cost?.excl_vat, c),
    cost_energy_incl_vat: minor(cdr.total_energy_cost?.incl_vat ?? cdr.total_energy_cost?.excl_vat, c),
    cost_time_excl_vat: minor(cdr.total_time_cost?.excl_vat, c),
    cost_time_incl_vat: minor(cdr.total_time_cost?.incl_vat ?? cdr.total_time_cost?.excl_vat, c),
    cost_parking_excl_vat: minor(cdr.total_parking_cost?.excl_vat, c),
    cost_parking_incl_vat: minor(cdr.total_parking_cost?.incl_vat ?? cdr.total_parking_cost?.excl_vat, c),
    cost_flat_excl_vat: minor(cdr.total_fixed_cost?.excl_vat, c),
    cost_flat_incl_vat: minor(cdr.total_fixed_cost?.incl_vat ?? cdr.total_fixed_cost?.excl_vat, c),
    end_date_time: ocpiTimeOf(cdr.end_date_time),
    invoice_reference_id: cdr.invoice_reference_id ?? cdr.id,
    last_updated: now,
  }
  // One transaction: the CDR row first, so of two posts of one new CDR at once only the one that adds it goes on to
  // complete the session (the other finds it held and changes nothing).
  return db.transaction().execute(async (trx) => {
    const added = await insertCdrIfNew(trx, {
      entity_code: partner.entity_code,
      partner_id: partner.id,
      direction: 'in',
      country_code: ref.country_code,
      party_id: ref.party_id,
      cdr_id: cdr.id,
      session_id: null,
      currency: c,
      total_excl_vat: minor(cdr.total_cost.excl_vat, c),
      total_incl_vat: minor(cdr.total_cost.incl_vat ?? cdr.total_cost.excl_vat, c),
      our_total_excl_vat: verdict.ours,
      flagged: verdict.flagged ? 1 : 0,
      flag_reason: verdict.reason,
      body: JSON.stringify(cdr),
      last_updated: now,
      created_at: now,
    })
    if (added === undefined)
      return (
        (await heldCdrId(trx, {
          entity_code: partner.entity_code,
          direction: 'in',
          ...ref,
          cdr_id: cdr.id,
        })) ?? 0
      )
    if (key === undefined) return added
    if (!held && place)
      // The partner sent the CDR but never the session: the session is made from the CDR.
      await receivePartnerSession(
        trx,
        partner,
        ref,
        cdr.session_id ?? cdr.id,
        {
          country_code: cdr.country_code,
          party_id: cdr.party_id,
          id: cdr.session_id,
          start_date_time: cdr.start_date_time,
          end_date_time: cdr.end_date_time,
          kwh: cdr.total_energy,
          cdr_token: cdr.cdr_token,
          auth_method: cdr.auth_method,
          ...(cdr.authorization_reference === undefined
            ? {}
            : { authorization_reference: cdr.authorization_reference }),
          location_id: loc.id,
          evse_uid: loc.evse_uid,
          connector_id: loc.connector_id,
          currency: c,
          charging_periods: cdr.charging_periods,
          total_cost: cdr.total_cost,
          status: 'COMPLETED',
          last_updated: cdr.last_updated,
        },
        false,
      )
    await updatePartnerSession(trx, key, totals)
    const sessionId = (await partnerSession(trx, key))?.id ?? null
    if (sessionId !== null) await linkCdrSession(trx, added, sessionId)
    return added
  })
}

/** A CDR the partner sent us, as it sent it (GET on the URL our POST answer gave it). */
export async function heldPartnerCdr(db: Db, partner: OcpiPartnerRow, id: string): Promise<unknown> {
  const n = Number(id)
  const row = Number.isSafeInteger(n) && n > 0 ? await cdrById(db, n) : undefined
  if (row?.partner_id !== partner.id || row.direction !== 'in')
    throw new OcpiError(404, OcpiCode.clientError, `Unknown CDR ${id.slice(0, 39)}`)
  return parseJson<unknown>(row.body, null)
}
