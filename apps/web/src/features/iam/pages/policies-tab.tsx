import type { Policy, PolicyFilterRequest, PolicyStatement } from '@portal/contract'
import { cleanFilters, POLICY_TYPES } from '@portal/contract'
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
import { filterPolicies } from '../api/policies'
import { useIamAccess } from '../components/iam-access'
import { PolicyTypeBadge, statementText } from '../components/policy-text'
import { NewButton } from './list-parts'

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

/** The policy type chosen in the filter, as the call takes it (the select offers only these, or any). */
function policyTypeOf(list: ListState): PolicyFilterRequest['type'] {
  const type = list.select('type')
  return POLICY_TYPES.find((p) => p === type)
}

export function policyFilterBody(list: ListState, page: PageWindow): PolicyFilterRequest {
  return {
    limit: page.limit,
    offset: page.offset,
    ...cleanFilters({ search: list.text('q'), type: policyTypeOf(list) }),
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
    {
      id: 'name',
      header: t('iamScreens.policies.col.name'),
      cell: (p) => p.name,
      className: 'min-w-44',
      card: 'title',
    },
    {
      id: 'type',
      header: t('iamScreens.policies.col.type'),
      cell: (p) => <PolicyTypeBadge type={p.type} />,
      card: 'status',
    },
    {
      id: 'description',
      header: t('iamScreens.policies.col.description'),
      cell: (p) => <span title={p.description}>{p.description}</span>,
      className: 'max-w-72',
      defaultVisible: false,
      card: 'subtitle',
    },
    {
      id: 'statements',
      header: t('iamScreens.policies.col.statements'),
      cell: (p) => statementsCell(p.statements, t),
      card: 'meta',
    },
    {
      id: 'roles',
      header: t('iamScreens.policies.col.roles'),
      cell: (p) => p.role_count.toLocaleString(),
      align: 'right',
      card: 'meta',
    },
    {
      id: 'users',
      header: t('iamScreens.policies.col.users'),
      cell: (p) => p.user_count.toLocaleString(),
      align: 'right',
      card: 'meta',
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
  const { list, table } = useList({
    filters: defs,
    pageSize: IAM_PAGE_SIZE,
    paging: 'count',
    request: policyFilterBody,
    queryKey: (body, entityCode) => iamKeys.policies.list(entityCode, body),
    fetch: filterPolicies,
    rows: (data) => data.policies,
    total: (data) => data.count,
  })

  return (
    <DataTable
      tableId="iam-policies"
      caption={t('iamScreens.tabs.policies')}
      columns={columns}
      getRowId={rowId}
      rowHref={rowHref}
      {...table}
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
