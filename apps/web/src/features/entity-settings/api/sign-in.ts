import { entityResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import type { AccessLevel } from './settings-access'
import { accessLevel, policyCheckQueryOptions } from './settings-access'

/** Changing the entity itself (PUT /iam/entities/{code}) asks edit on iam / entities/*, as the server does. */
export const ENTITY_POLICY = { app_code: 'iam', resource_code: 'entities/*' } as const

/** The sign-in settings' one query key: the current entity as the server has it now. */
export const signInKey = (entityCode: string | null) => ['entity-settings', entityCode, 'sign-in'] as const

export function useSignInLevel(): AccessLevel {
  const { entityCode, isPlatformAdmin, isLoggedIn } = useSession()
  const check = useQuery({ ...policyCheckQueryOptions(entityCode, ENTITY_POLICY), enabled: isLoggedIn })
  return accessLevel(check.isError ? 'error' : check.data, isPlatformAdmin)
}

/** GET /iam/entities/{code}: read afresh, since the session's copy of the entity does not follow a change. */
export function useEntitySignIn() {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: signInKey(entityCode),
    queryFn: ({ signal }) =>
      mainApi
        .get(`/iam/entities/${encodeURIComponent(entityCode ?? '')}`, entityResponse, { signal })
        .then((r) => r.data),
    enabled: entityCode !== null,
  })
}

/** PUT /iam/entities/{code} `{ require_sso }`. */
export function useSetRequireSso() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return useMutation({
    mutationFn: (requireSso: boolean) =>
      mainApi
        .put(
          `/iam/entities/${encodeURIComponent(entityCode ?? '')}`,
          { require_sso: requireSso },
          entityResponse,
        )
        .then((r) => r.data),
    onSuccess: (entity) => queryClient.setQueryData(signInKey(entityCode), entity),
  })
}
