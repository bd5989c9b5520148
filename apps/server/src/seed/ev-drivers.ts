import { Nationality } from '@portal/contract'
import type { Db } from '../db/database'
import type { Cell } from './bulk-insert'
import { BulkInserter } from './bulk-insert'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

/*
 * Drivers of the EV entities (docs/decisions/0020 and 0024): VOLT's voltnet drivers, EMSP's app users, CPO's own
 * customers, BUS's bus captains and LIMO's limousine drivers. Singapore and Malaysia names of the four communities
 * (and Thai and Indonesian drivers), +65/+60/+66 mobile numbers unique per entity, personal emails, plates with a
 * valid Singapore check letter, created over the year before `now` (before the sessions' 90 days), mostly
 * registered. The charging-sessions seed (ev-sessions.ts, after this one) picks its customers from these rows and
 * uses their name and license_plate.
 */

const DAY = 86_400_000

interface EntityPlan {
  /** Drivers at scale 1. */
  perScale: number
  /** Fewest drivers at any scale (tests seed at 0.01–0.05, and a list needs more than one page). */
  min: number
  /** Share registered in the app. */
  registered: number
  /** subscribed_cpo_entities by weight. */
  subscriptions: readonly (readonly [readonly string[], number])[]
  /** Share with a vehicle on record. */
  withPlate: number
  kind: 'car' | 'bus' | 'limo'
}

const PLANS: Record<string, EntityPlan> = {
  VOLT: {
    perScale: 800,
    min: 40,
    registered: 0.88,
    subscriptions: [
      [['VOLT'], 55],
      [['CPO', 'VOLT'], 35],
      [['CPO'], 10],
    ],
    withPlate: 0.95,
    kind: 'car',
  },
  EMSP: {
    perScale: 2000,
    min: 40,
    registered: 0.82,
    subscriptions: [
      [['CPO', 'VOLT'], 50],
      [['CPO'], 30],
      [['VOLT'], 20],
    ],
    withPlate: 0.9,
    kind: 'car',
  },
  CPO: {
    perScale: 500,
    min: 25,
    registered: 0.9,
    subscriptions: [[['CPO'], 1]],
    withPlate: 0.95,
    kind: 'car',
  },
  BUS: { perScale: 120, min: 12, registered: 1, subscriptions: [[[], 1]], withPlate: 1, kind: 'bus' },
  LIMO: {
    perScale: 150,
    min: 30,
    registered: 0.8,
    subscriptions: [
      [[], 40],
      [['CPO'], 40],
      [['CPO', 'VOLT'], 20],
    ],
    withPlate: 0.97,
    kind: 'limo',
  },
}

const NATIONALITIES: readonly (readonly [Nationality, number])[] = [
  [Nationality.Singaporean, 60],
  [Nationality.Malaysian, 28],
  [Nationality.Indonesian, 6],
  [Nationality.Thai, 6],
]

const CHINESE_SURNAMES =
  'Tan|Lim|Lee|Ng|Ong|Wong|Goh|Chua|Chan|Koh|Teo|Ang|Yeo|Tay|Ho|Low|Toh|Sim|Chong|Chia'.split('|')
const CHINESE_MALE =
  'Wei Ming|Jun Jie|Kai Xuan|Zhi Hao|Yong Sheng|Boon Keng|Kok Wah|Jun Wei|Hong Liang|Chee Keong'.split('|')
const CHINESE_FEMALE =
  'Hui Min|Mei Ling|Shu Fen|Xin Yi|Jia Hui|Li Ting|Siew Lan|Pei Shan|Wan Ting|Ai Ling'.split('|')
const ENGLISH_MALE = 'Daniel|Marcus|Bryan|Jonathan|Kenneth|Eugene|Melvin|Darren'.split('|')
const ENGLISH_FEMALE = 'Rachel|Michelle|Vanessa|Joanne|Cheryl|Grace|Samantha|Audrey'.split('|')
const MALAY_MALE =
  'Muhammad Haziq|Ahmad Farhan|Muhammad Irfan|Mohd Hafiz|Amirul|Syafiq|Khairul Anwar|Zulkifli|Faizal|Hakim'.split(
    '|',
  )
const MALAY_FEMALE =
  'Nur Aisyah|Siti Nurhaliza|Nurul Huda|Farah|Aminah|Zarina|Nur Izzati|Sharifah|Liyana|Hidayah'.split('|')
