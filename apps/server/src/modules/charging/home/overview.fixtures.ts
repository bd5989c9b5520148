import { randomUUID } from 'node:crypto'
import type { Db } from '../../../db/database'
import { hashPassword } from '../../../lib/passwords'

/*
 * Test data of the home, devices and users suites (never imported by the app): three organisations of their own —
 * TGRID (a CPO), TROAM (an EMSP) and TVOLT (both) — each with an owner who logs in with demo1234, so the figures
 * the suites expect are exactly what the fixtures hold, whatever the demo seed contains.
 */

export const DAY = 86_400_000
const HOUR = 3_600_000
const MIN = 60_000
const UTC8 = 8 * HOUR

/** UTC+8 day start, written out independently of the code under test. */
export const sgtDay = (ms: number) => ms - ((((ms + UTC8) % DAY) + DAY) % DAY)
export function sgtMonth(ms: number): number {
  const d = new Date(ms + UTC8)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - UTC8
}

export interface FxSession {
  id: number
  uid: string
  cpo: string
  emsp: string
  locationId: number
  evseId: number
  connectorId: number
  driverId: number | null
  status: string
  start: number
  lastUpdated: number
  wh: number
  totalIncl: number
  totalExcl: number
  refunded: number
  currency: string
}

export interface FxRefund {
  sessionUid: string
  amount: number
  currency: string
  createdAt: number
}

export interface FxCharger {
  id: number
  uid: string
  entity: string
  serial: string
  vendor: string
  model: string
  protocol: string
  ocpp: string
  heartbeat: number | null
  createdAt: number
  locationUid: string
  locationName: string
  evses: { id: number; uid: string; status: string; connectors: number[] }[]
}

export interface FxUser {
  id: number
  uuid: string
  entity: string
  name: string
  mobile: string
  email: string
  nationality: string
  plate: string | null
  registered: boolean
  createdAt: number
}

export interface World {
  now: number
  today: number
  month: number
  locations: Record<string, { id: number; uid: string; name: string; entity: string; currency: string }>
  chargers: FxCharger[]
  users: FxUser[]
  sessions: FxSession[]
  refunds: FxRefund[]
  /** Rollup rows written (entity|side|day|currency|counterpart → totals). */
  daily: Map<string, { sessions: number; wh: number; incl: number; excl: number; refunded: number }>
}

const ENTITIES = [
  { code: 'TGRID', name: 'Test Grid Charging', industries: ['cpo'], roles: ['CPO'] },
  { code: 'TROAM', name: 'Test Roam Mobility', industries: ['emsp'], roles: ['EMSP'] },
  {
    code: 'TVOLT',
    name: 'Test Volt Roaming',
    industries: ['voltnet_cpo', 'voltnet_emsp'],
    roles: ['CPO', 'EMSP'],
  },
] as const

