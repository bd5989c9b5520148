import type { CaseAnswers, CaseChange, CaseQuestion, CaseTemplate } from '@portal/contract'
import {
  CASE_QUESTIONS,
  CaseEventAction,
  CaseStatus,
  caseTemplates,
  CaseUrgency,
  formatCaseNo,
  Gender,
  maskIdNumber,
  nricCheckLetter,
  PatientIdType,
} from '@portal/contract'
import type { Database, Db } from '../db/database'
import type { Cell } from './bulk-insert'
import { BulkInserter } from './bulk-insert'
import type { Random } from './random'
import { seededUuid } from './random'
import type { SeedContext } from './seed-context'

/*
 * CareBridge Clinics (HEALTH): five clinics, a small team of clinic staff with a "Clinic staff" role, and a few
 * hundred cases over the 90 days before `now`, each with its history (created, then reviewed, referred, closed,
 * answers corrected, ...). The case rows hold the state after the last change of their history.
 * docs/decisions/0028-digital-health-and-campaigns.md.
 */

const ENTITY = 'HEALTH'
const DAY = 86_400_000
const HOUR = 3_600_000
/** Cases at scale 1 ("a few hundred"); never fewer than MIN_CASES so small test seeds still have pages. */
const CASES_PER_SCALE = 320
const MIN_CASES = 30

export const HEALTH_SITES = [
  { code: 'TPY', name: 'CareBridge Toa Payoh', address: '490 Lorong 6 Toa Payoh, #02-11, Singapore 310490' },
  { code: 'JE', name: 'CareBridge Jurong East', address: '50 Jurong Gateway Road, #03-05, Singapore 608549' },
  { code: 'TAM', name: 'CareBridge Tampines', address: '10 Tampines Central 1, #04-20, Singapore 529536' },
  { code: 'WDL', name: 'CareBridge Woodlands', address: '30 Woodlands Avenue 2, #01-47, Singapore 738343' },
  {
    code: 'BTM',
    name: 'CareBridge Bukit Merah',
    address: '164 Bukit Merah Central, #02-3623, Singapore 150164',
  },
] as const

/** Clinic staff who take in and review cases, besides the demo user `health` (every demo password is the same). */
const STAFF = [
  { username: 'carebridge.siti', name: 'Siti Nurhaliza Rahman' },
  { username: 'carebridge.lim', name: 'Dr Lim Wei Jie' },
  { username: 'carebridge.priya', name: 'Priya Ramasamy' },
  { username: 'carebridge.tan', name: 'Tan Jia Hui' },
] as const

const SURNAMES = [
  'Tan',
  'Lim',
  'Lee',
  'Ng',
  'Ong',
  'Wong',
  'Goh',
  'Chua',
  'Koh',
  'Teo',
  'Chan',
  'Yeo',
] as const
const CHINESE_GIVEN = [
  'Mei Ling',
  'Wei Ming',
  'Hui Min',
  'Jun Jie',
  'Li Ting',
  'Kok Wah',
  'Siew Lan',
  'Zhi Hao',
]
const MALAY = [
  'Nur Aisyah binte Ahmad',
  'Muhammad Hafiz bin Ismail',
  'Siti Aminah binte Osman',
  'Farhan bin Yusof',
]
const INDIAN = ['Kavitha d/o Raman', 'Rajesh s/o Kumar', 'Deepa Menon', 'Arjun Pillai', 'Lakshmi Nair']
const OTHERS = ['Maria Santos', 'John Reyes', 'Emily Clarke', 'Nguyen Thi Lan', 'Daniel Moreau']

const NOTES = [
  '',
  '',
  'Walk-in. Accompanied by daughter.',
  'Referred by polyclinic for review.',
  'Patient prefers calls after 6 pm.',
  'Known allergy to penicillin.',
  'Follow-up booked in two weeks.',
  'Interpreter needed (Mandarin).',
]
const COMMENTS = [
  'Reviewed with the doctor on duty.',
  'Patient called back; details corrected.',
  'Referred to the specialist outpatient clinic.',
  'Results discussed with the patient.',
  'Closed after follow-up call.',
  '',
]

function patientName(rng: Random): string {
  const kind = rng.weighted([
    ['chinese', 6],
    ['malay', 2],
    ['indian', 2],
    ['other', 1],
  ] as const)
  if (kind === 'chinese') return `${rng.pick(SURNAMES)} ${rng.pick(CHINESE_GIVEN)}`
  if (kind === 'malay') return rng.pick(MALAY)
  if (kind === 'indian') return rng.pick(INDIAN)
  return rng.pick(OTHERS)
}

/** A valid NRIC/FIN (checksum), as the intake would have checked it. */
function nric(rng: Random): string {
  const prefix = rng.weighted([
    ['S', 6],
    ['T', 3],
    ['F', 1],
    ['G', 1],
  ] as const)
  const digits = String(rng.int(0, 9_999_999)).padStart(7, '0')
  return `${prefix}${digits}${nricCheckLetter(prefix, digits) ?? 'A'}`
}

