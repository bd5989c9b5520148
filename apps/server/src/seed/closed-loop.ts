import { ClosedLoopStatus, EmployeeBalanceType, RedemptionMethod, RefreshFrequency } from '@portal/contract'
import type { Db } from '../db/database'
import type {
  NewClosedLoopEmployeeRow,
  NewClosedLoopPersonRow,
  NewClosedLoopRedemptionRow,
} from '../modules/promo/closed-loop/closed-loop.table'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

const DAY = 86_400_000
const ENTITY = 'VEND'
const BATCH = 500
/** VEND's closed-loop persons at scale 1 ("hundreds"); employees and redemptions follow from them. */
const PERSONS_PER_SCALE = 400

const HOSPITALS = ['SGH', 'NUH', 'TTSH', 'CGH', 'KTPH', 'NTFGH', 'SKH'] as const
const GIVEN = [
  'Wei Ling',
  'Siti',
  'Arjun',
  'Mei Hua',
  'Farhan',
  'Priya',
  'Jun Jie',
  'Nurul',
  'Kavitha',
  'Daniel',
  'Hui Min',
  'Rajesh',
  'Aisyah',
  'Marcus',
  'Li Ting',
  'Hafiz',
  'Deepa',
  'Zhi Hao',
  'Sarah',
  'Imran',
]
const FAMILY = [
  'Tan',
  'Lim',
  'Ng',
  'Wong',
  'Binte Ahmad',
  'Pillai',
  'Goh',
  'Chua',
  'Bin Ismail',
  'Nair',
  'Lee',
  'Teo',
  'Krishnan',
  'Ong',
  'Koh',
  'Rahman',
  'Chandran',
  'Yeo',
  'Sim',
  'Low',
]
const ITEMS = [
  'Surgical Mask (Box of 50)',
  'Nitrile Gloves (M)',
  'Hand Sanitiser 500ml',
  'N95 Respirator',
  'Kopi O',
  'Mineral Water 600ml',
  'Energy Bar',
  'Isotonic Drink',
  'Face Shield',
  'Sandwich (Tuna)',
]
const NRIC_LETTERS = 'ABCDEFGHIZJKLMNPQRTUWX'

function nricTail(rng: Random): string {
  return `${String(rng.int(0, 999)).padStart(3, '0')}${NRIC_LETTERS.charAt(rng.int(0, NRIC_LETTERS.length - 1))}`
}

function phone(rng: Random): string {
  return `+65 ${String(rng.pick([8, 9]))}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`
}

/** The period boundary after `from` for a refresh frequency (monthly steps calendar months, UTC). */
function nextBoundary(from: number, frequency: number): number {
  if (frequency === RefreshFrequency.Daily) return from + DAY
  if (frequency === RefreshFrequency.Weekly) return from + 7 * DAY
  if (frequency === RefreshFrequency.Fortnightly) return from + 14 * DAY
  const d = new Date(from)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes())
}

interface MachineRef {
  id: number
  sets: number[]
}

interface PlannedEmployee {
  row: NewClosedLoopEmployeeRow
  personIndex: number | null
  redemptions: { at: number; method: string; item: string; machineId: number | null }[]
}

/**
 * Plans one employee's balance and history together, so balances are what the redemptions left: an item-balance
 * employee has `quota - redemptions since start`; a quota employee has `quota - redemptions since the last refresh`,
 * and never more than `quota` redemptions in any period.
 */
