import type { PolicyState } from '@portal/contract'
import { usePolicies } from '@/lib/policy/use-policies'

/** The alerts' permission (app `iam`, resource `alerts/*`): read sees them, edit acts on them and edits the rules. */
export const ALERTS_READ = { app_code: 'iam', resource_code: 'alerts/*', action_code: 'read' } as const
export const ALERTS_EDIT = { app_code: 'iam', resource_code: 'alerts/*', action_code: 'edit' } as const
const POLICIES = [ALERTS_READ, ALERTS_EDIT]

/**
 * What the signed-in user may do with the entity's alerts, from one policy check (the navigation's cache entry):
 * loading, allowed or denied, for reading and for editing. The server enforces it; this only hides what would fail.
 */
export function useAlertAccess(): { read: PolicyState; edit: PolicyState } {
  const state = usePolicies(POLICIES)
  return { read: state(ALERTS_READ), edit: state(ALERTS_EDIT) }
}
