import type { ChargingPeriod, TariffElement } from '@portal/contract'
import {
  PaymentMethod,
  priceSession,
  PaymentType,
  TransactionStatus,
  TransactionType,
} from '@portal/contract'
import type { Database, Db } from '../db/database'
import { parseJson } from '../lib/json'
import type { Cell } from './bulk-insert'
import { BulkInserter, tuneForBulkLoad } from './bulk-insert'
import { CopyLoad } from './copy-load'
import type { Random } from './random'
import { fastUuid } from './random'
import type { SeedContext } from './seed-context'
import { evDailyCounterpart } from '../modules/charging/ev.table'
import { chargerStatus, TEST_BAY_NAME } from './ev-network'

/*
 * Charging sessions of the CPO, VOLT and BUS networks over the 90 days before `now` (docs/decisions/0020 and 0023):
 * realistic 15-minute charging periods (ENERGY with a taper, TIME), optional grace → blackout → regular parking,
 * costs from the contract's priceSession on the connector's tariff (so the seed, the server and the portal agree
 * to the cent), statuses with stop reasons, a few refunds, and the ev_session_daily rollups of both sides (per
 * UTC+8 start day, currency and counterpart: the location on the CPO's side, the CPO on the EMSP's).
 * The large preset (`rowTarget`) writes at least that many sessions in batches, with the indexes built once at the
 * end, so memory stays flat and a million sessions take minutes.
 */

const MIN = 60_000
const HOUR = 3_600_000
const DAY = 86_400_000
const UTC8 = 8 * HOUR
const PERIOD_MS = 15 * MIN
/** Sessions generated and written per transaction. */
const CHUNK = 10_000

/** Sessions per entity at scale 1. */
const SESSIONS_PER_SCALE: Record<string, number> = { CPO: 12_000, VOLT: 4_000, BUS: 3_000 }

/** Whose customers charge on an entity's chargers (emsp_entity_code), by weight. */
const CUSTOMERS: Record<string, readonly (readonly [string, number])[]> = {
  CPO: [
    ['EMSP', 50],
    ['VOLT', 20],
    ['CPO', 30],
  ],
  VOLT: [
    ['VOLT', 60],
    ['EMSP', 40],
  ],
  BUS: [['BUS', 1]],
}

/**
 * Whose drivers charge as a customer's: the limousine fleet's drivers charge with the EMSP's app (RoamCharge), so
 * their sessions name EMSP as the EMSP and the limo driver as the driver (the limo driver pages show them).
 */
const DRIVER_POOLS: Record<string, readonly string[]> = { EMSP: ['EMSP', 'LIMO'] }

const OPERATORS: Record<string, readonly string[]> = {
  CPO: ['SparkGrid Operations', 'SparkGrid Field Services', 'SparkGrid x CapitaLand Malls'],
  VOLT: ['Voltnet Roaming Ops', 'Voltnet Partner Network'],
  BUS: ['Busways Depot Control'],
}

const PAYMENT_METHODS: readonly (readonly [string, number])[] = [
  ['APP', 45],
  ['CREDIT_CARD', 25],
  ['RFID', 20],
  ['QR', 10],
]
const BUS_PAYMENT_METHODS: readonly (readonly [string, number])[] = [
  ['RFID', 80],
  ['APP', 20],
]

/** How a session's payment method is recorded on a payment transaction (a numeric catalogue). */
const TXN_METHOD: Record<string, number> = {
  APP: PaymentMethod.Stripe,
  CREDIT_CARD: PaymentMethod.CreditCard,
  QR: PaymentMethod.PayNow,
  RFID: PaymentMethod.CreditCard,
}

type Outcome =
  | 'COMPLETED'
  | 'STOPPED'
  | 'START_FAILURE'
  | 'STOP_FAILURE'
  | 'RESERVATION_FAILURE'
  | 'PENDING_PAYMENT'
  | 'ACTIVE'
  | 'HOGGING'

/** Finished sessions' outcomes by weight; running ones (ACTIVE, HOGGING) are made separately, near `now`. */
const OUTCOMES: readonly (readonly [Outcome, number])[] = [
  ['COMPLETED', 86],
  ['STOPPED', 6],
  ['START_FAILURE', 3.5],
  ['STOP_FAILURE', 1],
  ['RESERVATION_FAILURE', 1],
  ['PENDING_PAYMENT', 2.5],
]