const MALAY_FATHERS = 'Ismail|Rahman|Abdullah|Hassan|Osman|Yusof|Ibrahim|Salleh|Hamid|Rashid'.split('|')
const INDIAN_MALE = 'Arjun|Rajesh|Suresh|Vikram|Karthik|Ganesh|Prakash|Ravi|Dinesh|Harish'.split('|')
const INDIAN_FEMALE = 'Priya|Kavitha|Deepa|Lakshmi|Anitha|Meena|Shalini|Revathi|Divya|Sangeetha'.split('|')
const INDIAN_SURNAMES = 'Nair|Kumar|Pillai|Menon|Rajan|Subramaniam|Krishnan|Muthu|Ramasamy|Selvam'.split('|')
/** Given names and surnames of the smaller communities, combined, so few people share a full name. */
const EURASIAN: readonly [string[], string[]] = [
  'Daniel|Sarah|Aaron|Natalie|Gerald|Joanna|Claire|Adrian'.split('|'),
  "Pereira|de Souza|Rodrigues|Oliveiro|Scully|Theseira|Fernandez|D'Cruz".split('|'),
]
const THAI: readonly [string[], string[]] = [
  'Somchai|Nattapong|Kanya|Siriporn|Anan|Pimchanok|Kittisak|Supaporn|Wichai|Ratana|Thanawat|Arunee'.split(
    '|',
  ),
  'Wongsawat|Srisuk|Chaiyaporn|Thongchai|Boonmee|Saelim|Phromma|Kaewkla|Rattanakorn|Suwannarat'.split('|'),
]
const INDONESIAN: readonly [string[], string[]] = [
  'Budi|Dewi|Agus|Rina|Eko|Putri|Hendra|Sri|Wahyu|Indah|Rizky|Ayu'.split('|'),
  'Santoso|Lestari|Setiawan|Wijaya|Prasetyo|Handayani|Gunawan|Kurniawan|Saputra|Hidayat'.split('|'),
]
const fullName = (rng: Random, [given, family]: readonly [string[], string[]]) =>
  `${rng.pick(given)} ${rng.pick(family)}`
const MAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'hotmail.com',
  'yahoo.com.sg',
  'outlook.com',
  'singnet.com.sg',
]

function personName(rng: Random, nationality: Nationality): string {
  if (nationality === Nationality.Thai) return fullName(rng, THAI)
  if (nationality === Nationality.Indonesian) return fullName(rng, INDONESIAN)
  const community = rng.weighted([
    ['chinese', nationality === Nationality.Malaysian ? 45 : 70],
    ['malay', nationality === Nationality.Malaysian ? 40 : 14],
    ['indian', 12],
    ['eurasian', nationality === Nationality.Malaysian ? 0 : 3],
  ] as const)
  switch (community) {
    case 'chinese': {
      const male = rng.chance(0.5)
      const surname = rng.pick(CHINESE_SURNAMES)
      const given = rng.pick(male ? CHINESE_MALE : CHINESE_FEMALE)
      return rng.chance(0.3)
        ? `${rng.pick(male ? ENGLISH_MALE : ENGLISH_FEMALE)} ${surname} ${given}`
        : `${surname} ${given}`
    }
    case 'malay':
      return rng.chance(0.5)
        ? `${rng.pick(MALAY_MALE)} bin ${rng.pick(MALAY_FATHERS)}`
        : `${rng.pick(MALAY_FEMALE)} binti ${rng.pick(MALAY_FATHERS)}`
    case 'indian':
      return rng.chance(0.5)
        ? `${rng.pick(INDIAN_MALE)} ${rng.pick(INDIAN_SURNAMES)}`
        : `${rng.pick(INDIAN_FEMALE)} ${rng.pick(INDIAN_SURNAMES)}`
    case 'eurasian':
      return fullName(rng, EURASIAN)
  }
}

/** A mobile number in E.164: Singapore for most, the home country for some foreigners. */
function mobile(rng: Random, nationality: Nationality): string {
  if (nationality === Nationality.Malaysian && rng.chance(0.45))
    return `+601${String(rng.pick([0, 1, 2, 3, 6, 7, 8, 9]))}${String(rng.int(1_000_000, 9_999_999))}`
  if (nationality === Nationality.Thai && rng.chance(0.4))
    return `+66${String(rng.pick([6, 8, 9]))}${String(rng.int(10_000_000, 99_999_999))}`
  return `+65${String(rng.pick([8, 9]))}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`
}

/** An email from the name: tan.weiming87@gmail.com, nuraisyah.rahman@hotmail.com. */
function email(rng: Random, name: string): string {
  const words = name
    .toLowerCase()
    .replace(/\b(bin|binti)\b/g, '')
    .split(/\s+/)
    .map((w) => w.replace(/[^a-z0-9]/g, ''))
    .filter((w) => w !== '')
  const first = words[0] ?? 'driver'
  const last = words[words.length - 1] ?? ''
  const local = rng.weighted([
    [`${first}.${last}`, 3],
    [`${first}${last}${String(rng.int(70, 99))}`, 2],
    [words.join(''), 1],
    [`${first[0] ?? ''}${last}${String(rng.int(1, 999))}`, 2],
  ] as const)
  return `${local}@${rng.pick(MAIL_DOMAINS)}`
}

