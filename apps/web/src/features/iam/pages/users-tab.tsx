import type { UserFilterRequest, UserListItem } from '@portal/contract'
import { cleanFilters, mfaModes, userStatuses } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { BulkActions } from '@/components/bulk/bulk-actions-lazy'
import { useBulkSelection } from '@/components/bulk/use-bulk-selection'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import type { PageWindow } from '@/components/data-table/use-list'
import { useList } from '@/components/data-table/use-list'
import { Badge } from '@/components/ui/badge/badge'
import { DefaultImage } from '@/components/ui/default-image/default-image'
import { IAM_PAGE_SIZE, iamKeys } from '../api/iam-keys'
import { useAllRoles } from '../api/roles'
import { filterUsers } from '../api/users'
import { useIamAccess } from '../components/iam-access'
import { relationLabel } from '../components/relation-label'
import { UserStatusBadge, userStatusLabel } from '../components/user-status-badge'
import { dash, NewButton } from './list-parts'

export function userFilterDefs(t: TFunction, roles: readonly { id: number; name: string }[]): FilterDef[] {
  return [
    { kind: 'search', key: 'q', label: t('iamScreens.users.search') },
    {
      kind: 'multi',
      key: 'status',
      label: t('iamScreens.users.col.status'),
      options: userStatuses.entries.map((e) => ({ value: e.value, label: userStatusLabel(t, e.value) })),
    },
    {
      kind: 'select',
      key: 'role',
      label: t('iamScreens.users.filterRole'),
      defaultValue: '',
      options: [
        { value: '', label: t('iamScreens.users.anyRole') },
        ...roles.map((r) => ({ value: r.id, label: r.name })),
      ],
    },
  ]
}

/** The body of POST /iam/users/filter from the list state; unset filters are left out (A §5). */
export function userFilterBody(list: ListState, page: PageWindow): UserFilterRequest {
  const role = list.select('role')
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({
      status_list: list.multi('status').map(Number),
      role_id: role === '' ? undefined : Number(role),
      search: list.text('q'),
    }),
  }
}

function grantsCell(u: UserListItem, t: TFunction) {
  if (u.grants.length === 0) return dash
  const labels = u.grants.map((g) => {
    const name = g.role?.name ?? g.policy?.name ?? '?'
    return g.set ? t('iamScreens.grants.onSet', { name, set: g.set.name }) : name
  })
  return (
    <span className="inline-flex items-center gap-1" title={labels.join(', ')}>
      {u.grants.slice(0, 2).map((g, i) => (
        <Badge key={g.id} tone={g.role ? 'info' : 'neutral'} className="max-w-40">
          <span className="truncate">{labels[i]}</span>
        </Badge>
      ))}
      {u.grants.length > 2 && <span className="text-xs text-slate-500">+{u.grants.length - 2}</span>}
    </span>
  )
}

export function userColumns(t: TFunction): DataColumn<UserListItem>[] {
  return [
    {
      id: 'name',
      header: t('iamScreens.users.col.name'),
      cell: (u) => (
        <span className="inline-flex items-center gap-2">
          <DefaultImage name={u.name} src={u.image_url} size="xs" alt="" />
          {u.name}
        </span>
      ),
      card: 'title',
    },
    { id: 'username', header: t('iamScreens.users.col.username'), cell: (u) => u.username, card: 'subtitle' },
    {
      id: 'email',
      header: t('iamScreens.users.col.email'),
      cell: (u) =>
        u.email ? (
          <span className="block max-w-44 truncate" title={u.email}>
            {u.email}
          </span>
        ) : (
          dash
        ),
      card: 'meta',
    },
    {
      id: 'phone_number',
      header: t('iamScreens.users.col.phone'),
      cell: (u) => (u.phone_number ? <span className="tabular-nums">{u.phone_number}</span> : dash),
    },
    {
      id: 'status',
      header: t('iamScreens.users.col.status'),
      cell: (u) => <UserStatusBadge status={u.status} />,
      card: 'status',
    },
    {
      id: 'relation',
      header: t('iamScreens.users.col.relation'),
      cell: (u) => relationLabel(t, u.relation),
      card: 'meta',
    },
    { id: 'grants', header: t('iamScreens.users.col.grants'), cell: (u) => grantsCell(u, t), card: 'meta' },
    {
      id: 'mfa',
      header: t('iamScreens.users.col.mfa'),
      cell: (u) =>
        u.mfa_primary_mode === 'none' ? (
          <span className="text-slate-500">{t('iamScreens.mfa.off')}</span>
        ) : (
          <Badge tone="positive">
            {t(`iamScreens.mfaMode.${u.mfa_primary_mode}`, {
              defaultValue: labelOf(mfaModes, u.mfa_primary_mode),
            })}
          </Badge>
        ),
    },
  ]
}

const rowId = (u: UserListItem) => u.user_uuid
const rowHref = (u: UserListItem) => `/iam/users/${u.user_uuid}`

export function UsersTab() {
  const { t, i18n } = useTranslation()
  const access = useIamAccess()
  const roles = useAllRoles(access.can('roles', 'read'))
  const defs = useMemo(() => userFilterDefs(t, roles.data?.roles ?? []), [t, roles.data])
  const columns = useMemo(() => userColumns(t), [t])
  const bulk = useBulkSelection()
  const { list, table, total, body } = useList({
    filters: defs,
    pageSize: IAM_PAGE_SIZE,
    paging: 'count',
    request: userFilterBody,
    queryKey: (body, entityCode) => iamKeys.users.list(entityCode, body),
    fetch: filterUsers,
    rows: (data) => data.users,
    total: (data) => data.count,
  })

  return (
    <DataTable
      tableId="iam-users"
      caption={t('iamScreens.tabs.users')}
      columns={columns}
      getRowId={rowId}
      rowHref={rowHref}
      {...table}
      {...bulk.tableProps}
      selectionActions={<BulkActions list="users" selection={bulk} filter={body} />}
      emptyTitle={t('iamScreens.users.empty')}
      toolbar={<FilterBar defs={defs} list={list} />}
      actions={
        <>
          {total !== undefined && (
            <span className="text-xs text-slate-500 tabular-nums">
              {t('iamScreens.users.count', { count: total, formatted: total.toLocaleString(i18n.language) })}
            </span>
          )}
          <NewButton to="/iam/users" canEdit={access.can('users', 'edit')}>
            {t('iamScreens.users.new')}
          </NewButton>
        </>
      }
    />
  )
}