function planEmployee(
  rng: Random,
  now: number,
  index: number,
  person: NewClosedLoopPersonRow | null,
  setIds: number[],
  machines: MachineRef[],
): Omit<PlannedEmployee, 'personIndex'> {
  const createdAt = now - rng.int(1, 89) * DAY - rng.int(0, DAY - 1)
  const status = rng.weighted([
    [ClosedLoopStatus.Active, 85],
    [ClosedLoopStatus.Suspended, 9],
    [ClosedLoopStatus.Inactive, 6],
  ])
  const setId = setIds.length && rng.chance(0.75) ? rng.pick(setIds) : null
  const atMachines = setId === null ? machines : machines.filter((m) => m.sets.includes(setId))
  const pool = atMachines.length ? atMachines : machines
  const balanceType = rng.chance(0.6) ? EmployeeBalanceType.Quota : EmployeeBalanceType.ItemBalance
  const usage = status === ClosedLoopStatus.Active ? rng.pick([0.15, 0.35, 0.55, 0.8]) : 0.08
  const events: number[] = []
  let quota: number
  let balance: number
  let frequency: number = RefreshFrequency.None
  let refreshTime: number | null = null
  let nextRefresh: number | null = null
  let endTime: number | null
  const redeemWithin = (from: number, to: number, max: number) => {
    let n = 0
    for (let i = 0; i < max; i++) {
      if (!rng.chance(usage)) continue
      events.push(from + Math.floor(rng.next() * Math.max(1, Math.min(to, now) - from)))
      n++
    }
    return n
  }
  if (balanceType === EmployeeBalanceType.Quota) {
    frequency = rng.weighted([
      [RefreshFrequency.Daily, 25],
      [RefreshFrequency.Weekly, 35],
      [RefreshFrequency.Fortnightly, 15],
      [RefreshFrequency.Monthly, 25],
    ])
    quota =
      frequency === RefreshFrequency.Daily
        ? rng.pick([1, 2])
        : frequency === RefreshFrequency.Monthly
          ? rng.pick([10, 15, 20])
          : rng.pick([3, 5, 8])
    let periodStart = createdAt
    let used = 0
    for (;;) {
      const end = nextBoundary(periodStart, frequency)
      if (end > now) {
        used = redeemWithin(periodStart, now, quota)
        refreshTime = periodStart === createdAt ? null : periodStart
        nextRefresh = end
        break
      }
      redeemWithin(periodStart, end, quota)
      periodStart = end
    }
    balance = quota - used
    endTime = rng.chance(0.3) ? createdAt + rng.pick([180, 365]) * DAY : null
  } else {
    quota = rng.pick([10, 20, 30, 50])
    endTime = createdAt + rng.pick([30, 60, 90, 180]) * DAY
    balance = quota - redeemWithin(createdAt, Math.min(endTime, now), quota)
  }
  events.sort((a, b) => a - b)
  const lastCollected = events.length ? (events[events.length - 1] ?? null) : null
  const name = person?.name ?? `${rng.pick(GIVEN)} ${rng.pick(FAMILY)}`
  const code = `CL${String((index * 7919) % 1_000_000).padStart(6, '0')}`
  const updatedAt = Math.max(createdAt, lastCollected ?? 0, refreshTime ?? 0)
  const itemsOfEmployee = rng.sample(ITEMS, rng.int(2, 4))
  return {
    row: {
      entity_code: ENTITY,
      employee_uuid: seededUuid(rng),
      person_id: null,
      name,
      nric_last_four_characters: person?.nric_last_four_characters ?? nricTail(rng),
      redemption_code: code,
      phone_number: person?.phone_number ?? phone(rng),
      balance_type: balanceType,
      quota,
      item_balance: balance,
      gender: rng.weighted([
        ['F', 55],
        ['M', 42],
        ['U', 3],
      ]),
      hospital_code: person?.hospital_code ?? rng.pick(HOSPITALS),
      last_collected: lastCollected,
      refresh_time: refreshTime,
      next_refresh_time: nextRefresh,
      refresh_frequency_type: frequency,
      start_time: createdAt,
      end_time: endTime,
      status,
      set_id: setId,
      created_at: createdAt,
      updated_at: updatedAt,
    },
    redemptions: events.map((at) => ({
      at,
      method: rng.weighted([
        [RedemptionMethod.RedemptionCode, 55],
        [RedemptionMethod.Nric, 30],
        [RedemptionMethod.QrCode, 15],
      ]),
      item: rng.pick(itemsOfEmployee),
      machineId: pool.length ? rng.pick(pool).id : null,
    })),
  }
}

async function insertBatches<T>(items: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += BATCH) await insert(items.slice(i, i + BATCH))
}