const STOP_REASONS: Partial<Record<Outcome, readonly string[]>> = {
  COMPLETED: [
    'VEHICLE_BATTERY_LIMIT_REACHED',
    'VEHICLE_BATTERY_LIMIT_REACHED',
    'VEHICLE_MANUAL_STOP',
    'VEHICLE_MANUAL_STOP',
    'REMOTE_STOP',
    'TRICKLE_CHARGE_STOP',
    'PRE_AUTH_AMOUNT_REACHED',
    'MAX_PRICE_REACHED',
  ],
  STOPPED: ['REMOTE_STOP', 'EMERGENCY_STOP', 'EVSE_OFFLINE', 'CHARGER_FAILURE', 'INTERNAL_SERVER_ERROR'],
  START_FAILURE: [
    'START_FAIL_PAY_INSUFFICIENT_FUNDS',
    'START_FAIL_PAY_EXPIRED_CARD',
    'START_FAIL_PAY_GENERIC_FAILURE',
    'START_FAIL_PAY_EXCEEDED_CREDIT_LIMIT',
    'CHARGER_REJECTED',
    'CHARGER_TIMEOUT',
    'DUPLICATE_SESSION',
    'PAYMENT_TIMEOUT',
  ],
  STOP_FAILURE: ['CHARGER_TIMEOUT', 'EVSE_OFFLINE', 'VOLTNET_TIMEOUT'],
  RESERVATION_FAILURE: ['CHARGER_REJECTED', 'PAYMENT_CANCELLED', 'UNKNOWN_PROTOCOL'],
  PENDING_PAYMENT: ['VEHICLE_BATTERY_LIMIT_REACHED', 'VEHICLE_MANUAL_STOP', 'PAYMENT_FAILURE'],
}

const REFUND_REASONS = [
  'Charger stopped early; partial refund for the unused pre-authorisation',
  'Idle fee waived: the car park barrier was faulty',
  'Customer charged twice for one session',
  'Goodwill gesture after a connector fault',
  'Energy reading disputed; refunded the difference',
]

const FIRST_NAMES =
  `Wei Ming|Hui Min|Jun Jie|Siti|Arjun|Priya|Daniel|Rachel|Kai Xuan|Nur Aisyah|Marcus|Mei Ling|Farhan|Kavitha|Jonathan|Shu Fen|Haziq|Deepa|Bryan|Xin Yi`.split(
    '|',
  )
const LAST_NAMES = `Tan|Lim|Lee|Ng|Wong|Goh|Chua|Rahman|Kumar|Nair|Ong|Teo|Koh|Yeo|Ismail`.split('|')

const SESSION_COLUMNS = [
  'id',
  'uid',
  'external_id',
  'authorization_reference',
  'entity_code',
  'emsp_entity_code',
  'location_id',
  'evse_ref',
  'connector_ref',
  'tariff_id',
  'driver_id',
  'user_name',
  'operator_name',
  'status',
  'stop_reason',
  'protocol',
  'connectivity',
  'payment_method_code',
  'license_plate',
  'currency',
  'energy_wh',
  'price_per_kwh_excl_vat',
  'price_per_kwh_incl_vat',
  'cost_energy_excl_vat',
  'cost_energy_incl_vat',
  'cost_time_excl_vat',
  'cost_time_incl_vat',
  'cost_parking_excl_vat',
  'cost_parking_incl_vat',
  'cost_flat_excl_vat',
  'cost_flat_incl_vat',
  'total_excl_vat',
  'total_incl_vat',
  'paid_amount',
  'refunded_amount',
  'invoice_reference_id',
  'charging_periods',
  'start_date_time',
  'end_date_time',
  'last_updated',
] as const
const REFUND_COLUMNS = [
  'session_id',
  'entity_code',
  'emsp_entity_code',
  'uuid',
  'amount',
  'currency',
  'reason',
  'created_by',
  'created_by_name',
  'transaction_uuid',
  'created_at',
] as const
const TXN_COLUMNS = [
  'uuid',
  'entity_code',
  'machine_id',
  'order_uuid',
  'username',
  'currency_code',
  'amount',
  'refundable_amount',
  'refunded_amount',
  'transaction_type',
  'transaction_status',
  'payment_method_code',
  'payment_type_code',
  'payment_gateway_code',
  'entity_refer_no',
  'payment_refer_no',
  'created_at',
] as const
const DAILY_COLUMNS = [
  'entity_code',
  'side',
  'day',
  'currency',
  'counterpart',
  'sessions',
  'energy_wh',
  'revenue_incl_vat',
  'revenue_excl_vat',
  'refunded',
] as const

