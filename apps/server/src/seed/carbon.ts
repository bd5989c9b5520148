import { EvSessionStatus, Fuel, VehicleType } from '@portal/contract'
import { deriveCarbonRecords } from '../modules/carbon/carbon-ledger'
import { carbonDb } from '../modules/carbon/carbon.table'
import type { Db } from '../db/database'
import type { Random } from './random'
import type { SeedContext } from './seed-context'

/*
 * Step 6 demo data (docs/decisions/0027-carbon-credits.md): Carbon Exchange Asia (CRX) runs a fleet electrification
 * programme. Its CPO partners are SparkGrid (CPO) and Voltnet (VOLT), whose chargers the sessions seed fills; its
 * fleet owners are Lion City Fleet Owners (FLEET) and three more organisations added here (entities only, no users),
 * so the top-five lists have something to rank. The fleet owners' vehicles are plates that charge regularly on the
 * partners' chargers, enrolled with a vehicle type and the fuel they replaced; the records, their daily sums, the
 * payouts and invoices are then derived by the same code production uses (carbon-ledger.ts).
 */

const DAY = 86_400_000

/** Fleet owners added for the demo (entity rows only). */
const EXTRA_FLEET_OWNERS = [
  { code: 'METRO', name: 'Metro Cab Co-operative' },
  { code: 'GOLOG', name: 'GoLogistics Vans' },
  { code: 'SWIFT', name: 'SwiftRide Deliveries' },
] as const

const CPO_PARTNERS: readonly (readonly [string, string])[] = [
  ['CPO', 'DBS Bank Ltd ••••4821'],
  ['VOLT', 'OCBC Bank ••••1177'],
]

/** Each fleet owner's bank, share of the enrolled vehicles, and what it drives (type, fuel replaced, weight). */
const FLEET_OWNERS: readonly {
  code: string
  bank: string
  weight: number
  fleet: readonly (readonly [VehicleType, Fuel, number])[]
}[] = [
  {
    code: 'FLEET',
    bank: 'UOB ••••3390',
    weight: 40,
    fleet: [
      [VehicleType.car, Fuel.petrol, 50],
      [VehicleType.national_fleet, Fuel.diesel_petrol, 30],
      [VehicleType.bus, Fuel.diesel, 20],
    ],
  },
  { code: 'METRO', bank: 'DBS Bank Ltd ••••7702', weight: 25, fleet: [[VehicleType.car, Fuel.petrol, 1]] },
  {
    code: 'GOLOG',
    bank: 'Maybank ••••5146',
    weight: 20,
    fleet: [
      [VehicleType.lgv, Fuel.diesel, 75],
      [VehicleType.truck, Fuel.diesel, 25],
    ],
  },
  { code: 'SWIFT', bank: 'OCBC Bank ••••6023', weight: 15, fleet: [[VehicleType.motorbike, Fuel.petrol, 1]] },
]

/** Which CPO works with which fleet owner, and the CPO's share of each record's value (basis points). */
const PARTNERSHIPS: readonly (readonly [string, string, number])[] = [
  ['CPO', 'FLEET', 4000],
  ['CPO', 'METRO', 3500],
  ['CPO', 'GOLOG', 4000],
  ['CPO', 'SWIFT', 3000],
  ['VOLT', 'FLEET', 4000],
  ['VOLT', 'METRO', 3500],
]

/**
 * The exchange's categories: net kg CO2e a kWh of charging avoids (the fuel burnt for the distance a kWh drives,
 * less Singapore's grid at ~0.41 kg/kWh). Bus on petrol and the like are left out on purpose: no such vehicles.
 */
const CATEGORIES: readonly (readonly [string, VehicleType, Fuel, number, string])[] = [
  ['Car (petrol)', VehicleType.car, Fuel.petrol, 710, 'Private hire and fleet cars replacing petrol cars.'],
  ['Car (diesel)', VehicleType.car, Fuel.diesel, 640, 'Cars replacing diesel cars.'],
  [
    'National fleet (diesel and petrol)',
    VehicleType.national_fleet,
    Fuel.diesel_petrol,
    650,
    'Government fleet vehicles; mixed diesel and petrol baseline.',
  ],
  ['Bus (diesel)', VehicleType.bus, Fuel.diesel, 670, 'Route and shuttle buses replacing diesel buses.'],
  ['LGV (diesel)', VehicleType.lgv, Fuel.diesel, 590, 'Light goods vehicles (vans) replacing diesel vans.'],
  ['Truck (diesel)', VehicleType.truck, Fuel.diesel, 490, 'Rigid trucks replacing diesel trucks.'],
  [
    'Motorbike (petrol)',
    VehicleType.motorbike,
    Fuel.petrol,
    990,
    'Delivery motorbikes replacing petrol bikes.',
  ],
]

const PLATE_LETTERS = 'ABCDEFGHJKLMPRSTUXYZ'
/** The sessions (rowTarget) up to which the carbon ledger grows with them: the large preset's. */
const CARBON_LEDGER_SESSIONS = 1_000_000

