import type { PaymentConfigAccessLevel } from '@portal/contract'
import {
  INTEGRATION_OPTIONS_POLICY,
  PAYMENT_CONFIG_POLICY,
  paymentConfigAccessLevel,
  policyCheckResponse,
} from '@portal/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { policyQueryKey } from '@/lib/policy/use-policies'
import { countChildEntities } from '@/lib/session/session-api'
import { useSession } from '@/lib/session/session-store'
import { childEntitiesCountKey } from '@/lib/session/use-entity-settings-access'

type PolicyRef = { readonly app_code: string; readonly resource_code: string }

/** POST /iam/policies/check, under the key the navigation and the top bar use, so one answer serves them all. */
export function policyCheckQueryOptions(entityCode: string | null, policy: PolicyRef) {
  return queryOptions({
    queryKey: policyQueryKey(entityCode, policy),
    queryFn: ({ signal }) =>
      mainApi
        .post('/iam/policies/check', { ...policy }, policyCheckResponse, { signal })
        .then((r) => r.data.allowed_action),
    staleTime: 60_000,
    retry: false,
  })
}

/** null while the check is running. */
export type AccessLevel = PaymentConfigAccessLevel | null

/** What a level lets the screens do (A §6): 3 creates, edits and deletes; 2 creates and edits; 1 views. */
export const canView = (level: AccessLevel) => (level ?? 0) >= 1
export const canEdit = (level: AccessLevel) => (level ?? 0) >= 2
export const canDelete = (level: AccessLevel) => (level ?? 0) >= 3

/**
 * A level from a policy check's answer: null while it runs, 0 when it failed (A §8: what needs the policy stays
 * disabled), 3 for a platform administrator answered with no allowed action (A §6), else the highest action's level.
 */
export function accessLevel(
  answer: readonly { action_code: string }[] | 'error' | undefined,
  isPlatformAdmin: boolean,
): AccessLevel {
  if (answer === 'error') return 0
  if (answer === undefined) return null
  if (answer.length === 0) return isPlatformAdmin ? 3 : 0
  return paymentConfigAccessLevel(answer)
}

/**
 * The access levels of the two parts of entity settings for the current user and entity: payment configuration
 * (payment, payment-configs/*) and integration options (iam, integration-options/*), each 3/2/1 from the allowed
 * actions (A §6). A platform administrator answered with no allowed action counts as 3; a failed check as 0, so
 * what needs the policy stays disabled (A §8).
 */
export function useSettingsAccess(): { payment: AccessLevel; integration: AccessLevel } {
  const { entityCode, isPlatformAdmin, isLoggedIn } = useSession()
  const payment = useQuery({
    ...policyCheckQueryOptions(entityCode, PAYMENT_CONFIG_POLICY),
    enabled: isLoggedIn,
  })
  const integration = useQuery({
    ...policyCheckQueryOptions(entityCode, INTEGRATION_OPTIONS_POLICY),
    enabled: isLoggedIn,
  })
  const level = (q: typeof payment) => accessLevel(q.isError ? 'error' : q.data, isPlatformAdmin)
  return { payment: level(payment), integration: level(integration) }
}

/**
 * How many child entities the user has (A §5's check, limit 1): the same cache entry as the top bar's rule, so
 * opening entity settings asks nothing again. null while the check runs; 0 when it failed.
 */
export function useChildEntityCount(): number | null {
  const { entityCode, user, isLoggedIn } = useSession()
  const userUuid = user?.user_uuid ?? null
  const query = useQuery({
    queryKey: childEntitiesCountKey(entityCode, userUuid),
    queryFn: ({ signal }) => countChildEntities(userUuid ?? '', signal),
    enabled: isLoggedIn && userUuid !== null,
    staleTime: 60_000,
  })
  if (query.isError) return 0
  return query.data ?? null
}
