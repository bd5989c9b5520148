import type { Db } from '../../db/database'
import type { EvSite } from '../../test-support/ev-fixtures'
import { insertEvSession, insertEvSite } from '../../test-support/ev-fixtures'
import { carbonDb } from './carbon.table'

/*
 * Test data for the carbon area (its route tests): chargers and completed sessions written straight into the EV
 * tables, and vehicles enrolled in the demo programme, so the derivation has exactly the sessions a test reasons
 * about whatever the demo seed holds.
 */

export interface FixtureCharger extends EvSite {
  locationName: string
}

let chargerSeq = 0

/** One location with one EVSE and one connector of a CPO entity. */
export async function insertCharger(db: Db, entity: string, name: string): Promise<FixtureCharger> {
  const n = String(++chargerSeq)
  const site = await insertEvSite(db, {
    entity,
    key: `carbon-fx-${n}`,
    location: { external_id: `CFX-L${n}`, name, address: `${n} Carbon Road` },
    evse: { evse_id: `SG*${entity}*ECFX${n}*1`, external_id: `CFX-E${n}`, physical_reference: `C${n}` },
  })
  return { ...site, locationName: name }
}

export interface FixtureSession {
  id: number
  externalId: string
  charger: FixtureCharger
  plate: string
  status: string
  energyWh: number
  end: number
}

let sessionSeq = 0

/** A session on a charger that ended at `end` (started an hour before), with its energy and plate. */
export async function insertSession(
  db: Db,
  charger: FixtureCharger,
  s: { plate: string; energyWh: number; end: number; status?: string },
): Promise<FixtureSession> {
  const n = ++sessionSeq
  const status = s.status ?? 'COMPLETED'
  const externalId = `CFX-S${String(n).padStart(5, '0')}`
  const id = await insertEvSession(db, charger, {
    uid: `carbon-fx-session-${String(n)}`,
    external_id: externalId,
    authorization_reference: `CFX-A${String(n)}`,
    user_name: 'Fleet Driver',
    status,
    license_plate: s.plate,
    energy_wh: s.energyWh,
    start_date_time: s.end - 3_600_000,
  })
  return { id, externalId, charger, plate: s.plate, status, energyWh: s.energyWh, end: s.end }
}

/** A vehicle of a fleet owner enrolled in the demo programme (CRX). */
export async function enrolVehicle(
  db: Db,
  v: { plate: string; fo: string; type: string; fuel: string; enrolledAt: number },
): Promise<void> {
  await carbonDb(db)
    .insertInto('carbon_vehicle')
    .values({
      crx_entity_code: 'CRX',
      fo_entity_code: v.fo,
      license_plate: v.plate,
      vehicle_type: v.type,
      fuel: v.fuel,
      enrolled_at: v.enrolledAt,
      created_at: v.enrolledAt,
    })
    .execute()
}