/** Closed-loop persons, employees and their redemptions at VEND's machines. */
export async function seedClosedLoop(db: Db, rng: Random, ctx: SeedContext): Promise<void> {
  const { now } = ctx
  const machineRows = await db
    .selectFrom('machine')
    .leftJoin('machine_set', 'machine_set.machine_id', 'machine.id')
    .where('machine.entity_code', '=', ENTITY)
    .select(['machine.id', 'machine_set.set_id'])
    .execute()
  const byId = new Map<number, MachineRef>()
  for (const r of machineRows) {
    const m = byId.get(r.id) ?? { id: r.id, sets: [] }
    if (r.set_id !== null) m.sets.push(r.set_id)
    byId.set(r.id, m)
  }
  const machines = [...byId.values()]
  const sets = await db
    .selectFrom('resource_set')
    .where('entity_code', '=', ENTITY)
    .select(['id', 'code'])
    .execute()
  // Hospital staff redeem mostly at the hospitals' machines.
  const hospitalSet = sets.find((s) => s.code === 'hospitals-sgh')?.id
  const setIds = sets.map((s) => s.id)
  const employeeSets = hospitalSet === undefined ? setIds : [hospitalSet, hospitalSet, hospitalSet, ...setIds]

  const personCount = Math.max(12, Math.round(PERSONS_PER_SCALE * ctx.scale))
  const persons: NewClosedLoopPersonRow[] = []
  for (let i = 0; i < personCount; i++) {
    const given = rng.pick(GIVEN)
    const family = rng.pick(FAMILY)
    const name = `${given} ${family}`
    const handle = `${given}.${family}`.toLowerCase().replace(/[^a-z.]/g, '')
    const hospital = rng.pick(HOSPITALS)
    persons.push({
      entity_code: ENTITY,
      person_uuid: seededUuid(rng),
      name,
      username: `${handle}${String(i + 1)}`,
      phone_number: phone(rng),
      email: `${handle}${String(i + 1)}@${hospital.toLowerCase()}.example.sg`,
      nric_last_four_characters: nricTail(rng),
      hospital_code: hospital,
      status: rng.weighted([
        [ClosedLoopStatus.Active, 88],
        [ClosedLoopStatus.Suspended, 5],
        [ClosedLoopStatus.Inactive, 7],
      ]),
      created_at: now - rng.int(1, 89) * DAY - rng.int(0, DAY - 1),
    })
  }

  const planned: PlannedEmployee[] = []
  persons.forEach((person, p) => {
    const records = rng.weighted([
      [1, 70],
      [2, 25],
      [3, 5],
    ])
    for (let k = 0; k < records; k++)
      planned.push({
        ...planEmployee(rng, now, planned.length + 1, person, employeeSets, machines),
        personIndex: p,
      })
  })
  // Standalone employee records (cards not tied to a person), about one in seven.
  const standalone = Math.round(planned.length / 6)
  for (let k = 0; k < standalone; k++)
    planned.push({
      ...planEmployee(rng, now, planned.length + 1, null, employeeSets, machines),
      personIndex: null,
    })

  await db.transaction().execute(async (trx) => {
    const personIds: number[] = []
    await insertBatches(persons, async (batch) => {
      const ids = await trx.insertInto('closed_loop_person').values(batch).returning('id').execute()
      personIds.push(...ids.map((r) => r.id))
    })
    const employeeIds: number[] = []
    await insertBatches(planned, async (batch) => {
      const rows = batch.map((e) => ({
        ...e.row,
        person_id: e.personIndex === null ? null : (personIds[e.personIndex] ?? null),
      }))
      const ids = await trx.insertInto('closed_loop_employee').values(rows).returning('id').execute()
      employeeIds.push(...ids.map((r) => r.id))
    })
    const redemptions: NewClosedLoopRedemptionRow[] = []
    planned.forEach((e, i) => {
      for (const r of e.redemptions) {
        const day = new Date(r.at).toISOString().slice(2, 10).replace(/-/g, '')
        redemptions.push({
          entity_code: ENTITY,
          redemption_uuid: seededUuid(rng),
          redemption_refer_no: `RD${day}${String(redemptions.length + 1).padStart(6, '0')}`,
          employee_id: employeeIds[i] ?? 0,
          person_id: e.personIndex === null ? null : (personIds[e.personIndex] ?? null),
          redemption_code: e.row.redemption_code,
          method_code: r.method,
          item_name: r.item,
          machine_id: r.machineId,
          created_at: r.at,
        })
      }
    })
    await insertBatches(redemptions, (batch) =>
      trx.insertInto('closed_loop_redemption').values(batch).execute(),
    )
  })
}
