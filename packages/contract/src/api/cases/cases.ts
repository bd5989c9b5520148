import { z } from 'zod'
import { coded } from '../messages'
import { defineCatalogue, type ValueOf } from '../../catalogue'
import { type Gender, genders } from '../../enums/closed-loop'
import { DIAL_CODES } from '../../enums/locale'
import { envelope, epochMs } from '../envelope'

/*
 * Digital health cases (A §2 /digital-health, /digital-health/cases, /digital-health/{caseId?}/info; B §3 "Digital
 * health cases and campaigns"; B §7 `POST /cases/filter` on the verification-form service, Bearer scheme).
 * docs/decisions/0028-digital-health-and-campaigns.md. One schema checks the intake form in the browser and on the
 * server, so both show the same message for a field. Field names are camelCase, as the spec's case columns are.
 */

// ---------------------------------------------------------------------------------------------------------------
// Catalogues

/** The kinds of intake form (the case template). The spec names none; this small catalogue is ours. */
export const CaseTemplate = {
  ChestPainTriage: 'chest_pain_triage',
  DiabetesReview: 'diabetes_review',
  HypertensionFollowUp: 'hypertension_follow_up',
  FeverScreening: 'fever_screening',
  MentalWellbeing: 'mental_wellbeing',
} as const
export type CaseTemplate = ValueOf<typeof CaseTemplate>

export const caseTemplates = defineCatalogue('case template', [
  [CaseTemplate.ChestPainTriage, 'Chest pain triage'],
  [CaseTemplate.DiabetesReview, 'Diabetes review'],
  [CaseTemplate.HypertensionFollowUp, 'Hypertension follow-up'],
  [CaseTemplate.FeverScreening, 'Fever and respiratory screening'],
  [CaseTemplate.MentalWellbeing, 'Mental wellbeing check-in'],
])

/** Where a case is in its handling. New cases are open. */
export const CaseStatus = {
  Open: 'open',
  InReview: 'in_review',
  Referred: 'referred',
  Closed: 'closed',
} as const
export type CaseStatus = ValueOf<typeof CaseStatus>

export const caseStatuses = defineCatalogue('case status', [
  [CaseStatus.Open, 'Open'],
  [CaseStatus.InReview, 'In review'],
  [CaseStatus.Referred, 'Referred'],
  [CaseStatus.Closed, 'Closed'],
])

/** How soon the patient must be seen. */
export const CaseUrgency = {
  Routine: 'routine',
  Soon: 'soon',
  Urgent: 'urgent',
  Emergency: 'emergency',
} as const
export type CaseUrgency = ValueOf<typeof CaseUrgency>

export const caseUrgencies = defineCatalogue('case urgency', [
  [CaseUrgency.Routine, 'Routine'],
  [CaseUrgency.Soon, 'Within 48 hours'],
  [CaseUrgency.Urgent, 'Same day'],
  [CaseUrgency.Emergency, 'Emergency'],
])

/** The patient's identity document: a Singapore NRIC/FIN (checksum checked) or a passport. */
export const PatientIdType = { NricFin: 'nric_fin', Passport: 'passport' } as const
export type PatientIdType = ValueOf<typeof PatientIdType>

export const patientIdTypes = defineCatalogue('patient ID type', [
  [PatientIdType.NricFin, 'NRIC / FIN'],
  [PatientIdType.Passport, 'Passport'],
])

// ---------------------------------------------------------------------------------------------------------------
// The questions each template asks

export type CaseQuestion =
  | { key: string; label: string; kind: 'boolean' }
  | { key: string; label: string; kind: 'number'; min: number; max: number; step: 1 | 0.1; unit?: string }
  | { key: string; label: string; kind: 'choice'; options: readonly { value: string; label: string }[] }
  | { key: string; label: string; kind: 'text'; maxLength: number; optional: true }

const choice = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([value, label]) => ({ value, label }))

