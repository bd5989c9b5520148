import type { EvUserListQuery } from '@portal/contract'
import { EV_USER_PAGE_SIZE } from '@portal/contract'
import type { TFunction } from 'i18next'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { PageWindow } from '@/components/data-table/use-list'
import { localDayEnd, localDayStart } from '@/components/list-filters/range-filter'

export const USERS_PAGE_SIZE = EV_USER_PAGE_SIZE

/** URL keys of the users list (the EMSP home links to `registered=true`). */
export const USER_KEYS = {
  search: 'search',
  registered: 'registered',
  createdFrom: 'created_from',
  createdTo: 'created_to',
} as const
export const ANY = ''

export function userFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: USER_KEYS.search, label: t('evUsers.filter.search') },
    {
      kind: 'select',
      key: USER_KEYS.registered,
      label: t('evUsers.filter.registered'),
      defaultValue: ANY,
      options: [
        { value: ANY, label: t('evUsers.filter.registeredAny') },
        { value: 'true', label: t('evUsers.filter.registeredYes') },
        { value: 'false', label: t('evUsers.filter.registeredNo') },
      ],
    },
    // Drawn by the range control; declared so reset and the active count cover them.
    { kind: 'search', key: USER_KEYS.createdFrom, label: t('evUsers.filter.createdFrom') },
    { kind: 'search', key: USER_KEYS.createdTo, label: t('evUsers.filter.createdTo') },
  ]
}

/** The filters the bar shows: the created range has its own control. */
export const isBarFilter = (def: FilterDef) =>
  def.key !== USER_KEYS.createdFrom && def.key !== USER_KEYS.createdTo

/**
 * The call's query: empty filters left out, the created range from local calendar days to epoch ms (the whole "to"
 * day included), the page the list asks for (20).
 */
export function userListQuery(list: Pick<ListState, 'text' | 'select'>, page: PageWindow): EvUserListQuery {
  const query: EvUserListQuery = { limit: page.limit, offset: page.offset }
  const search = list.text(USER_KEYS.search).trim()
  if (search) query.search = search
  const registered = String(list.select(USER_KEYS.registered))
  if (registered === 'true' || registered === 'false') query.is_registered = registered
  const from = localDayStart(list.text(USER_KEYS.createdFrom))
  const to = localDayEnd(list.text(USER_KEYS.createdTo))
  if (from !== undefined) query.created_from = from
  if (to !== undefined) query.created_to = to
  return query
}
