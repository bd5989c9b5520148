import { useParams } from 'react-router'
import { MachineOrderDetail } from '@/components/orders/machine-order-detail'
import { OrderItemsScreen } from '@/components/orders/order-items-screen'

/** /machine-orders and /machine-orders/{uuid?}: the items list, or one order when a uuid is given. */
export function MachineOrdersPage() {
  const { uuid } = useParams()
  return uuid ? (
    <MachineOrderDetail uuid={uuid} backTo="/machine-orders" />
  ) : (
    <OrderItemsScreen variant="machine" />
  )
}