/** The answers each template collects, in the order the form asks them. Every question but text is required. */
export const CASE_QUESTIONS: Record<CaseTemplate, readonly CaseQuestion[]> = {
  chest_pain_triage: [
    {
      key: 'pain_onset',
      label: 'When did the pain start?',
      kind: 'choice',
      options: choice([
        ['under_1h', 'Less than 1 hour ago'],
        ['1_to_12h', '1 to 12 hours ago'],
        ['over_12h', 'More than 12 hours ago'],
      ]),
    },
    { key: 'pain_score', label: 'Pain score', kind: 'number', min: 0, max: 10, step: 1, unit: '/10' },
    { key: 'radiates', label: 'Pain spreads to the arm, jaw or back', kind: 'boolean' },
    { key: 'short_of_breath', label: 'Short of breath', kind: 'boolean' },
  ],
  diabetes_review: [
    { key: 'hba1c', label: 'Latest HbA1c', kind: 'number', min: 3, max: 20, step: 0.1, unit: '%' },
    {
      key: 'fasting_glucose',
      label: 'Fasting glucose',
      kind: 'number',
      min: 1,
      max: 40,
      step: 0.1,
      unit: 'mmol/L',
    },
    { key: 'on_insulin', label: 'On insulin', kind: 'boolean' },
    {
      key: 'foot_check',
      label: 'Foot check',
      kind: 'choice',
      options: choice([
        ['normal', 'Normal'],
        ['abnormal', 'Abnormal'],
        ['not_done', 'Not done'],
      ]),
    },
  ],
  hypertension_follow_up: [
    { key: 'systolic', label: 'Systolic pressure', kind: 'number', min: 60, max: 260, step: 1, unit: 'mmHg' },
    {
      key: 'diastolic',
      label: 'Diastolic pressure',
      kind: 'number',
      min: 30,
      max: 160,
      step: 1,
      unit: 'mmHg',
    },
    { key: 'headache', label: 'Headache or blurred vision', kind: 'boolean' },
    {
      key: 'adherence',
      label: 'Takes medication as prescribed',
      kind: 'choice',
      options: choice([
        ['always', 'Always'],
        ['sometimes', 'Sometimes'],
        ['rarely', 'Rarely or never'],
      ]),
    },
  ],
  fever_screening: [
    { key: 'temperature', label: 'Temperature', kind: 'number', min: 34, max: 43, step: 0.1, unit: '°C' },
    { key: 'days_of_fever', label: 'Days of fever', kind: 'number', min: 0, max: 60, step: 1, unit: 'days' },
    { key: 'cough', label: 'Cough or sore throat', kind: 'boolean' },
    { key: 'recent_travel', label: 'Travelled overseas in the last 14 days', kind: 'boolean' },
  ],
  mental_wellbeing: [
    { key: 'phq2_score', label: 'PHQ-2 score', kind: 'number', min: 0, max: 6, step: 1, unit: '/6' },
    {
      key: 'sleep',
      label: 'Sleep quality',
      kind: 'choice',
      options: choice([
        ['good', 'Good'],
        ['fair', 'Fair'],
        ['poor', 'Poor'],
      ]),
    },
    { key: 'self_harm_thoughts', label: 'Thoughts of self-harm', kind: 'boolean' },
    { key: 'remarks', label: 'Remarks', kind: 'text', maxLength: 500, optional: true },
  ],
}

export type CaseAnswer = string | number | boolean
export type CaseAnswers = Record<string, CaseAnswer>

