import { defineCatalogue, type ValueOf } from './catalogue'

/** Action codes of a policy (A §6). `*` is the wildcard action. */
export const Action = { read: 'read', edit: 'edit', all: 'all', any: '*' } as const
export type Action = ValueOf<typeof Action>

export const ACTIONS = defineCatalogue('action', [
  [Action.read, 'Read'],
  [Action.edit, 'Edit'],
  [Action.all, 'All'],
  [Action.any, 'Any (*)'],
])

/** What an app/resource/action check asks for (A §3 "Link", "Policy check"). */
export interface PolicyRef {
  readonly app_code: string
  readonly resource_code: string
  readonly action_code: string
}

/**
 * The coverage table of A §6: needed → the granted actions that meet it. `*` is not in the spec's "needed" column;
 * we treat it like `all` (met by all or *).
 */
const COVERED_BY: Readonly<Record<Action, readonly Action[]>> = {
  read: ['read', 'edit', 'all', '*'],
  edit: ['edit', 'all', '*'],
  all: ['all', '*'],
  '*': ['all', '*'],
}

function isAction(value: string): value is Action {
  return Object.hasOwn(COVERED_BY, value)
}

/** Whether a granted action meets a needed one. An action outside the catalogue is met only by itself or `*`. */
export function actionCovers(granted: string, needed: string): boolean {
  if (isAction(needed)) return COVERED_BY[needed].some((a) => a === granted)
  return granted === needed || granted === Action.any
}

/**
 * A policy check passes when any granted action covers the needed one. When the server returns no allowed action
 * at all, a platform administrator passes anyway (A §6).
 */
export function policyAllows(
  allowedActions: readonly { readonly action_code: string; readonly set_code?: string }[],
  needed: string,
  isPlatformAdmin: boolean,
): boolean {
  if (allowedActions.length === 0) return isPlatformAdmin
  return allowedActions.some((a) => actionCovers(a.action_code, needed))
}

/** Payment-config access level: 3 for all or *, 2 for edit, 1 for read, 0 for none; the highest wins (A §6). */
export type PaymentConfigAccessLevel = 0 | 1 | 2 | 3

const ACCESS_LEVEL: Readonly<Record<Action, PaymentConfigAccessLevel>> = { read: 1, edit: 2, all: 3, '*': 3 }

export function paymentConfigAccessLevel(
  actions: readonly (string | { readonly action_code: string })[],
): PaymentConfigAccessLevel {
  let level: PaymentConfigAccessLevel = 0
  for (const item of actions) {
    const code = typeof item === 'string' ? item : item.action_code
    const granted = isAction(code) ? ACCESS_LEVEL[code] : 0
    if (granted > level) level = granted
  }
  return level
}

/** The policy that opens payment configuration in entity settings (A §3). */
export const PAYMENT_CONFIG_POLICY = { app_code: 'payment', resource_code: 'payment-configs/*' } as const

/**
 * Whether a resource code matches a pattern. `*` matches exactly one path segment, or, as the last segment, one or
 * more segments: 'users/*' matches 'users/42' and 'users/42/roles' but not 'users'; '*' alone matches everything.
 */
export function resourceMatches(pattern: string, resource: string): boolean {
  if (pattern === '*') return true
  const want = pattern.split('/')
  const have = resource.split('/')
  for (const [i, segment] of want.entries()) {
    const actual = have[i]
    if (actual === undefined) return false
    if (segment === '*') {
      if (i === want.length - 1) return true
      continue
    }
    if (segment !== actual) return false
  }
  return have.length === want.length
}
