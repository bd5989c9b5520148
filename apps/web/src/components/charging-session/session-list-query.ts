import type { EvSessionListQuery, EvSessionStatus } from '@portal/contract'
import { evSessionStatuses, isInCatalogue } from '@portal/contract'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'

/*
 * The charging-session lists' filters as the URL keeps them, and the query of the calls that take the charging
 * network's filter keys (B §7: the CPO/EMSP sessions list and the busways v3 history), in one place.
 */

/** The URL key of the open session: `?session=<id>` opens the panel, so a session can be shared and Back closes it. */
export const SESSION_PARAM = 'session'

/** B §9: the session lists open on the 7 days before now. */
export const DEFAULT_RANGE_MS = 7 * 86_400_000
/** The "All" option of the entity selects. */
export const ALL = ''

/** URL keys of the filters. The range is kept as epoch ms, as the calls take it. */
export const SESSION_LIST_KEYS = {
  from: 'from',
  to: 'to',
  status: 'status',
  plates: 'plates',
  evse: 'evse',
  externalId: 'external_id',
  authRef: 'auth_ref',
  cpo: 'cpo',
  emsp: 'emsp',
} as const

const KEYS = SESSION_LIST_KEYS

/** The filters a session list's bar shows: the range has its own control (declared so Reset and the count cover it). */
export const isBarFilter = (def: FilterDef) => def.key !== KEYS.from && def.key !== KEYS.to

/** License plates typed as a list: separated by commas, spaces or new lines; upper case; each once. */
export function parsePlates(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((p) => p.trim().toUpperCase())
        .filter((p) => p !== ''),
    ),
  ]
}

const parseMs = (raw: string): number | undefined => (/^\d{1,15}$/.test(raw) ? Number(raw) : undefined)

/** The range the list shows: the URL's, else the 7 days before `now` (fixed when the page opened). */
export function rangeOf(list: Pick<ListState, 'text'>, now: number): { from: number; to: number } {
  return {
    from: parseMs(list.text(KEYS.from)) ?? now - DEFAULT_RANGE_MS,
    to: parseMs(list.text(KEYS.to)) ?? now,
  }
}

/** The statuses picked in the status filter (a hand-edited URL may hold values outside the catalogue). */
export function statusesOf(list: Pick<ListState, 'multi'>): EvSessionStatus[] {
  return list.multi(KEYS.status).filter((s): s is EvSessionStatus => isInCatalogue(evSessionStatuses, s))
}

/**
 * The call's query (B §7) for the page the list asks for (`useList`: one row more than the page under `probe`, to
 * learn whether a next page exists, B §4): empty filters left out, lists only when not empty, ms dates, the caller's
 * entity code, rounded costs.
 */
export function sessionListQuery(
  list: Pick<ListState, 'text' | 'multi' | 'select'>,
  page: PageWindow,
  now: number,
  entityCode: string | null,
): EvSessionListQuery {
  const { from, to } = rangeOf(list, now)
  const text = (key: string) => list.text(key).trim() || undefined
  const statuses = statusesOf(list)
  const plates = parsePlates(list.text(KEYS.plates))
  const cpo = String(list.select(KEYS.cpo))
  const emsp = String(list.select(KEYS.emsp))
  const query: EvSessionListQuery = {
    last_updated_from: from,
    last_updated_to: to,
    limit: page.limit,
    offset: page.offset,
    round_costs: 'true',
  }
  if (cpo !== ALL) query.cpo_entity_code = cpo
  if (emsp !== ALL) query.emsp_entity_code = emsp
  const evse = text(KEYS.evse)
  if (evse) query.evse_external_id = evse
  const externalId = text(KEYS.externalId)
  if (externalId) query.external_id = externalId
  const authRef = text(KEYS.authRef)
  if (authRef) query.authorization_reference = authRef
  if (plates.length > 0) query['license_plate[]'] = plates
  if (statuses.length > 0) query['status[]'] = statuses
  if (entityCode) query.entity_code = entityCode
  return query
}
