import { formatDateTime, formatMoney, paymentMethods, personTypes } from '@portal/contract'
import { labelOf } from '@/lib/labels'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ItemStatusBadge } from '@/components/orders/status-badges'
import { useRecentMaintenance, useRecentOrderItems } from './api/machine-activity'
import { MachinePanel as Panel } from './machine-panel'

/** "See all": the whole list, filtered by this machine. */
function SeeAll({ to }: { to: string }) {
  const { t } = useTranslation()
  return (
    <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
      {t('catalogue.machine.seeAll')}
    </Link>
  )
}

const th = 'px-3 py-2'
const td = 'px-3 py-2'

/** The machine's 10 latest order items, with a link to all of them filtered by this machine. */
export function RecentOrders({ machineId }: { machineId: number }) {
  const { t } = useTranslation()
  const query = useRecentOrderItems(machineId)
  const items = query.data?.items ?? []
  return (
    <Panel
      title={t('catalogue.machine.recentOrders')}
      action={<SeeAll to={`/machine-orders?machine=${String(machineId)}`} />}
      query={query}
      empty={items.length === 0}
      head={
        <tr>
          <th scope="col" className={th}>
            {t('catalogue.machine.date')}
          </th>
          <th scope="col" className={th}>
            {t('catalogue.machine.item')}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t('catalogue.machine.funds')}
          </th>
          <th scope="col" className={th}>
            {t('catalogue.machine.status')}
          </th>
          <th scope="col" className={th}>
            {t('catalogue.machine.paymentMethod')}
          </th>
        </tr>
      }
    >
      {items.map((i) => (
        <tr key={i.id} className="border-t border-slate-100">
          <td className={`${td} whitespace-nowrap`}>
            <Link to={`/machine-orders/${i.machine_order_uuid}`} className="text-brand-700 hover:underline">
              {formatDateTime(i.date)}
            </Link>
          </td>
          <td className={td}>{i.item}</td>
          <td className={`${td} text-right whitespace-nowrap tabular-nums`}>
            {formatMoney(i.funds, i.currency_code)}
          </td>
          <td className={td}>
            <ItemStatusBadge value={i.machine_order_item_status} />
          </td>
          <td className={td}>{labelOf(paymentMethods, i.payment_method_code)}</td>
        </tr>
      ))}
    </Panel>
  )
}

/** The machine's 10 latest maintenance visits, with a link to all of them filtered by this machine. */
export function RecentMaintenance({ machineId }: { machineId: number }) {
  const { t } = useTranslation()
  const query = useRecentMaintenance(machineId)
  const rows = query.data?.mt_summaries ?? []
  return (
    <Panel
      title={t('catalogue.machine.recentMaintenance')}
      action={<SeeAll to={`/maintenance?machines=${String(machineId)}`} />}
      query={query}
      empty={rows.length === 0}
      head={
        <tr>
          <th scope="col" className={th}>
            {t('catalogue.machine.maintainedAt')}
          </th>
          <th scope="col" className={th}>
            {t('catalogue.machine.maintainedBy')}
          </th>
          <th scope="col" className={th}>
            {t('catalogue.machine.role')}
          </th>
          <th scope="col" className={`${th} text-right`}>
            {t('catalogue.machine.addedStock')}
          </th>
        </tr>
      }
    >
      {rows.map((s) => (
        <tr key={s.id} className="border-t border-slate-100">
          <td className={`${td} whitespace-nowrap`}>
            <Link to={`/maintenance/${String(s.id)}`} className="text-brand-700 hover:underline">
              {formatDateTime(s.start_time)}
            </Link>
          </td>
          <td className={td}>{s.user_name}</td>
          <td className={td}>{labelOf(personTypes, s.person_type)}</td>
          <td className={`${td} text-right tabular-nums`}>{s.total_added_stock.toLocaleString()}</td>
        </tr>
      ))}
    </Panel>
  )
}
