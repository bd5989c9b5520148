import type { ServiceAccount, ServiceAccountFilterRequest } from '@portal/contract'
import { cleanFilters, formatDateTime } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import type { PageWindow } from '@/components/data-table/use-list'
import { useList } from '@/components/data-table/use-list'
import { Badge } from '@/components/ui/badge/badge'
import { IAM_PAGE_SIZE, iamKeys } from '../api/iam-keys'
import { filterServiceAccounts } from '../api/service-accounts'
import { useIamAccess } from '../components/iam-access'
import { dash, NewButton } from './list-parts'

function filterDefs(t: TFunction): FilterDef[] {
  return [{ kind: 'search', key: 'q', label: t('serviceAccounts.search') }]
}

function filterBody(list: ListState, page: PageWindow): ServiceAccountFilterRequest {
  return { limit: page.limit, offset: page.offset, ...cleanFilters({ search: list.text('q') }) }
}

/** "Read machines, Restocker on East": the grants as the users list shows them. */
export function grantLabels(t: TFunction, account: ServiceAccount): string[] {
  return account.grants.map((g) => {
    const name = g.role?.name ?? g.policy?.name ?? '?'
    return g.set ? t('iamScreens.grants.onSet', { name, set: g.set.name }) : name
  })
}

function columns(t: TFunction): DataColumn<ServiceAccount>[] {
  return [
    { id: 'name', header: t('serviceAccounts.col.name'), cell: (a) => a.name, card: 'title' },
    {
      id: 'description',
      header: t('serviceAccounts.col.description'),
      cell: (a) =>
        a.description ? (
          <span className="block max-w-64 truncate" title={a.description}>
            {a.description}
          </span>
        ) : (
          dash
        ),
      card: 'subtitle',
    },
    {
      id: 'grants',
      header: t('serviceAccounts.col.grants'),
      cell: (a) => {
        const labels = grantLabels(t, a)
        return labels.length === 0 ? (
          dash
        ) : (
          <span className="inline-flex items-center gap-1" title={labels.join(', ')}>
            {labels.slice(0, 2).map((label, i) => (
              <Badge key={a.grants[i]?.id ?? i} tone="neutral" className="max-w-40">
                <span className="truncate">{label}</span>
              </Badge>
            ))}
            {labels.length > 2 && <span className="text-xs text-slate-500">+{labels.length - 2}</span>}
          </span>
        )
      },
      card: 'meta',
    },
    {
      id: 'active_keys',
      header: t('serviceAccounts.col.activeKeys'),
      cell: (a) => <span className="tabular-nums">{a.active_keys}</span>,
      card: 'status',
    },
    {
      id: 'created_at',
      header: t('serviceAccounts.col.created'),
      cell: (a) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(a.created_at)}</span>,
      card: 'meta',
    },
  ]
}

const rowId = (a: ServiceAccount) => a.uuid
const rowHref = (a: ServiceAccount) => `/iam/service-accounts/${a.uuid}`

/** /iam?tab=service-accounts: the entity's service accounts (integrations that call the API with keys). */
export function ServiceAccountsTab() {
  const { t, i18n } = useTranslation()
  const access = useIamAccess()
  const defs = useMemo(() => filterDefs(t), [t])
  const cols = useMemo(() => columns(t), [t])
  const { list, table, total } = useList({
    filters: defs,
    pageSize: IAM_PAGE_SIZE,
    paging: 'count',
    request: filterBody,
    queryKey: (body, entityCode) => iamKeys.serviceAccounts.list(entityCode, body),
    fetch: filterServiceAccounts,
    rows: (data) => data.service_accounts,
    total: (data) => data.count,
  })

  return (
    <DataTable
      tableId="iam-service-accounts"
      caption={t('iamScreens.tabs.service-accounts')}
      columns={cols}
      getRowId={rowId}
      rowHref={rowHref}
      {...table}
      emptyTitle={t('serviceAccounts.empty')}
      toolbar={<FilterBar defs={defs} list={list} />}
      actions={
        <>
          {total !== undefined && (
            <span className="text-xs text-slate-500 tabular-nums">
              {t('serviceAccounts.count', { count: total, formatted: total.toLocaleString(i18n.language) })}
            </span>
          )}
          <NewButton to="/iam/service-accounts" canEdit={access.can('users', 'edit')}>
            {t('serviceAccounts.new')}
          </NewButton>
        </>
      }
    />
  )
}
