import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { itLabels } from '../../test-support'
import {
  caseAnswersIssues,
  caseCreateSchema,
  caseFilterRequest,
  caseSeqOf,
  caseSortEntries,
  caseStatuses,
  caseTemplates,
  caseUpdateSchema,
  caseUrgencies,
  CASE_QUESTIONS,
  dateOfBirthIssue,
  formatCaseNo,
  idNumberIssue,
  maskIdNumber,
  mobileIssue,
  nricCheckLetter,
  clinicToday,
} from './cases'

const TODAY = '2026-11-23'
const createSchema = caseCreateSchema(() => TODAY)
const updateSchema = caseUpdateSchema(() => TODAY)

const VALID = {
  caseTemplate: 'chest_pain_triage',
  patientName: 'Tan Mei Ling',
  idType: 'nric_fin',
  idNumber: 'S1234567D',
  dateOfBirth: '1968-04-02',
  sex: 'F',
  dialCode: '65',
  mobileNumber: '9123 4567',
  siteCode: 'TPY',
  urgency: 'urgent',
  answers: { pain_onset: 'under_1h', pain_score: 7, radiates: true, short_of_breath: false },
  notes: 'Walked in, sweating.',
  consent: true,
}

/** The message of each field, by its dotted path, for a body the schema refuses. */
function messages(body: unknown, schema: z.ZodType = createSchema): Record<string, string> {
  const result = schema.safeParse(body)
  if (result.success) return {}
  const out: Record<string, string> = {}
  for (const issue of result.error.issues) out[issue.path.map(String).join('.')] ??= issue.message
  return out
}

describe('NRIC/FIN check letters (ICA rule)', () => {
  it.each([
    ['S', '1234567', 'D'],
    ['T', '1234567', 'J'],
    ['F', '1234567', 'N'],
    ['G', '1234567', 'X'],
    ['M', '1234567', 'K'],
    ['S', '0000001', 'I'],
    ['T', '0212345', 'I'],
  ])('%s%s has check letter %s', (prefix, digits, letter) => {
    expect(nricCheckLetter(prefix, digits)).toBe(letter)
  })

  it.each([
    ['S1234567D', null],
    ['s1234567d', null],
    ['S 1234567-D', null],
    ['S1234567A', 'This NRIC/FIN is not valid: its check letter does not match'],
    ['M1234567L', 'This NRIC/FIN is not valid: its check letter does not match'],
    ['A1234567D', 'Enter an NRIC/FIN: S, T, F, G or M, 7 digits and a check letter'],
    ['S123456D', 'Enter an NRIC/FIN: S, T, F, G or M, 7 digits and a check letter'],
    ['', 'Enter the ID number'],
  ])('NRIC %j → %j', (value, message) => {
    expect(idNumberIssue('nric_fin', value)).toBe(message)
  })

  it.each([
    ['E1234567A', null],
    ['K12-345', null],
    ['AB1', 'Enter a passport number of 5 to 20 letters and digits'],
    ['E1234567A!', 'Enter a passport number of 5 to 20 letters and digits'],
  ])('passport %j → %j', (value, message) => {
    expect(idNumberIssue('passport', value)).toBe(message)
  })

  it.each([
    ['S1234567D', 'S****567D'],
    ['e1234567a', 'E****567A'],
    ['K12345', 'K*2345'],
    ['K1234', 'K1234'],
  ])('masks %s as %s', (value, masked) => {
    expect(maskIdNumber(value)).toBe(masked)
  })
})

describe('mobile numbers by dial code', () => {
  it.each([
    ['65', '91234567', null],
    ['65', '8123 4567', null],
    ['65', '61234567', 'A Singapore mobile number has 8 digits and starts with 8 or 9'],
    ['65', '9123456', 'A Singapore mobile number has 8 digits and starts with 8 or 9'],
    ['60', '123456789', null],
    ['60', '1123456789', null],
    [
      '60',
      '0123456789',
      'A Malaysian mobile number has 9 or 10 digits (without the leading 0) and starts with 1',
    ],
    ['852', '61234567', null],
    ['852', '12345', 'Enter 6 to 12 digits, without the country code'],
    ['65', '9123abcd', 'Enter digits only'],
    ['65', '', 'Enter the mobile number'],
  ])('+%s %s → %j', (dial, number, message) => {
    expect(mobileIssue(dial, number)).toBe(message)
  })
})

