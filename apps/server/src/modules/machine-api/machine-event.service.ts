import type { MachineEvent, MachineEventResult } from '@portal/contract'
import { eventErrors, MACHINE_STATUS_FIELDS, machineEvent } from '@portal/contract'
import type { Db } from '../../db/database'
import type { NewMachineCreditLogRow } from '../iot/credit-logs/credit-log.table'
import { refreshMachineTotals } from '../iot/machines/machine-settings.repository'
import type { AuthenticatedMachine } from './machine-key.repository'
import type { NewOrder } from './machine-vend.repository'
import { existingOrders, insertOrders, machineForOrders } from './machine-vend.repository'
import { orderOf, vendProblems } from './machine-vend.service'
import { applyMaintenance, maintenanceProblems } from './machine-maintenance.service'
import type { MachineSlots, SlotChange, StatusFold } from './machine-event.repository'
import {
  applyStatus,
  existingEventIds,
  insertCreditLogs,
  insertEventsOnce,
  lockSlotStock,
  machineSlots,
  recordActivity,
  updateSlots,
} from './machine-event.repository'

/*
 * Events in (issue 15, docs/decisions/0108-machine-api.md). Each event of a batch is checked on its own: a bad one is
 * `rejected`, naming its fields, and the others are still taken. An accepted event is written, with everything it
 * changes, in the batch's one transaction, committed before the answer: an event answered `accepted` is kept. The
 * machine's own `event_id` makes a repeat a `duplicate` that changes nothing.
 *
 * The batch is read, kept and applied with a few statements for the whole batch, not a few per event (on PostgreSQL
 * each statement is a round trip: one after another they held the ingest rate to about half the target). What each
 * event does is still worked out in the batch's order, so the outcome is the one of applying them one by one.
 */

export interface IngestOutcome {
  results: MachineEventResult[]
  /** Whether a status changed (the machines list's cached counts are then stale). */
  statusChanged: boolean
  /** Whether orders were added (the order and transaction lists' cached counts are then stale). */
  ordersAdded: boolean
  /** The ids of the orders added. */
  orderIds: number[]
  /** Whether credit log entries were added (the credits list's cached counts are then stale). */
  creditsAdded: boolean
  /** Whether maintenance visits were added or changed (the maintenance list's cached counts are then stale). */
  visitsChanged: boolean
}

type Problem = { path: string; message: string }

const idOf = (raw: unknown): string | null => {
  const id = (raw as { event_id?: unknown } | null)?.event_id
  return typeof id === 'string' ? id.slice(0, 64) : null
}

type StatusEvent = Extract<MachineEvent, { type: 'status' }>

/** What changes a slot's stock, in the batch's order. */
type SlotStep =
  | { type: 'count'; slot: number; quantity: number; at: number }
  | { type: 'sale'; slot: number; funds: number; at: number }
  | { type: 'maintenance'; event: Extract<MachineEvent, { type: 'maintenance' }>; at: number }

/** An event that passed its checks, and where its answer is. */
interface Taken {
  result: number
  raw: unknown
  event: MachineEvent
}

