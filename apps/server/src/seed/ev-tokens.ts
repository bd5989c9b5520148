import type { Db } from '../db/database'
import type { SeedContext } from './seed-context'

/**
 * The demo drivers' tokens (issue 14): RoamCharge's (EMSP) RFID card DEMO-RFID-0001, valid on SparkGrid's (CPO)
 * chargers through its driver's subscription, and DEMO-RFID-BLOCKED, blocked. The README lists them beside the
 * demo logins. Up to 40 more of RoamCharge's drivers subscribed to SparkGrid carry a card (RC-RFID-000003…), so the
 * simulated demo network's sessions are not all one driver's.
 */
export const DEMO_TOKENS = { valid: 'DEMO-RFID-0001', blocked: 'DEMO-RFID-BLOCKED' } as const

export async function seedEvTokens(db: Db, context: SeedContext): Promise<void> {
  const drivers = await db
    .selectFrom('ev_driver')
    .where('entity_code', '=', 'EMSP')
    .select(['id', 'subscribed_cpo_entities'])
    .orderBy('id')
    .execute()
  const onCpo = drivers.filter((d) => d.subscribed_cpo_entities.includes('"CPO"'))
  const [first, second] = onCpo
  if (!first) return
  const at = context.now
  const more = onCpo.slice(2, 42).map((d, i) => {
    const n = String(i + 3).padStart(6, '0')
    return {
      entity_code: 'EMSP',
      uid: `RC-RFID-${n}`,
      type: 'RFID',
      contract_id: `SG-RMC-C${n.padStart(8, '0')}-0`,
      visual_number: `RoamCharge ${n}`,
      driver_id: d.id,
      status: 'ALLOWED',
      created_at: at,
      updated_at: at,
    }
  })
  await db
    .insertInto('ev_token')
    .values([
      {
        entity_code: 'EMSP',
        uid: DEMO_TOKENS.valid,
        type: 'RFID',
        contract_id: 'SG-RMC-C00000001-0',
        visual_number: 'RoamCharge 0001',
        driver_id: first.id,
        status: 'ALLOWED',
        created_at: at,
        updated_at: at,
      },
      {
        entity_code: 'EMSP',
        uid: DEMO_TOKENS.blocked,
        type: 'RFID',
        contract_id: 'SG-RMC-C00000002-0',
        visual_number: 'RoamCharge 0002 (reported lost)',
        driver_id: (second ?? first).id,
        status: 'BLOCKED',
        created_at: at,
        updated_at: at,
      },
      ...more,
    ])
    .execute()
}