interface SeedConnector {
  id: number
  evseRef: number
  locationId: number
  protocol: string
  powerType: string
  /** Watts. */
  maxPower: number
  tariffId: number | null
}

interface SeedTariff {
  id: number
  currency: string
  elements: TariffElement[]
}

interface SeedDriver {
  id: number
  name: string
  plate: string | null
}

interface Staff {
  id: number
  name: string
}

/** Start of the UTC+8 day of a time (the ev_session_daily key). */
function utc8Day(ms: number): number {
  return Math.floor((ms + UTC8) / DAY) * DAY - UTC8
}

const PLATE_LETTERS = 'ABCDEFGHJKLMPRSTUXYZ'
/** A Singapore-style plate: SGX1234A, SJA567K, SKB89C, or a bus plate (SBS8123Y, SMB214E). */
function plate(rng: Random, bus: boolean): string {
  const letter = () => PLATE_LETTERS.charAt(rng.int(0, PLATE_LETTERS.length - 1))
  const prefix = bus
    ? rng.pick(['SBS', 'SMB', 'SG'])
    : `S${rng.pick(['G', 'J', 'K', 'L', 'M', 'N'])}${letter()}`
  return `${prefix}${String(rng.int(1, 9999))}${letter()}`
}

function personName(rng: Random): string {
  return `${rng.pick(FIRST_NAMES)} ${rng.pick(LAST_NAMES)}`
}

/** Sessions started per SGT hour of the day (relative): mornings, lunch and the evening peak. */
const HOUR_WEIGHTS = [1, 1, 0.5, 0.5, 0.5, 1, 2, 4, 6, 6, 5, 5, 6, 6, 5, 5, 5, 6, 7, 7, 6, 5, 3, 2].map(
  (weight, hour) => [hour, weight] as const,
)

/** A start time in the 90 days before now, weighted to the hours people charge (SGT mornings, lunch, evenings). */
function startTime(rng: Random, now: number): number {
  const day = utc8Day(now) - rng.int(0, 89) * DAY
  const hour = rng.weighted(HOUR_WEIGHTS)
  const at = day + hour * HOUR + rng.int(0, 59) * MIN + rng.int(0, 59) * 1000
  // Today's later hours have not happened yet: those sessions happened on the same hour of a day before.
  return at > now - 10 * MIN ? at - rng.int(1, 89) * DAY : at
}

const round3 = (x: number) => Math.round(x * 1000) / 1000

/**
 * Charging periods of `minutes` of charging from `start` on a connector: 15-minute periods, each with the energy
 * delivered (kWh) and the time (hours). DC tapers from ~90 % of what the car accepts to ~30 % near full; AC is flat
 * at the car's on-board charger limit.
 */
function chargingPeriods(
  rng: Random,
  start: number,
  minutes: number,
  c: SeedConnector,
): { periods: ChargingPeriod[]; wh: number } {
  const dc = c.powerType === 'DC'
  const connectorKw = c.maxPower / 1000
  const carKw = dc ? rng.pick([50, 75, 100, 150, 250]) : rng.pick([7.4, 7.4, 11, 11, 22])
  const kw = Math.min(connectorKw, carKw)
  const periods: ChargingPeriod[] = []
  let wh = 0
  const total = minutes * MIN
  for (let at = 0; at < total; at += PERIOD_MS) {
    const length = Math.min(PERIOD_MS, total - at)
    const progress = at / total
    const factor = dc ? 0.92 - 0.62 * progress * progress : 0.95 - 0.1 * progress
    const kWh = round3(kw * factor * (length / HOUR) * (0.97 + rng.next() * 0.06))
    wh += Math.round(kWh * 1000)
    periods.push({
      start_date_time: start + at,
      dimensions: [
        { type: 'ENERGY', volume: kWh },
        { type: 'TIME', volume: round3(length / HOUR) },
      ],
      session_stage: 'CHARGING',
    })
  }
  return { periods, wh }
}