export async function ingestEvents(
  db: Db,
  machine: AuthenticatedMachine,
  events: readonly unknown[],
  now = Date.now(),
): Promise<IngestOutcome> {
  const results: MachineEventResult[] = []
  let statusChanged = false
  let ordersAdded = false
  let orderIds: number[] = []
  let creditsAdded = false
  let visitsChanged = false
  await db.transaction().execute(async (trx) => {
    // The slots and the machine's fields, read once a batch and only when an event needs them.
    let slots: MachineSlots | undefined
    const slotsOf = async () => (slots ??= await machineSlots(trx, machine.id))
    let orderMachine: Awaited<ReturnType<typeof machineForOrders>> | undefined
    const orderMachineOf = async () => (orderMachine ??= await machineForOrders(trx, machine.id))

    // What the database already has of the batch, in one query each: the event ids, and the vends' out trade nos (the
    // same order under a new event id, from a machine that lost its own record of sending it, is a duplicate too). A
    // status has nothing else to check, so its repeat is left to the insert to find.
    const parsed = events.map((raw) => machineEvent.safeParse(raw))
    const valid = parsed.flatMap((p) => (p.success ? [p.data] : []))
    const knownIds = await existingEventIds(
      trx,
      machine.id,
      valid.filter((e) => e.type !== 'status').map((e) => e.event_id),
    )
    const knownOrders = await existingOrders(
      trx,
      machine.id,
      valid.flatMap((e) => (e.type === 'vend' ? [e.out_trade_no] : [])),
    )

    // Each event's answer, in order. One taken here is `accepted` unless its insert below finds it already kept.
    const taken: Taken[] = []
    const tradeNos = new Set<string>()
    const seen = new Set<string>()
    for (const [index, p] of parsed.entries()) {
      const raw = events[index]
      if (!p.success) {
        results.push({ event_id: idOf(raw), result: 'rejected', errors: eventErrors(index, p.error.issues) })
        continue
      }
      const event = p.data
      const sameOrder =
        event.type === 'vend' && (tradeNos.has(event.out_trade_no) || knownOrders.has(event.out_trade_no))
      // A repeat is a duplicate before anything else is said of it.
      if (sameOrder || seen.has(event.event_id) || knownIds.has(event.event_id)) {
        results.push({ event_id: event.event_id, result: 'duplicate' })
        continue
      }
      const problems =
        event.type === 'stock'
          ? stockProblems(index, event, await slotsOf())
          : event.type === 'vend'
            ? vendProblems(index, event, await slotsOf())
            : event.type === 'maintenance'
              ? await maintenanceProblems(trx, machine, index, event, await slotsOf())
              : []
      if (problems.length > 0) {
        results.push({ event_id: event.event_id, result: 'rejected', errors: problems })
        continue
      }
      seen.add(event.event_id)
      if (event.type === 'vend') tradeNos.add(event.out_trade_no)
      taken.push({ result: results.length, raw, event })
      results.push({ event_id: event.event_id, result: 'accepted' })
    }

    // One insert keeps them all; the unique index decides which are new, so of two requests racing with the same
    // event only one applies it. Only the events this insert kept are applied.
    const inserted = await insertEventsOnce(
      trx,
      taken.map(({ raw, event }) => ({
        machine_id: machine.id,
        event_id: event.event_id,
        type: event.type,
        occurred_at: event.occurred_at,
        received_at: now,
        payload: JSON.stringify(raw),
      })),
    )
    const kept = taken.filter((t) => {
      if (inserted.has(t.event.event_id)) return true
      results[t.result] = { event_id: t.event.event_id, result: 'duplicate' }
      return false
    })
    if (kept.length === 0) return

    // What the kept events change, worked out in the batch's order and written together below. Counts, sales and
    // maintenance visits change slots, so their order is kept (a count after a sale is not reduced by it, a sale after
    // a count is).
    const statuses: { event: StatusEvent; at: number }[] = []
    const orders: NewOrder[] = []
    const credits: NewMachineCreditLogRow[] = []
    const slotSteps: SlotStep[] = []
    let stockChanged = false
    let lastActivity = 0
    for (const { event } of kept) {
      // A machine clock ahead of ours is believed up to now: a future time would hold back every later report.
      const at = Math.min(event.occurred_at, now)
      if (event.type === 'status') statuses.push({ event, at })
      else if (event.type === 'stock')
        for (const s of event.slots)
          slotSteps.push({ type: 'count', slot: s.slot_no, quantity: s.quantity, at })
      else if (event.type === 'maintenance') slotSteps.push({ type: 'maintenance', event, at })
      else if (event.type === 'credit')
        credits.push({
          entity_code: machine.entity_code,
          machine_id: machine.id,
          amount: event.amount,
          currency_code: (await orderMachineOf()).currency_code,
          mode: event.mode,
          payment_method: event.payment_method_code,
          payment_type: event.payment_type_code,
          client_time: event.occurred_at,
          created_at: now,
        })
      else {
        const { order, sales } = orderOf(machine, await orderMachineOf(), await slotsOf(), event, at, now)
        orders.push(order)
        for (const s of sales) slotSteps.push({ type: 'sale', slot: s.slot, funds: s.funds, at })
      }
      if (event.type === 'stock' || event.type === 'maintenance' || event.type === 'vend') stockChanged = true
      lastActivity = Math.max(lastActivity, at)
    }
    orderIds = await insertOrders(trx, orders)
    await insertCreditLogs(trx, credits)
    ordersAdded = orders.length > 0
    creditsAdded = credits.length > 0

    // The slots that counts and sales touch are locked and read once, changed in memory by the rules each statement
    // had, and written once. A maintenance visit keeps its own statements (it is rare, and reads the stock its slots
    // had before it): the changes so far are written first, and the slots read again after it.
    const touched = [...new Set(slotSteps.flatMap((s) => (s.type === 'maintenance' ? [] : [s.slot])))]
    let ledger = new SlotLedger(await lockSlotStock(trx, machine.id, touched))
    for (const step of slotSteps) {
      if (step.type === 'count') ledger.count(step.slot, step.quantity, step.at)
      else if (step.type === 'sale') ledger.sale(step.slot, step.funds, step.at)
      else {
        await updateSlots(trx, machine.id, ledger.changes())
        await applyMaintenance(trx, machine, step.event, step.at, now)
        ledger = new SlotLedger(await lockSlotStock(trx, machine.id, touched))
        visitsChanged = true
      }
    }
    await updateSlots(trx, machine.id, ledger.changes())

    if (statuses.length > 0) statusChanged = await applyStatus(trx, machine.id, ...foldStatuses(statuses))
    // The machine was active then: once a batch, at its latest event.
    if (lastActivity > 0) await recordActivity(trx, machine.id, lastActivity)
    if (stockChanged) await refreshMachineTotals(trx, machine.entity_code, machine.id)
  })
  return { results, statusChanged, ordersAdded, orderIds, creditsAdded, visitsChanged }
}

