import type { PolicyRef } from '@portal/contract'
import { usePolicies } from '@/lib/policy/use-policies'

export type IamResourceName = 'users' | 'roles' | 'policies' | 'sets' | 'entities' | 'audit'

const ref = (resource: IamResourceName, action: 'read' | 'edit'): PolicyRef => ({
  app_code: 'iam',
  resource_code: `${resource}/*`,
  action_code: action,
})

// One check per resource (read and edit share it); a module constant, so the checks are not rebuilt each render.
const IAM_POLICIES: readonly PolicyRef[] = (
  ['users', 'roles', 'policies', 'sets', 'entities', 'audit'] as const
).flatMap((r) => [ref(r, 'read'), ref(r, 'edit')])

/**
 * What the signed-in user may do in IAM, from the policy check. Buttons are disabled while a check loads or when it
 * is denied; the server enforces the same rules anyway.
 */
export function useIamAccess() {
  const state = usePolicies(IAM_POLICIES)
  return {
    can: (resource: IamResourceName, action: 'read' | 'edit') => state(ref(resource, action)) === 'allowed',
    loading: (resource: IamResourceName) => state(ref(resource, 'read')) === 'loading',
  }
}
