import type { Promotion } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { isForbidden } from '@/lib/http'
import { usePromotions } from './api/promotions'
import { promotionColumns } from './promotion-columns'
import { promotionFilterBody, promotionFilterDefs, PROMOTIONS_PAGE_SIZE } from './promotion-filters'

const rowId = (p: Promotion) => p.uuid
const rowHref = (p: Promotion) => `/promotions/${p.uuid}`

/** /promotions: the entity's promotions, newest first, with type and status filters and a name search. */
export function PromotionsPage() {
  const { t, i18n } = useTranslation()
  const defs = useMemo(() => promotionFilterDefs(t), [t])
  const columns = useMemo(() => promotionColumns(t), [t])
  const list = useListState(defs)
  const query = usePromotions(promotionFilterBody(list))
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
        title={t('promotions.title')}
        description={
          total === undefined
            ? t('promotions.subtitle')
            : t('promotions.count', { count: total, formatted: total.toLocaleString(i18n.language) })
        }
        actions={
          <Link to="/promotions/create" className={buttonClasses({ variant: 'primary', size: 'md' })}>
            {t('promotions.create')}
          </Link>
        }
      />
      <DataTable
        tableId="promotions"
        caption={t('promotions.title')}
        columns={columns}
        rows={query.data?.promotions}
        getRowId={rowId}
        rowHref={rowHref}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={list.page}
        pageSize={PROMOTIONS_PAGE_SIZE}
        total={total}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0}
        onResetFilters={() => list.reset()}
        emptyTitle={t('promotions.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
