import type { Sku } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { skuKeys } from './api/sku-keys'
import { filterSkus } from './api/skus'
import { skuColumns } from './sku-columns'
import { skuFilterBody, skuFilterDefs, SKUS_PAGE_SIZE } from './sku-filters'

const rowId = (s: Sku) => String(s.id)
const rowHref = (s: Sku) => `/inventory/skus/${String(s.id)}`

/** /inventory: the entity's SKUs, 25 a page with the count (B §9); 403 shows no access (B §4). */
export function InventoryPage() {
  const { t, i18n } = useTranslation()
  const defs = useMemo(() => skuFilterDefs(t), [t])
  const columns = useMemo(() => skuColumns(t), [t])
  const { list, table, total } = useList({
    filters: defs,
    pageSize: SKUS_PAGE_SIZE,
    paging: 'count',
    request: skuFilterBody,
    queryKey: (body, entityCode) => skuKeys.list(entityCode, body),
    fetch: filterSkus,
    rows: (data) => data.skus,
    total: (data) => data.count,
  })
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
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('catalogue.inventory.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
