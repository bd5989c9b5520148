import type { Db } from '../db/database'
import { DEMO_MACHINE_SERIAL, demoMachineKey } from '../seed/machine-keys'

/** VEND's demo machine, which the seed gives a known API key: what the machine API tests drive. */
export interface DemoMachine {
  id: number
  /** Its API key (`Authorization: Machine <key>`). */
  key: string
  /** Its lowest slot number, for a vend. */
  slotNo: number
}

export async function demoMachine(db: Db): Promise<DemoMachine> {
  const machine = await db
    .selectFrom('machine')
    .where('entity_code', '=', 'VEND')
    .where('serial_number', '=', DEMO_MACHINE_SERIAL)
    .select('id')
    .executeTakeFirstOrThrow()
  const slot = await db
    .selectFrom('machine_item')
    .where('machine_id', '=', machine.id)
    .select('slot_no')
    .orderBy('slot_no')
    .executeTakeFirstOrThrow()
  return { id: machine.id, key: demoMachineKey('VEND', DEMO_MACHINE_SERIAL), slotNo: slot.slot_no }
}
