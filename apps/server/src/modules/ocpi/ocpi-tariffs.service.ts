import type { OcpiTariff, OcpiTariffElement, TariffElement } from '@portal/contract'
import {
  OCPI_TARIFF_DIMENSION_TYPES,
  OCPI_TARIFF_TYPES,
  OcpiCode,
  minorUnitDigits,
  ocpiDateTimeOf,
  ocpiTariff,
  ocpiTimeOf,
} from '@portal/contract'
import { createHash } from 'node:crypto'
import type { Db } from '../../db/database'
import { parseJson } from '../../lib/json'
import { OcpiError, parseOcpi } from './ocpi-envelope'
import type { PartyRef } from './ocpi-partner-locations.service'
import type { TariffRow } from './ocpi-tariffs.repository'
import { deletePartnerTariff, partnerTariff, putPartnerTariff } from './ocpi-tariffs.repository'
import type { OcpiPartnerRow } from './ocpi.table'

/*
 * Tariffs over OCPI 2.2.1 (mod_tariffs.asciidoc, decision 0113). Ours are OCPI's already (decision 0022): prices in
 * currency units excluding VAT, VAT a percentage, step sizes in Wh or seconds. What differs: the tariff's name goes
 * out as its alternative text (OCPI has no name), min/max prices are kept in minor units, and components OCPI 2.2.1
 * does not price (reservations) are left out. A partner's tariff is kept as sent (every restriction, even the ones
 * our pricing does not evaluate), with an absent VAT written as null, as the portal's model has it.
 */

const DIMENSIONS: readonly string[] = OCPI_TARIFF_DIMENSION_TYPES
const TYPES: readonly string[] = OCPI_TARIFF_TYPES

export function toOcpiTariff(party: { country_code: string; party_id: string }, row: TariffRow): OcpiTariff {
  const digits = minorUnitDigits(row.currency)
  const price = (minor: number | null) =>
    minor === null ? undefined : { excl_vat: Number((minor / 10 ** digits).toFixed(digits)) }
  const elements: OcpiTariffElement[] = parseJson<TariffElement[]>(row.elements, [])
    .map((e) => ({
      price_components: e.price_components
        .filter((c) => DIMENSIONS.includes(c.type))
        .map((c) => ({
          type: c.type as OcpiTariffElement['price_components'][number]['type'],
          price: c.price,
          ...(c.vat === null ? {} : { vat: c.vat }),
          step_size: c.step_size,
        })),
      ...(e.restrictions === undefined ? {} : { restrictions: e.restrictions }),
    }))
    .filter((e) => e.price_components.length > 0)
  const min = price(row.min_price_excl_vat)
  const max = price(row.max_price_excl_vat)
  return {
    country_code: party.country_code,
    party_id: party.party_id,
    id: row.uid,
    currency: row.currency,
    ...(row.type !== null && TYPES.includes(row.type)
      ? { type: row.type as NonNullable<OcpiTariff['type']> }
      : {}),
    tariff_alt_text: [{ language: 'en', text: row.name.slice(0, 512) }],
    ...(min === undefined ? {} : { min_price: min }),
    ...(max === undefined ? {} : { max_price: max }),
    elements,
    ...(row.start_date_time === null ? {} : { start_date_time: ocpiDateTimeOf(row.start_date_time) }),
    ...(row.end_date_time === null ? {} : { end_date_time: ocpiDateTimeOf(row.end_date_time) }),
    last_updated: ocpiDateTimeOf(row.updated_at),
  }
}

const partyKey = (ref: PartyRef) => `${ref.country_code}${ref.party_id}`

/** PUT /ocpi/emsp/2.2.1/tariffs/{cc}/{pid}/{id}: the partner's tariff, checked whole, then kept. */
export async function receiveTariff(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  id: string,
  body: unknown,
): Promise<void> {
  const tariff = parseOcpi(ocpiTariff, body, '')
  for (const [field, expected, given] of [
    ['country_code', ref.country_code, tariff.country_code],
    ['party_id', ref.party_id, tariff.party_id],
    ['id', id, tariff.id],
  ] as const)
    if (expected.toUpperCase() !== given.toUpperCase())
      throw new OcpiError(
        400,
        OcpiCode.invalidParameters,
        `${field}: ${given} does not match the URL's ${expected}`,
      )
  const digits = minorUnitDigits(tariff.currency)
  const minor = (p: { excl_vat: number } | undefined) =>
    p === undefined ? null : Math.round(p.excl_vat * 10 ** digits)
  const elements = tariff.elements.map((e) => ({
    ...e,
    price_components: e.price_components.map((c) => ({ ...c, vat: c.vat ?? null })),
  }))
  const party = partyKey(ref)
  await putPartnerTariff(
    db,
    {
      entity_code: partner.entity_code,
      uid: createHash('sha1')
        .update(`${String(partner.id)}\u0000${party}\u0000${tariff.id}`)
        .digest('hex'),
      external_id: tariff.id,
      name: (tariff.tariff_alt_text?.[0]?.text ?? `Tariff ${tariff.id}`).slice(0, 200),
      currency: tariff.currency,
      type: tariff.type ?? null,
      elements: JSON.stringify(elements),
      min_price_excl_vat: minor(tariff.min_price),
      max_price_excl_vat: minor(tariff.max_price),
      start_date_time: tariff.start_date_time === undefined ? null : ocpiTimeOf(tariff.start_date_time),
      end_date_time: tariff.end_date_time === undefined ? null : ocpiTimeOf(tariff.end_date_time),
      updated_at: ocpiTimeOf(tariff.last_updated),
      ocpi_partner_id: partner.id,
      ocpi_party: party,
    },
    Date.now(),
  )
}

/** DELETE: the partner withdrew the tariff. An unknown one is a 2000 (nothing to delete). */
export async function removeTariff(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  id: string,
): Promise<void> {
  if (!(await deletePartnerTariff(db, partner.id, partyKey(ref), id)))
    throw new OcpiError(404, OcpiCode.clientError, `Unknown tariff ${id.slice(0, 36)}`)
}

/** GET: the partner's tariff as we hold it. */
export async function heldTariff(
  db: Db,
  partner: OcpiPartnerRow,
  ref: PartyRef,
  id: string,
): Promise<OcpiTariff> {
  const row = await partnerTariff(db, partner.id, partyKey(ref), id)
  if (!row) throw new OcpiError(404, OcpiCode.clientError, `Unknown tariff ${id.slice(0, 36)}`)
  return { ...toOcpiTariff(ref, row), id: row.external_id }
}
