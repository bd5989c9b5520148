import type { OcpiCdrListData, ocpiCdrFilterRequest, OcpiCdrView } from '@portal/contract'
import { minorUnitDigits } from '@portal/contract'
import type { z } from 'zod'
import type { Db } from '../../db/database'
import { notFound } from '../../lib/errors'
import { parseJson } from '../../lib/json'
import type { Caller } from '../../lib/request-meta'
import type { PartnerCdrRow } from './ocpi-cdr-list.repository'
import { countPartnerCdrs, partnerCdrPage } from './ocpi-cdr-list.repository'
import { findPartner } from './ocpi.repository'

/*
 * A partner's CDRs in the portal (issue 17, decision 0113): ours sent to it as its CPO ('out') and its own received
 * as its eMSP ('in'), with our pricing of the latter and whether it is flagged for review.
 */

/** Currency units from the minor units kept: 1234 SGD cents is 12.34, 500 JPY is 500. */
export function unitsOf(minor: number, currency: string): number {
  // An integer divided by a power of ten is the double nearest the decimal, as parsing "12.34" would give.
  return minor / 10 ** minorUnitDigits(currency)
}

/** What the list reads of the CDR as sent: its times and energy (the row keeps its totals and ids beside it). */
interface CdrBody {
  start_date_time?: unknown
  end_date_time?: unknown
  total_energy?: unknown
}

/**
 * An OCPI DateTime as epoch ms. Every body was validated as a CDR before it was stored (ours by toOcpiCdr's schema,
 * the partner's by parseOcpi), so the fallback, the time we stored it, is for a row written by hand.
 */
function timeOf(value: unknown, fallback: number): number {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN
  return Number.isFinite(ms) && ms >= 0 ? ms : fallback
}

export function toCdrView(row: PartnerCdrRow): OcpiCdrView {
  const parsed = parseJson<unknown>(row.body, null)
  const body: CdrBody = typeof parsed === 'object' && parsed !== null ? parsed : {}
  const energy = typeof body.total_energy === 'number' ? body.total_energy : Number(body.total_energy)
  return {
    id: row.id,
    cdr_id: row.cdr_id,
    direction: row.direction === 'in' ? 'in' : 'out',
    session_uid: row.session_uid ?? null,
    start_date_time: timeOf(body.start_date_time, row.created_at),
    end_date_time: timeOf(body.end_date_time, row.created_at),
    total_energy: Number.isFinite(energy) ? energy : 0,
    currency: row.currency,
    total_excl_vat: unitsOf(row.total_excl_vat, row.currency),
    total_incl_vat: unitsOf(row.total_incl_vat, row.currency),
    our_total_excl_vat:
      row.our_total_excl_vat === null ? null : unitsOf(row.our_total_excl_vat, row.currency),
    flagged: row.flagged === 1,
    flag_reason: row.flag_reason,
    created_at: row.created_at,
  }
}

/** POST /ocpi/partners/{id}/cdrs/filter: a page of the partner's CDRs, newest first, and how many match. */
export async function partnerCdrs(
  db: Db,
  caller: Caller,
  partnerId: number,
  filter: z.output<typeof ocpiCdrFilterRequest>,
): Promise<OcpiCdrListData> {
  // Another entity's partner is not found, as on every partner route.
  const partner = await findPartner(db, caller.auth.entityCode, partnerId)
  if (!partner) throw notFound('Roaming partner')
  const [rows, count] = await Promise.all([
    partnerCdrPage(db, partner.entity_code, partner.id, filter, filter.limit, filter.offset),
    countPartnerCdrs(db, partner.entity_code, partner.id, filter),
  ])
  return { cdrs: rows.map(toCdrView), count }
}
