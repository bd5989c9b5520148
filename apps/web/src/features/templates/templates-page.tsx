import type { TemplateListItem } from '@portal/contract'
import { cleanFilters, formatDateTime, PAGE_SIZES } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { DataColumn, TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { useTemplates } from './api/templates'

const PAGE_SIZE = PAGE_SIZES.templates
const rowId = (s: TemplateListItem) => s.id
const rowHref = (s: TemplateListItem) => `/templates/machines/${s.id}`

function columns(t: (key: string) => string): DataColumn<TemplateListItem>[] {
  return [
    { id: 'name', header: t('catalogue.template.name'), cell: (s) => s.name, className: 'min-w-52' },
    {
      id: 'resourceCode',
      header: t('catalogue.template.resourceCode'),
      cell: (s) => <span className="font-mono text-xs">{s.resourceCode}</span>,
    },
    { id: 'version', header: t('catalogue.template.version'), cell: (s) => s.version, align: 'right' },
    {
      id: 'section_count',
      header: t('catalogue.template.sections'),
      cell: (s) => s.section_count,
      align: 'right',
    },
    { id: 'item_count', header: t('catalogue.template.items'), cell: (s) => s.item_count, align: 'right' },
    {
      id: 'updated_at',
      header: t('catalogue.updatedAt'),
      cell: (s) => <span className="whitespace-nowrap">{formatDateTime(s.updated_at)}</span>,
    },
    {
      id: 'created_at',
      header: t('catalogue.createdAt'),
      cell: (s) => <span className="whitespace-nowrap">{formatDateTime(s.created_at)}</span>,
      defaultVisible: false,
    },
    {
      id: 'id',
      header: t('catalogue.template.uuid'),
      cell: (s) => <span className="font-mono text-xs">{s.id}</span>,
      defaultVisible: false,
    },
  ]
}

/** /templates/machines: the machine templates, 25 a page; any failure shows no access (B §4). */
export function TemplatesPage() {
  const { t, i18n } = useTranslation()
  const defs = useMemo<FilterDef[]>(
    () => [{ kind: 'search', key: 'q', label: t('catalogue.templates.search') }],
    [t],
  )
  const cols = useMemo(() => columns(t), [t])
  const list = useListState(defs)
  const query = useTemplates(
    cleanFilters({ per_page: PAGE_SIZE, current_page: list.page, search: list.text('q') }) as {
      per_page: number
      current_page: number
    },
  )
  const state: TableState = query.isPending ? 'loading' : query.isError ? 'forbidden' : 'ready'
  const total = query.data?.count
  return (
    <>
      <PageHeader
        title={t('catalogue.templates.title')}
        description={
          total === undefined
            ? t('catalogue.templates.subtitle')
            : t('catalogue.templates.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
        actions={
          <Link to="/templates/machines/create" className={buttonClasses({ variant: 'primary' })}>
            {t('catalogue.templates.create')}
          </Link>
        }
      />
      <DataTable
        tableId="machine-templates"
        caption={t('catalogue.templates.title')}
        columns={cols}
        rows={query.data?.templates}
        getRowId={rowId}
        rowHref={rowHref}
        state={state}
        fetching={query.isFetching}
        page={list.page}
        pageSize={PAGE_SIZE}
        total={total}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('catalogue.templates.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