/** Parking after charging: none, grace, grace → regular, grace → blackout → regular, blackout → regular. */
function parkingPeriods(
  rng: Random,
  from: number,
  startHourSgt: number,
): { periods: ChargingPeriod[]; end: number } {
  // Blackout (idle fees off) is a night window; a session ending late is the one that runs into it.
  const night = startHourSgt >= 19 || startHourSgt < 6
  const chain = rng.weighted<readonly ('G' | 'B' | 'R')[]>([
    [[], 45],
    [['G'], 25],
    [['G', 'R'], 16],
    [night ? ['G', 'B', 'R'] : ['G', 'R'], 8],
    [night ? ['B', 'R'] : ['R'], 6],
  ])
  const periods: ChargingPeriod[] = []
  let at = from
  for (const stage of chain) {
    const minutes = stage === 'G' ? rng.int(5, 15) : stage === 'B' ? rng.int(30, 150) : rng.int(10, 95)
    periods.push({
      start_date_time: at,
      dimensions: [{ type: 'TIME', volume: round3((minutes * MIN) / HOUR) }],
      session_stage: stage === 'G' ? 'PARKING_GRACE' : stage === 'B' ? 'PARKING_BLACKOUT' : 'PARKING_REGULAR',
    })
    at += minutes * MIN
  }
  return { periods, end: at }
}

interface Measures {
  sessions: number
  energyWh: number
  revenueIncl: number
  revenueExcl: number
  refunded: number
}

/** One ev_session_daily row: its key and its measures. */
interface Daily extends Measures {
  entity: string
  side: 'CPO' | 'EMSP'
  day: number
  currency: string
  counterpart: string
}

interface Rows {
  sessions: Cell[][]
  refunds: Cell[][]
  txns: Cell[][]
}

/** Everything one entity's generator reads from the database. */
interface Network {
  entity: string
  connectors: SeedConnector[]
  tariffs: Map<number, SeedTariff>
  fallbackTariff: SeedTariff | null
  drivers: Map<string, SeedDriver[]>
  staff: Staff | null
}

class SessionGenerator {
  private seq = 0

  constructor(
    private readonly rng: Random,
    private readonly net: Network,
    private readonly now: number,
    private nextId: number,
    private readonly daily: Map<string, Daily>,
    /** Ids that must stay unique at millions of rows (see fastUuid): the big preset's sessions. */
    private readonly uniqueIds = false,
  ) {}

  private uuid(space: number, id: number): string {
    return fastUuid(this.rng, this.uniqueIds ? { space, n: id } : undefined)
  }

  /**
   * Adds a session's facts to both sides' rollup rows of its UTC+8 start day and currency: the CPO's by location,
   * the EMSP's by CPO (evDailyCounterpart).
   */
  private tally(
    s: { cpo: string; emsp: string; locationId: number; day: number; currency: string },
    add: Partial<Measures>,
  ) {
    const session = { entity_code: s.cpo, location_id: s.locationId }
    for (const [entity, side] of [
      [s.cpo, 'CPO'],
      [s.emsp, 'EMSP'],
    ] as const) {
      const counterpart = evDailyCounterpart(side, session)
      const key = `${entity}|${side}|${String(s.day)}|${s.currency}|${counterpart}`
      let d = this.daily.get(key)
      if (!d) {
        d = {
          entity,
          side,
          day: s.day,
          currency: s.currency,
          counterpart,
          sessions: 0,
          energyWh: 0,
          revenueIncl: 0,
          revenueExcl: 0,
          refunded: 0,
        }
        this.daily.set(key, d)
      }
      d.sessions += add.sessions ?? 0
      d.energyWh += add.energyWh ?? 0
      d.revenueIncl += add.revenueIncl ?? 0
      d.revenueExcl += add.revenueExcl ?? 0
      d.refunded += add.refunded ?? 0
    }
  }

