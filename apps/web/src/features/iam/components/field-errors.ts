import type { TFunction } from 'i18next'
import { localizeMessage } from './messages'

/** Validation messages of a form, by the field's dotted path (`name`, `grants.0.role_id`, `statements.2.action_code`). */
export type FieldErrors = Record<string, string>

// The parts of a react-hook-form error that are not nested fields.
const OWN = new Set(['message', 'type', 'types', 'ref'])

/**
 * A form's errors (react-hook-form's tree) as one message per dotted path, in the interface language: the editors of
 * lists (grants, statements) show each row's messages beside its cells. A list's own message (`Choose at least one
 * policy`) is under the list's path, whether react-hook-form put it on the list or on its `root`.
 */
export function flatErrors(tree: unknown, t: TFunction, prefix = ''): FieldErrors {
  if (typeof tree !== 'object' || tree === null) return {}
  const node = tree as Record<string, unknown>
  const out: FieldErrors = {}
  if (typeof node.message === 'string' && node.message !== '') out[prefix] = localizeMessage(t, node.message)
  for (const [key, value] of Object.entries(node)) {
    if (OWN.has(key) || value === undefined) continue
    const path = key === 'root' ? prefix : prefix === '' ? key : `${prefix}.${key}`
    for (const [p, message] of Object.entries(flatErrors(value, t, path))) out[p] ??= message
  }
  return out
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
