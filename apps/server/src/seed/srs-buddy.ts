import type { SrsEventAction } from '@portal/contract'
import { SrsBuddyStatus, srsNextDueAt, TestResult } from '@portal/contract'
import type { Db } from '../db/database'
import type { Cell } from './bulk-insert'
import { BulkInserter } from './bulk-insert'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

/*
 * Step 6 demo data (docs/decisions/0030-srs-buddy-medical-terms-components.md): the SRS entity's supervised routine
 * self-swab pairs — about 320 records at six sites, each with a habit (how reliably the pair swabs on time), their
 * witnessed swabs over the 90 days before `now`, some buddy changes, a few records needing a buddy or inactive, so
 * every status and compliance value shows.
 */

const ENTITY = 'SRS'
const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Sites and their swab interval: dormitories every 3 days, workplaces weekly. */
const SITES: readonly (readonly [string, number, number])[] = [
  ['Tuas South Dormitory', 3, 70],
  ['Sungei Tengah Lodge', 3, 60],
  ['Kranji Lodge 1', 3, 45],
  ['Jurong Shipyard Gate 3', 7, 55],
  ['Changi Airfreight Centre', 7, 50],
  ['Pasir Panjang Terminal', 7, 40],
]

const GIVEN = [
  'Wei Ling',
  'Jun Jie',
  'Siti Nur',
  'Muhammad Hafiz',
  'Kavitha',
  'Arjun',
  'Hui Min',
  'Zhi Hao',
  'Ahmad Faizal',
  'Nur Aisyah',
  'Mei Yee',
  'Kok Wai',
  'Devi',
  'Rajesh',
  'Farah',
  'Chee Keong',
  'Somchai',
  'Kanya',
  'Budi',
  'Dewi',
  'Agus',
  'Rizky',
  'Md Rubel',
  'Shahidul',
  'Karthik',
  'Murugan',
  'Aung Ko',
  'Thiha',
  'Ravi',
  'Mohan',
] as const
const FAMILY = [
  'Tan',
  'Lim',
  'Lee',
  'Ng',
  'Wong',
  'Rahman',
  'Kumar',
  'Goh',
  'Chua',
  'Ismail',
  'Menon',
  'Abdullah',
  'Chong',
  'Subramaniam',
  'Hassan',
  'Santoso',
  'Wijaya',
  'Hossain',
  'Islam',
  'Selvam',
  'Raj',
  'Htun',
  'Naing',
  'Pillai',
] as const
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const RESULTS: readonly (readonly [string, number])[] = [
  [TestResult.Negative, 960],
  [TestResult.Positive, 14],
  [TestResult.Inconclusive, 14],
  [TestResult.Error, 8],
  [TestResult.Indeterminate, 4],
]
const REASSIGN_REASONS = [
  'Buddy moved to the night shift',
  'Buddy transferred to another site',
  'Pair asked to swap buddies',
  'Buddy on home leave for three weeks',
] as const
const DEACTIVATE_REASONS = [
  'Work permit ended; returned home',
  'Transferred to a site outside the programme',
  'Exempted on medical advice',
] as const

interface Person {
  name: string
  dial: string
  mobile: string
  lastFour: string
}

function person(rng: Random, used: Set<string>): Person {
  let mobile = ''
  do mobile = `${rng.pick(['8', '9'])}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`
  while (used.has(mobile))
  used.add(mobile)
  return {
    name: `${rng.pick(GIVEN)} ${rng.pick(FAMILY)}`,
    dial: rng.chance(0.9) ? '65' : '60',
    mobile,
    lastFour: `${String(rng.int(0, 999)).padStart(3, '0')}${rng.pick(LETTERS.split(''))}`,
  }
}