  /** One session; `running` makes an ACTIVE or HOGGING session that started in the last hours. */
  session(rows: Rows, running: 'ACTIVE' | 'HOGGING' | null, connector?: SeedConnector): void {
    const { rng, net, now } = this
    const bus = net.entity === 'BUS'
    const c = connector ?? rng.pick(net.connectors)
    const tariff = (c.tariffId !== null ? net.tariffs.get(c.tariffId) : undefined) ?? net.fallbackTariff
    const emsp = rng.weighted(CUSTOMERS[net.entity] ?? [[net.entity, 1]])
    const drivers = net.drivers.get(emsp) ?? []
    const driver = drivers.length > 0 && rng.chance(0.85) ? rng.pick(drivers) : null
    const outcome: Outcome = running ?? rng.weighted(OUTCOMES)
    const dc = c.powerType === 'DC'

    let start = startTime(rng, now)
    let periods: ChargingPeriod[] = []
    let wh = 0
    let end: number | null
    if (outcome === 'START_FAILURE' || outcome === 'RESERVATION_FAILURE') {
      end = start + rng.int(20, 180) * 1000
    } else if (running === 'ACTIVE') {
      // Charging right now: started in the last hours, periods up to now.
      start = now - rng.int(5, dc ? 50 : 200) * MIN
      const charged = chargingPeriods(rng, start, Math.max(1, Math.floor((now - start) / MIN)), c)
      periods = charged.periods
      wh = charged.wh
      end = null
    } else if (running === 'HOGGING') {
      // Charging finished a while ago; the car is still plugged in, past its grace period.
      const minutes = dc ? rng.int(20, 60) : rng.int(60, 240)
      const grace = rng.int(5, 15)
      start = now - (minutes + grace + rng.int(5, 90)) * MIN
      const charged = chargingPeriods(rng, start, minutes, c)
      const parked = start + minutes * MIN
      const regular = parked + grace * MIN
      const hours = (ms: number) => [{ type: 'TIME' as const, volume: round3(ms / HOUR) }]
      periods = [
        ...charged.periods,
        { start_date_time: parked, dimensions: hours(grace * MIN), session_stage: 'PARKING_GRACE' },
        // Still running: its time so far.
        { start_date_time: regular, dimensions: hours(now - regular), session_stage: 'PARKING_REGULAR' },
      ]
      wh = charged.wh
      end = null
    } else {
      const minutes = bus
        ? rng.int(60, 180)
        : dc
          ? rng.int(outcome === 'STOPPED' ? 5 : 18, 65)
          : rng.int(outcome === 'STOPPED' ? 10 : 45, 240)
      const charged = chargingPeriods(rng, start, minutes, c)
      const hourSgt = new Date(start + minutes * MIN + UTC8).getUTCHours()
      const parking = parkingPeriods(rng, start + minutes * MIN, hourSgt)
      periods = [...charged.periods, ...parking.periods]
      wh = charged.wh
      end = parking.end
      // A finished session must not end in the future: move it back.
      if (end > now) {
        const shift = end - now + rng.int(1, 30) * MIN
        start -= shift
        end -= shift
        for (const p of periods) p.start_date_time -= shift
      }
    }

    // Priced even without periods (a failed start costs nothing but still shows the tariff's price per kWh).
    const priced = tariff
      ? priceSession({ elements: tariff.elements, currency: tariff.currency }, periods, end ?? now)
      : null
    const zero = { excl_vat: 0, incl_vat: 0 }
    const energy = priced?.energy ?? zero
    const time = priced?.time ?? zero
    const parking = priced?.parking_time ?? zero
    const flat = priced?.flat ?? zero
    const total = priced?.total ?? zero
    const perKwh = priced?.price_per_kwh ?? zero
    const paid =
      outcome === 'COMPLETED' || outcome === 'STOPPED' || outcome === 'STOP_FAILURE' ? total.incl_vat : 0
    const id = this.nextId++
    this.seq++
    const uid = this.uuid(4, id)
    const externalId = `${net.entity}-S${String(this.seq).padStart(8, '0')}`
    const stopReason = running ? null : rng.pick(STOP_REASONS[outcome] ?? ['REMOTE_STOP'])
    const method = rng.weighted(bus ? BUS_PAYMENT_METHODS : PAYMENT_METHODS)
    const lastUpdated = end ?? now - rng.int(0, 5 * 60) * 1000
    const currency = tariff?.currency ?? 'SGD'
    rows.sessions.push([
      id,
      uid,
      externalId,
      `AUTH${uid.slice(0, 8).toUpperCase()}${uid.slice(24, 28).toUpperCase()}`,
      net.entity,
      emsp,
      c.locationId,
      c.evseRef,
      c.id,
      tariff?.id ?? null,
      driver?.id ?? null,
      driver?.name ?? (bus ? `Bus Captain ${personName(rng)}` : personName(rng)),
      rng.pick(OPERATORS[net.entity] ?? ['Operations']),
      outcome,
      stopReason,
      c.protocol,
      rng.chance(0.97) ? 'ONLINE' : 'OFFLINE',
      method,
      driver?.plate ?? plate(rng, bus),
      currency,
      wh,
      Math.round(perKwh.excl_vat),
      Math.round(perKwh.incl_vat),
      energy.excl_vat,
      energy.incl_vat,
      time.excl_vat,
      time.incl_vat,
      parking.excl_vat,
      parking.incl_vat,
      flat.excl_vat,
      flat.incl_vat,
      total.excl_vat,
      total.incl_vat,
      paid,
      0,
      paid > 0 ? `INV-${net.entity}-${String(this.seq).padStart(8, '0')}` : null,
      JSON.stringify(periods),
      start,
      end,
      lastUpdated,
    ])
    const rollup = { cpo: net.entity, emsp, locationId: c.locationId, day: utc8Day(start), currency }
    this.tally(rollup, {
      sessions: 1,
      energyWh: wh,
      revenueIncl: total.incl_vat,
      revenueExcl: total.excl_vat,
    })

    // A few paid sessions were refunded in part or in full, by the CPO's staff, with the Refund transaction.
    if (paid > 0 && end !== null && rng.chance(0.004)) {
      const amount = rng.chance(0.3) ? paid : Math.max(1, Math.round(paid * rng.pick([0.1, 0.25, 0.5])))
      const at = Math.min(end + rng.int(1, 72) * HOUR, now)
      const row = rows.sessions[rows.sessions.length - 1] as Cell[]
      row[SESSION_COLUMNS.indexOf('refunded_amount')] = amount
      row[SESSION_COLUMNS.indexOf('last_updated')] = at
      const txn = this.uuid(6, id)
      rows.refunds.push([
        id,
        net.entity,
        emsp,
        this.uuid(5, id),
        amount,
        currency,
        rng.pick(REFUND_REASONS),
        net.staff?.id ?? null,
        net.staff?.name ?? 'Support',
        txn,
        at,
      ])
      rows.txns.push([
        txn,
        net.entity,
        null,
        uid,
        row[SESSION_COLUMNS.indexOf('user_name')] ?? '',
        currency,
        amount,
        0,
        0,
        TransactionType.Refund,
        TransactionStatus.Success,
        TXN_METHOD[method] ?? PaymentMethod.CreditCard,
        PaymentType.normal,
        'stripe',
        `EVR${externalId}`,
        `RF${uid.replaceAll('-', '').slice(0, 16).toUpperCase()}`,
        at,
      ])
      this.tally(rollup, { refunded: amount })
    }
  }

