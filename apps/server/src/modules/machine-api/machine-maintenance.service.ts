import type { MachineEvent } from '@portal/contract'
import { ChallengeType, PersonType } from '@portal/contract'
import type { Db } from '../../db/database'
import type { MachineSlots } from './machine-event.repository'
import { machineSlots } from './machine-event.repository'
import type { AuthenticatedMachine } from './machine-key.repository'
import {
  addSlotStock,
  findVisit,
  insertVisit,
  insertVisitSlots,
  memberOfEntity,
  recordMaintenance,
  updateVisit,
} from './machine-maintenance.repository'

/*
 * A `maintenance` event (issue 15, docs/decisions/0108-machine-api.md): the start or the end of a maintainer's visit,
 * as the maintenance list shows it. The machine's `session_id` ties the two; either may arrive first (a machine that
 * was offline sends both late, in any order). The end's slots are refills: each slot holds what was added, up to its
 * capacity, unless a count taken after the visit already says what is there.
 */

export type MaintenanceEvent = Extract<MachineEvent, { type: 'maintenance' }>

/** The maintainer must be a member of the machine's entity, and the slots the machine's. */
export async function maintenanceProblems(
  db: Db,
  machine: AuthenticatedMachine,
  index: number,
  event: MaintenanceEvent,
  slots: MachineSlots,
): Promise<{ path: string; message: string }[]> {
  const at = `events[${String(index)}]`
  const problems: { path: string; message: string }[] = []
  if (!(await memberOfEntity(db, machine.entity_code, event.user_uuid)))
    problems.push({ path: `${at}.user_uuid`, message: "no member of the machine's entity has this uuid" })
  if (event.slots?.length) {
    for (const [k, slot] of event.slots.entries())
      if (!slots.has(slot.slot_no))
        problems.push({
          path: `${at}.slots[${String(k)}].slot_no`,
          message: `this machine has no slot ${String(slot.slot_no)}`,
        })
  }
  return problems
}

export async function applyMaintenance(
  db: Db,
  machine: AuthenticatedMachine,
  event: MaintenanceEvent,
  at: number,
  now: number,
): Promise<void> {
  const member = await memberOfEntity(db, machine.entity_code, event.user_uuid)
  if (!member) throw new Error('maintenanceProblems lets no unknown maintainer through')
  // Read afresh: a vend or a count earlier in the batch may have changed the stock a slot had before the visit.
  const slots = await machineSlots(db, machine.id)
  const added = (event.slots ?? []).filter((s) => s.added_stock > 0)
  const total = added.reduce((n, s) => n + s.added_stock, 0)
  const visit = await findVisit(db, machine.id, event.session_id)
  let id: number
  if (visit) {
    id = visit.id
    await updateVisit(db, id, {
      ...(event.phase === 'start'
        ? { start_time: Math.min(visit.start_time, at) }
        : { end_time: Math.max(visit.end_time, at), total_added_stock: visit.total_added_stock + total }),
      ...(event.notes !== undefined ? { additional_notes: event.notes } : {}),
      updated_at: now,
    })
  } else {
    const challenge = event.challenge_type ?? ChallengeType.None
    id = await insertVisit(db, {
      entity_code: machine.entity_code,
      // Digits after MT-, like the list's other session references: the time it happened and the machine.
      code: `MT-${String(at)}${String(machine.id).padStart(6, '0')}`,
      user_id: member.id,
      user_uuid: member.user_uuid,
      person_type: event.person_type ?? PersonType.restocker,
      challenge_type: challenge,
      challenge_bypass_reason: challenge < 0 ? (event.challenge_bypass_reason ?? null) : null,
      machine_id: machine.id,
      // A visit whose end is all we have so far starts and ends then; its start, when it comes, moves it back.
      start_time: at,
      end_time: at,
      additional_notes: event.notes ?? null,
      total_added_stock: total,
      created_at: at,
      updated_at: now,
      machine_session_id: event.session_id,
    })
  }
  await insertVisitSlots(
    db,
    added.map((s) => {
      const slot = slots.get(s.slot_no)
      return {
        summary_id: id,
        slot_no: s.slot_no,
        item_name: slot?.name ?? `Slot ${String(s.slot_no)}`,
        stock_before: slot?.stock ?? 0,
        added_stock: s.added_stock,
        capacity: slot?.capacity ?? 0,
      }
    }),
  )
  for (const s of added) await addSlotStock(db, machine.id, s.slot_no, s.added_stock, at)
  if (event.phase === 'end') await recordMaintenance(db, machine.id, at)
}
