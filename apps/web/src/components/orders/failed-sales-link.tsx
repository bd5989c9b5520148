import { defaultDateRange } from '@portal/contract'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { failedOrdersHref } from './date-range'

/**
 * The /machine-orders shortcut of B §2 from a machine's page: this machine's order items with status Failed (4),
 * from the start of today to 23:59:59 today, in seconds.
 */
export function FailedSalesLink({ machineId }: { machineId: number }) {
  const { t } = useTranslation()
  const { end } = defaultDateRange(new Date())
  const startOfToday = end - 86_399
  return (
    <Link
      to={failedOrdersHref(startOfToday, end, machineId)}
      title={t('orders.failedShortcutHint')}
      className="inline-flex h-8 items-center rounded-md border border-rose-300 bg-white px-2.5 text-sm font-medium text-rose-700 hover:bg-rose-50"
    >
      {t('orders.failedShortcut')}
    </Link>
  )
}
