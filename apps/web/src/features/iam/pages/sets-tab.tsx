import type { ResourceSet, SetFilterRequest } from '@portal/contract'
import { cleanFilters } from '@portal/contract'
import type { TFunction } from 'i18next'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import { IAM_PAGE_SIZE } from '../api/keys'
import { useSetChoices, useSetList } from '../api/sets'
import { useIamAccess } from '../components/iam-access'
import { dash, NewButton, tableState } from './list-parts'

export function setFilterDefs(t: TFunction): FilterDef[] {
  return [{ kind: 'search', key: 'q', label: t('iamScreens.sets.search') }]
}

export function setFilterBody(list: ListState): SetFilterRequest {
  return {
    limit: IAM_PAGE_SIZE,
    offset: (list.page - 1) * IAM_PAGE_SIZE,
    ...cleanFilters({ search: list.text('q') }),
  }
}

export function setColumns(t: TFunction, names: ReadonlyMap<number, string>): DataColumn<ResourceSet>[] {
  return [
    { id: 'name', header: t('iamScreens.sets.col.name'), cell: (s) => s.name, className: 'min-w-44' },
    {
      id: 'code',
      header: t('iamScreens.sets.col.code'),
      cell: (s) => <code className="font-mono text-xs text-slate-700">{s.code}</code>,
    },
    {
      id: 'parent',
      header: t('iamScreens.sets.col.parent'),
      cell: (s) => (s.parent_id === null ? dash : (names.get(s.parent_id) ?? `#${String(s.parent_id)}`)),
    },
    {
      id: 'description',
      header: t('iamScreens.sets.col.description'),
      cell: (s) => (s.description ? <span title={s.description}>{s.description}</span> : dash),
      className: 'max-w-72',
      defaultVisible: false,
    },
    {
      id: 'resources',
      header: t('iamScreens.sets.col.resources'),
      cell: (s) => s.resource_count.toLocaleString(),
      align: 'right',
    },
  ]
}

const rowId = (s: ResourceSet) => String(s.id)
const rowHref = (s: ResourceSet) => `/iam/sets/${String(s.id)}`

export function SetsTab() {
  const { t } = useTranslation()
  const access = useIamAccess()
  const all = useSetChoices()
  const names = useMemo(() => new Map((all.data?.sets ?? []).map((s) => [s.id, s.name])), [all.data])
  const defs = useMemo(() => setFilterDefs(t), [t])
  const columns = useMemo(() => setColumns(t, names), [t, names])
  const list = useListState(defs)
  const query = useSetList(setFilterBody(list))

  return (
    <DataTable
      tableId="iam-sets"
      caption={t('iamScreens.tabs.sets')}
      columns={columns}
      rows={query.data?.sets}
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
      emptyTitle={t('iamScreens.sets.empty')}
      toolbar={<FilterBar defs={defs} list={list} />}
      actions={
        <NewButton to="/iam/sets" canEdit={access.can('sets', 'edit')}>
          {t('iamScreens.sets.new')}
        </NewButton>
      }
    />
  )
}