const CHECK_LETTERS = 'AZYXUTSRPMLKJHGEDCB'
const WEIGHTS = [9, 4, 5, 4, 3, 2]

/** A Singapore plate with its check letter (LTA's checksum): SGX1234A, SLA88J, SBS8123Y. */
export function singaporePlate(prefix: string, number: number): string {
  const letters = prefix.slice(-2).padStart(2, '@')
  const values = [
    ...[letters.charAt(0), letters.charAt(1)].map((c) => (c === '@' ? 0 : c.charCodeAt(0) - 64)),
    ...String(number).padStart(4, '0').split('').map(Number),
  ]
  const sum = values.reduce((s, v, i) => s + v * (WEIGHTS[i] ?? 0), 0)
  return `${prefix}${String(number)}${CHECK_LETTERS.charAt(sum % 19)}`
}

const LETTERS = 'ABCDEFGHJKLMPRSTUXYZ'

function plate(rng: Random, kind: EntityPlan['kind'], nationality: Nationality): string {
  const letter = () => LETTERS.charAt(rng.int(0, LETTERS.length - 1))
  if (kind === 'bus') return singaporePlate(rng.pick(['SBS', 'SMB', 'SG']), rng.int(100, 9999))
  if (nationality === Nationality.Malaysian && kind === 'car' && rng.chance(0.15))
    return `${rng.pick(['J', 'W', 'B'])}${letter()}${letter()}${String(rng.int(1, 9999))}`
  const prefix =
    kind === 'limo'
      ? `S${rng.pick(['L', 'M', 'N'])}${letter()}`
      : `S${rng.pick(['G', 'J', 'K', 'L', 'M', 'N'])}${letter()}`
  return singaporePlate(prefix, rng.int(1, 9999))
}

/**
 * Created over the year before now, more of them recently (a growing network), but all before the 90 days of
 * generated charging sessions: the sessions seed picks its drivers without looking at when they joined, and a
 * driver must not have charged before they existed.
 */
function createdAt(rng: Random, now: number): number {
  const daysAgo = 91 + Math.floor((1 - Math.sqrt(rng.next())) * 274)
  return now - daysAgo * DAY - rng.int(0, DAY - 1)
}

const COLUMNS = [
  'entity_code',
  'uuid',
  'name',
  'mobile_number',
  'email',
  'nationality',
  'is_registered',
  'subscribed_cpo_entities',
  'license_plate',
  'created_at',
  'updated_at',
] as const

export function driversFor(entity: string, scale: number): number {
  const plan = PLANS[entity]
  return plan ? Math.max(plan.min, Math.round(plan.perScale * scale)) : 0
}

export async function seedEvDrivers(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const { now } = context
  const inserter = new BulkInserter(db)
  const entities = await db
    .selectFrom('entity')
    .where('code', 'in', Object.keys(PLANS))
    .select('code')
    .execute()
  for (const { code } of entities) {
    const plan = PLANS[code]
    if (!plan) continue
    const r = rng.fork(code)
    const count = driversFor(code, context.scale)
    const mobiles = new Set<string>()
    const plates = new Set<string>()
    const emails = new Set<string>()
    const rows: Cell[][] = []
    for (let i = 0; i < count; i++) {
      const nationality =
        plan.kind === 'bus' && r.chance(0.3) ? Nationality.Malaysian : r.weighted(NATIONALITIES)
      const name = personName(r, nationality)
      let number = mobile(r, nationality)
      while (mobiles.has(number)) number = mobile(r, nationality)
      mobiles.add(number)
      let address = email(r, name)
      while (emails.has(address)) address = email(r, `${name} ${String(r.int(1, 99))}`)
      emails.add(address)
      let vehicle: string | null = null
      if (r.chance(plan.withPlate)) {
        vehicle = plate(r, plan.kind, nationality)
        while (plates.has(vehicle)) vehicle = plate(r, plan.kind, nationality)
        plates.add(vehicle)
      }
      const created = createdAt(r, now)
      const updated = r.chance(0.3) ? Math.min(now, created + r.int(1, 60) * DAY) : created
      rows.push([
        code,
        seededUuid(r),
        name,
        number,
        address,
        nationality,
        r.chance(plan.registered) ? 1 : 0,
        JSON.stringify(r.weighted(plan.subscriptions)),
        vehicle,
        created,
        updated,
      ])
    }
    // Oldest first, so ids follow the creation order as they would have in production.
    rows.sort((a, b) => Number(a[9]) - Number(b[9]))
    await db.transaction().execute((trx) => inserter.insert(trx, 'ev_driver', COLUMNS, rows))
  }
}
