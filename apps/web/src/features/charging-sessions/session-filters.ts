import type { EvSessionListQuery, EvSessionStatus } from '@portal/contract'
import { EV_SESSION_PAGE_SIZE, evSessionStatuses } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { ChargingEntity } from '@/components/charging-session/charging-entities'

/** B §9: the session list opens on the 7 days before now. */
export const DEFAULT_RANGE_MS = 7 * 86_400_000
export const SESSIONS_PAGE_SIZE = EV_SESSION_PAGE_SIZE

/** URL keys of the list's filters. The range is kept as epoch ms, as the call takes it. */
export const KEYS = {
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
/** The detail panel's key: `?session=<uid>` opens it, so a session can be shared and Back closes it. */
export const SESSION_KEY = 'session'
export const ALL = ''

export function sessionFilterDefs(
  t: TFunction,
  cpoEntities: readonly ChargingEntity[],
  emspEntities: readonly ChargingEntity[],
): FilterDef[] {
  const entityOptions = (list: readonly ChargingEntity[]) => [
    { value: ALL, label: t('cpoSessions.filter.allEntities') },
    ...list.map((e) => ({ value: e.code, label: e.name })),
  ]
  return [
    { kind: 'search', key: KEYS.plates, label: t('cpoSessions.filter.licensePlates') },
    { kind: 'search', key: KEYS.externalId, label: t('cpoSessions.filter.externalId') },
    { kind: 'search', key: KEYS.evse, label: t('cpoSessions.filter.evse') },
    { kind: 'search', key: KEYS.authRef, label: t('cpoSessions.filter.authRef') },
    {
      kind: 'multi',
      key: KEYS.status,
      label: t('cpoSessions.filter.status'),
      options: evSessionStatuses.entries.map((e) => ({ value: e.value, label: e.label })),
    },
    {
      kind: 'select',
      key: KEYS.cpo,
      label: t('cpoSessions.filter.cpo'),
      options: entityOptions(cpoEntities),
      defaultValue: ALL,
    },
    {
      kind: 'select',
      key: KEYS.emsp,
      label: t('cpoSessions.filter.emsp'),
      options: entityOptions(emspEntities),
      defaultValue: ALL,
    },
    // Rendered by the range control, declared here so reset and the active count cover them.
    { kind: 'search', key: KEYS.from, label: t('cpoSessions.filter.from') },
    { kind: 'search', key: KEYS.to, label: t('cpoSessions.filter.to') },
  ]
}

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
    limit: SESSIONS_PAGE_SIZE + 1,
    offset: (list.page - 1) * SESSIONS_PAGE_SIZE,
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