/** The message for one answer, or null when it is a valid answer to the question. */
export function caseAnswerIssue(question: CaseQuestion, value: unknown): string | null {
  const missing = value === undefined || value === null || value === ''
  switch (question.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? null : 'Answer yes or no'
    case 'choice':
      if (missing) return 'Choose an answer'
      return question.options.some((o) => o.value === value) ? null : 'Choose one of the listed answers'
    case 'number': {
      if (missing) return 'Enter a number'
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'Enter a number'
      if (value < question.min || value > question.max)
        return `Enter a number from ${String(question.min)} to ${String(question.max)}`
      const decimals = question.step === 1 ? 0 : 1
      if (Math.abs(Math.round(value * 10 ** decimals) - value * 10 ** decimals) > 1e-9)
        return decimals === 0 ? 'Enter a whole number' : 'Enter at most one decimal'
      return null
    }
    case 'text':
      if (value === undefined || value === null) return null
      if (typeof value !== 'string') return 'Enter text'
      return value.length > question.maxLength ? `At most ${String(question.maxLength)} characters` : null
  }
}

/** Every problem with a template's answers, by question key (`*` for rules spanning questions). */
export function caseAnswersIssues(template: CaseTemplate, answers: Record<string, unknown>) {
  const questions = CASE_QUESTIONS[template]
  const issues: { key: string; message: string }[] = []
  for (const question of questions) {
    const message = caseAnswerIssue(question, answers[question.key])
    if (message !== null) issues.push({ key: question.key, message })
  }
  for (const key of Object.keys(answers)) {
    if (!questions.some((q) => q.key === key))
      issues.push({ key, message: 'Not a question of this case template' })
  }
  if (template === CaseTemplate.HypertensionFollowUp) {
    const { systolic, diastolic } = answers
    if (
      typeof systolic === 'number' &&
      typeof diastolic === 'number' &&
      !issues.some((i) => i.key === 'diastolic') &&
      diastolic >= systolic
    )
      issues.push({ key: 'diastolic', message: 'Must be lower than the systolic pressure' })
  }
  return issues
}

// ---------------------------------------------------------------------------------------------------------------
// Identity documents and phone numbers

const NRIC_WEIGHTS = [2, 7, 6, 5, 4, 3, 2] as const
const NRIC_FORMAT = /^([STFGM])(\d{7})([A-Z])$/

/**
 * The check letter of a Singapore NRIC/FIN (ICA's rule): digits weighted 2 7 6 5 4 3 2, plus 4 for T and G, 3 for
 * M; the remainder modulo 11 picks the letter from the prefix's table.
 */
export function nricCheckLetter(prefix: string, digits: string): string | null {
  if (!/^[STFGM]$/.test(prefix) || !/^\d{7}$/.test(digits)) return null
  let sum = 0
  for (let i = 0; i < 7; i++) sum += Number(digits[i]) * (NRIC_WEIGHTS[i] ?? 0)
  if (prefix === 'T' || prefix === 'G') sum += 4
  if (prefix === 'M') sum += 3
  const r = sum % 11
  if (prefix === 'S' || prefix === 'T') return 'JZIHGFEDCBA'[r] ?? null
  if (prefix === 'F' || prefix === 'G') return 'XWUTRQPNMLK'[r] ?? null
  return 'KLJNPQRTUWX'[10 - r] ?? null
}

/** An ID as typed, in the form it is checked and stored: upper case without spaces or dashes. */
export function normaliseIdNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase()
}

/** Why an ID number is not valid for its type, or null. */
export function idNumberIssue(type: PatientIdType, raw: string): string | null {
  const value = normaliseIdNumber(raw)
  if (value === '') return 'Enter the ID number'
  if (type === PatientIdType.Passport) {
    return /^[A-Z0-9]{5,20}$/.test(value) ? null : 'Enter a passport number of 5 to 20 letters and digits'
  }
  const parts = NRIC_FORMAT.exec(value)
  if (!parts) return 'Enter an NRIC/FIN: S, T, F, G or M, 7 digits and a check letter'
  const [, prefix = '', digits = '', letter = ''] = parts
  return nricCheckLetter(prefix, digits) === letter
    ? null
    : 'This NRIC/FIN is not valid: its check letter does not match'
}

/** What is kept and shown of an ID: its first character and last four, the rest hidden ("S****567D"). */
export function maskIdNumber(raw: string): string {
  const value = normaliseIdNumber(raw)
  if (value.length <= 5) return value
  return `${value.slice(0, 1)}${'*'.repeat(value.length - 5)}${value.slice(-4)}`
}

