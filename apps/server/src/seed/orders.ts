import {
  paymentGatewayOf,
  REDEMPTION_METHODS,
  OrderStatus,
  PaymentMethod,
  PaymentStatus,
  PaymentType,
  StageStatus,
  TransactionStatus,
  TransactionType,
} from '@portal/contract'
import type { Db } from '../db/database'
import { parseJson } from '../lib/json'
import type { Cell } from './bulk-insert'
import { BulkInserter, tuneForBulkLoad } from './bulk-insert'
import { CopyLoad } from './copy-load'
import { generateMachine } from './machines'
import type { Random } from './random'
import { fastUuid } from './random'
import type { SeedContext } from './seed-context'

const DAY_MS = 86_400_000

/** VEND orders at scale 1 (items ~1.25 per order, transactions ~1.1 per order): a few thousand rows per list. */
const ORDERS_PER_SCALE = 3000
/** POS orders of the CPO entity's kiosks at scale 1. */
const POS_ORDERS_PER_SCALE = 400
/** Orders generated and written per transaction. */
const CHUNK = 20_000

const ORDER_COLUMNS = [
  'id',
  'uuid',
  'entity_code',
  'machine_id',
  'order_no',
  'out_trade_no',
  'username',
  'currency_code',
  'total_amount',
  'status',
  'payment_method_code',
  'payment_type_code',
  'created_at',
  'updated_at',
] as const
const ITEM_COLUMNS = [
  'entity_code',
  'machine_order_id',
  'machine_order_uuid',
  'machine_order_out_trade_no',
  'order_no',
  'machine_id',
  'username',
  'serial_number',
  'alias',
  'location',
  'postal_code',
  'slot_no',
  'sku_id',
  'item_name',
  'description',
  'currency_code',
  'price',
  'discount',
  'credit',
  'funds',
  'machine_order_item_status',
  'payment_method_code',
  'payment_type_code',
  'redemption_record_uuid',
  'refund_promotion_id',
  'failed_stage_name',
  'failed_stage_no',
  'created_at',
] as const
const STAGE_COLUMNS = ['machine_order_id', 'stage_no', 'stage_name', 'status', 'created_at'] as const
const PAYMENT_COLUMNS = [
  'machine_order_id',
  'payment_no',
  'transaction_uuid',
  'payment_method_code',
  'payment_type_code',
  'payment_gateway_code',
  'currency_code',
  'amount',
  'status',
  'created_at',
] as const
const TXN_COLUMNS = [
  'uuid',
  'entity_code',
  'machine_id',
  'order_uuid',
  'username',
  'currency_code',
  'amount',
  'refundable_amount',
  'refunded_amount',
  'transaction_type',
  'transaction_status',
  'payment_method_code',
  'payment_type_code',
  'payment_gateway_code',
  'entity_refer_no',
  'payment_refer_no',
  'created_at',
] as const

interface SeedMachine {
  id: number
  username: string
  serial_number: string
  alias: string
  location: string
  postal_code: string
  currency_code: string
  methods: number[]
  slots: { slot_no: number; name: string; description: string; price: number; sku_id: number | null }[]
}

/** How an order ended; every row of the order (items, stages, payment, transactions) follows from it. */
type Outcome =
  'success' | 'dispense-failed' | 'payment-failed' | 'timeout' | 'cancelled' | 'manual-refund' | 'initiated'

const OUTCOMES: readonly (readonly [Outcome, number])[] = [
  ['success', 78],
  ['dispense-failed', 7],
  ['payment-failed', 5],
  ['timeout', 3],
  ['cancelled', 3],
  ['manual-refund', 2],
  ['initiated', 2],
]

const FALLBACK_SLOTS: SeedMachine['slots'] = [
  { slot_no: 1, name: 'Kopi O', description: 'Hot black coffee', price: 150, sku_id: null },
  { slot_no: 2, name: 'Milo Dinosaur', description: 'Iced Milo with Milo powder', price: 250, sku_id: null },
  { slot_no: 3, name: 'Potato Chips', description: 'Sea salt, 60 g', price: 180, sku_id: null },
  { slot_no: 4, name: 'Mineral Water', description: '500 ml', price: 120, sku_id: null },
]

const POS_SLOTS: SeedMachine['slots'] = [
  {
    slot_no: 1,
    name: 'Charging top-up S$10',
    description: 'Prepaid charging credit',
    price: 1000,
    sku_id: null,
  },
  {
    slot_no: 2,
    name: 'Charging top-up S$20',
    description: 'Prepaid charging credit',
    price: 2000,
    sku_id: null,
  },
  { slot_no: 3, name: 'Idle fee', description: 'Parking after charging', price: 500, sku_id: null },
  { slot_no: 4, name: 'Bottled Water', description: '500 ml', price: 150, sku_id: null },
]

