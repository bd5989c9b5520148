import type { EntityUpdateRequest } from '@portal/contract'
import { entityResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { refresh, useSession } from '@/lib/session/session-store'

/**
 * The query keys of an entity's profile, defined once: IAM's entity list and entity settings' child entities both
 * open it (GET /iam/entities/{id or code}).
 */
export const entityProfileKeys = {
  all: ['entity-profile'] as const,
  detail: (entityCode: string | null, idOrCode: string) =>
    [...entityProfileKeys.all, entityCode, idOrCode] as const,
  /** The mutation key of a profile's change, so the dialog's Save button can show it running. */
  update: (code: string) => [...entityProfileKeys.all, 'update', code] as const,
}

/** GET /iam/entities/{id or code}: one entity's profile (a member's, a child entity's, any for an administrator). */
export function useEntityProfile(idOrCode: string | null) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: entityProfileKeys.detail(entityCode, idOrCode ?? ''),
    queryFn: ({ signal }) =>
      mainApi
        .get(`/iam/entities/${encodeURIComponent(idOrCode ?? '')}`, entityResponse, { signal })
        .then((r) => r.data),
    enabled: idOrCode !== null && idOrCode !== '',
  })
}

/** PUT /iam/entities/{code}: an entity's profile; `onSaved` refreshes the list it was opened from. */
export function useUpdateEntityProfile(code: string, onSaved?: () => Promise<unknown> | undefined) {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return useMutation({
    mutationKey: entityProfileKeys.update(code),
    mutationFn: (body: EntityUpdateRequest) =>
      mainApi.put(`/iam/entities/${encodeURIComponent(code)}`, body, entityResponse).then((r) => r.data),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entityProfileKeys.all }),
        onSaved?.(),
        // The current entity's name and logo are in the top bar: the session reads them again.
        code === entityCode ? refresh() : undefined,
      ]),
  })
}