/** The three organisations and their owners (usernames tgrid, troam, tvolt). */
async function organisations(db: Db, now: number): Promise<void> {
  const hash = await hashPassword('demo1234')
  for (const e of ENTITIES) {
    await db
      .insertInto('entity')
      .values({
        code: e.code,
        name: e.name,
        logo_url: null,
        preferred_identifier: null,
        industries: JSON.stringify(e.industries),
        roles: JSON.stringify(e.roles),
        ev_backend_url: null,
        parent_code: null,
        currency_code: 'SGD',
        time_zone: 'Asia/Singapore',
        created_at: now,
        updated_at: now,
      })
      .execute()
    const user = await db
      .insertInto('app_user')
      .values({
        user_uuid: randomUUID(),
        name: `${e.name} Owner`,
        username: e.code.toLowerCase(),
        email: null,
        phone_number: null,
        image_url: null,
        password_hash: hash,
        status: 1,
        is_platform_admin: 0,
        mfa_primary_mode: 'none',
        totp_secret: null,
        totp_pending_secret: null,
        totp_last_step: null,
        password_changed_at: now,
        is_initial_login: 0,
        default_entity_code: e.code,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('membership')
      .values({ user_id: user.id, entity_code: e.code, relation: 0, created_at: now })
      .execute()
  }
}

async function location(db: Db, entity: string, key: string, name: string, now: number, country = 'SG') {
  const row = await db
    .insertInto('ev_location')
    .values({
      entity_code: entity,
      uid: `fx-${key}`,
      external_id: key.toUpperCase(),
      name,
      address: `${name} Road 1`,
      city: country === 'MY' ? 'Johor Bahru' : 'Singapore',
      postal_code: '018989',
      state: '',
      country,
      latitude: 1.3,
      longitude: 103.8,
      directions: '',
      contact_number: '',
      parking_restrictions: '[]',
      publish: 1,
      time_zone: 'Asia/Singapore',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { id: row.id, uid: `fx-${key}`, name, entity, currency: country === 'MY' ? 'MYR' : 'SGD' }
}

interface ChargerPlan {
  key: string
  entity: string
  location: string
  serial: string
  vendor: string
  model: string
  protocol: string
  ocpp: string
  heartbeatAgo: number | null
  createdAgo: number
  /** EVSE statuses, each with its number of connectors. */
  evses: [string, number][]
}

/**
 * Builds the world around `now` (the test's clock): sessions on the boundaries of today and this month in UTC+8,
 * days of the trend, running sessions, refunds; rollups written from the same numbers the sessions hold, keyed as
 * the seed keys them (day, currency, counterpart), so the homes — which read only the rollups — must agree with the
 * sessions.
 */
export async function buildWorld(db: Db, now: number): Promise<World> {
  await organisations(db, now)
  const today = sgtDay(now)
  const month = sgtMonth(now)
  const locations = {
    alpha: await location(db, 'TGRID', 'grid-alpha', 'Grid Alpha Carpark', now),
    beta: await location(db, 'TGRID', 'grid-beta', 'Grid Beta Mall', now),
    // In Malaysia: its sessions bill MYR.
    gamma: await location(db, 'TGRID', 'grid-gamma', 'Grid Gamma Depot', now, 'MY'),
    volt: await location(db, 'TVOLT', 'volt-hub', 'Volt Hub', now),
  }
  const plans: ChargerPlan[] = [
    {
      key: 'cp1',
      entity: 'TGRID',
      location: 'alpha',
      serial: 'GRD-0001',
      vendor: 'ABB',
      model: 'Terra 54',
      protocol: 'OCPI',
      ocpp: 'AVAILABLE',
      heartbeatAgo: MIN,
      createdAgo: 3 * DAY,
      evses: [
        ['AVAILABLE', 1],
        ['CHARGING', 1],
      ],
    },
    {
      key: 'cp2',
      entity: 'TGRID',
      location: 'alpha',
      serial: 'GRD-0002',
      vendor: 'Kempower',
      model: 'Satellite',
      protocol: 'STEVE',
      ocpp: 'FAULTED',
      heartbeatAgo: HOUR,
      createdAgo: 2 * DAY,
      evses: [['OUTOFORDER', 2]],
    },
    {
      key: 'cp3',
      entity: 'TGRID',
      location: 'beta',
      serial: 'GRD-0003',
      vendor: 'Alpitronic',
      model: 'HYC300',
      protocol: 'OCPI',
      ocpp: 'CHARGING',
      heartbeatAgo: null,
      createdAgo: DAY,
      evses: [['AVAILABLE', 1]],
    },
    {
      key: 'cp4',
      entity: 'TGRID',
      location: 'gamma',
      serial: 'GRD-0004',
      vendor: 'ABB',
      model: 'Terra AC',
      protocol: 'BB3_OCPP',
      ocpp: 'AVAILABLE',
      // Just inside the 15-minute threshold (the exact boundary is the contract's test: the server's clock moves).
      heartbeatAgo: 14 * MIN,
      createdAgo: 4 * DAY,
      evses: [['RESERVED', 1]],
    },
    {
      key: 'vcp1',
      entity: 'TVOLT',
      location: 'volt',
      serial: 'VLT-0001',
      vendor: 'ABB',
      model: 'Terra 54',
      protocol: 'OCPI',
      ocpp: 'AVAILABLE',
      heartbeatAgo: MIN,
      createdAgo: DAY,
      evses: [['AVAILABLE', 1]],
    },
  ]
  const chargers: FxCharger[] = []
  for (const p of plans) {
    const loc = locations[p.location as keyof typeof locations]
    const cp = await db
      .insertInto('ev_charge_point')
      .values({
        entity_code: p.entity,
        location_id: loc.id,
        uid: `fx-${p.key}`,
        serial_number: p.serial,
        vendor: p.vendor,
        model: p.model,
        firmware_version: '1.2.3',
        protocol: p.protocol,
        ocpp_status: p.ocpp,
        last_heartbeat_at: p.heartbeatAgo === null ? null : now - p.heartbeatAgo,
        created_at: now - p.createdAgo,
        updated_at: now - p.createdAgo,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const charger: FxCharger = {
      id: cp.id,
      uid: `fx-${p.key}`,
      entity: p.entity,
      serial: p.serial,
      vendor: p.vendor,
      model: p.model,
      protocol: p.protocol,
      ocpp: p.ocpp,
      heartbeat: p.heartbeatAgo === null ? null : now - p.heartbeatAgo,
      createdAt: now - p.createdAgo,
      locationUid: loc.uid,
      locationName: loc.name,
      evses: [],
    }
    let n = 0
    for (const [status, connectorCount] of p.evses) {
      n++
      const evse = await db
        .insertInto('ev_evse')
        .values({
          entity_code: p.entity,
          location_id: loc.id,
          uid: `fx-${p.key}-e${String(n)}`,
          evse_id: `SG*${p.entity}*${p.key.toUpperCase()}*${String(n)}`,
          charge_point_id: cp.id,
          external_id: `${p.key.toUpperCase()}-${String(n)}`,
          status,
          physical_reference: `${p.key.toUpperCase()}-${String(n)}`,
          directions: '',
          instructions: '',
          protocol: p.protocol,
          capabilities: JSON.stringify(['RFID_READER', 'REMOTE_START_STOP_CAPABLE']),
          parking_restrictions: '[]',
          floor_level: 'B1',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const connectors: number[] = []
      for (let c = 1; c <= connectorCount; c++) {
        const row = await db
          .insertInto('ev_connector')
          .values({
            entity_code: p.entity,
            location_id: loc.id,
            evse_ref: evse.id,
            uid: `fx-${p.key}-e${String(n)}-c${String(c)}`,
            connector_id: String(c),
            standard: 'IEC_62196_T2_COMBO',
            format: 'CABLE',
            power_type: 'DC',
            max_voltage: 500,
            max_amperage: 120,
            max_electric_power: 60_000,
            tariff_id: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        connectors.push(row.id)
      }
      charger.evses.push({ id: evse.id, uid: `fx-${p.key}-e${String(n)}`, status, connectors })
    }
    chargers.push(charger)
  }
  // An EVSE of TGRID that belongs to no charger (counted on the home, listed under no device).
  await db
    .insertInto('ev_evse')
    .values({
      entity_code: 'TGRID',
      location_id: locations.gamma.id,
      uid: 'fx-orphan-evse',
      evse_id: 'SG*TGRID*ORPHAN*1',
      charge_point_id: null,
      external_id: 'ORPHAN-1',
      status: 'BLOCKED',
      physical_reference: 'X1',
      directions: '',
      instructions: '',
      protocol: 'OCPI',
      capabilities: '[]',
      parking_restrictions: '[]',
      floor_level: '1',
      created_at: now,
      updated_at: now,
    })
    .execute()

  // App users: 25 of TROAM (created a day apart, newest first is u25), 2 of TVOLT.
  const first = ['Alicia', 'Bala', 'Chen', 'Devi', 'Ethan']
  const last = ['Tan', 'Kumar', 'Wei', 'Lim', 'Ng']
  const users: FxUser[] = []
  for (let i = 1; i <= 27; i++) {
    const entity = i <= 25 ? 'TROAM' : 'TVOLT'
    const u: FxUser = {
      id: 0,
      uuid: `fx-user-${String(i).padStart(2, '0')}`,
      entity,
      name: `${first[i % 5] ?? 'A'} ${last[Math.floor(i / 5) % 5] ?? 'B'} ${String(i)}`,
      mobile: `+65 9${String(1000000 + i * 1111)}`,
      email: `user${String(i)}@roam.test`,
      nationality: i % 3 === 0 ? 'Malaysian' : 'Singaporean',
      plate: i % 4 === 0 ? null : `SG${String(1000 + i)}X`,
      registered: i % 2 === 1,
      createdAt: now - (30 - i) * DAY,
    }
    const row = await db
      .insertInto('ev_driver')
      .values({
        entity_code: u.entity,
        uuid: u.uuid,
        name: u.name,
        mobile_number: u.mobile,
        email: u.email,
        nationality: u.nationality,
        is_registered: u.registered ? 1 : 0,
        subscribed_cpo_entities: JSON.stringify(['TGRID']),
        license_plate: u.plate,
        created_at: u.createdAt,
        updated_at: u.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    u.id = row.id
    users.push(u)
  }

  // Sessions. Each: [charger key index, evse index, cpo, emsp, user index (1-based) or 0, status, start].
  const cp = (key: string) => chargers.find((c) => c.uid === `fx-${key}`) as FxCharger
  const sessions: FxSession[] = []
  let seq = 0
  const add = async (
    chargerKey: string,
    evseIndex: number,
    emsp: string,
    user: number,
    status: string,
    start: number,
    wh: number,
    totalIncl: number,
    refunded = 0,
  ) => {
    const c = cp(chargerKey)
    const evse = c.evses[evseIndex] ?? c.evses[0]
    if (!evse) throw new Error('no EVSE')
    const loc = Object.values(locations).find((l) => l.uid === c.locationUid)
    if (!loc) throw new Error('no location')
    const driver = user > 0 ? (users[user - 1] ?? null) : null
    seq++
    const uid = `fx-s-${String(seq).padStart(3, '0')}`
    const running = status === 'ACTIVE' || status === 'HOGGING'
    const end = running ? null : start + 40 * MIN
    const lastUpdated = running ? now - seq * 1000 : Math.min(now, start + 40 * MIN)
    const totalExcl = Math.round((totalIncl * 100) / 109)
    const row = await db
      .insertInto('ev_session')
      .values({
        uid,
        external_id: `FX-${String(seq)}`,
        authorization_reference: `FXA-${String(seq)}`,
        entity_code: c.entity,
        emsp_entity_code: emsp,
        location_id: loc.id,
        evse_ref: evse.id,
        connector_ref: evse.connectors[0] ?? 0,
        tariff_id: null,
        driver_id: driver?.id ?? null,
        user_name: driver?.name ?? 'Walk-in',
        operator_name: 'Ops',
        status,
        stop_reason: running ? null : 'VEHICLE_MANUAL_STOP',
        protocol: 'OCPI',
        connectivity: 'ONLINE',
        payment_method_code: 'APP',
        license_plate: driver?.plate ?? 'SGX9999Z',
        currency: loc.currency,
        energy_wh: wh,
        price_per_kwh_excl_vat: 5000,
        price_per_kwh_incl_vat: 5450,
        cost_energy_excl_vat: totalExcl,
        cost_energy_incl_vat: totalIncl,
        cost_time_excl_vat: 0,
        cost_time_incl_vat: 0,
        cost_parking_excl_vat: 0,
        cost_parking_incl_vat: 0,
        cost_flat_excl_vat: 0,
        cost_flat_incl_vat: 0,
        total_excl_vat: totalExcl,
        total_incl_vat: totalIncl,
        paid_amount: running ? 0 : totalIncl,
        refunded_amount: refunded,
        invoice_reference_id: null,
        charging_periods: '[]',
        start_date_time: start,
        end_date_time: end,
        last_updated: lastUpdated,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    sessions.push({
      id: row.id,
      uid,
      cpo: c.entity,
      emsp,
      locationId: loc.id,
      evseId: evse.id,
      connectorId: evse.connectors[0] ?? 0,
      driverId: driver?.id ?? null,
      status,
      start,
      lastUpdated,
      wh,
      totalIncl,
      totalExcl,
      refunded,
      currency: loc.currency,
    })
  }
  const refunds: FxRefund[] = []
  /** A refund of a session issued at `createdAt` (with the session's refunded amount kept in step). */
  const refund = async (session: FxSession | undefined, amount: number, createdAt: number) => {
    if (!session) throw new Error('no session to refund')
    await db
      .insertInto('ev_session_refund')
      .values({
        session_id: session.id,
        entity_code: session.cpo,
        emsp_entity_code: session.emsp,
        uuid: randomUUID(),
        amount,
        currency: session.currency,
        reason: 'Fixture refund',
        created_by: null,
        created_by_name: 'Fixture',
        transaction_uuid: randomUUID(),
        created_at: createdAt,
      })
      .execute()
    session.refunded += amount
    await db
      .updateTable('ev_session')
      .set({ refunded_amount: session.refunded })
      .where('id', '=', session.id)
      .execute()
    refunds.push({ sessionUid: session.uid, amount, currency: session.currency, createdAt })
  }

  const midToday = today + Math.floor((now - today) / 2)
  // The boundaries: the first instant of this month and of today count; the instant before does not.
  await add('cp1', 0, 'TROAM', 1, 'COMPLETED', month, 10_000, 545)
  await add('cp1', 0, 'TROAM', 1, 'COMPLETED', month - 1, 20_000, 1090)
  await add('cp3', 0, 'TGRID', 0, 'COMPLETED', today, 5_500, 300)
  await add('cp2', 0, 'TROAM', 2, 'COMPLETED', today - 1, 7_250, 400)
  await add('cp1', 1, 'TVOLT', 26, 'COMPLETED', midToday, 12_345, 700)
  // Running right now: two charging, one hogging on TGRID; one charging of a TROAM user on TVOLT's charger.
  await add('cp1', 1, 'TROAM', 3, 'ACTIVE', now - 30 * MIN, 3_000, 160)
  await add('cp3', 0, 'TGRID', 0, 'ACTIVE', now - 20 * MIN, 2_000, 110)
  await add('cp2', 0, 'TROAM', 4, 'HOGGING', now - 90 * MIN, 9_000, 490)
  await add('vcp1', 0, 'TROAM', 5, 'ACTIVE', now - 10 * MIN, 1_000, 55)
  // The trend: one or two sessions a day over the 40 days before today, on all three locations.
  for (let k = 2; k <= 40; k++) {
    const at = today - k * DAY + 10 * HOUR
    const key = k % 3 === 0 ? 'cp1' : k % 3 === 1 ? 'cp3' : 'cp4'
    await add(
      key,
      0,
      k % 2 === 0 ? 'TROAM' : 'TGRID',
      k % 2 === 0 ? 1 + (k % 6) : 0,
      'COMPLETED',
      at,
      1000 * k,
      50 * k,
    )
    if (k % 5 === 0) await add('vcp1', 0, 'TROAM', 6, 'COMPLETED', at + HOUR, 4_000, 220)
  }
  // Refunds: issued today (SGD), at the first instant of this month (MYR) and the instant before it (SGD).
  await refund(
    sessions.find((x) => x.start === today - 1),
    100,
    today + Math.floor((now - today) / 3),
  )
  await refund(
    sessions.find((x) => x.currency === 'MYR' && x.start < month),
    25,
    month,
  )
  await refund(
    sessions.find((x) => x.start === month - 1),
    90,
    month - 1,
  )
  // 22 sessions of user 7 on cp4 (more than the detail lists), a minute apart, ten days ago.
  for (let i = 0; i < 22; i++)
    await add('cp4', 0, 'TROAM', 7, 'COMPLETED', today - 10 * DAY + i * MIN, 1_500, 80)

  // Rollups from the same numbers, both sides, as the seed writes them: by the UTC+8 day of the start, currency and
  // counterpart (the location on the CPO's side, the CPO on the EMSP's).
  const daily: World['daily'] = new Map()
  const tally = (entity: string, side: 'CPO' | 'EMSP', s: FxSession) => {
    const key = rollupKey(entity, side, s).join('|')
    const d = daily.get(key) ?? { sessions: 0, wh: 0, incl: 0, excl: 0, refunded: 0 }
    d.sessions++
    d.wh += s.wh
    d.incl += s.totalIncl
    d.excl += s.totalExcl
    d.refunded += s.refunded
    daily.set(key, d)
  }
  for (const s of sessions) {
    tally(s.cpo, 'CPO', s)
    tally(s.emsp, 'EMSP', s)
  }
  for (const [key, d] of daily) {
    const [entity, side, day, currency, counterpart] = key.split('|')
    await db
      .insertInto('ev_session_daily')
      .values({
        entity_code: entity ?? '',
        side: side ?? '',
        day: Number(day),
        currency: currency ?? '',
        counterpart: counterpart ?? '',
        sessions: d.sessions,
        energy_wh: d.wh,
        revenue_incl_vat: d.incl,
        revenue_excl_vat: d.excl,
        refunded: d.refunded,
      })
      .execute()
  }
  return { now, today, month, locations, chargers, users, sessions, refunds, daily }
}

/**
 * A session's rollup key on one side, written out independently of the code under test: entity, side, UTC+8 start
 * day, currency, and the counterpart (the location id on the CPO's side, the CPO's entity code on the EMSP's).
 */
function rollupKey(
  entity: string,
  side: 'CPO' | 'EMSP',
  s: { start: number; currency: string; cpo: string; locationId: number },
) {
  return [
    entity,
    side,
    String(sgtDay(s.start)),
    s.currency,
    side === 'CPO' ? String(s.locationId) : s.cpo,
  ] as const
}

/**
 * Counts one session (already inserted) in both sides' rollup rows, adding to rows that exist: how a session
 * written after the seed (a late one, a backfill) reaches the homes.
 */
export async function addToRollup(
  db: Db,
  s: Pick<FxSession, 'cpo' | 'emsp' | 'locationId' | 'start' | 'currency' | 'wh' | 'totalIncl' | 'totalExcl'>,
): Promise<void> {
  for (const [entity, side] of [
    [s.cpo, 'CPO'],
    [s.emsp, 'EMSP'],
  ] as const) {
    const [, , day, currency, counterpart] = rollupKey(entity, side, s)
    await db
      .insertInto('ev_session_daily')
      .values({
        entity_code: entity,
        side,
        day: Number(day),
        currency,
        counterpart,
        sessions: 1,
        energy_wh: s.wh,
        revenue_incl_vat: s.totalIncl,
        revenue_excl_vat: s.totalExcl,
        refunded: 0,
      })
      .onConflict((oc) =>
        oc.columns(['entity_code', 'side', 'day', 'currency', 'counterpart']).doUpdateSet((eb) => ({
          sessions: eb('ev_session_daily.sessions', '+', 1),
          energy_wh: eb('ev_session_daily.energy_wh', '+', s.wh),
          revenue_incl_vat: eb('ev_session_daily.revenue_incl_vat', '+', s.totalIncl),
          revenue_excl_vat: eb('ev_session_daily.revenue_excl_vat', '+', s.totalExcl),
        })),
      )
      .execute()
  }
}

/** Waits past an SGT midnight that is due within `marginMs`, so a suite never straddles two days. */
export async function awayFromMidnight(marginMs = 20_000): Promise<void> {
  const now = Date.now()
  const next = sgtDay(now) + DAY
  if (next - now < marginMs) await new Promise((resolve) => setTimeout(resolve, next - now + 1000))
}