async function vendMachines(db: Db, entityCode: string): Promise<SeedMachine[]> {
  const rows = await db
    .selectFrom('machine')
    .where('entity_code', '=', entityCode)
    .select([
      'id',
      'username',
      'serial_number',
      'alias',
      'location',
      'postal_code',
      'currency_code',
      'payment_selections',
    ])
    .orderBy('id')
    .execute()
  const slots = await db
    .selectFrom('machine_item')
    .where('entity_code', '=', entityCode)
    .select(['machine_id', 'slot_no', 'name', 'description', 'price', 'sku_id'])
    .orderBy('machine_id')
    .orderBy('slot_no')
    .execute()
  const byMachine = new Map<number, SeedMachine['slots']>()
  for (const s of slots) {
    const list = byMachine.get(s.machine_id) ?? []
    list.push({
      slot_no: s.slot_no,
      name: s.name,
      description: s.description,
      price: s.price,
      sku_id: s.sku_id,
    })
    byMachine.set(s.machine_id, list)
  }
  return rows.map((r) => {
    const methods = parseJson<number[]>(r.payment_selections, []).filter((m) => Number.isInteger(m))
    return {
      id: r.id,
      username: r.username,
      serial_number: r.serial_number,
      alias: r.alias,
      location: r.location,
      postal_code: r.postal_code,
      currency_code: r.currency_code,
      methods: methods.length ? methods : [PaymentMethod.PayNow, PaymentMethod.CreditCard],
      slots: byMachine.get(r.id)?.filter((s) => s.price > 0) ?? FALLBACK_SLOTS,
    }
  })
}

/** A few POS kiosks for the CPO entity (it has no machines of its own in the demo data). */
async function cpoKiosks(db: Db, rng: Random, now: number): Promise<SeedMachine[]> {
  const existing = await db.selectFrom('entity').where('code', '=', 'CPO').select('code').executeTakeFirst()
  if (!existing) return []
  const kiosks = Array.from({ length: 4 }, (_, i) => {
    const m = generateMachine(rng, 'CPO', i + 1, now, [], [], false).machine
    return {
      ...m,
      alias: `SparkGrid POS Kiosk ${String(i + 1)}`,
      username: `sparkgrid-kiosk-${String(i + 1).padStart(2, '0')}`,
      payment_selections: JSON.stringify([
        PaymentMethod.CreditCard,
        PaymentMethod.NetsCard,
        PaymentMethod.PayNow,
      ]),
    }
  })
  await db.insertInto('machine').values(kiosks).execute()
  return vendMachines(db, 'CPO').then((ms) => ms.map((m) => ({ ...m, slots: POS_SLOTS })))
}

interface Rows {
  orders: Cell[][]
  items: Cell[][]
  stages: Cell[][]
  payments: Cell[][]
  txns: Cell[][]
}

/** Status of the order, each item, the payment and the charge transaction for an outcome. */
const STATUSES: Record<Outcome, { order: number; item: number; payment: number; txn: number }> = {
  success: {
    order: OrderStatus.Success,
    item: PaymentStatus.Success,
    payment: PaymentStatus.Success,
    txn: TransactionStatus.Success,
  },
  'dispense-failed': {
    order: OrderStatus.Failed,
    item: PaymentStatus.Failed,
    payment: PaymentStatus.AutoRefund,
    txn: TransactionStatus.Refunded,
  },
  'payment-failed': {
    order: OrderStatus.Failed,
    item: PaymentStatus.Failed,
    payment: PaymentStatus.Failed,
    txn: TransactionStatus.Failed,
  },
  timeout: {
    order: OrderStatus.Timeout,
    item: PaymentStatus.Timeout,
    payment: PaymentStatus.Timeout,
    txn: TransactionStatus.Timeout,
  },
  cancelled: {
    order: OrderStatus.Cancelled,
    item: PaymentStatus.Cancelled,
    payment: PaymentStatus.Cancelled,
    txn: TransactionStatus.Cancelled,
  },
  'manual-refund': {
    order: OrderStatus.Refunded,
    item: PaymentStatus.ManualRefund,
    payment: PaymentStatus.ManualRefund,
    txn: TransactionStatus.Refunded,
  },
  initiated: {
    order: OrderStatus.Initiated,
    item: PaymentStatus.Initiated,
    payment: PaymentStatus.Initiated,
    txn: TransactionStatus.Pending,
  },
}

