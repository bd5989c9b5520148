import type { EvSessionListQuery, EvSessionStatus } from '@portal/contract'
import type { ListState } from '@/components/data-table/list-state'

/*
 * The charging-session lists' filters as the URL keeps them, and the query of the calls that take the charging
 * network's filter keys (B §7: the CPO/EMSP sessions list and the busways v3 history), in one place.
 */

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

/**
 * The call's query (B §7): empty filters left out, lists only when not empty, ms dates, the caller's entity code,
 * rounded costs, and one row more than the page to learn whether a next page exists (B §4).
 */
export function sessionListQuery(
  list: Pick<ListState, 'text' | 'multi' | 'select' | 'page'>,
  now: number,
  entityCode: string | null,
  pageSize: number,
): EvSessionListQuery {
  const { from, to } = rangeOf(list, now)
  const text = (key: string) => list.text(key).trim() || undefined
  const statuses = list.multi(KEYS.status).map(String)
  const plates = parsePlates(list.text(KEYS.plates))
  const cpo = String(list.select(KEYS.cpo))
  const emsp = String(list.select(KEYS.emsp))
  const query: EvSessionListQuery = {
    last_updated_from: from,
    last_updated_to: to,
    limit: pageSize + 1,
    offset: (list.page - 1) * pageSize,
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
  if (statuses.length > 0) query['status[]'] = statuses as EvSessionStatus[]
  if (entityCode) query.entity_code = entityCode
  return query
}
