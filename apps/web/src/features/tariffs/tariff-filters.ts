import type { TariffListQuery } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'

/**
 * URL keys of the tariff list's filters (B §3: date range and external_id). The range is kept as epoch ms of the
 * last update: `from` inclusive, `to` the last millisecond of the chosen minute (inclusive); the call's date_to is
 * exclusive, so the query sends `to + 1`.
 */
export const KEYS = { externalId: 'external_id', from: 'from', to: 'to' } as const

export function tariffFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: KEYS.externalId, label: t('tariffs.filter.externalId') },
    // Rendered by the range control; declared here so Reset and the active count cover them.
    { kind: 'search', key: KEYS.from, label: t('tariffs.filter.from') },
    { kind: 'search', key: KEYS.to, label: t('tariffs.filter.to') },
  ]
}

const parseMs = (raw: string): number | undefined => (/^\d{1,15}$/.test(raw) ? Number(raw) : undefined)

/** The last-update range in the URL; either end may be open (the list opens on every tariff). */
export function rangeOf(list: Pick<ListState, 'text'>): { from?: number; to?: number } {
  const from = parseMs(list.text(KEYS.from))
  const to = parseMs(list.text(KEYS.to))
  return { ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) }
}

/** Whether the range can be asked for: an end before its start is the user's mistake, not a request. */
export function rangeIsValid(range: { from?: number; to?: number }): boolean {
  return range.from === undefined || range.to === undefined || range.to >= range.from
}

/** The filters the bar shows: the range has its own control (declared so Reset and the active count cover it). */
export const isBarFilter = (def: FilterDef) => def.key === KEYS.externalId

/**
 * The call's query (B §7): the page the list asks for (25), ms dates (date_to exclusive), the external id when
 * typed, and the signed-in entity as entity_codes[] (B §6: charging calls use the user's entity code). Unset filters
 * are left out.
 */
export function tariffListQuery(
  list: Pick<ListState, 'text'>,
  page: PageWindow,
  entityCode: string | null,
): TariffListQuery {
  const { from, to } = rangeOf(list)
  const query: TariffListQuery = { limit: page.limit, offset: page.offset }
  if (from !== undefined) query.date_from = from
  if (to !== undefined) query.date_to = to + 1
  const externalId = list.text(KEYS.externalId).trim()
  if (externalId !== '') query.external_id = externalId
  if (entityCode) query['entity_codes[]'] = [entityCode]
  return query
}
