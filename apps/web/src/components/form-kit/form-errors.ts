import type { FieldIssue } from '@portal/contract'
import type { z } from 'zod'
import { ApiError } from '@/lib/http'
import { issueMessage, serverMessage } from '@/lib/server-messages'

/** Validation messages of a form by the field's dotted path in the request (`display_name`, `config.api_key`). */
export type FieldErrors = Record<string, string>

/**
 * Checks a request the way the server will: the contract's schema first, then the rules spanning fields. The body
 * to send, or the message for every field (the first one each, a field can break several rules).
 */
export function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  rules: (parsed: z.output<S>) => FieldIssue[],
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(value)
  const errors: FieldErrors = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) errors[issue.path.map(String).join('.')] ??= issue.message
    return { ok: false, errors }
  }
  for (const issue of rules(parsed.data)) errors[issue.path] ??= issue.message
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, data: parsed.data }
}

/**
 * A failed call as a form shows it: the 400's issues (`body.config.api_key`) beside the fields the form has, and
 * everything else (another status, a field the form does not show) as the form's own message.
 */
export function serverErrors(
  error: unknown,
  fields: readonly string[],
): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError)) return { fields: {}, message: serverMessage(error) || null }
  if (error.issues.length === 0) return { fields: {}, message: serverMessage(error) }
  const out: FieldErrors = {}
  const others: string[] = []
  for (const issue of error.issues) {
    const key = issue.path.replace(/^(body|query|params)\.?/, '')
    // In the reader's language where the server gave the message's code (lib/server-messages.ts).
    const message = issueMessage(issue)
    if (fields.includes(key)) out[key] ??= message
    else others.push(key === '' ? message : `${key}: ${message}`)
  }
  return { fields: out, message: others.length > 0 ? others.join('; ') : null }
}
