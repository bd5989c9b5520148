import type { PolicyRef, PolicyState } from '@portal/contract'
import { policyAllows, POLICY_TOAST_MS } from '@portal/contract'
import { useQueries } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '@/components/ui/toast/toast'
import { checkPolicy } from '@/lib/session/session-api'
import { useSession } from '@/lib/session/session-store'

const keyOf = (p: Pick<PolicyRef, 'app_code' | 'resource_code'>) => `${p.app_code}:${p.resource_code}`

export function policyQueryKey(entityCode: string | null, p: Pick<PolicyRef, 'app_code' | 'resource_code'>) {
  return ['policy', entityCode, p.app_code, p.resource_code] as const
}

/**
 * Checks policies for the current entity (POST /iam/policies/check) and answers loading / allowed / denied for
 * each. A failed check denies and shows the toast of A §8 once per failure.
 */
export function usePolicies(policies: readonly PolicyRef[]): (policy: PolicyRef) => PolicyState {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const session = useSession()
  const unique = useMemo(() => {
    const seen = new Map<string, PolicyRef>()
    for (const p of policies) seen.set(keyOf(p), p)
    return [...seen.values()]
  }, [policies])

  const results = useQueries({
    queries: unique.map((p) => ({
      queryKey: policyQueryKey(session.entityCode, p),
      queryFn: ({ signal }: { signal: AbortSignal }) => checkPolicy(p, signal),
      enabled: session.isLoggedIn,
      staleTime: 60_000,
      retry: false,
    })),
  })

  const failed = results.some((r) => r.isError)
  const toasted = useRef(false)
  useEffect(() => {
    if (failed && !toasted.current) {
      toasted.current = true
      addToast({
        id: 'policy-fetch-failed',
        title: t('policy.fetchFailedTitle'),
        message: t('policy.fetchFailedMessage'),
        timeout: POLICY_TOAST_MS,
        dismissable: true,
        variant: 'error',
      })
    }
    if (!failed) toasted.current = false
  }, [failed, addToast, t])

  return useCallback(
    (policy: PolicyRef): PolicyState => {
      const index = unique.findIndex((p) => keyOf(p) === keyOf(policy))
      const result = results[index]
      if (!result || result.isPending) return 'loading'
      if (result.isError) return 'denied'
      return policyAllows(result.data, policy.action_code, session.isPlatformAdmin) ? 'allowed' : 'denied'
    },
    [results, unique, session.isPlatformAdmin],
  )
}
