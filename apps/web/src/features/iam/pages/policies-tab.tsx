import type { Policy, PolicyFilterRequest, PolicyStatement } from '@portal/contract'
import { cleanFilters, POLICY_TYPES } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import { IAM_PAGE_SIZE } from '../api/keys'
import { usePolicyList } from '../api/policies'
import { useIamAccess } from '../components/iam-access'
import { PolicyTypeBadge, statementText } from '../components/policy-text'
import { NewButton, tableState } from './list-parts'

export function policyFilterDefs(t: TFunction): FilterDef[] {
  return [
    { kind: 'search', key: 'q', label: t('iamScreens.policies.search') },
    {
      kind: 'select',
      key: 'type',
      label: t('iamScreens.policies.col.type'),
      defaultValue: '',
      options: [
        { value: '', label: t('iamScreens.policies.anyType') },
        ...POLICY_TYPES.map((p) => ({ value: p, label: t(`iamScreens.policyType.${p}`) })),
      ],
    },
  ]
}

export function policyFilterBody(list: ListState): PolicyFilterRequest {
  const type = list.select('type')
  return {
    limit: IAM_PAGE_SIZE,
    offset: (list.page - 1) * IAM_PAGE_SIZE,
    ...cleanFilters({
      search: list.text('q'),
      type: type === 'preset' || type === 'custom' ? type : undefined,
    }),
  }
}

function statementsCell(statements: readonly PolicyStatement[], t: TFunction) {
  const [first] = statements
  if (!first) return null
  const all = statements.map((s) => statementText(s, t)).join('\n')
  return (
    <span className="inline-flex items-center gap-1.5" title={all}>
      <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
        {statementText(first, t)}
      </code>
      {statements.length > 1 && (
        <span className="text-xs text-slate-500">
          {t('iamScreens.policies.more', { count: statements.length - 1 })}
        </span>
      )}
    </span>
  )
}

export function policyColumns(t: TFunction): DataColumn<Policy>[] {
  return [
    { id: 'name', header: t('iamScreens.policies.col.name'), cell: (p) => p.name, className: 'min-w-44' },
    { id: 'type', header: t('iamScreens.policies.col.type'), cell: (p) => <PolicyTypeBadge type={p.type} /> },
    {
      id: 'description',
      header: t('iamScreens.policies.col.description'),
      cell: (p) => <span title={p.description}>{p.description}</span>,
      className: 'max-w-72',
      defaultVisible: false,
    },
    {
      id: 'statements',
      header: t('iamScreens.policies.col.statements'),
      cell: (p) => statementsCell(p.statements, t),
    },
    {
      id: 'roles',
      header: t('iamScreens.policies.col.roles'),
      cell: (p) => p.role_count.toLocaleString(),
      align: 'right',
    },
    {
      id: 'users',
      header: t('iamScreens.policies.col.users'),
      cell: (p) => p.user_count.toLocaleString(),
      align: 'right',
    },
  ]
}

const rowId = (p: Policy) => String(p.id)
const rowHref = (p: Policy) => `/iam/policies/${String(p.id)}`

export function PoliciesTab() {
  const { t } = useTranslation()
  const access = useIamAccess()
  const defs = useMemo(() => policyFilterDefs(t), [t])
  const columns = useMemo(() => policyColumns(t), [t])
  const list = useListState(defs)
  const query = usePolicyList(policyFilterBody(list))

  return (
    <DataTable
      tableId="iam-policies"
      caption={t('iamScreens.tabs.policies')}
      columns={columns}
      rows={query.data?.policies}
      getRowId={rowId}
      rowHref={rowHref}
      state={tableState(query)}
      fetching={query.isFetching}
      errorMessage={query.error?.message}
      onRetry={() => void query.refetch()}
      page={list.page}
      pageSize={IAM_PAGE_SIZE}
      total={query.data?.count}
      onPageChange={list.setPage}
      filtersActive={list.activeCount > 0}
      onResetFilters={() => list.reset()}
      emptyTitle={t('iamScreens.policies.empty')}
      toolbar={<FilterBar defs={defs} list={list} />}
      actions={
        <NewButton to="/iam/policies" canEdit={access.can('policies', 'edit')}>
          {t('iamScreens.policies.new')}
        </NewButton>
      }
    />
  )
}