type DialCode = (typeof DIAL_CODES)[number]['code']
const DIAL_CODE_VALUES = DIAL_CODES.map((d) => d.code) as [DialCode, ...DialCode[]]

/** A mobile number as typed, in the form it is checked and stored: digits only. */
export function normaliseMobile(value: string): string {
  return value.replace(/[\s()-]/g, '')
}

/** Mobile number rules of the dial codes the form offers; others take 6 to 12 digits. */
export function mobileIssue(dialCode: string, raw: string): string | null {
  const value = normaliseMobile(raw)
  if (value === '') return 'Enter the mobile number'
  if (!/^\d+$/.test(value)) return 'Enter digits only'
  if (dialCode === '65')
    return /^[89]\d{7}$/.test(value) ? null : 'A Singapore mobile number has 8 digits and starts with 8 or 9'
  if (dialCode === '60')
    return /^1\d{8,9}$/.test(value)
      ? null
      : 'A Malaysian mobile number has 9 or 10 digits (without the leading 0) and starts with 1'
  return /^\d{6,12}$/.test(value) ? null : 'Enter 6 to 12 digits, without the country code'
}

// ---------------------------------------------------------------------------------------------------------------
// Dates of birth (calendar dates, not instants: "YYYY-MM-DD")

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Why a date of birth is not acceptable on `today` ("YYYY-MM-DD", the caller's calendar day), or null. */
export function dateOfBirthIssue(value: string, today: string): string | null {
  if (value === '') return 'Enter the date of birth'
  const parts = ISO_DATE.exec(value)
  if (!parts) return 'Enter a date as YYYY-MM-DD'
  const [y, m, d] = [Number(parts[1]), Number(parts[2]), Number(parts[3])]
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return 'This date does not exist'
  if (value > today) return 'The date of birth cannot be in the future'
  if (y < 1900) return 'Enter a date from 1900 on'
  return null
}

/** Today's calendar date in UTC+8 (Singapore and Malaysia, where the clinics are), as "YYYY-MM-DD". */
export function clinicToday(now: number = Date.now()): string {
  return new Date(now + 8 * 3_600_000).toISOString().slice(0, 10)
}

// ---------------------------------------------------------------------------------------------------------------
// Requests

const answerValue = z.union([z.string().max(2000), z.number(), z.boolean()])

/** The fields of the intake form, as the create and update requests share them. */
const caseFields = {
  caseTemplate: z.enum(caseTemplates.values as [CaseTemplate, ...CaseTemplate[]], {
    error: 'Choose a case template',
  }),
  patientName: z
    .string({ error: "Enter the patient's name" })
    .trim()
    .min(1, "Enter the patient's name")
    .max(100, 'At most 100 characters'),
  idType: z.enum(patientIdTypes.values as [PatientIdType, ...PatientIdType[]], {
    error: 'Choose the ID type',
  }),
  dateOfBirth: z.string({ error: 'Enter the date of birth' }).trim(),
  sex: z.enum(genders.values as [Gender, ...Gender[]], { error: "Choose the patient's sex" }),
  dialCode: z.enum(DIAL_CODE_VALUES, { error: 'Choose a dial code' }),
  mobileNumber: z.string({ error: 'Enter the mobile number' }).transform(normaliseMobile),
  siteCode: z
    .string({ error: 'Choose the clinic' })
    .trim()
    .min(1, 'Choose the clinic')
    .max(40, 'At most 40 characters'),
  urgency: z.enum(caseUrgencies.values as [CaseUrgency, ...CaseUrgency[]], { error: 'Choose the urgency' }),
  answers: z.record(z.string().max(60), answerValue, { error: 'Answer the questions' }),
  notes: z.string().trim().max(2000, 'At most 2,000 characters').default(''),
}

interface CheckedFields {
  caseTemplate?: unknown
  idType?: unknown
  idNumber?: unknown
  dateOfBirth?: unknown
  dialCode?: unknown
  mobileNumber?: unknown
  answers?: unknown
}

/** The rules that span fields (ID by its type, mobile by its dial code, answers by the template). */
function checkFields(value: CheckedFields, ctx: z.RefinementCtx, idRequired: boolean, today: () => string) {
  const add = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message })
  if (typeof value.idNumber === 'string' && (idRequired || value.idNumber.trim() !== '')) {
    const type = value.idType === PatientIdType.Passport ? PatientIdType.Passport : PatientIdType.NricFin
    const message = idNumberIssue(type, value.idNumber)
    if (message !== null) add(['idNumber'], message)
  } else if (idRequired && typeof value.idNumber !== 'string') add(['idNumber'], 'Enter the ID number')
  if (typeof value.dateOfBirth === 'string') {
    const message = dateOfBirthIssue(value.dateOfBirth.trim(), today())
    if (message !== null) add(['dateOfBirth'], message)
  }
  if (typeof value.mobileNumber === 'string') {
    const message = mobileIssue(typeof value.dialCode === 'string' ? value.dialCode : '', value.mobileNumber)
    if (message !== null) add(['mobileNumber'], message)
  }
  const template = caseTemplates.values.find((t) => t === value.caseTemplate)
  const answers = value.answers
  if (template !== undefined && typeof answers === 'object' && answers !== null && !Array.isArray(answers)) {
    for (const issue of caseAnswersIssues(template, answers as Record<string, unknown>))
      add(['answers', issue.key], issue.message)
  }
}

