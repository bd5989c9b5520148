import type { PersonType } from '@portal/contract'
import { ChallengeType, CreditMode, PaymentMethod, PaymentType } from '@portal/contract'
import type { Db } from '../db/database'
import type { NewMachineCreditLogRow } from '../modules/iot/credit-logs/credit-log.table'
import type { NewMtSummaryRow, NewMtSummarySlotRow } from '../modules/iot/maintenance/mt-summary.table'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

const ENTITY = 'VEND'
const DAY_MS = 86_400_000
const BATCH = 500
/** Rows per list at scale 1 (a few thousand, as the demo needs; the benchmark lists are orders and payments). */
const SUMMARIES_PER_SCALE = 3000
const CREDIT_LOGS_PER_SCALE = 4000
/** Maintenance and credits happen on a subset of the fleet: this keeps the slot lookup small at any scale. */
const MACHINES_SAMPLED = 400

interface FieldStaff {
  username: string
  name: string
  personType: PersonType
  /** Grant: the Restocker role (maintenance edit, machines read), or the preset payment configuration viewer. */
  grant: 'restocker' | 'payments'
  /** Only the east-region machines (a set-scoped grant). */
  eastOnly?: boolean
}

/**
 * The people who maintain VEND's machines. They are members (authorised) of VEND and sign in with the demo
 * password like every demo account; `restocker` is limited to the East set and has no credit-log access, and
 * `payments` sees payment configuration only, no maintenance or credits (the no-access cases of the tests). No
 * new policy or role is made: the IAM screens' tests count the demo ones.
 */
const FIELD_STAFF: FieldStaff[] = [
  { username: 'restocker', name: 'Ravi Kumar', personType: 'restocker', grant: 'restocker', eastOnly: true },
  { username: 'restocker.siti', name: 'Siti Aminah', personType: 'restocker', grant: 'restocker' },
  { username: 'restocker.tan', name: 'Tan Wei Ming', personType: 'restocker', grant: 'restocker' },
  { username: 'technician', name: 'Muthu Raj', personType: 'technician', grant: 'restocker' },
  { username: 'technician.jason', name: 'Jason Lim', personType: 'technician', grant: 'restocker' },
  { username: 'fieldlead', name: 'Hafiz Osman', personType: 'both', grant: 'restocker' },
  { username: 'payments', name: 'Priya Nair', personType: 'restocker', grant: 'payments' },
]

const BYPASS_REASONS = [
  'Customer presented card reader offline',
  'Machine screen unresponsive, could not complete select challenge',
  'Network down at site; challenge could not load',
  'Urgent restock before event, supervisor approved',
  'QR code on machine damaged',
]

const RESTOCK_NOTES = [
  'Restocked fast movers.',
  'Removed 3 expired items.',
  'Cleaned dispensing area.',
  'Coins topped up.',
  'Low stock on drinks, will return tomorrow.',
  'Swapped slot labels to match planogram.',
]

const TECH_NOTES = [
  'Replaced card reader cable.',
  'Reset VMC board; machine back online.',
  'Cleared jammed spiral in slot 4.',
  'Updated payment terminal firmware.',
  'Compressor noisy; part ordered.',
  'Recalibrated coin mechanism.',
]

async function insertInBatches<T>(db: Db, rows: T[], insert: (trx: Db, batch: T[]) => Promise<unknown>) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += BATCH) await insert(trx, rows.slice(i, i + BATCH))
  })
}

