import type { Db } from '../db/database'
import { DEMO_MACHINE_SERIAL, demoMachineKey } from '../seed/machine-keys'
import type { MachineTiming, SimulatedSlot } from './simulated-machine'
import { DEMO_MACHINE_TIMING, SimulatedMachine } from './simulated-machine'

/** The demo fleet's size: enough for the vending screens to move through the day, few enough to read their logs. */
export const DEMO_FLEET_SIZE = 12

/** The machines a simulator may drive: VEND's active machines with slots, never the documented demo machine. */
export async function simulatableMachines(db: Db, entityCode: string, limit: number) {
  const machines = await db
    .selectFrom('machine')
    .where('entity_code', '=', entityCode)
    .where('is_active', '=', 1)
    .where('serial_number', '<>', DEMO_MACHINE_SERIAL)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('machine_item')
          .whereRef('machine_item.machine_id', '=', 'machine.id')
          .select('machine_item.slot_no'),
      ),
    )
    .select(['id', 'entity_code', 'serial_number', 'alias'])
    .orderBy('id')
    .limit(limit)
    .execute()
  const items = machines.length
    ? await db
        .selectFrom('machine_item')
        .where(
          'machine_id',
          'in',
          machines.map((m) => m.id),
        )
        .select(['machine_id', 'slot_no', 'price', 'sku_id', 'stock', 'capacity', 'is_enabled'])
        .orderBy('slot_no')
        .execute()
    : []
  const maintainers = await db
    .selectFrom('app_user as u')
    .innerJoin('membership as m', 'm.user_id', 'u.id')
    .where('m.entity_code', '=', entityCode)
    .select('u.user_uuid')
    .orderBy('u.id')
    .limit(5)
    .execute()
  return machines.map((m) => ({
    ...m,
    key: demoMachineKey(m.entity_code, m.serial_number),
    slots: items
      .filter((i) => i.machine_id === m.id)
      .map((i): SimulatedSlot => ({
        slot_no: i.slot_no,
        price: i.price,
        sku_id: i.sku_id,
        stock: i.stock,
        capacity: i.capacity,
        enabled: Boolean(i.is_enabled),
      })),
    maintainers: maintainers.map((u) => u.user_uuid),
  }))
}

/**
 * The demo fleet inside the development server (`npm start`; issue 15): a dozen VEND machines, driven by simulated
 * machines through the real machine API with their demo keys, sell, report, are refilled and carry out commands
 * through the day. Returns the function that stops them.
 */
export async function startDemoFleet(
  db: Db,
  baseUrl: string,
  log: (line: string) => void,
  timing: MachineTiming = DEMO_MACHINE_TIMING,
): Promise<() => Promise<void>> {
  const machines = await simulatableMachines(db, 'VEND', DEMO_FLEET_SIZE)
  const fleet = machines.map(
    (m) =>
      new SimulatedMachine({
        baseUrl,
        apiKey: m.key,
        name: m.serial_number,
        slots: m.slots,
        maintainers: m.maintainers,
        timing,
        log,
      }),
  )
  for (const machine of fleet) machine.start()
  log(`Demo fleet: ${String(fleet.length)} simulated machines reporting through the machine API`)
  return async () => {
    await Promise.all(fleet.map((m) => m.stop()))
  }
}
