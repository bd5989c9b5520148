import type { Db } from '../db/database'
import type { SeedContext } from './seed-context'

/**
 * The demo EV entities' OCPI parties (issue 17): SparkGrid is SG/SPK as its EVSE ids show (SG*SPK*…), RoamCharge's
 * eMSP is SG/RMC, Voltnet plays both roles as SG/VNT, Busways is SG/BSW. No randomness.
 */
export const DEMO_OCPI_IDENTITIES = [
  { entity_code: 'CPO', role: 'CPO', country_code: 'SG', party_id: 'SPK' },
  { entity_code: 'EMSP', role: 'EMSP', country_code: 'SG', party_id: 'RMC' },
  { entity_code: 'VOLT', role: 'CPO', country_code: 'SG', party_id: 'VNT' },
  { entity_code: 'VOLT', role: 'EMSP', country_code: 'SG', party_id: 'VNT' },
  { entity_code: 'BUS', role: 'CPO', country_code: 'SG', party_id: 'BSW' },
] as const

export async function seedOcpiIdentities(db: Db, context: SeedContext): Promise<void> {
  const entities = new Set((await db.selectFrom('entity').select('code').execute()).map((e) => e.code))
  const rows = DEMO_OCPI_IDENTITIES.filter((i) => entities.has(i.entity_code)).map((i) => ({
    ...i,
    updated_at: context.now,
  }))
  if (rows.length > 0) await db.insertInto('ocpi_identity').values(rows).execute()
}