/**
 * A batch's status events as one update that leaves the machine as applying them one by one would. One by one, an
 * event applies only when it is not older than the status shown, which then moves to its time. So an event older than
 * one before it in the batch never applies (that one either applied and moved the status past it, or was itself older
 * than the status shown), and the others apply exactly when they are not older than the status shown before the
 * batch; their times only go up, so each field ends at the value of the last of them carrying it if that one applies.
 * The update checks that per field (different events may carry different fields) against the row, and moves the status
 * time to the latest.
 */
function foldStatuses(statuses: readonly { event: StatusEvent; at: number }[]): [StatusFold, number] {
  const fold: StatusFold = {}
  let latest = -Infinity
  for (const { event, at } of statuses) {
    if (at < latest) continue
    latest = at
    for (const field of MACHINE_STATUS_FIELDS) {
      const value = event[field]
      if (value !== undefined) fold[field] = { value, at }
    }
  }
  return [fold, latest]
}

/**
 * The locked slots' stock as the batch changes it, by the rules the statements had one at a time: a count is taken
 * unless a later count is there; a sale adds to the slot's sales and takes one from its stock, if it has any and no
 * count taken at or after the sale already says what is left.
 */
class SlotLedger {
  private readonly slots = new Map<number, SlotChange & { changed: boolean }>()

  constructor(rows: ReadonlyMap<number, { stock: number; stock_reported_at: number | null }>) {
    for (const [slot_no, r] of rows)
      this.slots.set(slot_no, {
        slot_no,
        stock: r.stock,
        // A number on both databases (db/database.ts parses PostgreSQL's bigint).
        stock_reported_at: r.stock_reported_at,
        sold: 0,
        revenue: 0,
        changed: false,
      })
  }

  count(slotNo: number, quantity: number, at: number) {
    const s = this.slots.get(slotNo)
    if (!s || (s.stock_reported_at !== null && s.stock_reported_at > at)) return
    s.stock = quantity
    s.stock_reported_at = at
    s.changed = true
  }

  sale(slotNo: number, funds: number, at: number) {
    const s = this.slots.get(slotNo)
    if (!s) return
    s.sold += 1
    s.revenue += funds
    if (s.stock > 0 && (s.stock_reported_at === null || s.stock_reported_at < at)) s.stock -= 1
    s.changed = true
  }

  changes(): SlotChange[] {
    return [...this.slots.values()].flatMap(({ changed, ...change }) => (changed ? [change] : []))
  }
}

function stockProblems(
  index: number,
  event: Extract<MachineEvent, { type: 'stock' }>,
  slots: MachineSlots,
): Problem[] {
  const problems: Problem[] = []
  for (const [k, slot] of event.slots.entries()) {
    const at = `events[${String(index)}].slots[${String(k)}]`
    const capacity = slots.get(slot.slot_no)?.capacity
    if (capacity === undefined)
      problems.push({ path: `${at}.slot_no`, message: `this machine has no slot ${String(slot.slot_no)}` })
    else if (slot.quantity > capacity)
      problems.push({
        path: `${at}.quantity`,
        message: `more than slot ${String(slot.slot_no)} holds (${String(capacity)})`,
      })
  }
  return problems
}
