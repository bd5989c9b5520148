import { useQuery } from '@tanstack/react-query'
import { useSession } from '@/lib/session/session-store'
import type * as RoamingRules from './roaming-rules'
import type { AccessLevel } from './settings-access'
import { accessLevel, policyCheckQueryOptions } from './settings-access'

/** The rules, loaded once per page load and kept (they are code, not data). */
let rules: Promise<typeof RoamingRules> | null = null
const loadRules = () => (rules ??= import('./roaming-rules'))

/**
 * The access level of roaming (iam, roaming/*) for the current user and entity, as `useWebhooksLevel`: read opens
 * the tab, edit sets the identity and adds, suspends, resumes and deletes partners. Entity admins are answered every
 * action. An entity that plays no OCPI role (`ocpiRolesOf` of its industries is empty) has no Roaming tab: 0, and
 * the policy is not asked. null while either is being learnt.
 */
export function useRoamingLevel(): AccessLevel {
  const { entity, entityCode, isPlatformAdmin, isLoggedIn } = useSession()
  const loaded = useQuery({
    queryKey: ['entity-settings', 'roaming-rules'],
    queryFn: loadRules,
    staleTime: Infinity,
    gcTime: Infinity,
  })
  const plays = loaded.data ? loaded.data.ocpiRolesOf(entity?.industries ?? []).length > 0 : false
  const check = useQuery({
    ...policyCheckQueryOptions(
      entityCode,
      loaded.data?.ROAMING_POLICY ?? { app_code: '', resource_code: '' },
    ),
    enabled: isLoggedIn && plays,
  })
  // The rules could not be loaded (a network cut): no tab, as when a policy check fails (A §8).
  if (loaded.isError) return 0
  if (!loaded.data) return null
  if (!plays) return 0
  return accessLevel(check.isError ? 'error' : check.data, isPlatformAdmin)
}
