import type { Catalogue, CatalogueValue } from '@portal/contract'
import { machineOrderItemStatuses, orderStatuses, stageStatuses, transactionStatuses } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import type { BadgeTone } from '@/components/ui/badge/badge'
import { Badge } from '@/components/ui/badge/badge'

/** Tones by label, shared by the order, item, stage and transaction status catalogues (their labels overlap). */
const TONES: Record<string, BadgeTone> = {
  Success: 'positive',
  Paid: 'positive',
  Captured: 'positive',
  Failed: 'error',
  'Stage Failed': 'error',
  'Failed Refund': 'error',
  Timeout: 'warning',
  Expired: 'warning',
  Pending: 'info',
  Initiated: 'info',
  Refunded: 'neutral',
  'Auto Refund': 'neutral',
  'Manual Refund': 'neutral',
  'Offline Refund': 'neutral',
  'Partially Refunded': 'neutral',
}

function StatusBadge<V extends CatalogueValue>({
  catalogue,
  value,
}: {
  catalogue: Catalogue<V>
  value: number
}) {
  const label = labelOf(catalogue, value)
  return (
    <Badge tone={TONES[label] ?? 'neutral'} dot>
      {label}
    </Badge>
  )
}

export const ItemStatusBadge = ({ value }: { value: number }) => (
  <StatusBadge catalogue={machineOrderItemStatuses} value={value} />
)
export const OrderStatusBadge = ({ value }: { value: number }) => (
  <StatusBadge catalogue={orderStatuses} value={value} />
)
export const StageStatusBadge = ({ value }: { value: number }) => (
  <StatusBadge catalogue={stageStatuses} value={value} />
)
export const TransactionStatusBadge = ({ value }: { value: number }) => (
  <StatusBadge catalogue={transactionStatuses} value={value} />
)
