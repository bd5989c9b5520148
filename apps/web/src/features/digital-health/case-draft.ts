import type { CaseAnswers, CaseDetail, CaseQuestion } from '@portal/contract'
import { CASE_QUESTIONS, caseTemplates, PatientIdType } from '@portal/contract'
import { z } from 'zod'

/**
 * What the case form holds while the operator types: text as typed (answers too), so a half-typed number is not
 * lost. `toCreateBody`/`toUpdateBody` turn it into the request the contract's schema checks, here and on the server.
 */
export interface CaseDraft {
  caseTemplate: string
  patientName: string
  idType: string
  idNumber: string
  dateOfBirth: string
  sex: string
  dialCode: string
  mobileNumber: string
  siteCode: string
  urgency: string
  /** Per question key: the text typed, 'yes'/'no', or a choice value. */
  answers: Record<string, string>
  notes: string
  consent: boolean
  status: string
  comment: string
}

export const EMPTY_CASE_DRAFT: CaseDraft = {
  caseTemplate: '',
  patientName: '',
  idType: PatientIdType.NricFin,
  idNumber: '',
  dateOfBirth: '',
  sex: '',
  dialCode: '65',
  mobileNumber: '',
  siteCode: '',
  urgency: '',
  answers: {},
  notes: '',
  consent: false,
  status: '',
  comment: '',
}

/** The questions of a template value, or none when it is not one. */
export function questionsOf(template: string): readonly CaseQuestion[] {
  const known = caseTemplates.values.find((v) => v === template)
  return known === undefined ? [] : CASE_QUESTIONS[known]
}

/** One typed answer as the API takes it; undefined when unanswered (the schema then says what is missing). */
export function answerValue(
  question: CaseQuestion,
  text: string | undefined,
): CaseAnswers[string] | undefined {
  const value = (text ?? '').trim()
  if (value === '') return undefined
  switch (question.kind) {
    case 'boolean':
      return value === 'yes' ? true : value === 'no' ? false : value
    case 'number':
      // A decimal comma is read as a point; anything else that is not a number stays NaN ("Enter a number").
      return Number(value.replace(',', '.'))
    case 'choice':
    case 'text':
      return value
  }
}

/** The answers of the chosen template; answers to another template's questions are dropped. */
export function answersOf(template: string, raw: Record<string, string>): CaseAnswers {
  const out: CaseAnswers = {}
  for (const question of questionsOf(template)) {
    const value = answerValue(question, raw[question.key])
    if (value !== undefined) out[question.key] = value
  }
  return out
}

function commonBody(d: CaseDraft) {
  return {
    caseTemplate: d.caseTemplate,
    patientName: d.patientName,
    idType: d.idType,
    idNumber: d.idNumber,
    dateOfBirth: d.dateOfBirth,
    sex: d.sex,
    dialCode: d.dialCode,
    mobileNumber: d.mobileNumber,
    siteCode: d.siteCode,
    urgency: d.urgency,
    answers: answersOf(d.caseTemplate, d.answers),
    notes: d.notes,
  }
}

/** The intake request (POST /cases), before the schema checks it. */
export function toCreateBody(d: CaseDraft) {
  return { ...commonBody(d), consent: d.consent }
}

/** The update request (PUT /cases/{caseId}): from the version the form was opened on. */
export function toUpdateBody(d: CaseDraft, version: number) {
  return { ...commonBody(d), status: d.status, comment: d.comment, version }
}

function answerText(value: CaseAnswers[string] | undefined): string {
  if (value === undefined) return ''
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  return String(value)
}

/** The form of a stored case, to update it: the ID is blank (kept unless a new one is typed). */
export function draftOf(c: CaseDetail): CaseDraft {
  const answers: Record<string, string> = {}
  for (const [key, value] of Object.entries(c.answers)) answers[key] = answerText(value)
  return {
    caseTemplate: c.caseTemplate,
    patientName: c.patientName,
    idType: c.idType,
    idNumber: '',
    dateOfBirth: c.dateOfBirth,
    sex: c.sex,
    dialCode: c.dialCode,
    mobileNumber: c.mobileNumber,
    siteCode: c.siteCode,
    urgency: c.urgency,
    answers,
    notes: c.notes,
    consent: true,
    status: c.status,
    comment: '',
  }
}

/** The fields the form shows, in order: where the focus goes for the first message. */
export function formFieldOrder(template: string): string[] {
  return [
    'caseTemplate',
    'siteCode',
    'urgency',
    'status',
    'patientName',
    'idType',
    'idNumber',
    'dateOfBirth',
    'sex',
    'dialCode',
    'mobileNumber',
    ...questionsOf(template).map((q) => `answers.${q.key}`),
    'notes',
    'comment',
    'consent',
  ]
}

/** The info page of a case (A §2 /digital-health/{caseId?}/info). */
export const caseInfoPath = (caseId: string) => `/digital-health/${encodeURIComponent(caseId)}/info`

/**
 * What the form's fields hold (react-hook-form's values): the draft, where a yes/no question not yet answered is
 * null (an unchecked radio group).
 */
export const caseFormValues = z.object({
  caseTemplate: z.string(),
  patientName: z.string(),
  idType: z.string(),
  idNumber: z.string(),
  dateOfBirth: z.string(),
  sex: z.string(),
  dialCode: z.string(),
  mobileNumber: z.string(),
  siteCode: z.string(),
  urgency: z.string(),
  answers: z.record(z.string(), z.string().nullish()),
  notes: z.string(),
  consent: z.boolean(),
  status: z.string(),
  comment: z.string(),
})
export type CaseFormValues = z.input<typeof caseFormValues>

/**
 * The form's schema (docs/decisions/0033-forms.md): the draft becomes the request (`toBody`) and the contract's
 * schema of that request checks it, so each message is the server's own, on the field it names.
 */
export function caseFormSchema<Body>(schema: z.ZodType<Body>, toBody: (draft: CaseDraft) => unknown) {
  return caseFormValues.transform((values, ctx): Body => {
    const answers: Record<string, string> = {}
    for (const [key, value] of Object.entries(values.answers)) answers[key] = value ?? ''
    const parsed = schema.safeParse(toBody({ ...values, answers }))
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
    return z.NEVER
  })
}
