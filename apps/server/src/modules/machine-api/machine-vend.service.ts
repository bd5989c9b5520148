import { randomInt, randomUUID } from 'node:crypto'
import type { MachineEvent } from '@portal/contract'
import {
  PaymentStatus,
  paymentGatewayOf,
  StageStatus,
  TransactionStatus,
  TransactionType,
  vendOutcome,
} from '@portal/contract'
import type { AuthenticatedMachine } from './machine-key.repository'
import type { NewOrder } from './machine-vend.repository'
import type { MachineSlots } from './machine-event.repository'
import type { machineForOrders } from './machine-vend.repository'

/*
 * A `vend` event becomes an order (issue 15, docs/decisions/0108-machine-api.md): the order, its items (with copies
 * of the machine's fields, as the lists read them), its stages, its payment and the payment's transactions, all as
 * the seed's orders are; the items that left the machine count as sales of their slots and take one from its stock.
 * The batch's orders are written together and its sales applied with its other slot changes (machine-event.service).
 */

export type VendEvent = Extract<MachineEvent, { type: 'vend' }>
type OrderMachine = Awaited<ReturnType<typeof machineForOrders>>

/** A vend's items that name a slot the machine does not have. */
export function vendProblems(index: number, event: VendEvent, slots: MachineSlots) {
  return event.items.flatMap((item, k) =>
    slots.has(item.slot_no)
      ? []
      : [
          {
            path: `events[${String(index)}].items[${String(k)}].slot_no`,
            message: `this machine has no slot ${String(item.slot_no)}`,
          },
        ],
  )
}

/** The order's discount and credit spread over its items in order, never more than an item's price. */
export function spread(prices: readonly number[], discount: number, credit: number) {
  let d = discount
  let c = credit
  return prices.map((price) => {
    const itemDiscount = Math.min(price, d)
    d -= itemDiscount
    const itemCredit = Math.min(price - itemDiscount, c)
    c -= itemCredit
    return { discount: itemDiscount, credit: itemCredit, funds: price - itemDiscount - itemCredit }
  })
}

const PAYMENT_OF_TRANSACTION: Record<number, number> = {
  [TransactionStatus.Success]: PaymentStatus.Success,
  [TransactionStatus.PartiallyRefunded]: PaymentStatus.Success,
  [TransactionStatus.Refunded]: PaymentStatus.AutoRefund,
  [TransactionStatus.Timeout]: PaymentStatus.Timeout,
  [TransactionStatus.Cancelled]: PaymentStatus.Cancelled,
  [TransactionStatus.Pending]: PaymentStatus.Initiated,
  [TransactionStatus.Expired]: PaymentStatus.Expired,
}

const PAYMENT_STAGE: Record<number, number> = {
  [TransactionStatus.Timeout]: StageStatus.Timeout,
  [TransactionStatus.Cancelled]: StageStatus.Cancelled,
  [TransactionStatus.Pending]: StageStatus.Initiated,
  [TransactionStatus.Expired]: StageStatus.Expired,
  [TransactionStatus.Failed]: StageStatus.Failed,
}

