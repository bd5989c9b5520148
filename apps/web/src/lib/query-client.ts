import { QueryClient } from '@tanstack/react-query'
import { ApiError } from '@/lib/http'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        // Client errors (403, 404, 400) will not change on retry; network and server errors get one more try.
        retry: (failures, error) =>
          failures < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  })
}

/**
 * The app's one QueryClient. It lives outside React so the session store can drop every cached query when the
 * user switches entity (what was read in one entity must not show in another).
 */
export const queryClient = createQueryClient()
