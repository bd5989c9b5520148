import {
  carbonDay,
  carbonMonth,
  carbonRecordFigures,
  carbonYear,
  EvSessionStatus,
  nextCarbonMonth,
  PayoutStatus,
} from '@portal/contract'
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import type { Db } from '../../db/database'
import type { CarbonDb, NewCarbonRecordRow } from './carbon.table'
import { carbonDb } from './carbon.table'

/*
 * How sessions become carbon-credit records, and records payouts (docs/decisions/0027-carbon-credits.md). Every
 * function here is idempotent: deriving again adds only the sessions not yet recorded (a record's session is
 * unique), the daily sums of a day are rebuilt from that day's records, and a month's payout is recomputed from the
 * records until it is paid. The seed calls `deriveCarbonRecords` once; in production the same call runs after
 * sessions complete (or on a schedule), and nothing else needs to know.
 */

const DAY = 86_400_000
/** Vehicles whose sessions are read per query. */
const PLATES_PER_QUERY = 500
/** Records per insert statement (25 columns: well inside SQLite's 32,766 parameters). */
const ROWS_PER_INSERT = 400
/** Payouts are paid on this day of the month after the one they pay for. */
export const PAYDAY = 15
/**
 * Payouts are made, and invoices issued, at noon Singapore time: the day reads the same in any time zone a
 * browser is in (a midnight SGT instant is the day before in Europe).
 */
const NOON = 12 * 3_600_000

interface Partnership {
  cpo_share_bps: number
  since: number
}

interface Category {
  id: number
  name: string
  emission_factor_g: number
}

interface Vehicle {
  fo_entity_code: string
  vehicle_type: string
  fuel: string
  enrolled_at: number
}

export interface DeriveResult {
  /** Records written. */
  records: number
  /** Sessions of enrolled vehicles left out: no partnership, no category, or before enrolment. */
  skipped: number
}

/**
 * Records for the completed sessions of a programme's enrolled vehicles on its partner CPOs' chargers that have none
 * yet; then the daily sums of the days they fall on, and the payouts. `plates` limits the work to some vehicles (a
 * session that just completed), or all of them when absent.
 */
