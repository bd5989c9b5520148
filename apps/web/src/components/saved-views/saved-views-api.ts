import type { SavedViewCreateRequest, SavedViewUpdateRequest } from '@portal/contract'
import { deletedResponse, savedViewListResponse, savedViewResponse } from '@portal/contract'
import { mainApi } from '@/lib/http'

/** Query keys of saved views: one list's views in an entity. */
export const savedViewKeys = {
  all: ['saved-views'] as const,
  list: (entityCode: string | null, list: string) => ['saved-views', entityCode, list] as const,
}

/** A list's views the user sees (their own and the shared ones); a menu holds far fewer than this. */
export const VIEWS_MENU_LIMIT = 100

export const filterSavedViews = (list: string, signal?: AbortSignal) =>
  mainApi
    .post(
      '/views/filter',
      { list, limit: VIEWS_MENU_LIMIT, offset: 0 },
      savedViewListResponse,
      signal ? { signal } : {},
    )
    .then((r) => r.data)

export const createSavedView = (body: SavedViewCreateRequest) =>
  mainApi.post('/views', body, savedViewResponse).then((r) => r.data.view)

export const updateSavedView = (id: number, body: SavedViewUpdateRequest) =>
  mainApi.put(`/views/${String(id)}`, body, savedViewResponse).then((r) => r.data.view)

export const deleteSavedView = (id: number) => mainApi.delete(`/views/${String(id)}`, deletedResponse)