  get lastId(): number {
    return this.nextId - 1
  }
}

async function readNetwork(db: Db, entity: string): Promise<Network | null> {
  const connectors = await db
    .selectFrom('ev_connector as c')
    .innerJoin('ev_evse as e', 'e.id', 'c.evse_ref')
    // The test bay's chargers wait for real or simulated chargers: no seeded session runs on them.
    .innerJoin('ev_location as l', 'l.id', 'c.location_id')
    .where('c.entity_code', '=', entity)
    .where('l.name', '<>', TEST_BAY_NAME)
    .select([
      'c.id',
      'c.evse_ref',
      'c.location_id',
      'e.protocol',
      'c.power_type',
      'c.max_electric_power',
      'c.tariff_id',
    ])
    .orderBy('c.id')
    .execute()
  if (connectors.length === 0) return null
  const tariffRows = await db
    .selectFrom('ev_tariff')
    .where('entity_code', '=', entity)
    .select(['id', 'currency', 'elements'])
    .orderBy('id')
    .execute()
  const tariffs = new Map(
    tariffRows.map((t) => [
      t.id,
      { id: t.id, currency: t.currency, elements: parseJson<TariffElement[]>(t.elements, []) },
    ]),
  )
  const customers = (CUSTOMERS[entity] ?? [[entity, 1]]).map(([code]) => code)
  const pools = customers.flatMap((code) => DRIVER_POOLS[code] ?? [code])
  const driverRows = await db
    .selectFrom('ev_driver')
    .where('entity_code', 'in', pools)
    .select(['id', 'entity_code', 'name', 'license_plate'])
    .orderBy('id')
    .execute()
  // The drivers each customer's sessions are drawn from (an EMSP's customers include the fleets on its app).
  const drivers = new Map<string, SeedDriver[]>()
  for (const code of customers) {
    const pool = new Set(DRIVER_POOLS[code] ?? [code])
    drivers.set(
      code,
      driverRows
        .filter((d) => pool.has(d.entity_code))
        .map((d) => ({ id: d.id, name: d.name, plate: d.license_plate })),
    )
  }
  const owner = await db
    .selectFrom('membership as m')
    .innerJoin('app_user as u', 'u.id', 'm.user_id')
    .where('m.entity_code', '=', entity)
    .where('m.relation', '=', 0)
    .select(['u.id', 'u.name'])
    .orderBy('u.id')
    .executeTakeFirst()
  return {
    entity,
    connectors: connectors.map((c) => ({
      id: c.id,
      evseRef: c.evse_ref,
      locationId: c.location_id,
      protocol: c.protocol,
      powerType: c.power_type,
      maxPower: c.max_electric_power,
      tariffId: c.tariff_id,
    })),
    tariffs,
    fallbackTariff: tariffRows.length > 0 ? (tariffs.get(tariffRows[0]?.id ?? -1) ?? null) : null,
    drivers,
    staff: owner ? { id: owner.id, name: owner.name } : null,
  }
}