export async function deriveCarbonRecords(
  db: Db,
  crxEntityCode: string,
  now: number,
  plates?: readonly string[],
): Promise<DeriveResult> {
  const cdb = carbonDb(db)
  const programme = await cdb
    .selectFrom('carbon_programme')
    .where('entity_code', '=', crxEntityCode)
    .selectAll()
    .executeTakeFirst()
  if (!programme) return { records: 0, skipped: 0 }

  const partnerships = new Map<string, Partnership>()
  for (const p of await cdb
    .selectFrom('carbon_partnership')
    .where('crx_entity_code', '=', crxEntityCode)
    .select(['cpo_entity_code', 'fo_entity_code', 'cpo_share_bps', 'since'])
    .execute()) {
    partnerships.set(`${p.cpo_entity_code}|${p.fo_entity_code}`, p)
  }
  const cpos = [...new Set([...partnerships.keys()].map((k) => k.split('|')[0] ?? ''))]
  const categories = new Map<string, Category>()
  for (const c of await cdb
    .selectFrom('carbon_emissions_category')
    .where('entity_code', '=', crxEntityCode)
    .select(['id', 'name', 'vehicle_type', 'fuel', 'emission_factor_g'])
    .execute()) {
    categories.set(`${c.vehicle_type}|${c.fuel}`, c)
  }

  let vehicleQuery = cdb
    .selectFrom('carbon_vehicle')
    .where('crx_entity_code', '=', crxEntityCode)
    .select(['license_plate', 'fo_entity_code', 'vehicle_type', 'fuel', 'enrolled_at'])
    .orderBy('id')
  if (plates !== undefined)
    vehicleQuery = vehicleQuery.where('license_plate', 'in', plates.length ? plates : [''])
  const vehicles = await vehicleQuery.execute()
  if (cpos.length === 0 || vehicles.length === 0) return { records: 0, skipped: 0 }

  let written = 0
  let skipped = 0
  let firstDay = Number.POSITIVE_INFINITY
  let lastDay = Number.NEGATIVE_INFINITY
  for (let start = 0; start < vehicles.length; start += PLATES_PER_QUERY) {
    const chunk = vehicles.slice(start, start + PLATES_PER_QUERY)
    const byPlate = new Map<string, Vehicle>(chunk.map((v) => [v.license_plate, v]))
    const sessions = await cdb
      .selectFrom('ev_session as s')
      .innerJoin('ev_location as l', 'l.id', 's.location_id')
      .where('s.license_plate', 'in', [...byPlate.keys()])
      .where('s.entity_code', 'in', cpos)
      .where('s.status', '=', EvSessionStatus.COMPLETED)
      .where('s.end_date_time', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(eb.selectFrom('carbon_record as r').whereRef('r.session_id', '=', 's.id').select('r.id')),
        ),
      )
      .select([
        's.id',
        's.external_id',
        's.entity_code',
        's.location_id',
        'l.name as location_name',
        's.license_plate',
        's.energy_wh',
        's.end_date_time',
      ])
      .orderBy('s.id')
      .execute()
    const rows: NewCarbonRecordRow[] = []
    for (const s of sessions) {
      const vehicle = byPlate.get(s.license_plate ?? '')
      const partnership = vehicle ? partnerships.get(`${s.entity_code}|${vehicle.fo_entity_code}`) : undefined
      const category = vehicle ? categories.get(`${vehicle.vehicle_type}|${vehicle.fuel}`) : undefined
      const at = s.end_date_time ?? 0
      if (!vehicle || !partnership || !category || at < Math.max(partnership.since, vehicle.enrolled_at)) {
        skipped++
        continue
      }
      const figures = carbonRecordFigures({
        energy_wh: s.energy_wh,
        emission_factor_g_per_kwh: category.emission_factor_g,
        credit_price_per_tonne: programme.credit_price_per_tonne,
        cpo_share_bps: partnership.cpo_share_bps,
      })
      firstDay = Math.min(firstDay, carbonDay(at))
      lastDay = Math.max(lastDay, carbonDay(at))
      rows.push({
        crx_entity_code: crxEntityCode,
        cpo_entity_code: s.entity_code,
        fo_entity_code: vehicle.fo_entity_code,
        session_id: s.id,
        cdr: s.external_id,
        location_id: s.location_id,
        location_name: s.location_name,
        license_plate: s.license_plate ?? '',
        vehicle_type: vehicle.vehicle_type,
        fuel: vehicle.fuel,
        category_id: category.id,
        scenario: category.name,
        energy_wh: s.energy_wh,
        date_time: at,
        emission_factor_g: category.emission_factor_g,
        credit_price_per_tonne: programme.credit_price_per_tonne,
        cpo_share_bps: partnership.cpo_share_bps,
        emissions_reduced_g: figures.emissions_reduced_g,
        total_earnings: figures.total_earnings,
        cpo_earnings: figures.cpo_earnings,
        fo_earnings: figures.fo_earnings,
        currency: programme.currency,
        vc_url: null,
        created_at: now,
      })
    }
    if (rows.length === 0) continue
    await cdb.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
        const result = await trx
          .insertInto('carbon_record')
          .values(rows.slice(i, i + ROWS_PER_INSERT))
          // A concurrent derivation got there first: its record stands, this one is not written twice.
          .onConflict((oc) => oc.column('session_id').doNothing())
          .executeTakeFirst()
        written += Number(result.numInsertedOrUpdatedRows ?? 0)
      }
    })
  }
  if (written > 0) {
    await rebuildDaily(cdb, crxEntityCode, firstDay, lastDay)
  }
  await settlePayouts(db, crxEntityCode, now)
  return { records: written, skipped }
}

/** The UTC+8 day start of a record's date_time, in SQL (integer division works on both databases). */
const dayOfSql = sql<number>`((date_time + 28800000) / 86400000) * 86400000 - 28800000`

const SUMS = [
  'records',
  'energy_wh',
  'emissions_reduced_g',
  'total_earnings',
  'cpo_earnings',
  'fo_earnings',
] as const

/**
 * Rebuilds the daily sums of a programme for the days from `firstDay` to `lastDay` (day starts): the full cells from
 * the records, then the two narrower tables (without the location, without the scenario) from the full cells.
 */