export async function seedSrsBuddy(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const entity = await db.selectFrom('entity').where('code', '=', ENTITY).select('code').executeTakeFirst()
  if (!entity) return
  const operator = await db
    .selectFrom('app_user')
    .where('username', '=', 'srs')
    .select('id')
    .executeTakeFirst()
  const { now } = context
  const total = Math.max(320, Math.round(320 * context.scale))
  const first =
    Number(
      (
        await db
          .selectFrom('srs_buddy')
          .select((eb) => eb.fn.max<number | string | null>('id').as('max'))
          .executeTakeFirst()
      )?.max ?? 0,
    ) + 1

  const records: Cell[][] = []
  const tests: Cell[][] = []
  const events: Cell[][] = []
  const used = new Set<string>()
  const siteWeights = SITES.map((s) => [s, s[2]] as const)

  for (let i = 0; i < total; i++) {
    const id = first + i
    const [site, interval] = rng.weighted(siteWeights)
    const who = person(rng, used)
    let buddy: Person | null = person(rng, used)
    // A few enrolled in the last days (nothing witnessed yet: Pending); most over the 90 days.
    const enrolledAt = rng.chance(0.04)
      ? now - rng.int(1, 2) * DAY + rng.int(0, 8) * HOUR
      : now - rng.int(interval + 2, 88) * DAY - rng.int(0, 10) * HOUR
    const diligence = rng.weighted<number>([
      [0.97, 55],
      [0.85, 30],
      [0.6, 15],
    ])
    const fate = rng.weighted<'active' | 'reassigned' | 'unpaired' | 'inactive'>([
      ['active', 72],
      ['reassigned', 14],
      ['unpaired', 6],
      ['inactive', 8],
    ])
    // When the change happens: somewhere in the middle of the record's life; a buddy who left did so recently (the
    // operators assign a new one within days, so the ones still waiting are the last few weeks' leavers).
    const middle = enrolledAt + Math.floor((now - enrolledAt) * (0.35 + rng.next() * 0.5))
    const changeAt = fate === 'unpaired' ? Math.max(enrolledAt + DAY, now - rng.int(2, 14) * DAY) : middle
    let status: string = SrsBuddyStatus.Active
    const uuid = seededUuid(rng)
    const recordEvents: [number, SrsEventAction, number | null, string, string | null, string | null][] = [
      [enrolledAt, 'enrolled', null, `Enrolled from the ${site} roster`, null, buddy.name],
    ]
    let witness = buddy.name
    let stopAt = now
    let newBuddy: Person | null = null
    if (fate === 'reassigned') {
      newBuddy = person(rng, used)
      recordEvents.push([
        changeAt,
        'buddy_reassigned',
        operator?.id ?? null,
        rng.pick(REASSIGN_REASONS),
        buddy.name,
        newBuddy.name,
      ])
    } else if (fate === 'unpaired') {
      recordEvents.push([
        changeAt,
        'buddy_removed',
        null,
        'Buddy left the programme (site roster)',
        buddy.name,
        null,
      ])
      status = SrsBuddyStatus.Unpaired
      stopAt = changeAt
    } else if (fate === 'inactive') {
      recordEvents.push([
        changeAt,
        'deactivated',
        operator?.id ?? null,
        rng.pick(DEACTIVATE_REASONS),
        null,
        null,
      ])
      status = SrsBuddyStatus.Inactive
      stopAt = changeAt
    }

    // The witnessed swabs: each due time the pair swabs with its diligence, a little early or late; a missed one is
    // tried again the next day.
    let lastAt: number | null = null
    let lastResult: string | null = null
    let due = enrolledAt + rng.int(0, interval) * DAY
    while (due < stopAt) {
      if (!rng.chance(diligence)) {
        due += DAY
        continue
      }
      const at = due + rng.int(-10, 20) * HOUR
      if (at >= stopAt || at <= enrolledAt) {
        due += DAY
        continue
      }
      if (newBuddy !== null && at >= changeAt) witness = newBuddy.name
      const result = now - at < 6 * HOUR ? TestResult.Collected : rng.weighted(RESULTS)
      tests.push([
        ENTITY,
        seededUuid(rng),
        id,
        at,
        result,
        witness,
        `AG-${String(rng.int(100, 999))}-${rng.pick(LETTERS.split(''))}${String(rng.int(10, 99))}`,
        at + rng.int(1, 30) * 60_000,
      ])
      lastAt = at
      lastResult = result
      due = at + interval * DAY
    }
    if (newBuddy !== null) buddy = newBuddy
    if (status === SrsBuddyStatus.Unpaired) buddy = null
    const updatedAt = Math.max(...recordEvents.map((e) => e[0]), lastAt ?? 0)
    records.push([
      id,
      ENTITY,
      uuid,
      `SRS-${String(i + 1).padStart(6, '0')}`,
      who.name,
      who.dial,
      who.mobile,
      who.lastFour,
      buddy?.name ?? null,
      buddy?.dial ?? null,
      buddy?.mobile ?? null,
      buddy?.lastFour ?? null,
      site,
      interval,
      status,
      status === SrsBuddyStatus.Inactive ? 1 : 0,
      lastAt,
      lastResult,
      srsNextDueAt(enrolledAt, lastAt, interval),
      enrolledAt,
      enrolledAt,
      updatedAt,
    ])
    for (const [at, action, actor, reason, from, to] of recordEvents)
      events.push([ENTITY, id, at, action, actor, reason, from, to])
  }

  const bulk = new BulkInserter(db)
  await db.transaction().execute(async (trx) => {
    await bulk.insert(
      trx,
      'srs_buddy',
      [
        'id',
        'entity_code',
        'uuid',
        'reference',
        'person_name',
        'person_dial_code',
        'person_mobile',
        'person_id_last_four',
        'buddy_name',
        'buddy_dial_code',
        'buddy_mobile',
        'buddy_id_last_four',
        'site',
        'interval_days',
        'status',
        'is_inactive',
        'last_test_at',
        'last_result',
        'next_due_at',
        'enrolled_at',
        'created_at',
        'updated_at',
      ],
      records,
    )
    await bulk.insert(
      trx,
      'srs_buddy_test',
      [
        'entity_code',
        'uuid',
        'buddy_id',
        'tested_at',
        'result',
        'witness_name',
        'test_kit_lot_no',
        'created_at',
      ],
      tests,
    )
    await bulk.insert(
      trx,
      'srs_buddy_event',
      ['entity_code', 'buddy_id', 'at', 'action', 'actor_user_id', 'reason', 'from_buddy', 'to_buddy'],
      events,
    )
  })
  await bulk.syncSequence('srs_buddy')
}
