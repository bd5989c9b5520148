import { PAYMENT_CONFIG_POLICY, POLICY_TOAST_MS } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '@/components/ui/toast/toast'
import { policyQueryKey } from '@/lib/policy/use-policies'
import type { CheckResult, EntitySettingsAccess } from './entity-settings-access'
import { entitySettingsAccess } from './entity-settings-access'
import { checkPolicy, countChildEntities } from './session-api'
import { useSession } from './session-store'

export function childEntitiesCountKey(entityCode: string | null, userUuid: string | null) {
  return ['iam', 'child-entities', 'count', entityCode, userUuid] as const
}

function resultOf<T>(query: { isPending: boolean; isError: boolean; data: T | undefined }): CheckResult<T> {
  if (query.isError) return 'error'
  if (query.isPending || query.data === undefined) return 'loading'
  return query.data
}

/**
 * The entity-settings rule of A §5 for the current user and entity. A platform administrator is allowed without
 * asking; otherwise the payment-configs policy check and the child-entity count (limit 1) run side by side. Both
 * keys carry the entity code, so switching entity checks again. A failed policy check shows the toast of A §8.
 */
export function useEntitySettingsAccess(): EntitySettingsAccess {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const { isLoggedIn, isPlatformAdmin, entityCode, user } = useSession()
  const userUuid = user?.user_uuid ?? null
  const enabled = isLoggedIn && !isPlatformAdmin && entityCode !== null && userUuid !== null

  const policy = useQuery({
    queryKey: policyQueryKey(entityCode, PAYMENT_CONFIG_POLICY),
    queryFn: ({ signal }) => checkPolicy(PAYMENT_CONFIG_POLICY, signal),
    enabled,
    // The same entry the navigation's policy checks use (use-policies), with the same freshness.
    staleTime: 60_000,
    retry: false,
  })
  const children = useQuery({
    queryKey: childEntitiesCountKey(entityCode, userUuid),
    queryFn: ({ signal }) => countChildEntities(userUuid ?? '', signal),
    enabled,
    staleTime: 60_000,
  })

  const policyFailed = enabled && policy.isError
  useEffect(() => {
    if (!policyFailed) return
    // The same id as the navigation's toast: one failure shows one toast.
    addToast({
      id: 'policy-fetch-failed',
      title: t('policy.fetchFailedTitle'),
      message: t('policy.fetchFailedMessage'),
      timeout: POLICY_TOAST_MS,
      dismissable: true,
      variant: 'error',
    })
  }, [policyFailed, addToast, t])

  if (!isLoggedIn) return 'denied'
  if (isPlatformAdmin) return 'allowed'
  if (!enabled) return 'loading'
  return entitySettingsAccess(false, resultOf(policy), resultOf(children))
}