describe('date of birth', () => {
  it.each([
    ['1968-04-02', null],
    ['2026-11-23', null],
    ['2026-11-24', 'The date of birth cannot be in the future'],
    ['2023-02-29', 'This date does not exist'],
    ['02/04/1968', 'Enter a date as YYYY-MM-DD'],
    ['1899-12-31', 'Enter a date from 1900 on'],
    ['', 'Enter the date of birth'],
  ])('%j → %j', (value, message) => {
    expect(dateOfBirthIssue(value, TODAY)).toBe(message)
  })

  it("is checked against the clinics' calendar day (UTC+8)", () => {
    expect(clinicToday(Date.UTC(2026, 10, 23, 15, 59))).toBe('2026-11-23')
    expect(clinicToday(Date.UTC(2026, 10, 23, 16, 0))).toBe('2026-11-24')
  })
})

describe('template answers', () => {
  it('every template asks questions with unique keys', () => {
    for (const template of caseTemplates.values) {
      const keys = CASE_QUESTIONS[template].map((q) => q.key)
      expect(keys.length).toBeGreaterThan(0)
      expect(new Set(keys).size).toBe(keys.length)
    }
  })

  it.each([
    [
      'chest_pain_triage',
      { pain_onset: 'under_1h', pain_score: 3, radiates: false, short_of_breath: true },
      [],
    ],
    [
      'chest_pain_triage',
      { pain_onset: 'yesterday', pain_score: 11, radiates: 'yes' },
      [
        ['pain_onset', 'Choose one of the listed answers'],
        ['pain_score', 'Enter a number from 0 to 10'],
        ['radiates', 'Answer yes or no'],
        ['short_of_breath', 'Answer yes or no'],
      ],
    ],
    [
      'diabetes_review',
      { hba1c: 7.25, fasting_glucose: '', on_insulin: true, foot_check: 'normal', extra: 1 },
      [
        ['hba1c', 'Enter at most one decimal'],
        ['fasting_glucose', 'Enter a number'],
        ['extra', 'Not a question of this case template'],
      ],
    ],
    [
      'hypertension_follow_up',
      { systolic: 120, diastolic: 130, headache: false, adherence: 'always' },
      [['diastolic', 'Must be lower than the systolic pressure']],
    ],
    [
      'fever_screening',
      { temperature: 38.5, days_of_fever: 2.5, cough: true, recent_travel: false },
      [['days_of_fever', 'Enter a whole number']],
    ],
    ['mental_wellbeing', { phq2_score: 2, sleep: 'fair', self_harm_thoughts: false }, []],
    [
      'mental_wellbeing',
      { phq2_score: 2, sleep: 'fair', self_harm_thoughts: false, remarks: 'x'.repeat(501) },
      [['remarks', 'At most 500 characters']],
    ],
  ] as const)('%s %j', (template, answers, expected) => {
    expect(caseAnswersIssues(template, answers).map((i) => [i.key, i.message])).toEqual(expected)
  })
})