/** POST /cases: the intake form. `today` is the caller's calendar day (tests pin it). */
export function caseCreateSchema(today: () => string = () => clinicToday()) {
  return z
    .strictObject({
      ...caseFields,
      idNumber: z.string({ error: 'Enter the ID number' }).transform(normaliseIdNumber),
      consent: z.literal(true, { error: "Record the patient's consent to continue" }),
    })
    .superRefine((value, ctx) => checkFields(value, ctx, true, today), { when: () => true })
}
export const caseCreateRequest = caseCreateSchema()
export type CaseCreateRequest = z.input<typeof caseCreateRequest>
export type CaseCreate = z.output<typeof caseCreateRequest>

/**
 * PUT /cases/{caseId}: the same fields, the status, and the version the editor started from (a newer version means
 * someone else saved first: 409). The full ID is never stored, so a blank `idNumber` keeps the one on file.
 */
export function caseUpdateSchema(today: () => string = () => clinicToday()) {
  return z
    .strictObject({
      ...caseFields,
      idNumber: z.string().transform(normaliseIdNumber).default(''),
      status: z.enum(caseStatuses.values as [CaseStatus, ...CaseStatus[]], { error: 'Choose the status' }),
      version: z.number({ error: 'version is required' }).int().min(1),
      /** Why it changed; kept in the history with the change. */
      comment: z.string().trim().max(500, 'At most 500 characters').default(''),
    })
    .superRefine((value, ctx) => checkFields(value, ctx, false, today), { when: () => true })
}
export const caseUpdateRequest = caseUpdateSchema()
export type CaseUpdateRequest = z.input<typeof caseUpdateRequest>
export type CaseUpdate = z.output<typeof caseUpdateRequest>

// ---------------------------------------------------------------------------------------------------------------
// The list: POST /cases/filter

/** The portal's page size (B §9). */
export const CASE_PAGE_SIZE = 20
/** What the service returns when a request names no limit: B §7's "query limit 10" (decision 0028). */
export const CASE_DEFAULT_LIMIT = 10

/** The fields the list sorts by, as `sort` keys. */
export const CASE_SORT_FIELDS = [
  'lastEditedDate',
  'createdAt',
  'caseNo',
  'caseTemplate',
  'status',
  'urgency',
] as const
export type CaseSortField = (typeof CASE_SORT_FIELDS)[number]
export type CaseSortDirection = 1 | -1
export type CaseSort = Partial<Record<CaseSortField, CaseSortDirection>>

