import type { PaymentTransaction } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { ExportButton } from '@/components/export/export-button'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { isForbidden } from '@/lib/http'
import { useDateRange } from '@/components/orders/date-range'
import { DateRangeFilter } from '@/components/orders/date-range-filter'
import { useTransactions } from './api/filter-transactions'
import { transactionColumns } from './transaction-columns'
import { TRANSACTIONS_PAGE_SIZE, transactionFilterBody, transactionFilterDefs } from './transaction-filters'

const rowId = (x: PaymentTransaction) => x.uuid

/** Transactions (B §2–§9): newest first, 50 a page, the last seven days by default, every filter, all columns. */
export function TransactionsPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const defs = useMemo(() => transactionFilterDefs(t), [t])
  const columns = useMemo(() => transactionColumns(t), [t])
  const list = useListState(defs)
  const [range, setRange] = useDateRange()
  const body = transactionFilterBody(list, range)
  const query = useTransactions(body)
  const { limit: _limit, offset: _offset, ...exportFilters } = body

  // B §8: 403 means no permission; other errors show the table's error state.
  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? isForbidden(query.error)
        ? 'forbidden'
        : 'error'
      : 'ready'
  const total = query.data?.count
  const formatted =
    total === undefined ? '' : `${total.toLocaleString(i18n.language)}${query.data?.count_capped ? '+' : ''}`

  return (
    <>
      <PageHeader
        title={t('transactions.title')}
        description={
          total === undefined
            ? t('transactions.subtitle')
            : t('transactions.count', { count: total, formatted })
        }
      />
      <DataTable
        tableId="transactions"
        caption={t('transactions.title')}
        columns={columns}
        rows={query.data?.transactions}
        getRowId={rowId}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={list.page}
        pageSize={TRANSACTIONS_PAGE_SIZE}
        total={total}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0 || params.has('start') || params.has('end')}
        onResetFilters={() => void navigate('/transactions')}
        emptyTitle={t('transactions.empty')}
        actions={<ExportButton source="transactions" filters={exportFilters} />}
        toolbar={
          <div className="flex flex-wrap items-center gap-2">
            <FilterBar defs={defs} list={list} />
            <DateRangeFilter range={range} onChange={setRange} />
          </div>
        }
      />
    </>
  )
}
