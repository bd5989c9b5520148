import type { ResourceSet, SetFilterRequest } from '@portal/contract'
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
import { filterSets, useAllSets } from '../api/sets'
import { useIamAccess } from '../components/iam-access'
import { dash, NewButton } from './list-parts'

export function setFilterDefs(t: TFunction): FilterDef[] {
  return [{ kind: 'search', key: 'q', label: t('iamScreens.sets.search') }]
}

export function setFilterBody(list: ListState, page: PageWindow): SetFilterRequest {
  return { limit: page.limit, offset: page.offset, ...cleanFilters({ search: list.text('q') }) }
}

export function setColumns(t: TFunction, names: ReadonlyMap<number, string>): DataColumn<ResourceSet>[] {
  return [
    {
      id: 'name',
      header: t('iamScreens.sets.col.name'),
      cell: (s) => s.name,
      className: 'min-w-44',
      card: 'title',
    },
    {
      id: 'code',
      header: t('iamScreens.sets.col.code'),
      cell: (s) => <code className="font-mono text-xs text-slate-700">{s.code}</code>,
      card: 'subtitle',
    },
    {
      id: 'parent',
      header: t('iamScreens.sets.col.parent'),
      cell: (s) => (s.parent_id === null ? dash : (names.get(s.parent_id) ?? `#${String(s.parent_id)}`)),
      card: 'meta',
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
      card: 'meta',
    },
  ]
}

const rowId = (s: ResourceSet) => String(s.id)
const rowHref = (s: ResourceSet) => `/iam/sets/${String(s.id)}`

export function SetsTab() {
  const { t } = useTranslation()
  const access = useIamAccess()
  const all = useAllSets()
  const names = useMemo(() => new Map((all.data?.sets ?? []).map((s) => [s.id, s.name])), [all.data])
  const defs = useMemo(() => setFilterDefs(t), [t])
  const columns = useMemo(() => setColumns(t, names), [t, names])
  const { list, table } = useList({
    filters: defs,
    pageSize: IAM_PAGE_SIZE,
    paging: 'count',
    request: setFilterBody,
    queryKey: (body, entityCode) => iamKeys.sets.list(entityCode, body),
    fetch: filterSets,
    rows: (data) => data.sets,
    total: (data) => data.count,
  })

  return (
    <DataTable
      tableId="iam-sets"
      caption={t('iamScreens.tabs.sets')}
      columns={columns}
      getRowId={rowId}
      rowHref={rowHref}
      {...table}
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