export const CASE_DEFAULT_SORT: CaseSort = { lastEditedDate: -1 }

/**
 * `sort` as a map of field to 1 (ascending) or -1 (descending), applied in the map's order (B §7); at most 3 keys.
 * Unknown fields and other values are refused by name, so a typo is a 400 and never an unsorted list.
 */
export const caseSortMap = z
  .record(z.string(), z.unknown())
  .superRefine((map, ctx) => {
    const keys = Object.keys(map)
    if (keys.length > 3) ctx.addIssue({ code: 'custom', message: 'Sort by at most 3 fields' })
    for (const key of keys) {
      if (!(CASE_SORT_FIELDS as readonly string[]).includes(key))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Not a sortable field; use ${CASE_SORT_FIELDS.join(', ')}`,
        })
      else if (map[key] !== 1 && map[key] !== -1)
        ctx.addIssue({ code: 'custom', path: [key], message: 'Use 1 (ascending) or -1 (descending)' })
    }
  })
  .transform((map) => map as CaseSort)
  .describe(`field → 1 or -1; fields: ${CASE_SORT_FIELDS.join(', ')}`)

/** The sort a request asks for, in order, or the default (newest edit first). */
export function caseSortEntries(sort: CaseSort | undefined): [CaseSortField, CaseSortDirection][] {
  const entries = Object.entries(sort ?? {}) as [CaseSortField, CaseSortDirection][]
  return entries.length > 0
    ? entries
    : (Object.entries(CASE_DEFAULT_SORT) as [CaseSortField, CaseSortDirection][])
}

const userUuid = z.string().trim().min(1).max(64)

/** The list's filters (all optional, all narrowing with AND); ranges are epoch ms, both ends inclusive. */
export const caseFilterFields = {
  /** A case number ("HEALTH-000042", or just 42). */
  caseNo: z.string().trim().min(1).max(40).optional(),
  caseTemplate: z
    .array(z.enum(caseTemplates.values as [CaseTemplate, ...CaseTemplate[]]))
    .max(10)
    .optional(),
  status: z
    .array(z.enum(caseStatuses.values as [CaseStatus, ...CaseStatus[]]))
    .max(10)
    .optional(),
  urgency: z
    .array(z.enum(caseUrgencies.values as [CaseUrgency, ...CaseUrgency[]]))
    .max(10)
    .optional(),
  siteCode: z.array(z.string().trim().min(1).max(40)).max(50).optional(),
  /** Created by these users (user uuids). */
  createdBy: z.array(userUuid).max(50).optional(),
  /** The patient's name contains this (case-insensitive). */
  patientName: z.string().trim().min(1).max(100).optional(),
  createdFrom: epochMs.optional(),
  createdTo: epochMs.optional(),
  editedFrom: epochMs.optional(),
  editedTo: epochMs.optional(),
}

export const caseFilterRequest = z
  .strictObject({
    ...caseFilterFields,
    limit: z.number().int().min(1).max(100).default(CASE_DEFAULT_LIMIT),
    offset: z.number().int().min(0).max(100_000_000).default(0),
    sort: caseSortMap.optional(),
  })
  .superRefine((f, ctx) => {
    if (f.createdFrom !== undefined && f.createdTo !== undefined && f.createdTo < f.createdFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['createdTo'],
        message: 'Must be on or after createdFrom',
        ...coded('not_before', { other: 'createdFrom' }),
      })
    if (f.editedFrom !== undefined && f.editedTo !== undefined && f.editedTo < f.editedFrom)
      ctx.addIssue({
        code: 'custom',
        path: ['editedTo'],
        message: 'Must be on or after editedFrom',
        ...coded('not_before', { other: 'editedFrom' }),
      })
  })
export type CaseFilterRequest = z.input<typeof caseFilterRequest>
export type CaseFilter = z.output<typeof caseFilterRequest>

/** "HEALTH-000042", "health-42", "000042" or "42" → 42: the case's number in its entity; null when not one. */
export function caseSeqOf(caseNo: string): number | null {
  const match = /^(?:[A-Za-z][A-Za-z0-9_]*-)?0*(\d{1,9})$/.exec(caseNo.trim())
  if (!match) return null
  const n = Number(match[1])
  return n > 0 ? n : null
}

/** The case number shown for the entity's n-th case. */
export function formatCaseNo(entityCode: string, seq: number): string {
  return `${entityCode}-${String(seq).padStart(6, '0')}`
}

// ---------------------------------------------------------------------------------------------------------------
// Responses

export const caseListItem = z.object({
  caseId: z.string().describe('the case uuid (the /digital-health/{caseId}/info route)'),
  caseNo: z.string(),
  caseTemplate: z.string().describe(`case template: ${caseTemplates.values.join(', ')}`),
  status: z.string(),
  urgency: z.string(),
  patientName: z.string(),
  siteCode: z.string(),
  siteName: z.string(),
  /** The names of who created and last changed the case. */
  createdBy: z.string(),
  createdByUuid: z.string(),
  updatedBy: z.string(),
  updatedByUuid: z.string(),
  createdAt: epochMs,
  lastEditedDate: epochMs,
})
export type CaseListItem = z.infer<typeof caseListItem>

export const caseFilterResponse = envelope(
  z.object({ cases: z.array(caseListItem), count: z.number().int().min(0) }),
)
export type CaseFilterData = z.infer<typeof caseFilterResponse>['data']

/** One change of a history entry: the field (`answers.<key>` for an answer) and its values before and after. */
export const caseChange = z.object({
  field: z.string(),
  from: z.union([z.string(), z.number(), z.boolean()]).nullable(),
  to: z.union([z.string(), z.number(), z.boolean()]).nullable(),
})
export type CaseChange = z.infer<typeof caseChange>

export const CaseEventAction = { Created: 'created', Updated: 'updated' } as const
export type CaseEventAction = ValueOf<typeof CaseEventAction>

export const caseEvent = z.object({
  id: z.number().int(),
  action: z.enum([CaseEventAction.Created, CaseEventAction.Updated]),
  at: epochMs,
  by: z.string(),
  byUuid: z.string(),
  changes: z.array(caseChange),
  comment: z.string(),
})
export type CaseEvent = z.infer<typeof caseEvent>

/** A case with everything the form collected (the ID masked) and its history, newest first. */
export const caseDetail = caseListItem.extend({
  idType: z.string(),
  /** "S****567D": the full ID is checked at intake and never stored. */
  idNumberMasked: z.string(),
  dateOfBirth: z.string().describe('YYYY-MM-DD'),
  sex: z.string(),
  dialCode: z.string(),
  mobileNumber: z.string(),
  answers: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  notes: z.string(),
  consentAt: epochMs,
  /** Sent back with an update; another save in between makes the update a 409. */
  version: z.number().int().min(1),
  /** The caller may update the case. */
  canEdit: z.boolean(),
  history: z.array(caseEvent),
})
export type CaseDetail = z.infer<typeof caseDetail>

export const caseResponse = envelope(z.object({ case: caseDetail }))

export const caseParams = z.strictObject({
  caseId: z.string().trim().min(1).max(64).describe('case uuid'),
})

/** A clinic (site) of the entity: where the intake happens. */
export const caseSite = z.object({ code: z.string(), name: z.string(), address: z.string() })
export type CaseSite = z.infer<typeof caseSite>
export const caseSitesResponse = envelope(z.object({ sites: z.array(caseSite) }))

/** The entity's staff, for the "Created by" filter. */
export const caseStaffMember = z.object({ uuid: z.string(), name: z.string(), username: z.string() })
export type CaseStaffMember = z.infer<typeof caseStaffMember>
export const caseStaffResponse = envelope(z.object({ users: z.array(caseStaffMember) }))
