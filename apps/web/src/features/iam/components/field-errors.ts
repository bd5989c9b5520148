import type { z } from 'zod'
import { ApiError } from '@/lib/http'

/** Validation messages of a form, by the field's dotted path (`name`, `grants.0.role_id`, `statements.2.action_code`). */
export type FieldErrors = Record<string, string>

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.')

/** The first message for each field of a failed zod parse (a field can break several rules; one message is enough). */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = pathOf(issue.path)
    out[key] ??= issue.message
  }
  return out
}

/** Parses a form's request with the contract's schema: the request to send, or the message beside every field. */
export function validateForm<S extends z.ZodType>(
  schema: S,
  value: unknown,
): { ok: true; data: z.output<S> } | { ok: false; errors: FieldErrors } {
  const parsed = schema.safeParse(value)
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, errors: zodFieldErrors(parsed.error) }
}

// The server names a field by where it was sent: `body.name`, `query.object_id`, `params.id`.
const LOCATION = /^(body|query|params)\.?/

/**
 * A failed call as the form shows it. A 400 names its fields (`error.issues: [{path: 'body.name', message}]`):
 * those the form shows go beside the field; anything else (another status, a field the form does not have) is the
 * form's own message, so nothing the server says is lost.
 */
export function serverFieldErrors(
  error: unknown,
  formFields: readonly string[],
  fallback: string,
): { fields: FieldErrors; message: string | null } {
  if (!(error instanceof ApiError))
    return { fields: {}, message: error instanceof Error ? error.message : fallback }
  const fields: FieldErrors = {}
  const others: string[] = []
  for (const issue of error.issues) {
    const key = issue.path.replace(LOCATION, '')
    const shown = formFields.some((f) => key === f || key.startsWith(`${f}.`))
    if (shown) fields[key] ??= issue.message
    else others.push(key === '' ? issue.message : `${key}: ${issue.message}`)
  }
  if (error.issues.length === 0) return { fields, message: error.message || fallback }
  return { fields, message: others.length > 0 ? others.join('; ') : null }
}

/**
 * The errors below a prefix, re-keyed relative to it (`grants.1.set_id` under `grants` → `1.set_id`); the prefix's
 * own message (`grants`: "Use at most 50") is under `''`.
 */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {}
  for (const [key, message] of Object.entries(errors)) {
    if (key === prefix) out[''] = message
    else if (key.startsWith(`${prefix}.`)) out[key.slice(prefix.length + 1)] = message
  }
  return out
}

/** After a refused submit, focus goes to the first field with a message, so nobody has to hunt for it. */
export function focusFirstInvalid(form: HTMLElement): void {
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
}