/** Creates the field staff (members of VEND) and returns them with their user ids and uuids. */
async function seedFieldStaff(db: Db, rng: Random, now: number) {
  const vending = await db
    .selectFrom('app_user')
    .where('username', '=', 'vending')
    .select('password_hash')
    .executeTakeFirstOrThrow()
  const restockerRole = await db
    .selectFrom('iam_role')
    .where('entity_code', '=', ENTITY)
    .where('name', '=', 'Restocker')
    .select('id')
    .executeTakeFirst()
  const east = await db
    .selectFrom('resource_set')
    .where('entity_code', '=', ENTITY)
    .where('code', '=', 'east')
    .select('id')
    .executeTakeFirst()
  return db.transaction().execute(async (trx) => {
    const paymentsPolicy = await trx
      .selectFrom('iam_policy')
      .where('entity_code', 'is', null)
      .where('name', '=', 'Payment configuration viewer')
      .select('id')
      .executeTakeFirst()
    const staff: (FieldStaff & { id: number; uuid: string })[] = []
    for (const s of FIELD_STAFF) {
      const uuid = seededUuid(rng)
      const row = await trx
        .insertInto('app_user')
        .values({
          user_uuid: uuid,
          name: s.name,
          username: s.username,
          email: `${s.username}@demo.operator-portal.test`,
          phone_number: `+65 9${String(rng.int(0, 9_999_999)).padStart(7, '0')}`,
          image_url: null,
          password_hash: vending.password_hash,
          status: 1,
          is_platform_admin: 0,
          mfa_primary_mode: 'none',
          totp_secret: null,
          totp_pending_secret: null,
          totp_last_step: null,
          password_changed_at: now,
          is_initial_login: 0,
          default_entity_code: ENTITY,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('membership')
        .values({ user_id: row.id, entity_code: ENTITY, relation: 2, created_at: now })
        .execute()
      const roleId = s.grant === 'restocker' ? (restockerRole?.id ?? null) : null
      const policyId = s.grant === 'payments' ? (paymentsPolicy?.id ?? null) : null
      if (roleId !== null || policyId !== null) {
        await trx
          .insertInto('iam_grant')
          .values({
            entity_code: ENTITY,
            user_id: row.id,
            role_id: roleId,
            policy_id: policyId,
            set_id: s.eastOnly ? (east?.id ?? null) : null,
            created_at: now,
          })
          .execute()
      }
      staff.push({ ...s, id: row.id, uuid })
    }
    return staff
  })
}

/** The machines maintenance and credits happen on, with their slots and whether they are in the East set. */
async function sampleMachines(db: Db, rng: Random) {
  const all = await db
    .selectFrom('machine')
    .where('entity_code', '=', ENTITY)
    .select(['id', 'currency_code', 'is_active'])
    .orderBy('id')
    .execute()
  const sample = rng.sample(all, MACHINES_SAMPLED).sort((a, b) => a.id - b.id)
  const ids = sample.map((m) => m.id)
  const slots = new Map<number, { slot_no: number; name: string; capacity: number; stock: number }[]>()
  const eastIds = new Set<number>()
  for (let i = 0; i < ids.length; i += BATCH) {
    const chunk = ids.slice(i, i + BATCH)
    if (chunk.length === 0) continue
    const items = await db
      .selectFrom('machine_item')
      .where('entity_code', '=', ENTITY)
      .where('machine_id', 'in', chunk)
      .select(['machine_id', 'slot_no', 'name', 'capacity', 'stock'])
      .orderBy('machine_id')
      .orderBy('slot_no')
      .execute()
    for (const item of items) {
      const list = slots.get(item.machine_id) ?? []
      list.push(item)
      slots.set(item.machine_id, list)
    }
    const east = await db
      .selectFrom('machine_set')
      .innerJoin('resource_set', 'resource_set.id', 'machine_set.set_id')
      .where('resource_set.entity_code', '=', ENTITY)
      .where('resource_set.code', '=', 'east')
      .where('machine_set.machine_id', 'in', chunk)
      .select('machine_set.machine_id')
      .execute()
    for (const e of east) eastIds.add(e.machine_id)
  }
  return { machines: sample, slots, eastIds }
}

type Sampled = Awaited<ReturnType<typeof sampleMachines>>

/** Made-up slots for a machine seeded without items (benchmark seeds leave them out). */
function fallbackSlots(rng: Random) {
  return Array.from({ length: 12 }, (_, i) => ({
    slot_no: i + 1,
    name: rng.pick(['Kopi O', 'Teh Tarik', 'Milo', 'Potato Chips', 'Chocolate Bar', 'Mineral Water']),
    capacity: 10,
    stock: rng.int(0, 10),
  }))
}

async function seedSummaries(
  db: Db,
  rng: Random,
  ctx: SeedContext,
  staff: Awaited<ReturnType<typeof seedFieldStaff>>,
  sampled: Sampled,
) {
  const maintainers = staff.filter((s) => s.grant === 'restocker')
  const eastMachines = sampled.machines.filter((m) => sampled.eastIds.has(m.id))
  const total = Math.max(1, Math.round(SUMMARIES_PER_SCALE * ctx.scale))
  const summaries: NewMtSummaryRow[] = []
  const slotsByCode = new Map<string, Omit<NewMtSummarySlotRow, 'summary_id'>[]>()
  for (let i = 0; i < total; i++) {
    const person = rng.pick(maintainers)
    const pool = person.eastOnly && eastMachines.length > 0 ? eastMachines : sampled.machines
    const machine = rng.pick(pool)
    const personType: PersonType =
      person.personType === 'both'
        ? rng.pick(['restocker', 'technician', 'both'] as const)
        : person.personType
    const start = ctx.now - rng.int(0, 90 * DAY_MS - 3_600_000)
    const end = start + rng.int(4, 50) * 60_000
    const created = end + rng.int(1, 90) * 1000
    const challenge = rng.weighted([
      [ChallengeType.None, 8],
      [ChallengeType.Select, 50],
      [ChallengeType.CustomerPresented, 32],
      [ChallengeType.SelectBypassed, 6],
      [ChallengeType.CustomerPresentedBypassed, 4],
    ] as const)
    const restocks = personType !== 'technician'
    const machineSlots = sampled.slots.get(machine.id) ?? fallbackSlots(rng)
    const touched = restocks ? rng.sample(machineSlots, rng.int(1, Math.min(8, machineSlots.length))) : []
    const slotRows = touched
      .sort((a, b) => a.slot_no - b.slot_no)
      .map((s) => {
        const before = rng.int(0, Math.max(0, s.capacity - 1))
        return {
          slot_no: s.slot_no,
          item_name: s.name,
          stock_before: before,
          added_stock: rng.int(1, Math.max(1, s.capacity - before)),
          capacity: s.capacity,
        }
      })
    const code = `MT-${String(100000 + i)}`
    slotsByCode.set(code, slotRows)
    const notes = rng.chance(personType === 'technician' ? 0.8 : 0.3)
      ? rng.pick(personType === 'technician' ? TECH_NOTES : RESTOCK_NOTES)
      : null
    summaries.push({
      entity_code: ENTITY,
      code,
      user_id: person.id,
      user_uuid: person.uuid,
      person_type: personType,
      challenge_type: challenge,
      challenge_bypass_reason: challenge < 0 ? rng.pick(BYPASS_REASONS) : null,
      machine_id: machine.id,
      start_time: start,
      end_time: end,
      additional_notes: notes,
      total_added_stock: slotRows.reduce((sum, s) => sum + s.added_stock, 0),
      created_at: created,
      updated_at: notes !== null && rng.chance(0.2) ? created + rng.int(1, 48) * 3_600_000 : created,
    })
  }
  summaries.sort((a, b) => a.created_at - b.created_at)
  await insertInBatches(db, summaries, async (trx, batch) => {
    const ids = await trx.insertInto('mt_summary').values(batch).returning(['id', 'code']).execute()
    const slotRows: NewMtSummarySlotRow[] = ids.flatMap((r) =>
      (slotsByCode.get(r.code) ?? []).map((s) => ({ ...s, summary_id: r.id })),
    )
    for (let i = 0; i < slotRows.length; i += BATCH)
      await trx
        .insertInto('mt_summary_slot')
        .values(slotRows.slice(i, i + BATCH))
        .execute()
  })
}

const ADDITION_METHODS = [
  [PaymentMethod.ExternalCash, 45],
  [PaymentMethod.Cepas, 20],
  [PaymentMethod.PayNow, 15],
  [PaymentMethod.NetsCard, 10],
  [PaymentMethod.CreditCard, 10],
] as const

async function seedCreditLogs(db: Db, rng: Random, ctx: SeedContext, sampled: Sampled) {
  const total = Math.max(1, Math.round(CREDIT_LOGS_PER_SCALE * ctx.scale))
  const rows: NewMachineCreditLogRow[] = []
  for (let i = 0; i < total; i++) {
    const machine = rng.pick(sampled.machines)
    const mode = rng.weighted([
      [CreditMode.Addition, 45],
      [CreditMode.Consumed, 40],
      [CreditMode.CashRefund, 8],
      [CreditMode.Timeout, 7],
    ] as const)
    const method =
      mode === CreditMode.Addition
        ? rng.weighted(ADDITION_METHODS)
        : mode === CreditMode.CashRefund
          ? PaymentMethod.ExternalCash
          : PaymentMethod.MachineCredit
    const paymentType =
      method === PaymentMethod.CreditCard && rng.chance(0.4)
        ? rng.pick([PaymentType.preauth, PaymentType.capture])
        : PaymentType.normal
    // Additions are notes and coins (multiples of 50 cents); purchases are item prices; refunds return change.
    const amount =
      mode === CreditMode.Addition
        ? rng.int(2, 20) * 50
        : mode === CreditMode.Consumed
          ? rng.int(12, 45) * 10
          : rng.int(1, 20) * 10
    const clientTime = ctx.now - rng.int(0, 90 * DAY_MS - 1)
    rows.push({
      entity_code: ENTITY,
      machine_id: machine.id,
      amount,
      currency_code: machine.currency_code,
      mode,
      payment_method: method,
      payment_type: paymentType,
      client_time: clientTime,
      created_at: clientTime + rng.int(0, 120) * 1000,
    })
  }
  rows.sort((a, b) => a.created_at - b.created_at)
  await insertInBatches(db, rows, (trx, batch) =>
    trx.insertInto('machine_credit_log').values(batch).execute(),
  )
}

/** Maintenance summaries (with the stock added per slot), their maintainers, and machine credit logs for VEND. */
export async function seedMaintenanceCredits(db: Db, rng: Random, ctx: SeedContext): Promise<void> {
  const staff = await seedFieldStaff(db, rng, ctx.now)
  const sampled = await sampleMachines(db, rng)
  if (sampled.machines.length === 0) return
  await seedSummaries(db, rng.fork('summaries'), ctx, staff, sampled)
  await seedCreditLogs(db, rng.fork('credit-logs'), ctx, sampled)
}
