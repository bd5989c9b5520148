import { z } from 'zod'
import { coded } from '../messages'
import { catalogueOfStrings, type ValueOf } from '../../catalogue'
import { PAGE_SIZES } from '../../constants'
import type { TariffComponentType } from '../../enums/ev-charging'
import { tariffElement, type TariffElement } from '../../ev/ocpi'
import { priceWithTax } from '../../ev/tariff-pricing'
import { envelope, epochMs } from '../envelope'

/*
 * Tariffs of the charging network (B §3 "Tariff", B §7 `GET pricing/tariffs`), docs/decisions/0022-tariffs.md.
 * A tariff is OCPI 2.2.1's: elements of price components (type, price excl. VAT in currency units, vat in percent,
 * step_size) with optional restrictions. Times are epoch ms.
 *
 * - date_from / date_to filter on the tariff's last update, as OCPI's GET tariffs does: date_from inclusive,
 *   date_to exclusive, so consecutive ranges never count a tariff twice.
 * - external_id matches case-insensitively anywhere in the external id ("-dc-" finds every DC tariff).
 * - data.count is the number of tariffs in this response (B §4: the portal probes for a next page only when the
 *   count equals the page size).
 */

/** B §9: the tariff list shows 25 a page. */
export const TARIFF_PAGE_SIZE = PAGE_SIZES.tariffs

/** OCPI TariffType. */
export const TariffType = {
  AD_HOC_PAYMENT: 'AD_HOC_PAYMENT',
  PROFILE_CHEAP: 'PROFILE_CHEAP',
  PROFILE_FAST: 'PROFILE_FAST',
  PROFILE_GREEN: 'PROFILE_GREEN',
  REGULAR: 'REGULAR',
} as const
export type TariffType = ValueOf<typeof TariffType>
export const tariffTypes = catalogueOfStrings('tariff type', Object.values(TariffType))

/** A repeated query key (`entity_codes[]=A&entity_codes[]=B`): one value arrives as a string, several as an array. */
function repeatedQuery<T extends z.ZodType>(item: T, max: number) {
  return z
    .preprocess(
      (value) => (value === undefined ? undefined : Array.isArray(value) ? value : [value]),
      z.array(item).min(1).max(max),
    )
    .optional()
}

const msQuery = z.coerce.number().int().min(0).max(8_640_000_000_000_000).optional()
const entityCode = z.string().trim().min(1).max(64)

/** The list's filters (B §7). `entity_codes` without brackets is accepted too, so hand-written URLs work. */
export const tariffListQuery = z
  .strictObject({
    date_from: msQuery.describe('last updated at or after, epoch ms (inclusive)'),
    date_to: msQuery.describe('last updated before, epoch ms (exclusive)'),
    external_id: z.string().trim().min(1).max(64).optional().describe('part of the external id, any case'),
    limit: z.coerce.number().int().min(1).max(1000).default(TARIFF_PAGE_SIZE),
    offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
    /** Each must be the caller's entity or one below it; absent: the caller's entity. */
    'entity_codes[]': repeatedQuery(entityCode, 50),
    entity_codes: repeatedQuery(entityCode, 50),
  })
  .refine((q) => q.date_from === undefined || q.date_to === undefined || q.date_to > q.date_from, {
    path: ['date_to'],
    message: 'date_to must be later than date_from',
    ...coded('must_be_after', { other: 'date_from' }),
  })
export type TariffListFilter = z.output<typeof tariffListQuery>

/** What the portal sends (query values are text on the wire; the server coerces them). */
export interface TariffListQuery {
  date_from?: number
  date_to?: number
  external_id?: string
  limit?: number
  offset?: number
  'entity_codes[]'?: string[]
}

/** OCPI Price: an amount in currency units excluding VAT and, when known, including it. */
export const tariffPrice = z.object({ excl_vat: z.number(), incl_vat: z.number().nullable() })

