import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/button/button'
import { Modal } from '@/components/ui/modal/modal'
import { useToast } from '@/components/ui/toast/toast'
import { usePolicies } from '@/lib/policy/use-policies'
import { serverMessage } from '@/lib/server-messages'
import { useSendOcppCommand } from './ocpp-commands-api'
import { EDIT_CHARGERS } from './ocpp-commands-card'

const POLICIES = [EDIT_CHARGERS] as const

/**
 * Stops a running session from the charger page: RemoteStopTransaction (1.6) or RequestStopTransaction (2.0.1),
 * after a confirmation. The charger's answer is toasted; the session ends when the charger reports it stopped.
 */
export function RemoteStopButton({
  deviceUid,
  sessionUid,
  onSent,
}: {
  deviceUid: string
  sessionUid: string
  onSent?: () => unknown
}) {
  const { t } = useTranslation()
  const { addToast } = useToast()
  const allowed = usePolicies(POLICIES)(EDIT_CHARGERS) === 'allowed'
  const send = useSendOcppCommand(deviceUid, onSent)
  const [confirming, setConfirming] = useState(false)
  if (!allowed) return null
  const stop = () => {
    send.mutate(
      { command: 'RemoteStop', session_uid: sessionUid },
      {
        onSuccess: (c) => {
          setConfirming(false)
          const accepted = c.state === 'answered' && c.status === 'Accepted'
          addToast({
            title: accepted ? t('evDevices.commands.stopAccepted') : t('evDevices.commands.stopRefused'),
            message: c.status ?? c.answer ?? '',
            variant: accepted ? 'success' : 'error',
          })
        },
        onError: (err) => {
          setConfirming(false)
          addToast({
            title: t('evDevices.commands.stopFailed'),
            message: serverMessage(err),
            variant: 'error',
          })
        },
      },
    )
  }
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
        {t('evDevices.commands.stop')}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('evDevices.commands.stopTitle')}
        footer={
          <>
            <Button variant="secondaryBasic" onClick={() => setConfirming(false)} disabled={send.isPending}>
              {t('evDevices.ocpp.cancel')}
            </Button>
            <Button variant="warning" onClick={stop} loading={send.isPending}>
              {t('evDevices.commands.stop')}
            </Button>
          </>
        }
      >
        <p className="text-sm text-slate-700">{t('evDevices.commands.stopWarning')}</p>
      </Modal>
    </>
  )
}
