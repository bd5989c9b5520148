import type { Promotion } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { PageHeader } from '@/components/page/page-header'
import { buttonClasses } from '@/components/ui/button/button'
import { promotionKeys } from './api/promotion-keys'
import { filterPromotions } from './api/promotions'
import { promotionColumns } from './promotion-columns'
import { promotionFilterBody, promotionFilterDefs, PROMOTIONS_PAGE_SIZE } from './promotion-filters'

const rowId = (p: Promotion) => p.uuid
const rowHref = (p: Promotion) => `/promotions/${p.uuid}`

/** /promotions: the entity's promotions, newest first, with type and status filters and a name search. */
export function PromotionsPage() {
  const { t, i18n } = useTranslation()
  const defs = useMemo(() => promotionFilterDefs(t), [t])
  const columns = useMemo(() => promotionColumns(t), [t])
  const { list, table, total } = useList({
    filters: defs,
    pageSize: PROMOTIONS_PAGE_SIZE,
    paging: 'count',
    request: promotionFilterBody,
    queryKey: (body, entityCode) => promotionKeys.list(entityCode, body),
    fetch: filterPromotions,
    rows: (data) => data.promotions,
    total: (data) => data.count,
  })
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
        getRowId={rowId}
        rowHref={rowHref}
        {...table}
        emptyTitle={t('promotions.empty')}
        toolbar={<FilterBar defs={defs} list={list} />}
      />
    </>
  )
}