async function nextSessionId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('ev_session')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst()
  return (row?.max ?? 0) + 1
}

/** Writes `count` sessions of a network in CHUNK-sized transactions, logging progress on big runs. */
async function generate(
  db: Db,
  bulk: BulkInserter<Database>,
  gen: SessionGenerator,
  net: Network,
  count: number,
  log: boolean,
  /**
   * Through COPY: where the refund transactions are held, for the caller to write after the load. Null: each chunk
   * writes its own in its transaction.
   */
  refundTxns: Cell[][] | null,
) {
  // Running sessions: a share of the chargers are in use right now, each at most once.
  const runningCount = Math.max(1, Math.round(net.connectors.length * 0.12))
  const running = new Set<number>()
  let written = 0
  const started = Date.now()
  while (written < count) {
    const rows: Rows = { sessions: [], refunds: [], txns: [] }
    const take = Math.min(CHUNK, count - written)
    for (let i = 0; i < take; i++) {
      const index = written + i
      if (index < runningCount && running.size < net.connectors.length) {
        const c = net.connectors[(index * 7919) % net.connectors.length] as SeedConnector
        if (!running.has(c.id)) {
          running.add(c.id)
          gen.session(rows, index % 3 === 2 ? 'HOGGING' : 'ACTIVE', c)
          continue
        }
      }
      gen.session(rows, null)
    }
    const write = async (target: Db) => {
      await bulk.insert(target, 'ev_session', SESSION_COLUMNS, rows.sessions)
      await bulk.insert(target, 'ev_session_refund', REFUND_COLUMNS, rows.refunds)
      // Through COPY, the refunds' transactions wait for the end of the load (see stagesOfTheBigTables: the orders'
      // indexes on payment_transaction may still be building, and a COPY into it would wait, and hold the rest up).
      if (refundTxns) refundTxns.push(...rows.txns)
      else await bulk.insert(target, 'payment_transaction', TXN_COLUMNS, rows.txns)
    }
    // Through COPY the rows go to connections of their own (committed by flush); otherwise a transaction a chunk.
    if (refundTxns) await write(db)
    else await db.transaction().execute(write)
    written += take
    if (log && (written % 100_000 < CHUNK || written === count)) {
      const rate = Math.round(written / Math.max(0.001, (Date.now() - started) / 1000))
      console.warn(
        `EV sessions ${net.entity}: ${written.toLocaleString('en-US')} of ${count.toLocaleString('en-US')} (${String(rate)}/s)`,
      )
    }
  }
}

/**
 * The network seed draws EVSE statuses before any session exists: afterwards an EVSE with a running session shows
 * CHARGING (OCPI: in use) and no other does, and each charger's own status follows its EVSEs again, so the
 * locations, the chargers, the home summary and the sessions agree.
 */