export async function rebuildDaily(
  cdb: CarbonDb,
  crxEntityCode: string,
  firstDay: number,
  lastDay: number,
): Promise<void> {
  await cdb.transaction().execute(async (trx) => {
    for (const table of ['carbon_record_daily', 'carbon_scenario_daily', 'carbon_location_daily'] as const) {
      await trx
        .deleteFrom(table)
        .where('crx_entity_code', '=', crxEntityCode)
        .where('day', '>=', firstDay)
        .where('day', '<=', lastDay)
        .execute()
    }
    await trx
      .insertInto('carbon_record_daily')
      .columns([
        'crx_entity_code',
        'day',
        'cpo_entity_code',
        'fo_entity_code',
        'location_id',
        'scenario',
        'location_name',
        ...SUMS,
      ])
      .expression(
        trx
          .selectFrom('carbon_record')
          .where('crx_entity_code', '=', crxEntityCode)
          .where('date_time', '>=', firstDay)
          .where('date_time', '<', lastDay + DAY)
          .select((eb) => [
            'crx_entity_code',
            dayOfSql.as('day'),
            'cpo_entity_code',
            'fo_entity_code',
            'location_id',
            'scenario',
            eb.fn.max('location_name').as('location_name'),
            eb.fn.countAll<number>().as('records'),
            eb.fn.sum<number>('energy_wh').as('energy_wh'),
            eb.fn.sum<number>('emissions_reduced_g').as('emissions_reduced_g'),
            eb.fn.sum<number>('total_earnings').as('total_earnings'),
            eb.fn.sum<number>('cpo_earnings').as('cpo_earnings'),
            eb.fn.sum<number>('fo_earnings').as('fo_earnings'),
          ])
          .groupBy([
            'crx_entity_code',
            dayOfSql,
            'cpo_entity_code',
            'fo_entity_code',
            'location_id',
            'scenario',
          ]),
      )
      .execute()
    const cells = () =>
      trx
        .selectFrom('carbon_record_daily')
        .where('crx_entity_code', '=', crxEntityCode)
        .where('day', '>=', firstDay)
        .where('day', '<=', lastDay)
    const summed = SUMS.map((c) => sql<number>`sum(${sql.ref(c)})`.as(c))
    await trx
      .insertInto('carbon_scenario_daily')
      .columns(['crx_entity_code', 'day', 'cpo_entity_code', 'fo_entity_code', 'scenario', ...SUMS])
      .expression(
        cells()
          .select(['crx_entity_code', 'day', 'cpo_entity_code', 'fo_entity_code', 'scenario', ...summed])
          .groupBy(['crx_entity_code', 'day', 'cpo_entity_code', 'fo_entity_code', 'scenario']),
      )
      .execute()
    await trx
      .insertInto('carbon_location_daily')
      .columns([
        'crx_entity_code',
        'day',
        'cpo_entity_code',
        'fo_entity_code',
        'location_id',
        'location_name',
        ...SUMS,
      ])
      .expression(
        cells()
          .select((eb) => [
            'crx_entity_code',
            'day',
            'cpo_entity_code',
            'fo_entity_code',
            'location_id',
            eb.fn.max('location_name').as('location_name'),
            ...summed,
          ])
          .groupBy(['crx_entity_code', 'day', 'cpo_entity_code', 'fo_entity_code', 'location_id']),
      )
      .execute()
  })
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** "August 2026" and "202608" of a UTC+8 month start. */
function monthNames(monthStart: number): { label: string; key: string } {
  const local = new Date(monthStart + 8 * 3_600_000)
  const month = local.getUTCMonth()
  return {
    label: `${MONTHS[month] ?? ''} ${String(local.getUTCFullYear())}`,
    key: `${String(local.getUTCFullYear())}${String(month + 1).padStart(2, '0')}`,
  }
}

/**
 * The payouts of a programme from its records: one per payee (each CPO and fleet owner, by its earnings) and UTC+8
 * month up to `now`'s. A month is paid on the PAYDAY of the next month: until then (and for the running month) the
 * payout is Pending and follows the records; once paid it is frozen. A closed month also gets its self-billing
 * invoice, and its records their verifiable credential on the registry.
 */
export async function settlePayouts(db: Db, crxEntityCode: string, now: number): Promise<void> {
  const cdb = carbonDb(db)
  const programme = await cdb
    .selectFrom('carbon_programme')
    .where('entity_code', '=', crxEntityCode)
    .selectAll()
    .executeTakeFirst()
  if (!programme) return
  const banks = new Map(
    (
      await cdb
        .selectFrom('carbon_partner')
        .where('crx_entity_code', '=', crxEntityCode)
        .select(['entity_code', 'role', 'payment_bank'])
        .execute()
    ).map((p) => [`${p.entity_code}|${p.role}`, p.payment_bank]),
  )
  const currentMonth = carbonMonth(now)

  // Earnings per payee and day (a few hundred rows: days × partners), bucketed into months here.
  const byDay = await cdb
    .selectFrom('carbon_scenario_daily')
    .where('crx_entity_code', '=', crxEntityCode)
    .where('day', '<', nextCarbonMonth(currentMonth))
    .select((eb) => [
      'day',
      'cpo_entity_code',
      'fo_entity_code',
      eb.fn.sum<number | string>('records').as('records'),
      eb.fn.sum<number | string>('cpo_earnings').as('cpo_earnings'),
      eb.fn.sum<number | string>('fo_earnings').as('fo_earnings'),
    ])
    .groupBy(['day', 'cpo_entity_code', 'fo_entity_code'])
    .execute()
  const due = new Map<
    string,
    { entity: string; role: 'CPO' | 'FO'; period: number; total: number; records: number }
  >()
  const add = (
    entity: string,
    role: 'CPO' | 'FO',
    period: number,
    total: number | string,
    records: number | string,
  ) => {
    const key = `${entity}|${role}|${String(period)}`
    const d = due.get(key) ?? { entity, role, period, total: 0, records: 0 }
    d.total += Number(total)
    d.records += Number(records)
    due.set(key, d)
  }
  for (const r of byDay) {
    const period = carbonMonth(r.day)
    add(r.cpo_entity_code, 'CPO', period, r.cpo_earnings, r.records)
    add(r.fo_entity_code, 'FO', period, r.fo_earnings, r.records)
  }

  const existing = new Map(
    (
      await cdb
        .selectFrom('carbon_payout')
        .where('crx_entity_code', '=', crxEntityCode)
        .select(['id', 'entity_code', 'role', 'period', 'status'])
        .execute()
    ).map((p) => [`${p.entity_code}|${p.role}|${String(p.period)}`, p]),
  )

  await cdb.transaction().execute(async (trx) => {
    for (const [key, d] of due) {
      const payday = nextCarbonMonth(d.period) + (PAYDAY - 1) * DAY + NOON
      const closed = d.period < currentMonth
      const paid = closed && payday <= now
      const names = monthNames(d.period)
      const values = {
        date: payday,
        description: `Carbon credit earnings, ${names.label} (${d.records.toLocaleString('en-US')} records)`,
        payment_bank: banks.get(`${d.entity}|${d.role}`) ?? '',
        total: d.total,
        records: d.records,
        status: paid ? PayoutStatus.Paid : PayoutStatus.Pending,
        paid_at: paid ? payday : null,
        updated_at: now,
      }
      const row = existing.get(key)
      let payoutId: number
      if (!row) {
        const inserted = await trx
          .insertInto('carbon_payout')
          .values({
            uuid: randomUUID(),
            crx_entity_code: crxEntityCode,
            entity_code: d.entity,
            role: d.role,
            period: d.period,
            currency: programme.currency,
            created_at: now,
            ...values,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        payoutId = inserted.id
      } else {
        payoutId = row.id
        // A paid payout is history: later records of its month (late sessions) go into no payout of the past.
        if (row.status !== PayoutStatus.Paid) {
          await trx.updateTable('carbon_payout').set(values).where('id', '=', row.id).execute()
        }
      }
      if (closed) {
        await trx
          .insertInto('carbon_invoice')
          .values({
            uuid: randomUUID(),
            invoice_no: `${crxEntityCode}-SBI-${names.key}-${d.role}-${d.entity}`,
            crx_entity_code: crxEntityCode,
            entity_code: d.entity,
            role: d.role,
            payout_id: payoutId,
            date: nextCarbonMonth(d.period) + NOON,
            year_payable: carbonYear(payday),
            total: d.total,
            currency: programme.currency,
            created_at: now,
          })
          .onConflict((oc) => oc.column('payout_id').doUpdateSet({ total: d.total }))
          .execute()
      }
    }
    // The closed months' credits are issued: each record gets its credential's address on the registry.
    await trx
      .updateTable('carbon_record')
      .set({
        vc_url: sql<string>`${`${programme.registry_url.replace(/\/$/, '')}/${crxEntityCode}-`} || cast(id as varchar(20))`,
      })
      .where('crx_entity_code', '=', crxEntityCode)
      .where('vc_url', 'is', null)
      .where('date_time', '<', currentMonth)
      .execute()
  })
}
