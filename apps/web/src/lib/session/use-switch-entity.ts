import { useMutation } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useToast } from '@/components/ui/toast/toast'
import { ApiError } from '@/lib/http'
import { switchEntity } from './session-store'
import { serverMessage } from '@/lib/server-messages'

const SWITCHED_TOAST_MS = 4000

/**
 * Switches entity from a screen: on success the portal opens the new entity's landing page; on failure the
 * server's message shows in a toast (A §8) and the user stays where they are. `pendingCode` is the entity being
 * switched to, for a loading state on its row.
 */
export function useSwitchEntity() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { addToast } = useToast()
  const mutation = useMutation({
    mutationFn: (code: string) => switchEntity(code),
    onSuccess: ({ entity, landing }) => {
      addToast({
        id: 'entity-switched',
        title: t('teams.switchedTitle'),
        message: t('teams.switchedMessage', { name: entity.name, code: entity.code }),
        timeout: SWITCHED_TOAST_MS,
        variant: 'success',
      })
      void navigate(landing)
    },
    onError: (error) => {
      addToast({
        id: 'entity-switch-failed',
        title: t('teams.switchFailedTitle'),
        message: error instanceof ApiError ? serverMessage(error) : t('teams.switchFailedMessage'),
        variant: 'error',
      })
    },
  })
  return {
    switchTo: (code: string) => mutation.mutate(code),
    pendingCode: mutation.isPending ? mutation.variables : null,
  }
}
