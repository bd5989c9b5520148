import type { MachineGeneralSettings, MachineItem, MachineItemsUpdate } from '@portal/contract'
import type { Db } from '../../../db/database'
import type { CountCache } from '../../../lib/count-cache'
import { fieldError, notFound } from '../../../lib/errors'
import { parseJson } from '../../../lib/json'
import type { Caller } from '../../../lib/request-meta'
import { auditChange } from '../../iam/audit/audit.service'
import {
  refreshMachineTotals,
  updateMachineGeneralSettings,
  updateMachineItem,
} from './machine-settings.repository'
import { findItemsOfMachine, findMachineById } from './machine.repository'
import { cleanGeneralSettings, machineCountScope, machineScope, toItem } from './machine.service'

async function requireMachine(db: Db, caller: Caller, id: number) {
  const entityCode = caller.auth.entityCode
  const scope = await machineScope(db, entityCode, caller.sets)
  const row = await findMachineById(db, entityCode, id, scope)
  if (!row) throw notFound('Machine')
  return row
}

/**
 * Replaces a machine's general settings. The model number, VMC and VMC port are also list columns, so the
 * machine row's own columns follow (the list and filters read those), and machine counts are recomputed.
 */
export async function updateMachineSettings(
  db: Db,
  counts: CountCache,
  caller: Caller,
  id: number,
  settings: MachineGeneralSettings,
): Promise<MachineGeneralSettings> {
  const row = await requireMachine(db, caller, id)
  const before = cleanGeneralSettings(parseJson<unknown>(row.general_settings, {}), row)
  await db.transaction().execute(async (trx) => {
    await updateMachineGeneralSettings(trx, caller.auth.entityCode, id, settings)
    await auditChange(trx, caller, 'machine_settings_updated', 'machine', id, before, settings)
  })
  counts.invalidate(machineCountScope(caller.auth.entityCode))
  return settings
}

/**
 * Changes price, stock, capacity and is_enabled of the slots listed (all or nothing), then the machine's stock
 * and capacity totals. The audit record holds the listed slots before and after.
 */
export async function updateMachineItems(
  db: Db,
  counts: CountCache,
  caller: Caller,
  id: number,
  body: MachineItemsUpdate,
): Promise<MachineItem[]> {
  const entityCode = caller.auth.entityCode
  await requireMachine(db, caller, id)
  const current = await findItemsOfMachine(db, entityCode, id)
  const bySlot = new Map(current.map((r) => [r.slot_no, r]))
  body.items.forEach((item, index) => {
    if (!bySlot.has(item.slot_no))
      throw fieldError(
        `body.items.${String(index)}.slot_no`,
        `The machine has no slot ${String(item.slot_no)}`,
      )
  })
  const before = body.items.flatMap((i) => {
    const row = bySlot.get(i.slot_no)
    return row ? [toItem(row)] : []
  })
  const items = await db.transaction().execute(async (trx) => {
    for (const item of body.items) {
      await updateMachineItem(trx, entityCode, id, item)
    }
    await refreshMachineTotals(trx, entityCode, id)
    const after = (await findItemsOfMachine(trx, entityCode, id)).map(toItem)
    const changedSlots = new Set(body.items.map((i) => i.slot_no))
    await auditChange(
      trx,
      caller,
      'machine_items_updated',
      'machine',
      id,
      before,
      after.filter((i) => changedSlots.has(i.slot_no)),
    )
    return after
  })
  counts.invalidate(machineCountScope(entityCode))
  return items
}
