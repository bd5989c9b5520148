import type { MachineOrderItem } from '@portal/contract'
import { ERROR_TOAST_MS, LiveEventName } from '@portal/contract'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { DataTable } from '@/components/data-table/data-table'
import { FilterBar } from '@/components/data-table/filter-bar'
import { useList } from '@/components/data-table/use-list'
import { ordersIn } from '@/lib/live/live-store'
import { ExportButton } from '@/components/export/export-button'
import { useExportColumns } from '@/components/data-table/use-column-visibility'
import { useMachineOptions } from '@/components/options/machine-options'
import { useSetOptions } from '@/components/options/set-options'
import { PageHeader } from '@/components/page/page-header'
import { useToast } from '@/components/ui/toast/toast'
import { countOrderItems, filterOrderItems } from './api/order-items'
import { orderKeys } from './api/order-keys'
import { useDateRange } from './date-range'
import { DateRangeFilter } from './date-range-filter'
import { orderItemColumns } from './order-item-columns'
import {
  countBodyOf,
  ORDER_ITEMS_PAGE_SIZE,
  orderItemFilterBody,
  orderItemFilterDefs,
} from './order-item-filters'
import { serverMessage } from '@/lib/server-messages'

const rowId = (i: MachineOrderItem) => String(i.id)

export interface OrderItemsScreenProps {
  /** Machine orders (vending) or POS machine orders (CPO kiosks): the same calls, their own route and titles. */
  variant: 'machine' | 'pos'
}

/**
 * Machine order items (B §2–§9): newest first, 50 a page, the default range of the last seven days, filters in the
 * URL, the column picker of B §3, the total from the count call, asked only when the filters change (B §7).
 */
export function OrderItemsScreen({ variant }: OrderItemsScreenProps) {
  const { t, i18n } = useTranslation()
  const { addToast } = useToast()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const base = variant === 'pos' ? '/pos-machine-orders' : '/machine-orders'
  const title = t(variant === 'pos' ? 'orders.posTitle' : 'orders.title')
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
  const tableId = variant === 'pos' ? 'pos-order-items' : 'order-items'
  const exportColumns = useExportColumns(tableId, columns)
  const [range, setRange] = useDateRange()
  const { list, table, query, countQuery, total, exportFilters } = useList({
    filters: defs,
    pageSize: ORDER_ITEMS_PAGE_SIZE,
    paging: 'full-page',
    live: { added: [LiveEventName.orderCreated], countAdded: ordersIn },
    request: (state, page) => orderItemFilterBody(state, range, page),
    queryKey: (body, entityCode) => orderKeys.items(entityCode, body),
    fetch: filterOrderItems,
    rows: (data) => data.items,
    count: {
      request: countBodyOf,
      queryKey: (body, entityCode) => orderKeys.count(entityCode, body),
      fetch: countOrderItems,
    },
    extraFiltersActive: params.has('start') || params.has('end'),
    onReset: () => void navigate(base),
  })

  // B §8: a failed fetch shows an error toast; a 403 also shows the no-access state (the table does that).
  const error = query.error
  useEffect(() => {
    if (error === null) return
    addToast({
      id: 'order-items-error',
      title: t('orders.errorTitle'),
      message: t('orders.fetchError', { message: serverMessage(error) }),
      timeout: ERROR_TOAST_MS,
      dismissable: true,
      variant: 'error',
    })
  }, [error, addToast, t])

  const capped = countQuery.data?.count_capped === true
  const formatted = total === undefined ? '' : `${total.toLocaleString(i18n.language)}${capped ? '+' : ''}`

  return (
    <>
      <PageHeader
        title={title}
        description={
          total === undefined ? t('orders.subtitle') : t('orders.count', { count: total, formatted })
        }
      />
      <DataTable
        tableId={tableId}
        caption={title}
        columns={columns}
        getRowId={rowId}
        rowHref={(i) => `${base}/${i.machine_order_uuid}`}
        {...table}
        emptyTitle={t('orders.empty')}
        actions={<ExportButton source="order-items" filters={exportFilters} columns={exportColumns} />}
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
