import type { Tariff, TariffDetail, TariffElement, TariffListData, TariffListFilter } from '@portal/contract'
import { minorUnitDigits } from '@portal/contract'
import type { Db } from '../../../db/database'
import { forbidden, notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import type { EvTariffRow } from '../ev.table'
import { descendantCodes, findTariff, pageTariffs, tariffUsage } from './tariff.repository'

/** Minor units → currency units, exact to the currency's digits. */
function units(minor: number, currency: string): number {
  const digits = minorUnitDigits(currency)
  return Number((minor / 10 ** digits).toFixed(digits))
}

const price = (minor: number | null, currency: string) =>
  minor === null ? null : { excl_vat: units(minor, currency), incl_vat: null }

export function toApiTariff(row: EvTariffRow): Tariff {
  return {
    uid: row.uid,
    external_id: row.external_id,
    entity_code: row.entity_code,
    name: row.name,
    currency: row.currency,
    type: row.type,
    elements: parseJson<TariffElement[]>(row.elements, []),
    min_price: price(row.min_price_excl_vat, row.currency),
    max_price: price(row.max_price_excl_vat, row.currency),
    start_date_time: row.start_date_time,
    end_date_time: row.end_date_time,
    created_at: row.created_at,
    last_updated: row.updated_at,
  }
}

/**
 * The entities a tariff call reads: the caller's entity, or the ones `entity_codes[]` names, each of which must be
 * the caller's entity or one below it (A §3 child entities). Anything else is another entity's data: 403 naming the
 * field. The tree is read only when a code other than the caller's own is named.
 */
export async function entityScope(
  db: Db,
  caller: Caller,
  requested: readonly string[] | undefined,
  field = 'query.entity_codes[]',
): Promise<string[]> {
  const own = caller.auth.entityCode
  if (requested === undefined || requested.length === 0) return [own]
  const codes = [...new Set(requested)]
  if (codes.every((code) => code === own)) return [own]
  const allowed = new Set([own, ...(await descendantCodes(db, own))])
  const refused = codes.filter((code) => !allowed.has(code))
  if (refused.length > 0)
    throw forbidden(
      `${field}: you cannot read the tariffs of ${refused.length === 1 ? 'entity' : 'entities'} ${refused.join(', ')}`,
    )
  return codes
}

export async function listTariffs(db: Db, caller: Caller, q: TariffListFilter): Promise<TariffListData> {
  const requested =
    q['entity_codes[]'] === undefined && q.entity_codes === undefined
      ? undefined
      : [...(q['entity_codes[]'] ?? []), ...(q.entity_codes ?? [])]
  // The 403 names the key the caller used (the bracketed one unless only the bare one was sent).
  const field = q['entity_codes[]'] === undefined ? 'query.entity_codes' : 'query.entity_codes[]'
  const scope = await entityScope(db, caller, requested, field)
  const rows = await pageTariffs(
    db,
    scope,
    { dateFrom: q.date_from, dateTo: q.date_to, externalId: q.external_id },
    { limit: q.limit, offset: q.offset },
  )
  const tariffs = rows.map(toApiTariff)
  // B §4: the count of this response, which the portal compares with its page size to decide whether to probe.
  return { tariffs, count: tariffs.length }
}

/** One tariff of the caller's entity (or of an entity below it), with where it is used; else 404. */
export async function getTariff(db: Db, caller: Caller, uid: string): Promise<TariffDetail> {
  const own = caller.auth.entityCode
  let row = await findTariff(db, [own], uid)
  if (!row) {
    const below = await descendantCodes(db, own)
    if (below.length > 0) row = await findTariff(db, below, uid)
  }
  if (!row) throw notFound('Tariff')
  const usage = await tariffUsage(db, row.id)
  return { ...toApiTariff(row), connector_count: usage.connectors, location_count: usage.locations }
}
