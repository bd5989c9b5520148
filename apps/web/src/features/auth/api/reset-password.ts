import { resetPasswordCheckResponse, resetPasswordResponse } from '@portal/contract'
import { useQuery } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'

export function useResetLink(ott: string | undefined) {
  return useQuery({
    queryKey: ['reset-password', ott],
    queryFn: ({ signal }) =>
      mainApi
        .get(`/iam/reset-password/${encodeURIComponent(ott ?? '')}`, resetPasswordCheckResponse, {
          signal,
          skipReauth: true,
        })
        .then((r) => r.data),
    enabled: ott !== undefined && ott !== '',
    retry: false,
    staleTime: Infinity,
  })
}

export const resetPassword = (ott: string, password: string) =>
  mainApi
    .post(`/iam/reset-password/${encodeURIComponent(ott)}`, { password }, resetPasswordResponse, {
      skipReauth: true,
    })
    .then((r) => r.data)
