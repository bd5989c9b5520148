import type { AuthGroupConfig, TestSchedule } from '@portal/contract'
import { periodOf } from '@portal/contract'
import type { Db } from '../db/database'
import type { TestGroupTable } from '../modules/reporting/reporting.table'
import type { Cell } from './bulk-insert'
import { BulkInserter } from './bulk-insert'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

/*
 * Step 6 demo data (docs/decisions/0029-test-programmes.md): MEDI's covid and medicord programmes — six groups with
 * different auth group configurations (one with no credentials, so A §5's fallback shows), about 360 people, and
 * several thousand test instances over the 90 days before `now`, with on-time, late and missed tests, a few
 * positives and invalid results, so every compliance value appears.
 */

const ENTITY = 'MEDI'
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR

interface GroupPlan {
  programme: 'covid' | 'medicord'
  name: string
  sites: readonly string[]
  schedule: TestSchedule
  config: AuthGroupConfig
  providers: readonly string[]
  reporters: readonly string[]
  /** Share of people who test on time each period. */
  diligence: number
}

const MEDICORD_KITS = ['Medicord Rapid Panel', 'BD Veritor Plus', 'Siemens CLINITEST'] as const
const COVID_KITS = [
  'Abbott Panbio COVID-19 Ag',
  'SD Biosensor STANDARD Q',
  'Roche SARS-CoV-2 Antigen',
] as const

const GROUPS: readonly GroupPlan[] = [
  {
    programme: 'medicord',
    name: 'Changi Logistics Hub — Night Shift',
    sites: ['CLH-02', 'CLH-01'],
    schedule: { periodDays: 7, testsPerPeriod: 1, dueDays: 3 },
    config: {
      credentials: ['testID', 'nationalId'],
      image: { allowed: true, required: false },
      useTestKitLotNo: true,
      useTestKitID: true,
    },
    providers: MEDICORD_KITS,
    reporters: ['Farid Rahman', 'Grace Lim'],
    diligence: 0.86,
  },
  {
    programme: 'medicord',
    name: 'Jurong Shipyard Crew',
    sites: ['JSY-01', 'JSY-04', 'JSY-07'],
    schedule: { periodDays: 7, testsPerPeriod: 2, dueDays: 5 },
    config: {
      credentials: ['staffId', 'testID'],
      image: { allowed: true, required: true },
      useTestKitLotNo: true,
      useTestKitID: false,
    },
    providers: MEDICORD_KITS,
    reporters: ['Suresh Pillai', 'Aminah Yusof', 'Daniel Koh'],
    diligence: 0.78,
  },
  {
    programme: 'medicord',
    name: 'Raffles Place Finance Team',
    sites: ['RFP-11'],
    schedule: { periodDays: 7, testsPerPeriod: 1, dueDays: 4 },
    // No credentials: the fallback of A §5 applies (image allowed and required, no lot number, no kit ID).
    config: {
      credentials: [],
      image: { allowed: false, required: false },
      useTestKitLotNo: true,
      useTestKitID: true,
    },
    providers: ['BD Veritor Plus'],
    reporters: ['Mei Ling Wong'],
    diligence: 0.92,
  },
  {
    programme: 'covid',
    name: 'Tuas Dormitory Block A',
    sites: ['TDA-A', 'TDA-MED'],
    schedule: { periodDays: 7, testsPerPeriod: 1, dueDays: 2 },
    config: {
      credentials: ['nationalId'],
      image: { allowed: true, required: false },
      useTestKitLotNo: true,
      useTestKitID: true,
    },
    providers: COVID_KITS,
    reporters: ['Ravi Chandran', 'Nurul Huda'],
    diligence: 0.8,
  },
  {
    programme: 'covid',
    name: 'Woodlands Checkpoint Officers',
    sites: ['WCP-3', 'WCP-1'],
    schedule: { periodDays: 14, testsPerPeriod: 1, dueDays: 7 },
    config: {
      credentials: ['nationalId', 'passportNo'],
      image: { allowed: false, required: false },
      useTestKitLotNo: true,
      useTestKitID: false,
    },
    providers: COVID_KITS,
    reporters: ['Hafiz Ismail', 'Jasmine Teo'],
    diligence: 0.9,
  },
  {
    programme: 'covid',
    name: 'Sengkang General Ward 7',
    sites: ['SKG-W7', 'SKG-LAB'],
    schedule: { periodDays: 7, testsPerPeriod: 2, dueDays: 5 },
    config: {
      credentials: ['staffId'],
      image: { allowed: true, required: false },
      useTestKitLotNo: true,
      useTestKitID: true,
    },
    providers: ['Abbott Panbio COVID-19 Ag', 'Roche SARS-CoV-2 Antigen'],
    reporters: ['Dr. Priya Nair', 'Kelvin Ong'],
    diligence: 0.84,
  },
]

