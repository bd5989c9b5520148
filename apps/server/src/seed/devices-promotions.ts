import type { PromotionSetItem } from '@portal/contract'
import {
  CommandStatus,
  DeviceCommandCode,
  DiscountType,
  PromotionStatus,
  PromotionType,
  ScreenType,
} from '@portal/contract'
import type { Db } from '../db/database'
import type {
  NewDashboardDeviceRow,
  NewDeviceCommandRow,
  NewTcnDeviceRow,
} from '../modules/iot/devices/device.table'
import type { NewPromotionRow } from '../modules/promo/promotions/promotion.table'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

const ENTITY = 'VEND'
const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const BATCH = 500
/** Share of the fleet with a TCN board, and with a dashboard screen (the rest are headless legacy units). */
const TCN_SHARE = 0.7
const SCREEN_SHARE = 0.45
/** Boards and screens in stock, not yet fitted to a machine. */
const SPARE_SHARE = 0.04
const PROMOTIONS_PER_TYPE = 24

const FIRMWARE = ['TCN-FW 2.4.1', 'TCN-FW 2.5.0', 'TCN-FW 2.5.3', 'TCN-FW 3.0.1'] as const
const APP_VERSIONS = ['3.10.2', '3.11.0', '3.12.4', '4.0.0-rc.2'] as const

async function insertBatches<T>(rows: readonly T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH))
}

/** A last-login time spread like a real fleet: most boards checked in today, a tail went quiet, some never did. */
function lastLogin(rng: Random, createdAt: number, now: number): number | null {
  const bucket = rng.weighted([
    ['day', 55],
    ['week', 15],
    ['month', 10],
    ['older', 12],
    ['never', 8],
  ] as const)
  const ago = {
    day: () => rng.int(1, 23 * 60) * 60_000,
    week: () => rng.int(25, 6 * 24) * HOUR_MS,
    month: () => rng.int(8, 29) * DAY_MS,
    older: () => rng.int(31, 89) * DAY_MS,
    never: () => -1,
  }[bucket]()
  if (ago < 0) return null
  return Math.max(createdAt + HOUR_MS, now - ago)
}

function commandStatus(rng: Random, ageMs: number): string {
  // A command older than an hour has almost always been picked up; fresh ones are often still pending.
  if (ageMs > HOUR_MS) {
    return rng.weighted([
      [CommandStatus.started, 80],
      [CommandStatus.received, 15],
      [CommandStatus.pending, 5],
    ] as const)
  }
  return rng.weighted([
    [CommandStatus.pending, 50],
    [CommandStatus.received, 30],
    [CommandStatus.started, 20],
  ] as const)
}

async function seedDevices(db: Db, rng: Random, { now, scale }: SeedContext) {
  const machines = await db
    .selectFrom('machine')
    .where('entity_code', '=', ENTITY)
    .select(['id', 'alias', 'created_at'])
    .orderBy('id')
    .execute()
  const operator = await db
    .selectFrom('app_user')
    .where('username', '=', 'vending')
    .select('id')
    .executeTakeFirst()

  const tcn: NewTcnDeviceRow[] = []
  const screens: NewDashboardDeviceRow[] = []
  const spares = Math.max(2, Math.round(machines.length * SPARE_SHARE))
  const slots: ({ id: number; alias: string } | null)[] = [...machines, ...Array<null>(spares).fill(null)]
  let tcnSeq = 0
  let screenSeq = 0
  for (const machine of slots) {
    if (machine === null || rng.chance(TCN_SHARE)) {
      const createdAt = now - rng.int(0, 89 * 24) * HOUR_MS - rng.int(0, HOUR_MS - 1)
      const login = machine === null ? null : lastLogin(rng, createdAt, now)
      tcnSeq++
      tcn.push({
        entity_code: ENTITY,
        mid: `86${String(rng.int(10_000_000, 99_999_999))}${String(tcnSeq).padStart(4, '0')}`,
        device_code: `TCN-${String(tcnSeq).padStart(5, '0')}`,
        machine_id: machine?.id ?? null,
        firmware_version: rng.pick(FIRMWARE),
        last_login: login,
        // A board that logged in today is usually still connected; a few dropped off since.
        is_online: login !== null && now - login < DAY_MS && rng.chance(0.9) ? 1 : 0,
        created_at: createdAt,
        updated_at: login ?? createdAt,
      })
    }
    if (machine === null || rng.chance(SCREEN_SHARE)) {
      const createdAt = now - rng.int(0, 89 * 24) * HOUR_MS - rng.int(0, HOUR_MS - 1)
      const seen = machine === null ? null : lastLogin(rng, createdAt, now)
      screenSeq++
      screens.push({
        entity_code: ENTITY,
        device_code: `DSB-${String(screenSeq).padStart(5, '0')}`,
        name: machine ? `${machine.alias} screen` : `Spare screen ${String(screenSeq)}`,
        screen_type: rng.weighted([
          [ScreenType.Default, 60],
          [ScreenType.WebView, 25],
          [ScreenType.Headless, 15],
        ] as const),
        machine_id: machine?.id ?? null,
        app_version: rng.pick(APP_VERSIONS),
        last_seen: seen,
        created_at: createdAt,
        updated_at: seen ?? createdAt,
      })
    }
  }

  await db.transaction().execute(async (trx) => {
    await insertBatches(tcn, (b) => trx.insertInto('tcn_device').values(b).execute())
    await insertBatches(screens, (b) => trx.insertInto('dashboard_device').values(b).execute())
  })

  const screenRows = await db
    .selectFrom('dashboard_device')
    .where('entity_code', '=', ENTITY)
    .select(['id', 'created_at'])
    .orderBy('id')
    .execute()
  const commands: NewDeviceCommandRow[] = []
  for (const device of screenRows) {
    if (!rng.chance(0.5)) continue
    const n = rng.int(1, Math.max(1, Math.round(6 * Math.min(1, scale * 10))))
    for (let i = 0; i < n; i++) {
      const createdAt = rng.chance(0.15)
        ? now - rng.int(1, 55) * 60_000
        : rng.int(device.created_at, now - HOUR_MS)
      const status = commandStatus(rng, now - createdAt)
      commands.push({
        entity_code: ENTITY,
        device_id: device.id,
        command_code: rng.weighted([
          [DeviceCommandCode.reboot, 30],
          [DeviceCommandCode.sync_planogram, 30],
          [DeviceCommandCode.update_firmware, 10],
          [DeviceCommandCode.refresh_screen, 15],
          [DeviceCommandCode.upload_logs, 10],
          [DeviceCommandCode.clear_cache, 5],
        ] as const),
        status,
        created_by_user_id: rng.chance(0.7) ? (operator?.id ?? null) : null,
        created_at: createdAt,
        updated_at:
          status === CommandStatus.pending ? createdAt : Math.min(now, createdAt + rng.int(2, 90) * 1000),
      })
    }
  }
  await db
    .transaction()
    .execute((trx) => insertBatches(commands, (b) => trx.insertInto('device_command').values(b).execute()))
}

