import type { Role, RoleFilterRequest } from '@portal/contract'
import { cleanFilters } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import type { PageWindow } from '@/components/data-table/use-list'
import { useList } from '@/components/data-table/use-list'
import { IAM_PAGE_SIZE, iamKeys } from '../api/iam-keys'
import { filterRoles } from '../api/roles'
import { useIamAccess } from '../components/iam-access'
import { dash, NewButton } from './list-parts'

export function roleFilterDefs(t: TFunction): FilterDef[] {
  return [{ kind: 'search', key: 'q', label: t('iamScreens.roles.search') }]
}

export function roleFilterBody(list: ListState, page: PageWindow): RoleFilterRequest {
  return { limit: page.limit, offset: page.offset, ...cleanFilters({ search: list.text('q') }) }
}

export function roleColumns(t: TFunction): DataColumn<Role>[] {
  return [
    {
      id: 'name',
      header: t('iamScreens.roles.col.name'),
      cell: (r) => r.name,
      className: 'min-w-44',
      card: 'title',
    },
    {
      id: 'description',
      header: t('iamScreens.roles.col.description'),
      cell: (r) => (r.description ? <span title={r.description}>{r.description}</span> : dash),
      className: 'max-w-96',
      card: 'subtitle',
    },
    {
      id: 'policies',
      header: t('iamScreens.roles.col.policies'),
      cell: (r) => {
        const names = r.policies.map((p) => p.name).join(', ')
        return names ? <span title={names}>{names}</span> : dash
      },
      className: 'max-w-80',
      card: 'meta',
    },
    {
      id: 'users',
      header: t('iamScreens.roles.col.users'),
      cell: (r) => r.user_count.toLocaleString(),
      align: 'right',
      card: 'meta',
    },
  ]
}

const rowId = (r: Role) => String(r.id)
const rowHref = (r: Role) => `/iam/roles/${String(r.id)}`

export function RolesTab() {
  const { t } = useTranslation()
  const access = useIamAccess()
  const defs = useMemo(() => roleFilterDefs(t), [t])
  const columns = useMemo(() => roleColumns(t), [t])
  const { list, table } = useList({
    filters: defs,
    pageSize: IAM_PAGE_SIZE,
    paging: 'count',
    request: roleFilterBody,
    queryKey: (body, entityCode) => iamKeys.roles.list(entityCode, body),
    fetch: filterRoles,
    rows: (data) => data.roles,
    total: (data) => data.count,
  })

  return (
    <DataTable
      tableId="iam-roles"
      caption={t('iamScreens.tabs.roles')}
      columns={columns}
      getRowId={rowId}
      rowHref={rowHref}
      {...table}
      emptyTitle={t('iamScreens.roles.empty')}
      toolbar={<FilterBar defs={defs} list={list} />}
      actions={
        <NewButton to="/iam/roles" canEdit={access.can('roles', 'edit')}>
          {t('iamScreens.roles.new')}
        </NewButton>
      }
    />
  )
}