const GIVEN: Record<string, readonly string[]> = {
  Singaporean: [
    'Wei Ling',
    'Jun Jie',
    'Siti Nur',
    'Muhammad Hafiz',
    'Kavitha',
    'Arjun',
    'Hui Min',
    'Zhi Hao',
  ],
  Malaysian: ['Ahmad Faizal', 'Nur Aisyah', 'Mei Yee', 'Kok Wai', 'Devi', 'Rajesh', 'Farah', 'Chee Keong'],
  Thai: ['Somchai', 'Niran', 'Kanya', 'Ploy', 'Anan', 'Malee'],
  Indonesian: ['Budi', 'Dewi', 'Agus', 'Sri Wahyuni', 'Rizky', 'Putri'],
}
const FAMILY: Record<string, readonly string[]> = {
  Singaporean: ['Tan', 'Lim', 'Lee', 'Ng', 'Wong', 'Rahman', 'Kumar', 'Goh', 'Chua', 'Ismail', 'Menon'],
  Malaysian: ['Abdullah', 'Chong', 'Lau', 'Subramaniam', 'Hassan', 'Yap', 'Othman', 'Ooi'],
  Thai: ['Srisai', 'Wongsawat', 'Chaiyaporn', 'Suksawat', 'Thongchai'],
  Indonesian: ['Santoso', 'Wijaya', 'Hidayat', 'Saputra', 'Kusuma'],
}
const NATIONALITIES: readonly (readonly [string, number])[] = [
  ['Singaporean', 45],
  ['Malaysian', 30],
  ['Thai', 10],
  ['Indonesian', 15],
]
const DIAL_CODES: Record<string, readonly (readonly [string, number])[]> = {
  Singaporean: [['65', 1]],
  Malaysian: [
    ['65', 3],
    ['60', 1],
  ],
  Thai: [
    ['65', 2],
    ['66', 1],
  ],
  Indonesian: [
    ['65', 3],
    ['63', 1],
  ],
}

/** The result of a test, by weight. Collected is only for the last day (results arrive within hours). */
const RESULTS: readonly (readonly [string, number])[] = [
  ['Negative', 930],
  ['Positive', 18],
  ['Inconclusive', 18],
  ['Error', 12],
  ['Indeterminate', 8],
  ['Unknown', 4],
]

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ'

/** A Singapore NRIC (citizens) or FIN (the others): letter, seven digits, check letter. */
function nationalId(rng: Random, nationality: string): string {
  const prefix = nationality === 'Singaporean' ? rng.pick(['S', 'T']) : rng.pick(['G', 'F', 'M'])
  return `${prefix}${String(rng.int(0, 9_999_999)).padStart(7, '0')}${rng.pick(LETTERS.split(''))}`
}

function hex(rng: Random, length: number): string {
  return Array.from({ length }, () => rng.int(0, 15).toString(16))
    .join('')
    .toUpperCase()
}

