import type { TemplateFilterRequest, TemplateListItem } from '@portal/contract'
import { cleanFilters, formatDateTime, PAGE_SIZES } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import type { DataColumn } from '@/components/data-table/types'
import type { PageWindow } from '@/components/data-table/use-list'
import { useList } from '@/components/data-table/use-list'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { filterTemplates } from './api/templates'
import { templateKeys } from './api/template-keys'

const PAGE_SIZE = PAGE_SIZES.templates
const rowId = (s: TemplateListItem) => s.id
const rowHref = (s: TemplateListItem) => `/templates/machines/${s.id}`

function columns(t: (key: string) => string): DataColumn<TemplateListItem>[] {
  return [
    {
      id: 'name',
      header: t('catalogue.template.name'),
      cell: (s) => s.name,
      className: 'min-w-52',
      card: 'title',
    },
    {
      id: 'resourceCode',
      header: t('catalogue.template.resourceCode'),
      cell: (s) => <span className="font-mono text-xs">{s.resourceCode}</span>,
      card: 'subtitle',
    },
    {
      id: 'version',
      header: t('catalogue.template.version'),
      cell: (s) => s.version,
      align: 'right',
      card: 'meta',
    },
    {
      id: 'section_count',
      header: t('catalogue.template.sections'),
      cell: (s) => s.section_count,
      align: 'right',
    },
    {
      id: 'item_count',
      header: t('catalogue.template.items'),
      cell: (s) => s.item_count,
      align: 'right',
      card: 'meta',
    },
    {
      id: 'updated_at',
      header: t('catalogue.updatedAt'),
      cell: (s) => <span className="whitespace-nowrap">{formatDateTime(s.updated_at)}</span>,
      card: 'meta',
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

/** POST /iot/templates/filter from the list state: the spec's page number from 1 (B §7), the search if set. */
export function templateFilterBody(list: ListState, page: PageWindow): TemplateFilterRequest {
  return {
    per_page: page.limit,
    current_page: page.offset / page.limit + 1,
    ...cleanFilters({ search: list.text('q') }),
  }
}

/** /templates/machines: the machine templates, 25 a page; any failure shows no access (B §4). */
export function TemplatesPage() {
  const { t, i18n } = useTranslation()
  const defs = useMemo<FilterDef[]>(
    () => [{ kind: 'search', key: 'q', label: t('catalogue.templates.search') }],
    [t],
  )
  const cols = useMemo(() => columns(t), [t])
  const { list, table, total } = useList({
    filters: defs,
    pageSize: PAGE_SIZE,
    paging: 'count',
    request: templateFilterBody,
    queryKey: (body, entityCode) => templateKeys.list(entityCode, body),
    fetch: filterTemplates,
    rows: (data) => data.templates,
    total: (data) => data.count,
    anyErrorIsForbidden: true,
  })
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
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('catalogue.templates.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
