import type { Db } from '../../db/database'
import { carbonDb } from './carbon.table'

/*
 * Test data for the carbon area (its route tests): chargers and completed sessions written straight into the EV
 * tables, and vehicles enrolled in the demo programme, so the derivation has exactly the sessions a test reasons
 * about whatever the demo seed holds.
 */

export interface FixtureCharger {
  entity: string
  location: number
  locationName: string
  evse: number
  connector: number
}

let chargerSeq = 0

/** One location with one EVSE and one connector of a CPO entity. */
export async function insertCharger(db: Db, entity: string, name: string): Promise<FixtureCharger> {
  const n = ++chargerSeq
  const at = { created_at: 0, updated_at: 0 }
  const location = await db
    .insertInto('ev_location')
    .values({
      entity_code: entity,
      uid: `carbon-fx-loc-${String(n)}`,
      external_id: `CFX-L${String(n)}`,
      name,
      address: `${String(n)} Carbon Road`,
      city: 'Singapore',
      postal_code: '018989',
      state: '',
      country: 'SG',
      latitude: 1.3,
      longitude: 103.8,
      directions: '',
      contact_number: '',
      parking_restrictions: '[]',
      publish: 1,
      time_zone: 'Asia/Singapore',
      ...at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const evse = await db
    .insertInto('ev_evse')
    .values({
      entity_code: entity,
      location_id: location.id,
      uid: `carbon-fx-evse-${String(n)}`,
      evse_id: `SG*${entity}*ECFX${String(n)}*1`,
      charge_point_id: null,
      external_id: `CFX-E${String(n)}`,
      status: 'AVAILABLE',
      physical_reference: `C${String(n)}`,
      directions: '',
      instructions: '',
      protocol: 'OCPI',
      capabilities: '[]',
      parking_restrictions: '[]',
      floor_level: '1',
      ...at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const connector = await db
    .insertInto('ev_connector')
    .values({
      entity_code: entity,
      location_id: location.id,
      evse_ref: evse.id,
      uid: `carbon-fx-conn-${String(n)}`,
      connector_id: '1',
      standard: 'IEC_62196_T2',
      format: 'SOCKET',
      power_type: 'AC_3_PHASE',
      max_voltage: 400,
      max_amperage: 32,
      max_electric_power: 22_000,
      tariff_id: null,
      ...at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { entity, location: location.id, locationName: name, evse: evse.id, connector: connector.id }
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
  const row = await db
    .insertInto('ev_session')
    .values({
      uid: `carbon-fx-session-${String(n)}`,
      external_id: externalId,
      authorization_reference: `CFX-A${String(n)}`,
      entity_code: charger.entity,
      emsp_entity_code: charger.entity,
      location_id: charger.location,
      evse_ref: charger.evse,
      connector_ref: charger.connector,
      tariff_id: null,
      driver_id: null,
      user_name: 'Fleet Driver',
      operator_name: `${charger.entity} Operator`,
      status,
      stop_reason: 'VEHICLE_BATTERY_LIMIT_REACHED',
      protocol: 'OCPI',
      connectivity: 'ONLINE',
      payment_method_code: 'APP',
      license_plate: s.plate,
      currency: 'SGD',
      energy_wh: s.energyWh,
      price_per_kwh_excl_vat: 5000,
      price_per_kwh_incl_vat: 5450,
      cost_energy_excl_vat: 0,
      cost_energy_incl_vat: 0,
      cost_time_excl_vat: 0,
      cost_time_incl_vat: 0,
      cost_parking_excl_vat: 0,
      cost_parking_incl_vat: 0,
      cost_flat_excl_vat: 0,
      cost_flat_incl_vat: 0,
      total_excl_vat: 0,
      total_incl_vat: 0,
      paid_amount: 0,
      refunded_amount: 0,
      invoice_reference_id: null,
      charging_periods: '[]',
      start_date_time: s.end - 3_600_000,
      end_date_time: s.end,
      last_updated: s.end,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, externalId, charger, plate: s.plate, status, energyWh: s.energyWh, end: s.end }
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