describe('the intake request (one schema for the form and the server)', () => {
  it('accepts a complete case and normalises the ID and mobile', () => {
    const result = createSchema.parse(VALID)
    expect(result.idNumber).toBe('S1234567D')
    expect(result.mobileNumber).toBe('91234567')
    expect(result.patientName).toBe('Tan Mei Ling')
  })

  it('names every invalid field at once, with its own message', () => {
    expect(messages({ answers: {} })).toEqual({
      caseTemplate: 'Choose a case template',
      patientName: "Enter the patient's name",
      idType: 'Choose the ID type',
      idNumber: 'Enter the ID number',
      dateOfBirth: 'Enter the date of birth',
      sex: "Choose the patient's sex",
      dialCode: 'Choose a dial code',
      mobileNumber: 'Enter the mobile number',
      siteCode: 'Choose the clinic',
      urgency: 'Choose the urgency',
      consent: "Record the patient's consent to continue",
    })
  })

  it.each([
    [{ patientName: '   ' }, 'patientName', "Enter the patient's name"],
    [{ patientName: 'x'.repeat(101) }, 'patientName', 'At most 100 characters'],
    [{ idNumber: 'S1234567A' }, 'idNumber', 'This NRIC/FIN is not valid: its check letter does not match'],
    [
      { idType: 'passport', idNumber: 'AB' },
      'idNumber',
      'Enter a passport number of 5 to 20 letters and digits',
    ],
    [{ dateOfBirth: '2030-01-01' }, 'dateOfBirth', 'The date of birth cannot be in the future'],
    [{ sex: 'X' }, 'sex', "Choose the patient's sex"],
    [{ dialCode: '1' }, 'dialCode', 'Choose a dial code'],
    [
      { dialCode: '60', mobileNumber: '91234567' },
      'mobileNumber',
      'A Malaysian mobile number has 9 or 10 digits (without the leading 0) and starts with 1',
    ],
    [{ siteCode: '' }, 'siteCode', 'Choose the clinic'],
    [{ urgency: 'asap' }, 'urgency', 'Choose the urgency'],
    [{ consent: false }, 'consent', "Record the patient's consent to continue"],
    [{ notes: 'n'.repeat(2001) }, 'notes', 'At most 2,000 characters'],
    [{ answers: { pain_onset: 'under_1h' } }, 'answers.pain_score', 'Enter a number'],
    [{ caseTemplate: 'diabetes_review' }, 'answers.hba1c', 'Enter a number'],
    [{ unknown: 1 }, '', 'Unrecognized key: "unknown"'],
  ])('%j → %s: %s', (patch, path, message) => {
    expect(messages({ ...VALID, ...patch })[path]).toBe(message)
  })

  it('an update keeps the ID on file when it is left blank, and still checks one that is typed', () => {
    const { consent: _consent, ...fields } = VALID
    const base = { ...fields, idNumber: '', status: 'in_review', version: 3, comment: 'Seen by Dr Lim' }
    expect(updateSchema.safeParse(base).success).toBe(true)
    expect(messages({ ...base, idNumber: 'S1234567A' }, updateSchema).idNumber).toBe(
      'This NRIC/FIN is not valid: its check letter does not match',
    )
    expect(messages({ ...base, status: 'done', version: 0 }, updateSchema)).toMatchObject({
      status: 'Choose the status',
    })
    expect(messages({ ...base, consent: true }, updateSchema)['']).toBe('Unrecognized key: "consent"')
  })
})

describe('the list request', () => {
  it('defaults to the service limit of 10 and the newest edit first', () => {
    const parsed = caseFilterRequest.parse({})
    expect(parsed).toEqual({ limit: 10, offset: 0 })
    expect(caseSortEntries(parsed.sort)).toEqual([['lastEditedDate', -1]])
  })

  it('keeps the sort map in its order', () => {
    const parsed = caseFilterRequest.parse({ limit: 20, sort: { caseTemplate: 1, createdAt: -1 } })
    expect(caseSortEntries(parsed.sort)).toEqual([
      ['caseTemplate', 1],
      ['createdAt', -1],
    ])
  })

  it.each([
    [{ sort: { patientNmae: 1 } }, 'sort.patientNmae'],
    [{ sort: { caseNo: 'asc' } }, 'sort.caseNo'],
    [{ sort: { caseNo: 0 } }, 'sort.caseNo'],
    [{ sort: { caseNo: 1, createdAt: 1, status: 1, urgency: 1 } }, 'sort'],
    [{ sort: [] }, 'sort'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 101 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ caseTemplate: ['x'] }, 'caseTemplate.0'],
    [{ status: ['open', 'gone'] }, 'status.1'],
    [{ createdFrom: 10, createdTo: 5 }, 'createdTo'],
    [{ editedFrom: 10, editedTo: 5 }, 'editedTo'],
    [{ createdBy: 'abc' }, 'createdBy'],
    [{ page: 2 }, ''],
  ])('%j is refused at %s', (body, path) => {
    const result = caseFilterRequest.safeParse(body)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.path.join('.'))).toContain(path)
  })

  it.each([
    ['HEALTH-000042', 42],
    ['health-42', 42],
    ['000042', 42],
    ['42', 42],
    [' 7 ', 7],
    ['0', null],
    ['HEALTH-', null],
    ['4 2', null],
    ['HEALTH-00A42', null],
  ])('case number %j is case %j', (text, seq) => {
    expect(caseSeqOf(text)).toBe(seq)
  })

  it('formats case numbers by entity, six digits', () => {
    expect(formatCaseNo('HEALTH', 42)).toBe('HEALTH-000042')
    expect(formatCaseNo('HEALTH', 1234567)).toBe('HEALTH-1234567')
  })
})

itLabels(caseTemplates, [
  ['chest_pain_triage', 'Chest pain triage'],
  ['diabetes_review', 'Diabetes review'],
  ['dental', 'Unknown (dental)'],
])
itLabels(caseStatuses, [
  ['open', 'Open'],
  ['in_review', 'In review'],
  ['archived', 'Unknown (archived)'],
])
itLabels(caseUrgencies, [
  ['emergency', 'Emergency'],
  ['soon', 'Within 48 hours'],
])
