import type { EvUser } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { RangeFilter } from '@/components/list-filters/range-filter'
import { PageHeader } from '@/components/page/page-header'
import { evUserKeys } from './api/ev-user-keys'
import { listEvUsers } from './api/ev-users-api'
import { userColumns } from './user-columns'
import { isBarFilter, USER_KEYS, userFilterDefs, userListQuery, USERS_PAGE_SIZE } from './user-filters'

const rowId = (u: EvUser) => u.uuid
const rowHref = (u: EvUser) => `/users/${encodeURIComponent(u.uuid)}`

/**
 * The EMSP's app users (/users; docs/decisions/0026-ev-home-users-devices.md): newest first, search over name, mobile,
 * email and plate, the registered filter and a created range, 20 a page with a capped total; a row opens the user.
 */
export function EvUsersPage() {
  const { t, i18n } = useTranslation()
  const defs = useMemo(() => userFilterDefs(t), [t])
  const columns = useMemo(() => userColumns(t, i18n.language), [t, i18n.language])
  const { list, table, query, total } = useList({
    filters: defs,
    pageSize: USERS_PAGE_SIZE,
    paging: 'count',
    request: userListQuery,
    queryKey: (q, entityCode) => evUserKeys.list(entityCode, q),
    fetch: listEvUsers,
    rows: (data) => data.users,
    total: (data) => data.count,
  })
  const formatted =
    total === undefined ? '' : `${total.toLocaleString(i18n.language)}${query.data?.count_capped ? '+' : ''}`

  return (
    <>
      <PageHeader
        title={t('evUsers.title')}
        description={
          total === undefined ? t('evUsers.subtitle') : t('evUsers.count', { count: total, formatted })
        }
      />
      <DataTable
        tableId="ev-users"
        caption={t('evUsers.title')}
        columns={columns}
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('evUsers.empty')}
        toolbar={
          <div className="flex flex-col gap-2">
            <FilterBar defs={defs.filter(isBarFilter)} list={list} />
            <RangeFilter
              list={list}
              label={t('evUsers.filter.created')}
              fromKey={USER_KEYS.createdFrom}
              toKey={USER_KEYS.createdTo}
              fromLabel={t('evUsers.filter.from')}
              toLabel={t('evUsers.filter.to')}
              type="date"
            />
          </div>
        }
      />
    </>
  )
}
