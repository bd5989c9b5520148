import type { AuthGroupConfig, CredentialKind, SubmitTestRequest, TestResult } from '@portal/contract'
import { credentialKinds, submissionIssues } from '@portal/contract'
import { z } from 'zod'

/** What the supervisor has typed, as text (the form's state). */
export interface SubmitDraft {
  group: string
  person: string
  result: string
  testKitProvider: string
  testKitLotNo: string
  testKitID: string
  credentials: Partial<Record<CredentialKind, string>>
  imageUrl: string
  siteRef: string
  /** A datetime-local value ("2026-11-20T09:30"), local time. */
  submittedAt: string
}

export function emptyDraft(group = '', person = '', now = new Date()): SubmitDraft {
  return {
    group,
    person,
    result: '',
    testKitProvider: '',
    testKitLotNo: '',
    testKitID: '',
    credentials: {},
    imageUrl: '',
    siteRef: '',
    submittedAt: toLocalInput(now),
  }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A date as a datetime-local value in the browser's time zone, to the minute. */
export function toLocalInput(date: Date): string {
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`
}

/** Epoch ms of a datetime-local value, or undefined when blank or invalid. */
export function fromLocalInput(value: string): number | undefined {
  if (value.trim() === '') return undefined
  const ms = new Date(value).getTime()
  return Number.isNaN(ms) ? undefined : ms
}

/**
 * The body of POST /testInstances: only what the group's configuration uses (A §3, with A §5's fallback already
 * applied to `config`), blanks left out, the test time as epoch ms.
 */
export function submitBody(draft: SubmitDraft, config: AuthGroupConfig): SubmitTestRequest {
  const text = (v: string) => (v.trim() === '' ? undefined : v.trim())
  const credentials: Partial<Record<CredentialKind, string>> = {}
  for (const kind of config.credentials) {
    const value = text(draft.credentials[kind] ?? '')
    if (value !== undefined) credentials[kind] = value
  }
  const body: SubmitTestRequest = {
    group: draft.group,
    person: draft.person,
    result: draft.result as TestResult,
    testKitProvider: draft.testKitProvider.trim(),
    credentials,
  }
  const lot = config.useTestKitLotNo ? text(draft.testKitLotNo) : undefined
  if (lot !== undefined) body.testKitLotNo = lot
  const kit = config.useTestKitID ? text(draft.testKitID) : undefined
  if (kit !== undefined) body.testKitID = kit
  const image = config.image.allowed || config.image.required ? text(draft.imageUrl) : undefined
  if (image !== undefined) body.imageUrl = image
  const site = text(draft.siteRef)
  if (site !== undefined) body.siteRef = site
  const at = fromLocalInput(draft.submittedAt)
  if (at !== undefined) body.submittedAt = at
  return body
}

/** Messages by field path (`person`, `credentials.testID`, ...): what must be fixed before sending. */
export function draftErrors(
  draft: SubmitDraft,
  config: AuthGroupConfig,
  now: number,
  messages: { required: string; invalidTime: string },
): Record<string, string> {
  const errors: Record<string, string> = {}
  if (draft.group === '') errors.group = messages.required
  if (draft.person === '') errors.person = messages.required
  if (draft.result === '') errors.result = messages.required
  if (draft.testKitProvider.trim() === '') errors.testKitProvider = messages.required
  if (draft.submittedAt.trim() !== '' && fromLocalInput(draft.submittedAt) === undefined)
    errors.submittedAt = messages.invalidTime
  const body = submitBody(draft, config)
  for (const issue of submissionIssues(config, body, now)) errors[issue.path] ??= issue.message
  return errors
}

/** What the form's fields hold (react-hook-form's values): the draft, a credential not yet typed absent. */
export const submitFormValues = z.object({
  group: z.string(),
  person: z.string(),
  result: z.string(),
  testKitProvider: z.string(),
  testKitLotNo: z.string(),
  testKitID: z.string(),
  credentials: z.record(z.string(), z.string().optional()),
  imageUrl: z.string(),
  siteRef: z.string(),
  submittedAt: z.string(),
})
export type SubmitFormValues = z.input<typeof submitFormValues>

/**
 * The form's schema (docs/decisions/0033-forms.md): the group's configuration decides what is asked, the
 * contract's `submissionIssues` what is wrong (the server applies the same), and a valid draft becomes the body.
 */
export function submitFormSchema(
  config: AuthGroupConfig,
  messages: { required: string; invalidTime: string },
  now: () => number = Date.now,
) {
  return submitFormValues.transform((values, ctx): SubmitTestRequest => {
    const credentials: Partial<Record<CredentialKind, string>> = {}
    for (const kind of credentialKinds.values) {
      const value = values.credentials[kind]
      if (value !== undefined) credentials[kind] = value
    }
    const draft: SubmitDraft = { ...values, credentials }
    const errors = draftErrors(draft, config, now(), messages)
    for (const [path, message] of Object.entries(errors))
      ctx.addIssue({ code: 'custom', path: path.split('.'), message })
    return Object.keys(errors).length === 0 ? submitBody(draft, config) : z.NEVER
  })
}