/** Stages of an order for an outcome: [name, status] in order; stage numbers start at 1. */
function stagesOf(outcome: Outcome): [string, number][] {
  switch (outcome) {
    case 'success':
      return [
        ['Payment', StageStatus.Success],
        ['Dispense', StageStatus.Success],
      ]
    case 'dispense-failed':
      return [
        ['Payment', StageStatus.Success],
        ['Dispense', StageStatus.Failed],
        ['Refund', StageStatus.Refunded],
      ]
    case 'payment-failed':
      return [['Payment', StageStatus.Failed]]
    case 'timeout':
      return [['Payment', StageStatus.Timeout]]
    case 'cancelled':
      return [['Payment', StageStatus.Cancelled]]
    case 'manual-refund':
      return [
        ['Payment', StageStatus.Success],
        ['Dispense', StageStatus.Success],
        ['Refund', StageStatus.ManuallyRefunded],
      ]
    case 'initiated':
      return [['Payment', StageStatus.Initiated]]
  }
}

/** The stage an item failed at, for Failed items. */
const FAILED_STAGE: Partial<Record<Outcome, [string, number]>> = {
  'dispense-failed': ['Dispense', 2],
  'payment-failed': ['Payment', 1],
}

class OrderGenerator {
  private seq = 0

  constructor(
    private readonly rng: Random,
    private readonly entityCode: string,
    private readonly machines: readonly SeedMachine[],
    private readonly now: number,
    private nextId: number,
    /** Ids that must stay unique at millions of rows (see fastUuid): the big preset's orders. */
    private readonly uniqueIds = false,
  ) {}

  private uuid(space: number, id: number): string {
    return fastUuid(this.rng, this.uniqueIds ? { space, n: id } : undefined)
  }

  /** 30% in the last 7 days (what the lists open on), the rest over the 90 days before now. */
  private time(): number {
    const span = this.rng.chance(0.3) ? 7 * DAY_MS : 90 * DAY_MS
    return this.now - Math.floor(this.rng.next() * span)
  }

  order(rows: Rows): void {
    const rng = this.rng
    const m = rng.pick(this.machines)
    const id = this.nextId++
    this.seq++
    const uuid = this.uuid(1, id)
    const at = this.time()
    const orderNo = `MO${String(this.seq).padStart(9, '0')}`
    const outTradeNo = `${this.entityCode}${String(at)}${String(this.seq % 10_000).padStart(4, '0')}`
    const outcome = rng.weighted(OUTCOMES)
    const st = STATUSES[outcome]
    const method = rng.pick(m.methods)
    const type = rng.chance(0.05) ? PaymentType.preauth : PaymentType.normal
    const gateway = paymentGatewayOf(method)
    const count = rng.weighted([
      [1, 80],
      [2, 15],
      [3, 5],
    ] as const)
    const failed = FAILED_STAGE[outcome]
    let total = 0
    for (let i = 0; i < count; i++) {
      const slot = rng.pick(m.slots)
      const discount = rng.chance(0.1) ? Math.round(slot.price * rng.pick([0.1, 0.15, 0.2])) : 0
      const credit = rng.chance(0.03) ? Math.min(slot.price - discount, 100) : 0
      const funds = slot.price - discount - credit
      total += funds
      rows.items.push([
        this.entityCode,
        id,
        uuid,
        outTradeNo,
        orderNo,
        m.id,
        m.username,
        m.serial_number,
        m.alias,
        m.location,
        m.postal_code,
        slot.slot_no,
        slot.sku_id,
        slot.name,
        slot.description,
        m.currency_code,
        slot.price,
        discount,
        credit,
        funds,
        st.item,
        method,
        type,
        REDEMPTION_METHODS.has(method) ? fastUuid(rng) : null,
        outcome === 'manual-refund' && rng.chance(0.3) ? rng.int(1, 40) : null,
        failed ? failed[0] : null,
        failed ? failed[1] : null,
        at + i,
      ])
    }
    rows.orders.push([
      id,
      uuid,
      this.entityCode,
      m.id,
      orderNo,
      outTradeNo,
      m.username,
      m.currency_code,
      total,
      st.order,
      method,
      type,
      at,
      at + 60_000,
    ])
    stagesOf(outcome).forEach(([name, status], i) => {
      rows.stages.push([id, i + 1, name, status, at + i * 15_000])
    })
    const txnUuid = this.uuid(2, id)
    rows.payments.push([id, 1, txnUuid, method, type, gateway, m.currency_code, total, st.payment, at])
    const refunded = st.txn === TransactionStatus.Refunded
    const succeeded = st.txn === TransactionStatus.Success || refunded
    const paymentReferNo = `PR${String(Math.floor(rng.next() * 1e12)).padStart(12, '0')}`
    rows.txns.push([
      txnUuid,
      this.entityCode,
      m.id,
      uuid,
      m.username,
      m.currency_code,
      total,
      succeeded && !refunded ? total : 0,
      refunded ? total : 0,
      TransactionType.Normal,
      st.txn,
      method,
      type,
      gateway,
      outTradeNo,
      paymentReferNo,
      at,
    ])
    if (refunded) {
      // A refund is its own transaction of type Refund, for the whole amount, after the refund stage.
      rows.txns.push([
        this.uuid(3, id),
        this.entityCode,
        m.id,
        uuid,
        m.username,
        m.currency_code,
        total,
        0,
        0,
        TransactionType.Refund,
        TransactionStatus.Success,
        method,
        type,
        gateway,
        `${outTradeNo}R`,
        `RF${paymentReferNo.slice(2)}`,
        at + 30_000,
      ])
    }
  }
}