/** The order the event describes; `at` is when it happened (never after now). */
export function orderOf(
  machine: AuthenticatedMachine,
  m: OrderMachine,
  slots: MachineSlots,
  event: VendEvent,
  at: number,
  now: number,
): { order: NewOrder; sales: { slot: number; funds: number }[] } {
  const amounts = spread(
    event.items.map((i) => i.price),
    event.discount ?? 0,
    event.credit ?? 0,
  )
  const outcome = vendOutcome(
    event.items.map((i, k) => ({ status: i.status, funds: amounts[k]?.funds ?? 0 })),
  )
  const total = amounts.reduce((n, a) => n + a.funds, 0)
  const uuid = randomUUID()
  // Digits after MO, like every order number the lists show: the time it happened and three random digits.
  const orderNo = `MO${String(at)}${String(randomInt(0, 1000)).padStart(3, '0')}`
  const gateway = paymentGatewayOf(event.payment_method_code)
  const transactionUuid = randomUUID()
  const paymentReferNo = `PR${String(randomInt(0, 1e12)).padStart(12, '0')}`
  const paid =
    outcome.transaction === TransactionStatus.Success ||
    outcome.transaction === TransactionStatus.PartiallyRefunded
  const stages: NewOrder['stages'] = [
    {
      stage_no: 1,
      stage_name: 'Payment',
      status: PAYMENT_STAGE[outcome.transaction] ?? StageStatus.Success,
      created_at: at,
    },
  ]
  if (paid || outcome.refunded > 0)
    stages.push({
      stage_no: 2,
      stage_name: 'Dispense',
      status: outcome.dispensed.some(Boolean) ? StageStatus.Success : StageStatus.Failed,
      created_at: at + 1,
    })
  if (outcome.refunded > 0)
    stages.push({
      stage_no: 3,
      stage_name: 'Refund',
      status: event.items.some((i) => i.status === PaymentStatus.ManualRefund)
        ? StageStatus.ManuallyRefunded
        : StageStatus.Refunded,
      created_at: at + 2,
    })
  const charge: NewOrder['transactions'][number] = {
    uuid: transactionUuid,
    entity_code: machine.entity_code,
    machine_id: machine.id,
    order_uuid: uuid,
    username: m.username,
    currency_code: m.currency_code,
    amount: total,
    refundable_amount: outcome.charged,
    refunded_amount: outcome.refunded,
    transaction_type: TransactionType.Normal,
    transaction_status: outcome.transaction,
    payment_method_code: event.payment_method_code,
    payment_type_code: event.payment_type_code,
    payment_gateway_code: gateway,
    entity_refer_no: event.out_trade_no,
    payment_refer_no: paymentReferNo,
    created_at: at,
  }
  const transactions: NewOrder['transactions'] = [charge]
  // A refund is its own transaction of type Refund, after the refund stage (as the seed's are).
  if (outcome.refunded > 0)
    transactions.push({
      ...charge,
      uuid: randomUUID(),
      amount: outcome.refunded,
      refundable_amount: 0,
      refunded_amount: 0,
      transaction_type: TransactionType.Refund,
      transaction_status: TransactionStatus.Success,
      entity_refer_no: `${event.out_trade_no}R`.slice(0, 40),
      payment_refer_no: `RF${paymentReferNo.slice(2)}`,
      created_at: at + 2,
    })
  const order: NewOrder = {
    order: {
      uuid,
      entity_code: machine.entity_code,
      machine_id: machine.id,
      order_no: orderNo,
      out_trade_no: event.out_trade_no,
      username: m.username,
      currency_code: m.currency_code,
      total_amount: total,
      status: outcome.order,
      payment_method_code: event.payment_method_code,
      payment_type_code: event.payment_type_code,
      created_at: at,
      updated_at: now,
    },
    items: event.items.map((item, k) => {
      const slot = slots.get(item.slot_no)
      const a = amounts[k] ?? { discount: 0, credit: 0, funds: item.price }
      return {
        entity_code: machine.entity_code,
        machine_order_uuid: uuid,
        machine_order_out_trade_no: event.out_trade_no,
        order_no: orderNo,
        machine_id: machine.id,
        username: m.username,
        serial_number: m.serial_number,
        alias: m.alias,
        location: m.location,
        postal_code: m.postal_code,
        slot_no: item.slot_no,
        sku_id: item.sku_id ?? slot?.sku_id ?? null,
        item_name: slot?.name ?? `Slot ${String(item.slot_no)}`,
        description: slot?.description ?? '',
        currency_code: m.currency_code,
        price: item.price,
        discount: a.discount,
        credit: a.credit,
        funds: a.funds,
        machine_order_item_status: item.status,
        payment_method_code: event.payment_method_code,
        payment_type_code: event.payment_type_code,
        redemption_record_uuid: event.redemption_record_uuid ?? null,
        refund_promotion_id: event.refund_promotion_id ?? null,
        failed_stage_name: item.failed_stage_name ?? null,
        failed_stage_no: item.failed_stage_no ?? null,
        created_at: at + k,
      }
    }),
    stages,
    payment: {
      payment_no: 1,
      transaction_uuid: transactionUuid,
      payment_method_code: event.payment_method_code,
      payment_type_code: event.payment_type_code,
      payment_gateway_code: gateway,
      currency_code: m.currency_code,
      amount: total,
      status: PAYMENT_OF_TRANSACTION[outcome.transaction] ?? PaymentStatus.Failed,
      created_at: at,
    },
    transactions,
  }
  const sales = event.items.flatMap((item, k) =>
    outcome.dispensed[k] ? [{ slot: item.slot_no, funds: amounts[k]?.funds ?? 0 }] : [],
  )
  return { order, sales }
}