export async function seedReporting(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const { now } = context
  const medicord = await db
    .selectFrom('app_user')
    .where('username', '=', 'medicord')
    .select(['id', 'name'])
    .executeTakeFirst()
  const perGroup = Math.max(8, Math.round(60 * context.scale))
  const start = now - 90 * DAY
  const bulk = new BulkInserter(db)

  await db.transaction().execute(async (trx) => {
    for (const plan of GROUPS) {
      const groupRow: Omit<TestGroupTable, 'id'> = {
        entity_code: ENTITY,
        uuid: seededUuid(rng),
        programme: plan.programme,
        name: plan.name,
        site_ref: plan.sites[0] ?? 'SITE',
        period_days: plan.schedule.periodDays,
        tests_per_period: plan.schedule.testsPerPeriod,
        due_days: plan.schedule.dueDays,
        auth_config: JSON.stringify(plan.config),
        created_at: start,
        updated_at: start,
      }
      const group = await trx
        .insertInto('test_group')
        .values(groupRow)
        .returning('id')
        .executeTakeFirstOrThrow()
      // The fallback group's submissions carry no lot number or kit ID (A §5).
      const usesLot = plan.config.credentials.length > 0 && plan.config.useTestKitLotNo
      const usesKit = plan.config.credentials.length > 0 && plan.config.useTestKitID
      const asksTestId = plan.config.credentials.includes('testID')
      const lots = plan.providers.map((p) => [p, [0, 1, 2].map(() => `LOT-${hex(rng, 6)}`)] as const)

      for (let n = 0; n < perGroup; n++) {
        const nationality = rng.weighted(NATIONALITIES)
        const fullName = `${rng.pick(GIVEN[nationality] ?? ['Alex'])} ${rng.pick(FAMILY[nationality] ?? ['Tan'])}`
        const dial = rng.weighted(DIAL_CODES[nationality] ?? [['65', 1]])
        const mobile =
          dial === '65'
            ? `${rng.pick(['8', '9'])}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`
            : String(rng.int(10_000_000, 99_999_999))
        const exempted = rng.chance(0.03)
        const person = await trx
          .insertInto('test_person')
          .values({
            entity_code: ENTITY,
            uuid: seededUuid(rng),
            group_id: group.id,
            full_name: fullName,
            dial_code: dial,
            mobile_number: mobile,
            national_id_last_four: nationalId(rng, nationality).slice(-4),
            nationality,
            exempted: exempted ? 1 : 0,
            created_at: start,
            updated_at: start,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        if (exempted) continue

        // Each person has their own habit: most test on time, some are often late, a few often miss.
        const habit = Math.min(0.98, Math.max(0.3, plan.diligence + (rng.next() - 0.5) * 0.3))
        const staffId = `E${String(rng.int(10_000, 99_999))}`
        const rows: Cell[][] = []
        let period = periodOf(plan.schedule, start)
        while (period.start < now) {
          for (let k = 0; k < plan.schedule.testsPerPeriod; k++) {
            const roll = rng.next()
            if (roll > habit + (1 - habit) * 0.6) continue // missed
            const late = roll > habit
            const windowStart = late ? period.due : period.start + k * DAY
            const windowEnd = late ? period.end : period.due
            const day =
              windowStart + Math.floor(rng.next() * Math.max(1, (windowEnd - windowStart) / DAY)) * DAY
            // Working hours, 07:00–19:00 in Singapore (UTC+8): UTC 23:00–11:00.
            const dayStart = Math.floor((day + 8 * HOUR) / DAY) * DAY - 8 * HOUR
            const submittedAt = dayStart + 7 * HOUR + rng.int(0, 12 * 60) * MIN
            if (submittedAt < start || submittedAt >= now) continue
            const recent = now - submittedAt < 6 * HOUR
            const result = recent && rng.chance(0.5) ? 'Collected' : rng.weighted(RESULTS)
            const recorded = submittedAt + (result === 'Collected' ? 5 : rng.int(15, 40)) * MIN
            const provider = rng.pick(plan.providers)
            const lot = usesLot ? rng.pick(lots.find(([p]) => p === provider)?.[1] ?? ['LOT-000000']) : null
            const byMe = medicord !== undefined && rng.chance(0.25)
            const credentials: Record<string, string> = {}
            if (plan.config.credentials.includes('staffId')) credentials.staffId = staffId
            rows.push([
              ENTITY,
              seededUuid(rng),
              group.id,
              person.id,
              provider,
              lot,
              usesKit ? `KIT-${hex(rng, 8)}` : null,
              asksTestId ? `ART-${String(rng.int(10_000_000, 99_999_999))}` : null,
              JSON.stringify(credentials),
              result,
              rng.chance(0.85) ? (plan.sites[0] ?? 'SITE') : rng.pick(plan.sites),
              byMe ? (medicord?.name ?? 'Mei Ling Wong') : rng.pick(plan.reporters),
              byMe ? (medicord?.id ?? null) : null,
              null,
              submittedAt,
              recorded,
              recorded,
            ])
          }
          period = periodOf(plan.schedule, period.end)
        }
        await bulk.insert(trx, 'test_instance', INSTANCE_COLUMNS, rows)
      }
    }
  })
}

const INSTANCE_COLUMNS = [
  'entity_code',
  'uuid',
  'group_id',
  'person_id',
  'test_kit_provider',
  'test_kit_lot_no',
  'test_kit_id',
  'test_id',
  'credentials',
  'result',
  'site_ref',
  'reporter_name',
  'reporter_user_id',
  'image_url',
  'submitted_at',
  'time_result_recorded',
  'created_at',
] as const
