import type { SavedView, SavedViewCreateRequest, SavedViewUpdateRequest } from '@portal/contract'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useSession } from '@/lib/session/session-store'
import {
  createSavedView,
  deleteSavedView,
  filterSavedViews,
  savedViewKeys,
  updateSavedView,
} from './saved-views-api'

/** A list's views, and what changes them (each change reads the list again). */
export function useSavedViews(list: string, enabled: boolean) {
  const { entityCode, isLoggedIn } = useSession()
  const queryClient = useQueryClient()
  const key = savedViewKeys.list(entityCode, list)
  const query = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => filterSavedViews(list, signal),
    enabled: enabled && isLoggedIn,
    staleTime: 30_000,
    retry: false,
  })
  const invalidate = () => queryClient.invalidateQueries({ queryKey: key })
  const create = useMutation({
    mutationFn: (body: SavedViewCreateRequest) => createSavedView(body),
    onSuccess: invalidate,
  })
  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: SavedViewUpdateRequest }) => updateSavedView(id, body),
    onSuccess: invalidate,
  })
  const remove = useMutation({ mutationFn: (id: number) => deleteSavedView(id), onSuccess: invalidate })
  const views: readonly SavedView[] = query.data?.views ?? []
  return { query, views, create, update, remove }
}
