import type { OrderStatus } from '../enums/order'
import { OrderStatus as Order } from '../enums/order'
import { PaymentMethod } from '../enums/payment-method'
import type { PaymentStatus, TransactionStatus } from '../enums/payment'
import { PaymentStatus as Item, TransactionStatus as Txn } from '../enums/payment'

/*
 * What a vend adds up to (issue 15's `vend` event; docs/decisions/0108-machine-api.md): from the status and the funds
 * of each item the machine reports, the order's status, the charge transaction's status and what was charged and
 * refunded. The seed's orders follow the same rules for the outcomes it draws.
 */

/** Methods whose sales are redemptions of a record (a voucher, a closed-loop credit): they carry its uuid. */
export const REDEMPTION_METHODS: ReadonlySet<number> = new Set<number>([20, 21, 22, 23, 24, 26, 28, 32, 35])

/** The gateway a method is taken through (ours: the spec names none per method). */
export function paymentGatewayOf(method: number): string {
  if (method === PaymentMethod.CreditCard || method === PaymentMethod.Stripe) return 'stripe'
  if (method >= 6 && method <= 7) return 'nets'
  if (method >= 38 && method <= 39) return 'nets'
  if (REDEMPTION_METHODS.has(method) || method >= 95) return 'internal'
  return 'fomo'
}

type Kind = 'sold' | 'refunded' | 'failed' | 'timeout' | 'cancelled' | 'expired' | 'initiated'

function kindOf(status: PaymentStatus): Kind {
  switch (status) {
    case Item.Success:
    case Item.Paid:
      return 'sold'
    case Item.AutoRefund:
    case Item.ManualRefund:
    case Item.OfflineRefund:
      return 'refunded'
    case Item.Timeout:
      return 'timeout'
    case Item.Cancelled:
      return 'cancelled'
    case Item.Expired:
      return 'expired'
    case Item.Initiated:
    case Item.Unknown:
      return 'initiated'
    default:
      // Failed, StageFailed, Skipped.
      return 'failed'
  }
}

/** Items that every one of which is of one kind give the order that kind's status. */
const ALL_OF: Record<Kind, OrderStatus> = {
  sold: Order.Success,
  refunded: Order.Refunded,
  failed: Order.Failed,
  timeout: Order.Timeout,
  cancelled: Order.Cancelled,
  expired: Order.Expired,
  initiated: Order.Initiated,
}

export interface VendOutcome {
  order: OrderStatus
  transaction: TransactionStatus
  /** Minor units: the funds of the items sold, and of those refunded. */
  charged: number
  refunded: number
  /** Whether the item left the machine (its slot's stock goes down, its sales count). */
  dispensed: boolean[]
}

export function vendOutcome(items: readonly { status: PaymentStatus; funds: number }[]): VendOutcome {
  const kinds = items.map((i) => kindOf(i.status))
  const sum = (kind: Kind) => items.reduce((n, item, i) => (kinds[i] === kind ? n + item.funds : n), 0)
  const charged = sum('sold')
  const refunded = sum('refunded')
  const first = kinds[0] ?? 'initiated'
  const order = kinds.every((k) => k === first)
    ? ALL_OF[first]
    : kinds.includes('sold')
      ? Order.PartialSuccess
      : kinds.includes('refunded')
        ? Order.PartiallyRefunded
        : Order.Failed
  const transaction =
    charged > 0 && refunded > 0
      ? Txn.PartiallyRefunded
      : charged > 0 || kinds.includes('sold')
        ? Txn.Success
        : refunded > 0 || kinds.includes('refunded')
          ? Txn.Refunded
          : order === Order.Timeout
            ? Txn.Timeout
            : order === Order.Cancelled
              ? Txn.Cancelled
              : order === Order.Expired
                ? Txn.Expired
                : order === Order.Initiated
                  ? Txn.Pending
                  : Txn.Failed
  return { order, transaction, charged, refunded, dispensed: kinds.map((k) => k === 'sold') }
}
