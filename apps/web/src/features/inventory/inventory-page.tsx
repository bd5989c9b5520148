import type { Sku, SkuFilterRequest } from '@portal/contract'
import { cleanFilters, PAGE_SIZES, skuCategories } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import type { FilterDef, ListState } from '@/components/data-table/list-state'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { isForbidden } from '@/lib/http'
import { useSkus } from './api/skus'
import { skuColumns } from './sku-columns'

const PAGE_SIZE = PAGE_SIZES.skus
const rowId = (s: Sku) => String(s.id)
const rowHref = (s: Sku) => `/inventory/skus/${String(s.id)}`

function filterDefs(t: (key: string) => string): FilterDef[] {
  return [
    { kind: 'search', key: 'q', label: t('catalogue.inventory.search') },
    {
      kind: 'select',
      key: 'active',
      label: t('catalogue.sku.is_active'),
      defaultValue: 'all',
      options: [
        { value: 'all', label: t('catalogue.all') },
        { value: 'active', label: t('catalogue.active') },
        { value: 'inactive', label: t('catalogue.inactive') },
      ],
    },
    {
      kind: 'multi',
      key: 'category',
      label: t('catalogue.sku.category'),
      options: skuCategories.entries.map((e) => ({
        value: e.value,
        label: t(`catalogue.category.${e.value}`),
      })),
    },
  ]
}

/** The request of POST /iot/skus/filter from the list state; unset filters are left out. */
export function skuFilterBody(list: ListState): SkuFilterRequest {
  const active = list.select('active')
  return cleanFilters({
    limit: PAGE_SIZE,
    offset: (list.page - 1) * PAGE_SIZE,
    search: list.text('q'),
    category_list: list.multi('category').map(String) as SkuFilterRequest['category_list'],
    is_active: active === 'active' ? true : active === 'inactive' ? false : undefined,
  }) as SkuFilterRequest
}

/** /inventory: the entity's SKUs, 25 a page with the count (B §9); 403 shows no access (B §4). */
export function InventoryPage() {
  const { t, i18n } = useTranslation()
  const defs = useMemo(() => filterDefs(t), [t])
  const columns = useMemo(() => skuColumns(t), [t])
  const list = useListState(defs)
  const query = useSkus(skuFilterBody(list))
  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  const total = query.data?.count
  return (
    <>
      <PageHeader
        title={t('catalogue.inventory.title')}
        description={
          total === undefined
            ? t('catalogue.inventory.subtitle')
            : t('catalogue.inventory.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
        actions={
          <Link to="/inventory/skus/create" className={buttonClasses({ variant: 'primary', size: 'md' })}>
            {t('catalogue.inventory.create')}
          </Link>
        }
      />
      <DataTable
        tableId="skus"
        caption={t('catalogue.inventory.title')}
        columns={columns}
        rows={query.data?.skus}
        getRowId={rowId}
        rowHref={rowHref}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={list.page}
        pageSize={PAGE_SIZE}
        total={total}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('catalogue.inventory.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
