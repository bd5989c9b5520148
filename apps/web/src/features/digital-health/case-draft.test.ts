import type { CaseDetail } from '@portal/contract'
import { CASE_QUESTIONS, caseCreateSchema, caseUpdateSchema } from '@portal/contract'
import { describe, expect, it } from 'vitest'
import {
  answersOf,
  answerValue,
  draftOf,
  EMPTY_CASE_DRAFT,
  formFieldOrder,
  toCreateBody,
  toUpdateBody,
} from './case-draft'

const question = (key: string) => {
  for (const list of Object.values(CASE_QUESTIONS)) {
    const q = list.find((x) => x.key === key)
    if (q) return q
  }
  throw new Error(key)
}

describe('typed answers become API values', () => {
  it.each([
    ['radiates', 'yes', true],
    ['radiates', 'no', false],
    ['radiates', '', undefined],
    ['pain_score', '7', 7],
    ['hba1c', '7,4', 7.4],
    ['pain_score', ' ', undefined],
    ['pain_onset', 'under_1h', 'under_1h'],
    ['remarks', '  tired  ', 'tired'],
  ])('%s %j → %j', (key, text, value) => {
    expect(answerValue(question(key), text)).toBe(value)
  })

  it('keeps text that is not a number as NaN, so the schema says "Enter a number"', () => {
    expect(answerValue(question('pain_score'), 'seven')).toBeNaN()
  })

  it("drops answers to another template's questions", () => {
    expect(answersOf('diabetes_review', { hba1c: '7.1', pain_score: '3', on_insulin: 'no' })).toEqual({
      hba1c: 7.1,
      on_insulin: false,
    })
    expect(answersOf('', { hba1c: '7.1' })).toEqual({})
  })
})

describe('the draft and the requests', () => {
  const TODAY = () => '2026-11-23'
  const filled = {
    ...EMPTY_CASE_DRAFT,
    caseTemplate: 'fever_screening',
    patientName: 'Lim Kok Wah',
    idNumber: 's1234567d',
    dateOfBirth: '1975-09-30',
    sex: 'M',
    mobileNumber: '8123 4567',
    siteCode: 'JE',
    urgency: 'soon',
    answers: { temperature: '38.6', days_of_fever: '2', cough: 'yes', recent_travel: 'no' },
    consent: true,
  }

  it('an empty intake breaks the rules of every required field', () => {
    const result = caseCreateSchema(TODAY).safeParse(toCreateBody(EMPTY_CASE_DRAFT))
    const paths = new Set(result.error?.issues.map((i) => i.path.join('.')))
    for (const field of [
      'caseTemplate',
      'patientName',
      'idNumber',
      'dateOfBirth',
      'sex',
      'mobileNumber',
      'siteCode',
      'urgency',
      'consent',
    ])
      expect(paths.has(field), field).toBe(true)
  })

  it('a filled intake is a valid request', () => {
    const parsed = caseCreateSchema(TODAY).parse(toCreateBody(filled))
    expect(parsed).toMatchObject({
      idNumber: 'S1234567D',
      mobileNumber: '81234567',
      answers: { temperature: 38.6, days_of_fever: 2, cough: true, recent_travel: false },
      consent: true,
    })
  })

  it('a stored case opens as a draft that saves back unchanged (ID blank: kept)', () => {
    const stored: CaseDetail = {
      caseId: 'c-1',
      caseNo: 'HEALTH-000001',
      caseTemplate: 'fever_screening',
      status: 'in_review',
      urgency: 'soon',
      patientName: 'Lim Kok Wah',
      siteCode: 'JE',
      siteName: 'CareBridge Jurong East',
      createdBy: 'A',
      createdByUuid: 'a',
      updatedBy: 'B',
      updatedByUuid: 'b',
      createdAt: 1,
      lastEditedDate: 2,
      idType: 'nric_fin',
      idNumberMasked: 'S****567D',
      dateOfBirth: '1975-09-30',
      sex: 'M',
      dialCode: '65',
      mobileNumber: '81234567',
      answers: { temperature: 38.6, days_of_fever: 2, cough: true, recent_travel: false },
      notes: '',
      consentAt: 1,
      version: 4,
      canEdit: true,
      history: [],
    }
    const body = caseUpdateSchema(TODAY).parse(toUpdateBody(draftOf(stored), stored.version))
    expect(body).toMatchObject({
      idNumber: '',
      status: 'in_review',
      version: 4,
      answers: stored.answers,
      comment: '',
    })
  })

  it('orders the fields as the form shows them, the questions of the template in the middle', () => {
    const order = formFieldOrder('chest_pain_triage')
    expect(order.indexOf('mobileNumber')).toBeLessThan(order.indexOf('answers.pain_onset'))
    expect(order.indexOf('answers.short_of_breath')).toBeLessThan(order.indexOf('notes'))
  })
})