function answerFor(rng: Random, q: CaseQuestion): CaseAnswers[string] | undefined {
  switch (q.kind) {
    case 'boolean':
      return rng.chance(0.35)
    case 'choice':
      return rng.pick(q.options).value
    case 'number': {
      const value = q.min + rng.next() * (q.max - q.min) * 0.7
      return q.step === 1 ? Math.round(value) : Math.round(value * 10) / 10
    }
    case 'text':
      return rng.chance(0.5) ? 'Low mood since losing job two months ago.' : undefined
  }
}

function answersFor(rng: Random, template: CaseTemplate): CaseAnswers {
  const answers: CaseAnswers = {}
  for (const q of CASE_QUESTIONS[template]) {
    const value = answerFor(rng, q)
    if (value !== undefined) answers[q.key] = value
  }
  if (template === 'hypertension_follow_up') {
    const systolic = rng.int(118, 185)
    answers.systolic = systolic
    answers.diastolic = rng.int(70, Math.min(110, systolic - 20))
  }
  return answers
}

const URGENCY_OF: Record<CaseTemplate, readonly (readonly [CaseUrgency, number])[]> = {
  chest_pain_triage: [
    [CaseUrgency.Emergency, 3],
    [CaseUrgency.Urgent, 4],
    [CaseUrgency.Soon, 2],
  ],
  diabetes_review: [
    [CaseUrgency.Routine, 6],
    [CaseUrgency.Soon, 3],
    [CaseUrgency.Urgent, 1],
  ],
  hypertension_follow_up: [
    [CaseUrgency.Routine, 5],
    [CaseUrgency.Soon, 3],
    [CaseUrgency.Urgent, 1],
  ],
  fever_screening: [
    [CaseUrgency.Soon, 4],
    [CaseUrgency.Urgent, 3],
    [CaseUrgency.Routine, 2],
  ],
  mental_wellbeing: [
    [CaseUrgency.Routine, 4],
    [CaseUrgency.Soon, 3],
    [CaseUrgency.Urgent, 2],
  ],
}

/** The statuses a case moves through, each step an update in its history. */
const NEXT_STATUS: Record<string, readonly CaseStatus[]> = {
  open: [CaseStatus.InReview, CaseStatus.Closed],
  in_review: [CaseStatus.Referred, CaseStatus.Closed],
  referred: [CaseStatus.Closed],
  closed: [],
}