/** One tariff, OCPI-shaped (snake_case), with the portal's uid and the owning entity. */
export const tariff = z.object({
  uid: z.string(),
  external_id: z.string(),
  /** The CPO entity the tariff belongs to. */
  entity_code: z.string(),
  name: z.string(),
  currency: z.string(),
  type: z
    .string()
    .nullable()
    .describe(`OCPI tariff type: ${tariffTypes.values.join(', ')}, or null`),
  elements: z.array(tariffElement),
  /** Session price caps (OCPI min_price/max_price), or null. */
  min_price: tariffPrice.nullable(),
  max_price: tariffPrice.nullable(),
  /** Valid from / until (epoch ms); null: no bound. */
  start_date_time: epochMs.nullable(),
  end_date_time: epochMs.nullable(),
  created_at: epochMs,
  last_updated: epochMs,
})
export type Tariff = z.infer<typeof tariff>

export const tariffListResponse = envelope(
  z.object({
    tariffs: z.array(tariff),
    /** The number of tariffs in this response (not a total): B §4's next-page rule compares it with the page size. */
    count: z.number().int().min(0),
  }),
)
export type TariffListData = z.infer<typeof tariffListResponse>['data']

/** GET /pricing/tariffs/{id}: id is the tariff's uid. */
export const tariffParams = z.strictObject({
  id: z.string().trim().min(1).max(64).describe('tariff uid'),
})

/** The detail adds where the tariff is used. */
export const tariffDetail = tariff.extend({
  /** Connectors priced by this tariff, and the locations they are at. */
  connector_count: z.number().int().min(0),
  location_count: z.number().int().min(0),
})
export type TariffDetail = z.infer<typeof tariffDetail>

export const tariffDetailResponse = envelope(z.object({ tariff: tariffDetail }))

// ---------------------------------------------------------------------------------------------------------------
// What the tariff screens derive from a tariff (pure, shared).

/** Whether a tariff applies at a moment: not yet (SCHEDULED), now (ACTIVE) or no longer (EXPIRED). */
export const TariffValidity = { ACTIVE: 'ACTIVE', SCHEDULED: 'SCHEDULED', EXPIRED: 'EXPIRED' } as const
export type TariffValidity = ValueOf<typeof TariffValidity>

/** start_date_time is inclusive, end_date_time exclusive (OCPI: "valid until this moment"). */
export function tariffValidity(
  t: { start_date_time: number | null; end_date_time: number | null },
  at: number,
): TariffValidity {
  if (t.start_date_time !== null && at < t.start_date_time) return TariffValidity.SCHEDULED
  if (t.end_date_time !== null && at >= t.end_date_time) return TariffValidity.EXPIRED
  return TariffValidity.ACTIVE
}

/** The lowest and highest price of a component type over a tariff's elements, excluding and including VAT. */
export interface PriceRange {
  min: number
  max: number
  min_incl_vat: number
  max_incl_vat: number
}

export function componentPriceRange(
  elements: readonly TariffElement[],
  type: TariffComponentType,
): PriceRange | null {
  let range: PriceRange | null = null
  for (const element of elements) {
    for (const c of element.price_components) {
      if (c.type !== type) continue
      const incl = priceWithTax(c.price, c.vat)
      range = range
        ? {
            min: Math.min(range.min, c.price),
            max: Math.max(range.max, c.price),
            min_incl_vat: Math.min(range.min_incl_vat, incl),
            max_incl_vat: Math.max(range.max_incl_vat, incl),
          }
        : { min: c.price, max: c.price, min_incl_vat: incl, max_incl_vat: incl }
    }
  }
  return range
}

/** The component types a tariff prices, each once, in the catalogue's order of first appearance. */
export function componentTypesOf(elements: readonly TariffElement[]): TariffComponentType[] {
  return [...new Set(elements.flatMap((e) => e.price_components.map((c) => c.type)))]
}
