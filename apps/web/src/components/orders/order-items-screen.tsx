import type { MachineOrderItem } from '@portal/contract'
import { ERROR_TOAST_MS } from '@portal/contract'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { ExportButton } from '@/components/export/export-button'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useListState } from '@/components/data-table/list-state'
import type { TableState } from '@/components/data-table/types'
import { PageHeader } from '@/components/page/page-header'
import { useToast } from '@/components/ui/toast/toast'
import { isForbidden } from '@/lib/http'
import { useSetOptions } from './api/sets'
import { useMachineOptions } from './api/machine-options'
import { useOrderItemCount, useOrderItems } from './api/order-items'
import { useDateRange } from './date-range'
import { DateRangeFilter } from './date-range-filter'
import { orderItemColumns } from './order-item-columns'
import {
  ORDER_ITEMS_PAGE_SIZE,
  orderItemCountBody,
  orderItemFilterBody,
  orderItemFilterDefs,
} from './order-item-filters'

const rowId = (i: MachineOrderItem) => String(i.id)

export interface OrderItemsScreenProps {
  /** Machine orders (vending) or POS machine orders (CPO kiosks): the same calls, their own route and titles. */
  variant: 'machine' | 'pos'
}

/**
 * Machine order items (B §2–§9): newest first, 50 a page, the default range of the last seven days, filters in the
 * URL, the column picker of B §3, the total counted only when the filters change.
 */
export function OrderItemsScreen({ variant }: OrderItemsScreenProps) {
  const { t, i18n } = useTranslation()
  const { addToast } = useToast()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const base = variant === 'pos' ? '/pos-machine-orders' : '/machine-orders'
  const sets = useSetOptions()
  const machines = useMachineOptions()
  // A machine chosen by a link (the machine page's Failed shortcut) stays an option even past the first 1,000.
  const linked = params.getAll('machine').join(',')
  const machineOptions = useMemo(() => {
    const known = machines.data ?? []
    const extra = linked
      .split(',')
      .filter((v) => /^\d+$/.test(v) && !known.some((o) => String(o.value) === v))
      .map((v) => ({ value: Number(v), label: t('orders.machineNo', { id: v }) }))
    return [...known, ...extra]
  }, [machines.data, linked, t])
  const defs = useMemo(
    () => orderItemFilterDefs(t, machineOptions, sets.data ?? []),
    [t, machineOptions, sets.data],
  )
  const columns = useMemo(() => orderItemColumns(t), [t])
  const list = useListState(defs)
  const [range, setRange] = useDateRange()
  const body = orderItemFilterBody(list, range)
  const query = useOrderItems(body)
  const countBody = orderItemCountBody(list, range)
  const forbidden = query.isError && isForbidden(query.error)
  const count = useOrderItemCount(countBody, !forbidden)

  // B §8: a failed fetch shows an error toast (403 shows the no-access state instead).
  const error = query.isError ? query.error : null
  useEffect(() => {
    if (error === null || isForbidden(error)) return
    addToast({
      id: 'order-items-error',
      title: t('orders.errorTitle'),
      message: t('orders.fetchError', { message: error.message }),
      timeout: ERROR_TOAST_MS,
      dismissable: true,
      variant: 'error',
    })
  }, [error, addToast, t])

  const state: TableState = query.isPending
    ? 'loading'
    : query.isError
      ? forbidden
        ? 'forbidden'
        : 'error'
      : 'ready'
  const total = count.data?.count
  const capped = count.data?.count_capped === true
  const formatted = total === undefined ? '' : `${total.toLocaleString(i18n.language)}${capped ? '+' : ''}`
  const rows = query.data?.items
  const rowCount = rows?.length ?? 0

  return (
    <>
      <PageHeader
        title={t(variant === 'pos' ? 'orders.posTitle' : 'orders.title')}
        description={
          total === undefined ? t('orders.subtitle') : t('orders.count', { count: total, formatted })
        }
      />
      <DataTable
        tableId={variant === 'pos' ? 'pos-order-items' : 'order-items'}
        caption={t(variant === 'pos' ? 'orders.posTitle' : 'orders.title')}
        columns={columns}
        rows={rows}
        getRowId={rowId}
        rowHref={(i) => `${base}/${i.machine_order_uuid}`}
        state={state}
        fetching={query.isFetching}
        errorMessage={query.error?.message}
        onRetry={() => void query.refetch()}
        page={list.page}
        pageSize={ORDER_ITEMS_PAGE_SIZE}
        total={total}
        hasNextPage={total === undefined ? rowCount === ORDER_ITEMS_PAGE_SIZE : undefined}
        onPageChange={list.setPage}
        filtersActive={list.activeCount > 0 || params.has('start') || params.has('end')}
        onResetFilters={() => void navigate(base)}
        emptyTitle={t('orders.empty')}
        actions={<ExportButton source="order-items" filters={countBody} />}
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
