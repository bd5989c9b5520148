import type { TemplateFilterRequest, TemplateWriteInput } from '@portal/contract'
import { deletedResponse, templateFilterResponse, templateResponse } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { templateKeys } from './template-keys'

/** POST /iot/templates/filter (B §7): a page of the machine templates and the count. */
export const filterTemplates = (body: TemplateFilterRequest, signal?: AbortSignal) =>
  mainApi
    .post('/iot/templates/filter', body, templateFilterResponse, signal ? { signal } : {})
    .then((r) => r.data)

export function useTemplate(uuid: string | undefined) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: templateKeys.detail(entityCode, uuid ?? ''),
    queryFn: ({ signal }) =>
      mainApi.get(`/iot/templates/${uuid ?? ''}`, templateResponse, { signal }).then((r) => r.data),
    enabled: uuid !== undefined && uuid !== '',
  })
}

/** Creates (no uuid) or replaces a template; its lists and detail are refetched after. */
export function useSaveTemplate(uuid: string | null) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: TemplateWriteInput) =>
      (uuid === null
        ? mainApi.post('/iot/templates', body, templateResponse)
        : mainApi.put(`/iot/templates/${uuid}`, body, templateResponse)
      ).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  })
}

export function useDeleteTemplate(uuid: string) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => mainApi.delete(`/iot/templates/${uuid}`, deletedResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys.all }),
  })
}
