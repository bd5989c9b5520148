import { usePolicyChoices } from '../api/policies'
import { useRoleChoices } from '../api/roles'
import { useSetChoices } from '../api/sets'
import type { GrantChoices } from '../components/grants-editor'
import { useIamAccess } from '../components/iam-access'

/** The roles, policies and sets a grant can name; each list only when the user may read it. */
export function useGrantChoices(enabled: boolean): GrantChoices {
  const access = useIamAccess()
  const roles = useRoleChoices(enabled && access.can('roles', 'read'))
  const policies = usePolicyChoices(enabled && access.can('policies', 'read'))
  const sets = useSetChoices(enabled && access.can('sets', 'read'))
  return {
    roles: roles.data?.roles ?? [],
    policies: policies.data?.policies ?? [],
    sets: sets.data?.sets ?? [],
  }
}
