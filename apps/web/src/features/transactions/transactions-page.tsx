import { LiveEventName } from '@portal/contract'
import type { PaymentTransaction } from '@portal/contract'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { ordersIn } from '@/lib/live/live-store'
import { ExportButton } from '@/components/export/export-button'
import { useExportColumns } from '@/components/data-table/use-column-visibility'
import { useDateRange } from '@/components/orders/date-range'
import { DateRangeFilter } from '@/components/orders/date-range-filter'
import { PageHeader } from '@/components/page/page-header'
import { filterTransactions } from './api/filter-transactions'
import { transactionKeys } from './api/transaction-keys'
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
  const exportColumns = useExportColumns('transactions', columns)
  const [range, setRange] = useDateRange()
  // B §8: 403 means no permission; other errors show the table's error state.
  const { list, table, query, total, exportFilters } = useList({
    filters: defs,
    pageSize: TRANSACTIONS_PAGE_SIZE,
    paging: 'count',
    live: { added: [LiveEventName.orderCreated], countAdded: ordersIn },
    request: (state, page) => transactionFilterBody(state, range, page),
    queryKey: (body, entityCode) => transactionKeys.list(entityCode, body),
    fetch: filterTransactions,
    rows: (data) => data.transactions,
    total: (data) => data.count,
    extraFiltersActive: params.has('start') || params.has('end'),
    onReset: () => void navigate('/transactions'),
  })
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
        getRowId={rowId}
        {...table}
        emptyTitle={t('transactions.empty')}
        actions={<ExportButton source="transactions" filters={exportFilters} columns={exportColumns} />}
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