/**
 * Generates `orders` orders, or (rowTarget) orders until both items and transactions reach the target; every CHUNK
 * orders are written in one transaction.
 */
async function generate(
  db: Db,
  gen: OrderGenerator,
  until: { orders: number } | { rowTarget: number },
  copy?: CopyLoad,
) {
  const bulk = new BulkInserter(db, undefined, copy)
  let orders = 0
  let items = 0
  let txns = 0
  const done = (rows: Rows) =>
    'orders' in until
      ? orders + rows.orders.length >= until.orders
      : items + rows.items.length >= until.rowTarget && txns + rows.txns.length >= until.rowTarget
  const empty = (): Rows => ({ orders: [], items: [], stages: [], payments: [], txns: [] })
  while (!done(empty())) {
    const rows = empty()
    while (rows.orders.length < CHUNK && !done(rows)) gen.order(rows)
    orders += rows.orders.length
    items += rows.items.length
    txns += rows.txns.length
    const write = async (target: Db) => {
      await bulk.insert(target, 'machine_order', ORDER_COLUMNS, rows.orders)
      await bulk.insert(target, 'machine_order_item', ITEM_COLUMNS, rows.items)
      await bulk.insert(target, 'machine_order_stage', STAGE_COLUMNS, rows.stages)
      await bulk.insert(target, 'machine_order_payment', PAYMENT_COLUMNS, rows.payments)
      await bulk.insert(target, 'payment_transaction', TXN_COLUMNS, rows.txns)
    }
    // Through COPY the rows go to connections of their own (committed by flush); otherwise a transaction a chunk.
    if (copy) await write(db)
    else await db.transaction().execute(write)
  }
  await bulk.flush()
  await bulk.syncSequence('machine_order')
  return { orders, items, txns }
}

async function nextOrderId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('machine_order')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst()
  return (row?.max ?? 0) + 1
}

/** Machine orders with items, stages and payments, and the payment transactions that agree with them; POS orders for CPO. */
export async function seedOrders(db: Db, rng: Random, ctx: SeedContext): Promise<void> {
  const machines = await vendMachines(db, 'VEND')
  if (machines.length > 0) {
    const gen = new OrderGenerator(
      rng.fork('vend'),
      'VEND',
      machines,
      ctx.now,
      await nextOrderId(db),
      ctx.rowTarget !== undefined,
    )
    const rowTarget = ctx.rowTarget
    if (rowTarget === undefined) {
      await generate(db, gen, { orders: Math.max(20, Math.round(ORDERS_PER_SCALE * ctx.scale)) })
    } else {
      // The caller defers these tables' indexes and constraints (seedDemoData, BIG_LOAD_TABLES).
      const copy = ctx.newClient ? new CopyLoad(ctx.newClient) : undefined
      const tuning = await tuneForBulkLoad(db)
      try {
        const made = await generate(db, gen, { rowTarget }, copy)
        console.warn(
          `Orders: ${String(made.orders)} orders, ${String(made.items)} items, ${String(made.txns)} transactions`,
        )
      } catch (err) {
        await copy?.abort()
        throw err
      } finally {
        await tuning.restore()
      }
    }
  }
  const kiosks = await cpoKiosks(db, rng.fork('cpo'), ctx.now)
  if (kiosks.length > 0) {
    const gen = new OrderGenerator(rng.fork('pos'), 'CPO', kiosks, ctx.now, await nextOrderId(db))
    await generate(db, gen, { orders: Math.max(10, Math.round(POS_ORDERS_PER_SCALE * ctx.scale)) })
  }
}
