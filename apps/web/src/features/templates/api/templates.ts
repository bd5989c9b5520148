import type { TemplateFilterData, TemplateFilterRequest, TemplateWriteInput } from '@portal/contract'
import { deletedResponse, templateFilterResponse, templateResponse } from '@portal/contract'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'

const templateKeys = (entityCode: string | null) => ['templates', entityCode] as const

export function useTemplates(body: TemplateFilterRequest) {
  const { entityCode } = useSession()
  return useQuery(
    queryOptions<TemplateFilterData>({
      queryKey: [...templateKeys(entityCode), 'filter', body],
      queryFn: ({ signal }) =>
        mainApi.post('/iot/templates/filter', body, templateFilterResponse, { signal }).then((r) => r.data),
      placeholderData: (previous) => previous,
    }),
  )
}

export function useTemplate(uuid: string | undefined) {
  const { entityCode } = useSession()
  return useQuery({
    queryKey: [...templateKeys(entityCode), 'detail', uuid],
    queryFn: ({ signal }) =>
      mainApi.get(`/iot/templates/${uuid ?? ''}`, templateResponse, { signal }).then((r) => r.data),
    enabled: uuid !== undefined && uuid !== '',
  })
}

/** Creates (no uuid) or replaces a template; its lists and detail are refetched after. */
export function useSaveTemplate(uuid: string | null) {
  const { entityCode } = useSession()
  const client = useQueryClient()
  return useMutation({
    mutationFn: (body: TemplateWriteInput) =>
      (uuid === null
        ? mainApi.post('/iot/templates', body, templateResponse)
        : mainApi.put(`/iot/templates/${uuid}`, body, templateResponse)
      ).then((r) => r.data),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys(entityCode) }),
  })
}

export function useDeleteTemplate(uuid: string) {
  const { entityCode } = useSession()
  const client = useQueryClient()
  return useMutation({
    mutationFn: () => mainApi.delete(`/iot/templates/${uuid}`, deletedResponse),
    onSuccess: () => client.invalidateQueries({ queryKey: templateKeys(entityCode) }),
  })
}
