import { authenticatorRegisterResponse, mfaStatusResponse } from '@portal/contract'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { mainApi } from '@/lib/http'
import { useSession } from '@/lib/session/session-store'
import { iamKeys } from './iam-keys'

const path = (uuid: string, step: 'register' | 'confirm' | 'disable') =>
  `/iam/users/${encodeURIComponent(uuid)}/authenticator/${step}`

/** PUT …/authenticator/register: a new secret and its otpauth URI, pending until a code confirms it. */
export function useRegisterAuthenticator(uuid: string) {
  return useMutation({
    mutationFn: () =>
      mainApi.put(path(uuid, 'register'), undefined, authenticatorRegisterResponse).then((r) => r.data),
  })
}

function useInvalidateUser() {
  const queryClient = useQueryClient()
  const { entityCode } = useSession()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'users') }),
      queryClient.invalidateQueries({ queryKey: iamKeys.family(entityCode, 'audit') }),
    ])
}

/** PUT …/authenticator/confirm: turns the authenticator on with a code from the app. */
export function useConfirmAuthenticator(uuid: string) {
  const invalidate = useInvalidateUser()
  return useMutation({
    mutationFn: (code: string) =>
      mainApi.put(path(uuid, 'confirm'), { code }, mfaStatusResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}

/** PUT …/authenticator/disable: turns it off with a current code or the password. */
export function useDisableAuthenticator(uuid: string) {
  const invalidate = useInvalidateUser()
  return useMutation({
    mutationFn: (proof: { code: string } | { password: string }) =>
      mainApi.put(path(uuid, 'disable'), proof, mfaStatusResponse).then((r) => r.data),
    onSuccess: invalidate,
  })
}