async function seedStaff(db: Db, rng: Random, now: number): Promise<number[]> {
  const health = await db
    .selectFrom('app_user')
    .where('username', '=', 'health')
    .select(['id', 'password_hash'])
    .executeTakeFirst()
  if (!health) return []
  const policy = await db
    .insertInto('iam_policy')
    .values({
      entity_code: ENTITY,
      name: 'Case intake',
      description: 'Take in, review and update digital health cases.',
      type: 'custom',
      statements: JSON.stringify([{ app_code: 'health', resource_code: 'cases/*', action_code: 'edit' }]),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const role = await db
    .insertInto('iam_role')
    .values({
      entity_code: ENTITY,
      name: 'Clinic staff',
      description: 'Nurses and doctors who take in and review cases.',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.insertInto('iam_role_policy').values({ role_id: role.id, policy_id: policy.id }).execute()
  const ids = [health.id]
  for (const s of STAFF) {
    const user = await db
      .insertInto('app_user')
      .values({
        user_uuid: seededUuid(rng),
        name: s.name,
        username: s.username,
        email: `${s.username}@demo.operator-portal.test`,
        phone_number: `+65 9${String(rng.int(0, 9_999_999)).padStart(7, '0')}`,
        image_url: null,
        password_hash: health.password_hash,
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
    await db
      .insertInto('membership')
      .values({ user_id: user.id, entity_code: ENTITY, relation: 2, created_at: now })
      .execute()
    await db
      .insertInto('iam_grant')
      .values({
        entity_code: ENTITY,
        user_id: user.id,
        role_id: role.id,
        policy_id: null,
        set_id: null,
        created_at: now,
      })
      .execute()
    ids.push(user.id)
  }
  return ids
}

const CASE_COLUMNS = [
  'id',
  'entity_code',
  'case_uuid',
  'case_seq',
  'case_no',
  'template',
  'status',
  'urgency',
  'patient_name',
  'id_type',
  'id_masked',
  'date_of_birth',
  'sex',
  'dial_code',
  'mobile_number',
  'site_code',
  'answers',
  'notes',
  'consent_at',
  'created_by',
  'updated_by',
  'created_at',
  'last_edited_at',
  'version',
] as const
const EVENT_COLUMNS = ['entity_code', 'case_id', 'action', 'at', 'user_id', 'changes', 'comment'] as const

export async function seedHealthCases(db: Db, rng: Random, context: SeedContext): Promise<void> {
  const entity = await db.selectFrom('entity').where('code', '=', ENTITY).select('code').executeTakeFirst()
  if (!entity) return
  const { now } = context
  await db
    .insertInto('health_site')
    .values(HEALTH_SITES.map((s) => ({ entity_code: ENTITY, ...s, created_at: now - 400 * DAY })))
    .execute()
  const staff = await seedStaff(db, rng, now)
  if (staff.length === 0) return

  const total = Math.max(MIN_CASES, Math.round(CASES_PER_SCALE * context.scale))
  const maxId = await db
    .selectFrom('health_case')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst()
  let nextId = (maxId?.id ?? 0) + 1
  // Intake times spread over the 90 days, in order, so case numbers rise with time as they would.
  const createdTimes = Array.from({ length: total }, () => now - rng.int(HOUR, 90 * DAY)).sort(
    (a, b) => a - b,
  )
  const cases: Cell[][] = []
  const events: Cell[][] = []

  createdTimes.forEach((createdAt, index) => {
    const id = nextId++
    const seq = index + 1
    const template = rng.pick(caseTemplates.values)
    const creator = rng.pick(staff)
    const foreign = rng.chance(0.08)
    const idType = foreign ? PatientIdType.Passport : PatientIdType.NricFin
    const idNumber = foreign
      ? `E${String(rng.int(1_000_000, 9_999_999))}${rng.pick(['A', 'B', 'K'])}`
      : nric(rng)
    const malaysian = rng.chance(0.1)
    let state = {
      status: CaseStatus.Open as string,
      urgency: rng.weighted(URGENCY_OF[template]) as string,
      answers: answersFor(rng, template),
      notes: rng.pick(NOTES),
      mobile: malaysian
        ? `1${String(rng.int(10_000_000, 99_999_999))}`
        : `${rng.pick(['8', '9'])}${String(rng.int(0, 9_999_999)).padStart(7, '0')}`,
    }
    events.push([ENTITY, id, CaseEventAction.Created, createdAt, creator, '[]', ''])

    let at = createdAt
    let updatedBy = creator
    let version = 1
    const updates = rng.weighted([
      [0, 3],
      [1, 4],
      [2, 3],
      [3, 2],
      [4, 1],
    ] as const)
    for (let u = 0; u < updates; u++) {
      const next = at + rng.int(20 * 60_000, 6 * DAY)
      if (next >= now) break
      const changes: CaseChange[] = []
      const options = NEXT_STATUS[state.status] ?? []
      if (options.length > 0 && rng.chance(0.8)) {
        const to = rng.pick(options)
        changes.push({ field: 'status', from: state.status, to })
        state = { ...state, status: to }
      }
      if (rng.chance(0.3)) {
        const q = rng.pick(CASE_QUESTIONS[template])
        const to = answerFor(rng, q)
        const from = state.answers[q.key]
        if (to !== undefined && to !== from && q.key !== 'systolic' && q.key !== 'diastolic') {
          changes.push({ field: `answers.${q.key}`, from: from ?? null, to })
          state = { ...state, answers: { ...state.answers, [q.key]: to } }
        }
      }
      if (rng.chance(0.2)) {
        const to = rng.pick([CaseUrgency.Soon, CaseUrgency.Urgent] as const)
        if (to !== state.urgency) {
          changes.push({ field: 'urgency', from: state.urgency, to })
          state = { ...state, urgency: to }
        }
      }
      const comment = rng.pick(COMMENTS)
      if (changes.length === 0 && comment === '') continue
      at = next
      updatedBy = rng.pick(staff)
      version++
      events.push([ENTITY, id, CaseEventAction.Updated, at, updatedBy, JSON.stringify(changes), comment])
    }

    const birthYear = rng.int(1938, 2008)
    const dateOfBirth = `${String(birthYear)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`
    cases.push([
      id,
      ENTITY,
      seededUuid(rng),
      seq,
      formatCaseNo(ENTITY, seq),
      template,
      state.status,
      state.urgency,
      patientName(rng),
      idType,
      maskIdNumber(idNumber),
      dateOfBirth,
      rng.weighted([
        [Gender.Female, 5],
        [Gender.Male, 5],
        [Gender.Unspecified, 1],
      ] as const),
      malaysian ? '60' : '65',
      state.mobile,
      rng.pick(HEALTH_SITES).code,
      JSON.stringify(state.answers),
      state.notes,
      createdAt,
      creator,
      updatedBy,
      createdAt,
      at,
      version,
    ])
  })

  const bulk = new BulkInserter<Database>(db, 300)
  await db.transaction().execute(async (trx) => {
    await bulk.insert(trx, 'health_case', CASE_COLUMNS, cases)
    await bulk.insert(trx, 'health_case_event', EVENT_COLUMNS, events)
    await trx
      .insertInto('health_case_counter')
      .values({ entity_code: ENTITY, last_no: total })
      .onConflict((oc) => oc.column('entity_code').doUpdateSet({ last_no: total }))
      .execute()
  })
  await bulk.syncSequence('health_case')
}