const SNACKS = [
  'Coke Zero',
  'Pocari Sweat',
  'Milo Kosong',
  'Lays Classic',
  'KitKat',
  'Mineral Water',
  'Iced Lemon Tea',
]
const PROMO_NAMES: Record<PromotionType, readonly string[]> = {
  [PromotionType.Count]: [
    'Staff drink pass',
    'Night shift snack',
    'Volunteer meal',
    'Nurse refresh',
    'Intern welcome',
  ],
  [PromotionType.Credits]: [
    'Wallet top-up',
    'Campus credits',
    'Welfare credits',
    'Overtime allowance',
    'Wellness fund',
  ],
  [PromotionType.SetCount]: ['Breakfast set', 'Study bundle', 'Combo meal', 'Gym recovery set', 'Snack pack'],
  [PromotionType.Discount]: [
    'Happy hour',
    'Weekend deal',
    'Member discount',
    'Exam week promo',
    'Rainy day offer',
  ],
  [PromotionType.Postpaid]: [
    'Ward pantry',
    'Office pantry',
    'Clinic postpaid',
    'Event hospitality',
    'Contractor tab',
  ],
}

function promotionExtras(rng: Random, type: PromotionType): Partial<NewPromotionRow> {
  switch (type) {
    case PromotionType.Credits: {
      const original = rng.pick([500, 1000, 2000, 5000, 10000])
      return { money_balance: rng.int(0, original / 50) * 50, original_money_balance: original }
    }
    case PromotionType.Discount: {
      const percent = rng.chance(0.6)
      return percent
        ? { discount_type: DiscountType.Percentage, discount: rng.pick([5, 10, 15, 20, 25, 50]) }
        : { discount_type: DiscountType.FlatAmount, discount: rng.pick([20, 50, 100, 150, 200]) }
    }
    case PromotionType.SetCount: {
      const original = rng.int(1, 10)
      const items: PromotionSetItem[] = rng
        .sample(SNACKS, rng.int(2, 4))
        .map((name) => ({ name, quantity: rng.int(1, 2) }))
      return {
        item_balance: rng.int(0, original),
        original_item_balance: original,
        items: JSON.stringify(items),
      }
    }
    default: {
      const original = rng.pick([5, 10, 20, 30, 60])
      return { item_balance: rng.int(0, original), original_item_balance: original }
    }
  }
}

async function seedPromotions(db: Db, rng: Random, { now }: SeedContext) {
  const entity = await db
    .selectFrom('entity')
    .where('code', '=', ENTITY)
    .select('currency_code')
    .executeTakeFirst()
  const rows: NewPromotionRow[] = []
  for (const type of Object.values(PromotionType)) {
    for (let i = 0; i < PROMOTIONS_PER_TYPE; i++) {
      const createdAt = now - rng.int(1, 89 * 24) * HOUR_MS
      const base = rng.pick(PROMO_NAMES[type])
      const bounded = rng.chance(0.6)
      rows.push({
        uuid: seededUuid(rng),
        entity_code: ENTITY,
        name: `${base} ${String(i + 1)}`,
        description: rng.chance(0.7) ? `${base} for VEND customers` : '',
        type,
        status: rng.chance(0.75) ? PromotionStatus.Active : PromotionStatus.Inactive,
        currency_code: entity?.currency_code ?? 'SGD',
        start_time: bounded ? createdAt + DAY_MS : null,
        end_time: bounded ? createdAt + rng.int(30, 180) * DAY_MS : null,
        item_balance: null,
        original_item_balance: null,
        money_balance: null,
        original_money_balance: null,
        items: null,
        discount_type: null,
        discount: null,
        ...promotionExtras(rng, type),
        created_at: createdAt,
        updated_at: Math.min(now, createdAt + rng.int(0, 5) * DAY_MS),
      })
    }
  }
  await db
    .transaction()
    .execute((trx) => insertBatches(rows, (b) => trx.insertInto('promotion').values(b).execute()))
}

/** TCN and dashboard devices with their commands; promotions of every type. */
export async function seedDevicesPromotions(db: Db, rng: Random, ctx: SeedContext): Promise<void> {
  await seedDevices(db, rng.fork('devices'), ctx)
  await seedPromotions(db, rng.fork('promotions'), ctx)
}
