import type { MachineGeneralSettings, MachineItemsUpdate } from '@portal/contract'
import type { Db } from '../../../db/database'

/** Stores a machine's general settings and the list columns that mirror them. */
export async function updateMachineGeneralSettings(
  db: Db,
  entityCode: string,
  id: number,
  settings: MachineGeneralSettings,
): Promise<void> {
  await db
    .updateTable('machine')
    .set({
      general_settings: JSON.stringify(settings),
      model_number: settings.model_number,
      vmc_type: settings.vmc,
      vmc_port: settings.vmc_port,
      updated_at: Date.now(),
    })
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .execute()
}

/** Sets price, stock, capacity and is_enabled of one slot of a machine. */
export async function updateMachineItem(
  db: Db,
  entityCode: string,
  id: number,
  item: MachineItemsUpdate['items'][number],
): Promise<void> {
  await db
    .updateTable('machine_item')
    .set({
      price: item.price,
      stock: item.stock,
      capacity: item.capacity,
      is_enabled: item.is_enabled ? 1 : 0,
    })
    .where('entity_code', '=', entityCode)
    .where('machine_id', '=', id)
    .where('slot_no', '=', item.slot_no)
    .execute()
}

/** Recomputes a machine's stock and capacity totals from its slots. */
export async function refreshMachineTotals(db: Db, entityCode: string, id: number): Promise<void> {
  const totals = await db
    .selectFrom('machine_item')
    .where('entity_code', '=', entityCode)
    .where('machine_id', '=', id)
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('stock'), eb.lit(0)).as('stock'),
      eb.fn.coalesce(eb.fn.sum<number | string>('capacity'), eb.lit(0)).as('capacity'),
    ])
    .executeTakeFirstOrThrow()
  await db
    .updateTable('machine')
    .set({ stock: Number(totals.stock), capacity: Number(totals.capacity), updated_at: Date.now() })
    .where('entity_code', '=', entityCode)
    .where('id', '=', id)
    .execute()
}