async function syncEvseStatuses(db: Db, entities: string[], now: number): Promise<void> {
  // Running sessions started in the last hours (the generator's rule), read on the start index.
  const running = db
    .selectFrom('ev_session')
    .where('entity_code', 'in', entities)
    .where('start_date_time', '>=', now - 24 * HOUR)
    .where('end_date_time', 'is', null)
    .select('evse_ref')
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('ev_evse')
      .set({ status: 'AVAILABLE' })
      .where('entity_code', 'in', entities)
      .where('status', '=', 'CHARGING')
      .where('id', 'not in', running)
      .execute()
    await trx.updateTable('ev_evse').set({ status: 'CHARGING' }).where('id', 'in', running).execute()
    // A charger reports a status of its own from its EVSEs' (the network seed's rule): recompute it for those changed.
    const evses = await trx
      .selectFrom('ev_evse')
      .where('entity_code', 'in', entities)
      .where('charge_point_id', 'is not', null)
      .select(['charge_point_id', 'status'])
      .orderBy('id')
      .execute()
    const byCharger = new Map<number, string[]>()
    for (const e of evses) {
      if (e.charge_point_id === null) continue
      const list = byCharger.get(e.charge_point_id) ?? []
      list.push(e.status)
      byCharger.set(e.charge_point_id, list)
    }
    const chargers = await trx
      .selectFrom('ev_charge_point')
      .where('entity_code', 'in', entities)
      .select(['id', 'ocpp_status'])
      .execute()
    for (const c of chargers) {
      const status = chargerStatus(byCharger.get(c.id) ?? [])
      if (status !== c.ocpp_status)
        await trx.updateTable('ev_charge_point').set({ ocpp_status: status }).where('id', '=', c.id).execute()
    }
  })
}

/** Sessions, seeded refunds and the daily rollups for CPO, VOLT and BUS (whichever have chargers). */
export async function seedEvSessions(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const networks: Network[] = []
  for (const entity of Object.keys(SESSIONS_PER_SCALE)) {
    const net = await readNetwork(db, entity)
    if (net) networks.push(net)
  }
  if (networks.length === 0) return
  const counts = new Map(
    networks.map((n) => [
      n.entity,
      Math.max(20, Math.round((SESSIONS_PER_SCALE[n.entity] ?? 0) * context.scale)),
    ]),
  )
  const target = context.rowTarget
  if (target !== undefined) {
    // The large preset: the CPO network carries what the other two do not reach.
    const others = [...counts.entries()].filter(([e]) => e !== 'CPO').reduce((s, [, n]) => s + n, 0)
    const main = counts.has('CPO') ? 'CPO' : (networks[0]?.entity ?? 'CPO')
    counts.set(
      main,
      Math.max(counts.get(main) ?? 0, target - others + (main === 'CPO' ? 0 : (counts.get(main) ?? 0))),
    )
  }
  const big = target !== undefined
  const daily = new Map<string, Daily>()
  // The big load (its indexes and constraints deferred by the caller, seedDemoData) goes through COPY when it can.
  const copy = big && context.newClient ? new CopyLoad(context.newClient) : undefined
  const bulk = new BulkInserter(db, undefined, copy)
  const tuning = big ? await tuneForBulkLoad(db) : null
  const refundTxns: Cell[][] = []
  try {
    let nextId = await nextSessionId(db)
    for (const net of networks) {
      const gen = new SessionGenerator(rng.fork(net.entity), net, context.now, nextId, daily, big)
      await generate(db, bulk, gen, net, counts.get(net.entity) ?? 0, big, copy ? refundTxns : null)
      nextId = gen.lastId + 1
    }
    await bulk.insert(db, 'payment_transaction', TXN_COLUMNS, refundTxns)
    await bulk.flush()
  } catch (err) {
    await copy?.abort()
    throw err
  } finally {
    await tuning?.restore()
  }
  await bulk.syncSequence('ev_session')
  const dailyRows: Cell[][] = [...daily.values()].map((d) => [
    d.entity,
    d.side,
    d.day,
    d.currency,
    d.counterpart,
    d.sessions,
    d.energyWh,
    d.revenueIncl,
    d.revenueExcl,
    d.refunded,
  ])
  // A few thousand rows, read back at once: a plain insert, whichever way the sessions went.
  const plain = new BulkInserter(db)
  await db.transaction().execute((trx) => plain.insert(trx, 'ev_session_daily', DAILY_COLUMNS, dailyRows))
  await syncEvseStatuses(
    db,
    networks.map((n) => n.entity),
    context.now,
  )
  if (big) {
    const total = [...counts.values()].reduce((a, b) => a + b, 0)
    console.warn(
      `EV sessions: ${total.toLocaleString('en-US')} sessions, ${String(dailyRows.length)} daily rollups`,
    )
  }
}
