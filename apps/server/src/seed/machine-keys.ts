import type { Db } from '../db/database'
import { machineKeyLookup } from '../modules/machine-api/machine-key.service'
import type { SeedContext } from './seed-context'

/**
 * The demo machines' API keys (issue 15), known to the simulator and never shown by the portal: VEND's machine
 * TCN-2102-000001 has `demo-machine-key-TCN-2102-000001`, documented in the README for clients outside this repository
 * (nothing in development uses it); every VEND machine has `demo-machine-key-<serial>`, and another entity's
 * `demo-machine-key-<entity>-<serial>` (serials repeat across entities). Production never seeds demo data.
 */
export const DEMO_MACHINE_SERIAL = 'TCN-2102-000001'

export const demoMachineKey = (entityCode: string, serial: string) =>
  entityCode === 'VEND' ? `demo-machine-key-${serial}` : `demo-machine-key-${entityCode}-${serial}`

const BATCH = 1_000

export async function seedMachineKeys(db: Db, context: SeedContext): Promise<void> {
  let after = 0
  for (;;) {
    const machines = await db
      .selectFrom('machine')
      .where('id', '>', after)
      .select(['id', 'entity_code', 'serial_number'])
      .orderBy('id')
      .limit(BATCH)
      .execute()
    const last = machines.at(-1)
    if (!last) return
    await db
      .insertInto('machine_api_key')
      .values(
        machines.map((m) => ({
          machine_id: m.id,
          entity_code: m.entity_code,
          key_lookup: machineKeyLookup(demoMachineKey(m.entity_code, m.serial_number)),
          created_at: context.now,
          created_by: 'demo data',
          last_used_at: null,
        })),
      )
      .execute()
    after = last.id
  }
}
