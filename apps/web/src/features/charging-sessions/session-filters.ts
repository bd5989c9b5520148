import { EV_SESSION_PAGE_SIZE, evSessionStatuses } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef } from '@/components/data-table/list-state'
import type { ChargingEntity } from '@/components/options/charging-entities'
import { ALL, SESSION_LIST_KEYS } from '@/components/charging-session/session-list-query'
import { catalogueOptions } from '@/lib/labels'

export {
  ALL,
  DEFAULT_RANGE_MS,
  isBarFilter,
  parsePlates,
  rangeOf,
  sessionListQuery,
} from '@/components/charging-session/session-list-query'

export const SESSIONS_PAGE_SIZE = EV_SESSION_PAGE_SIZE

/** URL keys of the list's filters (shared with the busways history). */
export const KEYS = SESSION_LIST_KEYS

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
      options: catalogueOptions(evSessionStatuses),
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
