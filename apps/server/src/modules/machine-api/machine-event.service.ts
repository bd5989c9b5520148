import type { MachineEvent, MachineEventResult } from '@portal/contract'
import { eventErrors, MACHINE_STATUS_FIELDS, machineEvent } from '@portal/contract'
import type { Db } from '../../db/database'
import { refreshMachineTotals } from '../iot/machines/machine-settings.repository'
import type { AuthenticatedMachine } from './machine-key.repository'
import { machineForOrders, orderExists } from './machine-vend.repository'
import { applyVend, vendProblems } from './machine-vend.service'
import { applyMaintenance, maintenanceProblems } from './machine-maintenance.service'
import type { MachineSlots, StatusReport } from './machine-event.repository'
import {
  insertCreditLog,
  applySlotStock,
  applyStatus,
  eventExists,
  insertEventOnce,
  recordActivity,
  machineSlots,
} from './machine-event.repository'

/*
 * Events in (issue 15, docs/decisions/0108-machine-api.md). Each event of a batch is checked on its own: a bad one is
 * `rejected`, naming its fields, and the others are still taken. An accepted event is written, with everything it
 * changes, in the batch's one transaction, committed before the answer: an event answered `accepted` is kept. The
 * machine's own `event_id` makes a repeat a `duplicate` that changes nothing.
 */

export interface IngestOutcome {
  results: MachineEventResult[]
  /** Whether a status changed (the machines list's cached counts are then stale). */
  statusChanged: boolean
  /** Whether orders were added (the order and transaction lists' cached counts are then stale). */
  ordersAdded: boolean
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

export async function ingestEvents(
  db: Db,
  machine: AuthenticatedMachine,
  events: readonly unknown[],
  now = Date.now(),
): Promise<IngestOutcome> {
  const results: MachineEventResult[] = []
  let statusChanged = false
  let ordersAdded = false
  let creditsAdded = false
  let visitsChanged = false
  await db.transaction().execute(async (trx) => {
    // The slots and the machine's fields, read once a batch and only when an event needs them.
    let slots: MachineSlots | undefined
    const slotsOf = async () => (slots ??= await machineSlots(trx, machine.id))
    let orderMachine: Awaited<ReturnType<typeof machineForOrders>> | undefined
    const orderMachineOf = async () => (orderMachine ??= await machineForOrders(trx, machine.id))
    const tradeNos = new Set<string>()
    const seen = new Set<string>()
    let stockChanged = false
    let lastActivity = 0
    for (const [index, raw] of events.entries()) {
      const parsed = machineEvent.safeParse(raw)
      if (!parsed.success) {
        results.push({
          event_id: idOf(raw),
          result: 'rejected',
          errors: eventErrors(index, parsed.error.issues),
        })
        continue
      }
      const event = parsed.data
      // The same order under a new event id (a machine that lost its own record of sending it) is a duplicate too.
      const sameOrder =
        event.type === 'vend' &&
        (tradeNos.has(event.out_trade_no) || (await orderExists(trx, machine.id, event.out_trade_no)))
      // A repeat is a duplicate before anything else is said of it. A status has nothing else to check: for it the
      // insert below finds a repeat, one round trip fewer for the commonest event.
      const checked = event.type !== 'status'
      if (
        sameOrder ||
        seen.has(event.event_id) ||
        (checked && (await eventExists(trx, machine.id, event.event_id)))
      ) {
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
      const kept = await insertEventOnce(trx, {
        machine_id: machine.id,
        event_id: event.event_id,
        type: event.type,
        occurred_at: event.occurred_at,
        received_at: now,
        payload: JSON.stringify(raw),
      })
      if (!kept) {
        results.push({ event_id: event.event_id, result: 'duplicate' })
        continue
      }
      // A machine clock ahead of ours is believed up to now: a future time would hold back every later report.
      const at = Math.min(event.occurred_at, now)
      if (event.type === 'status') {
        const report: StatusReport = {}
        for (const field of MACHINE_STATUS_FIELDS)
          if (event[field] !== undefined) report[field] = event[field]
        if (await applyStatus(trx, machine.id, report, at)) statusChanged = true
      } else if (event.type === 'stock') {
        for (const slot of event.slots) await applySlotStock(trx, machine.id, slot.slot_no, slot.quantity, at)
        stockChanged = true
      } else if (event.type === 'maintenance') {
        await applyMaintenance(trx, machine, event, at, now)
        stockChanged = true
        visitsChanged = true
      } else if (event.type === 'credit') {
        await insertCreditLog(trx, {
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
        creditsAdded = true
      } else {
        tradeNos.add(event.out_trade_no)
        await applyVend(trx, machine, await orderMachineOf(), await slotsOf(), event, at, now)
        stockChanged = true
        ordersAdded = true
      }
      lastActivity = Math.max(lastActivity, at)
      results.push({ event_id: event.event_id, result: 'accepted' })
    }
    // The machine was active then: once a batch, at its latest event.
    if (lastActivity > 0) await recordActivity(trx, machine.id, lastActivity)
    if (stockChanged) await refreshMachineTotals(trx, machine.entity_code, machine.id)
  })
  return { results, statusChanged, ordersAdded, creditsAdded, visitsChanged }
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
