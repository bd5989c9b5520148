import { useParams } from 'react-router'
import { MachineOrderDetail } from '@/components/orders/machine-order-detail'
import { OrderItemsScreen } from '@/components/orders/order-items-screen'

/**
 * /pos-machine-orders and /pos-machine-orders/{uuid?} (CPO, EV kiosk): the order items of the entity's POS
 * kiosks, through the same calls as machine orders (docs/decisions/0014-orders-transactions.md).
 */
export function PosMachineOrdersPage() {
  const { uuid } = useParams()
  return uuid ? (
    <MachineOrderDetail uuid={uuid} backTo="/pos-machine-orders" />
  ) : (
    <OrderItemsScreen variant="pos" />
  )
}