export async function seedCarbon(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const cdb = carbonDb(db)
  const now = context.now
  const start = now - 120 * DAY
  const crx = await db.selectFrom('entity').where('code', '=', 'CRX').select('code').executeTakeFirst()
  if (!crx) return

  await db.transaction().execute(async (trx) => {
    const t = carbonDb(trx)
    const known = new Set((await trx.selectFrom('entity').select('code').execute()).map((e) => e.code))
    const extra = EXTRA_FLEET_OWNERS.filter((e) => !known.has(e.code))
    if (extra.length > 0) {
      await trx
        .insertInto('entity')
        .values(
          extra.map((e) => ({
            code: e.code,
            name: e.name,
            logo_url: null,
            preferred_identifier: null,
            industries: JSON.stringify(['carbon_credits_fo']),
            roles: JSON.stringify([]),
            ev_backend_url: null,
            parent_code: null,
            currency_code: 'SGD',
            time_zone: 'Asia/Singapore',
            created_at: start,
            updated_at: start,
          })),
        )
        .execute()
    }
    await t
      .insertInto('carbon_programme')
      .values({
        entity_code: 'CRX',
        name: 'Fleet Electrification Carbon Programme',
        currency: 'SGD',
        // SGD 45.00 a tonne: Singapore's carbon tax rate for 2026.
        credit_price_per_tonne: 4500,
        registry_url: 'https://registry.carbonexchange.asia/credentials',
        started_at: start,
        created_at: start,
        updated_at: start,
      })
      .execute()
    await t
      .insertInto('carbon_partner')
      .values([
        ...CPO_PARTNERS.map(([code, bank]) => ({
          crx_entity_code: 'CRX',
          entity_code: code,
          role: 'CPO',
          payment_bank: bank,
          joined_at: start,
          created_at: start,
        })),
        ...FLEET_OWNERS.map((f) => ({
          crx_entity_code: 'CRX',
          entity_code: f.code,
          role: 'FO',
          payment_bank: f.bank,
          joined_at: start,
          created_at: start,
        })),
      ])
      .execute()
    await t
      .insertInto('carbon_partnership')
      .values(
        PARTNERSHIPS.map(([cpo, fo, bps]) => ({
          crx_entity_code: 'CRX',
          cpo_entity_code: cpo,
          fo_entity_code: fo,
          cpo_share_bps: bps,
          since: start,
          created_at: start,
        })),
      )
      .execute()
    await t
      .insertInto('carbon_emissions_category')
      .values(
        CATEGORIES.map(([name, vehicle_type, fuel, grams, description]) => ({
          entity_code: 'CRX',
          name,
          vehicle_type,
          fuel,
          emission_factor_g: grams,
          description,
          created_at: start,
          updated_at: start,
        })),
      )
      .execute()
  })

  // The plates that charge again and again on the partner CPOs' chargers: the fleets' vehicles. Without sessions
  // (the EV seeds not run) the fleets still get a few vehicles, and no records.
  const recurring = await db
    .selectFrom('ev_session')
    .where(
      'entity_code',
      'in',
      CPO_PARTNERS.map(([code]) => code),
    )
    .where('status', '=', EvSessionStatus.COMPLETED)
    .where('license_plate', 'is not', null)
    .select((eb) => ['license_plate', eb.fn.countAll<number>().as('sessions')])
    .groupBy('license_plate')
    .having((eb) => eb.fn.countAll(), '>=', 3)
    .orderBy('sessions', 'desc')
    .orderBy('license_plate')
    .execute()
  // Each vehicle's records grow with the sessions seeded. Past the large preset (a million sessions) the ledger stays
  // that size: fewer vehicles, each with more sessions. It is not one of the lists the xlarge preset is for, and
  // deriving ten times the records would add minutes to it (issue 13 §4: under 15 minutes).
  const perVehicleGrowth = Math.min(1, CARBON_LEDGER_SESSIONS / Math.max(1, context.rowTarget ?? 0))
  const wanted = Math.max(24, Math.round(400 * context.scale * perVehicleGrowth))
  const plates = rng.sample(
    recurring.map((r) => r.license_plate ?? '').filter((p) => p !== ''),
    Math.min(wanted, Math.ceil(recurring.length * 0.35)),
  )
  while (plates.length < 24) {
    const letter = () => PLATE_LETTERS.charAt(rng.int(0, PLATE_LETTERS.length - 1))
    const made = `SG${letter()}${String(rng.int(1000, 9999))}${letter()}`
    if (!plates.includes(made)) plates.push(made)
  }
  const owners = FLEET_OWNERS.map((f) => [f, f.weight] as const)
  const vehicles = plates.map((plate) => {
    const owner = rng.weighted(owners)
    const [vehicleType, fuel] = rng.weighted(owner.fleet.map((k) => [k, k[2]] as const))
    // Most joined with the programme; some fleets enrolled vehicles along the way.
    const enrolled = rng.chance(0.85) ? start : now - rng.int(20, 70) * DAY
    return {
      crx_entity_code: 'CRX',
      fo_entity_code: owner.code,
      license_plate: plate,
      vehicle_type: vehicleType,
      fuel,
      enrolled_at: enrolled,
      created_at: enrolled,
    }
  })
  for (let i = 0; i < vehicles.length; i += 500) {
    await cdb
      .insertInto('carbon_vehicle')
      .values(vehicles.slice(i, i + 500))
      .execute()
  }

  await deriveCarbonRecords(db, 'CRX', now)
}
